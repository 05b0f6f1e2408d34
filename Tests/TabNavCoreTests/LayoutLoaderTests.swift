import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
import TabNavSystem

final class LayoutLoaderTests: XCTestCase {
    /// The example of docs/layout-files.md, "Layout files", verbatim.
    static let specExample = """
        { "id": "ops", "title": "Ops",
          "tabs": [
            { "id": "home", "title": "Home", "icon": "house", "placement": "fixed", "content": { "text": "Hello" } },
            { "id": "disk", "title": "Disk", "icon": "internaldrive", "content": { "command": "df -h" } },
            { "id": "notes", "title": "Notes", "content": { "file": "~/notes.txt" } },
            { "id": "search", "role": "search" },
            { "section": "logs", "title": "Logs", "allowsReordering": true, "tabBarVisibility": "hidden",
              "actions": [ { "id": "refresh", "title": "Refresh", "icon": "arrow.clockwise" } ],
              "tabs": [ { "id": "syslog", "title": "Syslog", "allowsHiding": true, "content": { "command": "journalctl -n 200" } } ] }
          ] }
        """

    func testSpecExampleLoads() throws {
        let layout = try LayoutLoader.parse(text: Self.specExample, source: "ops.json")
        XCTAssertEqual(layout.id, "ops")
        XCTAssertEqual(layout.title, "Ops")
        XCTAssertEqual(layout.items.map(\.id), ["home", "disk", "notes", "search", "logs"])

        let home = layout.items[0]
        XCTAssertEqual(home.kind, .tab)
        XCTAssertEqual(home.icon, "house")
        XCTAssertEqual(home.placement, .fixed)
        XCTAssertEqual(home.content, .text("Hello"))
        XCTAssertEqual(layout.items[1].content, .command("df -h"))
        XCTAssertEqual(layout.items[1].placement, .default)
        XCTAssertEqual(layout.items[2].content, .file("~/notes.txt"))
        XCTAssertEqual(layout.items[2].icon, "")

        let search = layout.items[3]
        XCTAssertEqual(search.role, .search)
        XCTAssertEqual(search.title, "Search")
        XCTAssertEqual(search.icon, "magnifyingglass")
        XCTAssertEqual(search.placement, .pinned)

        let logs = layout.items[4]
        XCTAssertEqual(logs.kind, .section)
        XCTAssertTrue(logs.allowsReordering)
        XCTAssertEqual(logs.childrenTabBarVisibility, .hidden)
        XCTAssertEqual(logs.defaultTabBarVisibility, .automatic)
        XCTAssertEqual(logs.actions, [SectionAction(id: "refresh", title: "Refresh", icon: "arrow.clockwise")])
        XCTAssertEqual(logs.children.map(\.id), ["syslog"])
        XCTAssertTrue(logs.children[0].allowsHiding)
        XCTAssertEqual(logs.children[0].content, .command("journalctl -n 200"))

        XCTAssertNoThrow(try TabHierarchy(layout))
    }

    func testEveryOptionalKey() throws {
        let layout = try LayoutLoader.parse(text: """
            {"id": "all-keys_1.0", "title": "All",
             "tabs": [
               {"id": "a", "title": "A", "badge": 3, "placement": "movable", "allowsHiding": true,
                "hiddenByDefault": true, "customization": {"sidebar": "disabled", "tabBar": "enabled"},
                "tabBarVisibility": "visible", "acceptsDrops": true,
                "content": {"list": [{"id": "v1", "title": "One", "detail": "3:10", "text": "S"},
                                     {"id": "v2", "title": "Two"}]}},
               {"id": "b", "title": "B", "badge": "new", "placement": "optional", "customization": {"tabBar": "disabled"}},
               {"id": "c", "title": "Find", "icon": "magnifyingglass.circle", "role": "search", "placement": "sidebarOnly"},
               {"section": "s", "title": "S", "icon": "folder", "badge": 1, "placement": "optional",
                "allowsHiding": true, "hiddenByDefault": false, "customization": {"sidebar": "enabled"},
                "tabBarVisibility": "visible", "actions": [{"id": "new", "title": "New"},
                                                               {"id": "add", "title": "Add", "icon": "plus", "addsTab": true}],
                "tabs": [{"section": "inner", "title": "Inner", "tabs": [{"id": "leaf", "title": "Leaf"}]}]},
               {"section": "empty", "title": "Empty"}
             ]}
            """, source: "all.json")
        let a = layout.items[0]
        XCTAssertEqual(a.badge, .count(3))
        XCTAssertEqual(a.placement, .movable)
        XCTAssertTrue(a.allowsHiding)
        XCTAssertTrue(a.isHiddenByDefault)
        XCTAssertEqual(a.sidebarCustomization, .disabled)
        XCTAssertEqual(a.tabBarCustomization, .enabled)
        XCTAssertEqual(a.defaultTabBarVisibility, .visible)
        XCTAssertEqual(a.content, .list([
            ContentEntry(id: "v1", title: "One", detail: "3:10", body: "S"), ContentEntry(id: "v2", title: "Two"),
        ], acceptsDrops: true))
        XCTAssertEqual(layout.items[1].badge, .text("new"))
        XCTAssertEqual(layout.items[1].tabBarCustomization, .disabled)
        XCTAssertEqual(layout.items[1].sidebarCustomization, .enabled)
        XCTAssertEqual(layout.items[2].title, "Find")
        XCTAssertEqual(layout.items[2].icon, "magnifyingglass.circle")
        XCTAssertEqual(layout.items[2].placement, .sidebarOnly)
        let section = layout.items[3]
        XCTAssertEqual(section.badge, .count(1))
        XCTAssertEqual(section.placement, .optional)
        XCTAssertEqual(section.childrenTabBarVisibility, .visible)
        XCTAssertEqual(section.actions, [
            SectionAction(id: "new", title: "New"),
            SectionAction(id: "add", title: "Add", icon: "plus", newTabContent: .list([], acceptsDrops: true)),
        ])
        XCTAssertEqual(section.actions.map(\.addsTab), [false, true])
        XCTAssertEqual(section.children[0].children[0].id, "leaf")
        XCTAssertEqual(layout.items[4].children, [])
    }

    func testLoadFromFileAndPipe() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/ops.json"
        try Self.specExample.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(try LayoutLoader.load(path: path).id, "ops")
        // The same layout, except that commands from a file run in the file's folder.
        var fromFile = try LayoutLoader.load(path: path)
        XCTAssertEqual(fromFile.items[1].contentOptions.cwd, FileSystem.resolved(folder.path))
        fromFile.items[1].contentOptions.cwd = nil
        fromFile.items[4].children[0].contentOptions.cwd = nil
        XCTAssertEqual(fromFile, try LayoutLoader.parse(text: Self.specExample, source: "x"))

        // A pipe is not a regular file: refused at once, never read (its bytes could differ from
        // what a second look would find). Standard input (`-`) may be a pipe.
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        XCTAssertThrowsError(try LayoutLoader.load(path: "/dev/fd/\(ends[0])")) { error in
            XCTAssertEqual("\(error)", "cannot read /dev/fd/\(ends[0]): a FIFO, not a regular file (not read)")
        }
    }

    func testLargeLayoutLoads() throws {
        var text = #"{"id": "big", "title": "Big", "tabs": ["#
        for index in 0..<20_000 {
            if index > 0 { text += "," }
            text += #"{"id": "t\#(index)", "title": "Tab \#(index)", "content": {"text": "x"}}"#
        }
        text += "]}"
        let layout = try LayoutLoader.parse(text: text, source: "big.json")
        XCTAssertEqual(layout.items.count, 20_000)
        XCTAssertEqual(layout.items.last?.title, "Tab 19999")
    }

    func testSummary() throws {
        let layout = try LayoutLoader.parse(text: Self.specExample, source: "ops.json")
        XCTAssertEqual(LayoutSummary.describe(layout), """
            layout "ops": "Ops"
            6 items: 5 tabs, 1 section, 2 levels deep
            default tab bar: "Home", "Disk", "Notes", "Logs", "Search"
            commands it would run (2):
              "Disk": "df -h"
              "Syslog": "journalctl -n 200"
            """)
    }

    func testSummaryShowsVisibleChildrenAndEscapesTitles() throws {
        let layout = try LayoutLoader.parse(text: """
            {"id": "x", "title": "X\\u001b[31m",
             "tabs": [{"id": "p", "title": "P", "placement": "pinned"},
                      {"id": "o", "title": "O", "placement": "optional"},
                      {"id": "h", "title": "H", "hiddenByDefault": true},
                      {"section": "s", "title": "S", "placement": "sidebarOnly", "tabBarVisibility": "visible",
                       "tabs": [{"id": "c1", "title": "C1"}, {"id": "c2", "title": "C2", "tabBarVisibility": "hidden"},
                                {"section": "s2", "title": "S2", "tabs": [{"id": "d", "title": "D"}]}]}]}
            """, source: "x.json")
        XCTAssertEqual(LayoutSummary.describe(layout), """
            layout "x": "X\\u001b[31m"
            8 items: 6 tabs, 2 sections, 3 levels deep
            default tab bar: "C1", "S2", "P"
            no commands
            warning: "H" ("h") is hidden by default and can never be shown: it doesn't allow hiding, so it can't be unhidden
            """)
    }
}

/// A fresh folder under /tmp, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        let base = NSTemporaryDirectory() + "tabnav-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
    }

    deinit {
        // Give back write permission first, in case a test took it away.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// `loadHierarchy` (what the program uses, validating once) reports exactly what `load` does.
final class LayoutHierarchyLoadingTests: XCTestCase {
    private func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "layout-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testSameErrorsAndSameHierarchyAsLoad() throws {
        let bad = [
            #"{"id":"x","title":"X","tabs":[{"id":"a","title":"A"},{"section":"s","title":"S","tabs":[{"id":"a","title":"B"}]}]}"#,
            #"{"id":"x","title":"X","tabs":[{"section":"s","title":"S","tabs":[{"id":"p","title":"P","placement":"pinned"}]}]}"#,
            #"{"id":"x","title":"X","tabs":[{"id":"a","title":"A","placement":"pined"}]}"#,
        ]
        for text in bad {
            let path = try write(text)
            defer { unlink(path) }
            var expected: LayoutError?
            do { _ = try LayoutLoader.load(path: path) } catch { expected = error }
            XCTAssertNotNil(expected)
            do {
                _ = try LayoutLoader.loadHierarchy(path: path)
                XCTFail("must be refused: \(text)")
            } catch {
                XCTAssertEqual(error, expected)
            }
        }
        let good = try write(#"{"id":"x","title":"X","tabs":[{"id":"a","title":"A"},{"id":"b","title":"B"}]}"#)
        defer { unlink(good) }
        let hierarchy = try LayoutLoader.loadHierarchy(path: good)
        XCTAssertEqual(hierarchy.allIDs, try TabHierarchy(LayoutLoader.load(path: good)).allIDs)
    }
}
