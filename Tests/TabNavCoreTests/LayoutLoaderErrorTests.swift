import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// Bad layout files, each with the exact message a person sees.
final class LayoutLoaderErrorTests: XCTestCase {
    private func message(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let layout = try LayoutLoader.parse(text: text, source: "bad.json")
            XCTFail("loaded \(layout.id)", file: file, line: line)
            return ""
        } catch {
            XCTAssertEqual(error.description, "bad.json: " + error.message, file: file, line: line)
            return error.message
        }
    }

    /// A layout whose tabs are `tabs` (a JSON array body).
    private func layout(_ tabs: String) -> String {
        #"{"id": "t", "title": "T", "tabs": [\#(tabs)]}"#
    }

    private let fine = #"{"id": "a", "title": "A"}"#

    func testUnknownPlacement() {
        XCTAssertEqual(
            message(layout(#"\#(fine), {"id": "b", "title": "B"}, {"id": "c", "title": "C"}, {"id": "d", "title": "D", "placement": "pined"}"#)),
            #"tabs[3].placement: unknown value "pined" (expected fixed, default, movable, optional, pinned, sidebarOnly)"#)
    }

    func testWrongType() {
        XCTAssertEqual(message(layout(#"{"id": "a", "title": 5}"#)), "tabs[0].title: expected a string, found a number")
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "allowsHiding": "yes"}"#)),
            "tabs[0].allowsHiding: expected true or false, found a string")
        XCTAssertEqual(message(#"{"id": "t", "title": "T", "tabs": {}}"#), "tabs: expected an array, found an object")
        XCTAssertEqual(message(layout(#"\#(fine), "b""#)), "tabs[1]: expected an object, found a string")
    }

    func testMissingID() {
        XCTAssertEqual(message(layout(#"\#(fine), \#(fine.replacingOccurrences(of: "\"a\"", with: "\"b\"")), {"title": "C"}"#)), #"tabs[2]: missing "id""#)
        XCTAssertEqual(message(#"{"title": "T", "tabs": []}"#), #"top level: missing "id""#)
        XCTAssertEqual(message(layout(#"{"id": "a"}"#)), #"tabs[0]: missing "title""#)
        XCTAssertEqual(message(#"{"id": "t", "title": "T"}"#), #"top level: missing "tabs""#)
    }

    func testUnknownKey() {
        XCTAssertEqual(message(layout(#"\#(fine), {"id": "b", "titel": "B"}"#)), #"tabs[1]: unknown key "titel""#)
        XCTAssertEqual(message(#"{"id": "t", "title": "T", "tab": []}"#), #"top level: unknown key "tab""#)
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "tabs": []}"#)),
            #"tabs[0]: unknown key "tabs" (a section is written with "section" instead of "id")"#)
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "customization": {"sidebar": "enabled", "bar": "x"}}"#)),
            #"tabs[0].customization: unknown key "bar""#)
        XCTAssertEqual(message(layout(#"{"id": "a", "title": "A", "title": "B"}"#)), #"tabs[0]: duplicate key "title""#)
    }

    func testDuplicateID() {
        XCTAssertEqual(
            message(layout(#"{"id": "home", "title": "Home"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}, {"id": "d", "title": "D"}, {"section": "s", "title": "S", "tabs": [{"id": "home", "title": "Home 2"}]}"#)),
            #"tabs[4].tabs[0].id: duplicate id "home" (first used at tabs[0])"#)
        XCTAssertEqual(
            message(layout(#"{"section": "s", "title": "S", "tabs": [{"id": "x", "title": "X"}]}, {"section": "x", "title": "X2"}"#)),
            #"tabs[1].section: duplicate id "x" (first used at tabs[0].tabs[0])"#)
    }

    func testEmptyTitleAndID() {
        XCTAssertEqual(message(layout(#"\#(fine), {"id": "b", "title": ""}"#)), "tabs[1].title: empty title")
        XCTAssertEqual(message(layout(#"{"id": "", "title": "A"}"#)), "tabs[0].id: empty id")
        XCTAssertEqual(message(layout(#"{"section": "", "title": "S"}"#)), "tabs[0].section: empty id")
        XCTAssertEqual(message(#"{"id": "t", "title": "", "tabs": [\#(fine)]}"#), "title: empty title")
    }

    /// Depth is counted one way (the top level is level 1): three nested sections are refused at
    /// the third, whether it holds a tab or nothing (before, the tab was blamed in one case and the
    /// empty sections passed as "4 levels deep" in the other).
    func testDepthCountedOneWay() {
        let reason = "a section at level 3 could hold nothing (items nest at most 3 levels deep; a top-level item is level 1)"
        XCTAssertEqual(
            message(layout(#"\#(fine), {"section": "s1", "title": "1", "tabs": [{"section": "s2", "title": "2", "tabs": [{"section": "s3", "title": "3", "tabs": [{"id": "deep", "title": "Deep"}]}]}]}"#)),
            "tabs[1].tabs[0].tabs[0]: \(reason)")
        XCTAssertEqual(
            message(layout(#"\#(fine), {"section": "s1", "title": "1", "tabs": [{"section": "s2", "title": "2", "tabs": [{"section": "s3", "title": "3", "tabs": []}]}]}"#)),
            "tabs[1].tabs[0].tabs[0]: \(reason)")
        XCTAssertEqual(
            message(layout(#"\#(fine), {"section": "s1", "title": "1", "tabs": [{"section": "s2", "title": "2", "tabs": [{"section": "s3", "title": "3"}]}]}"#)),
            "tabs[1].tabs[0].tabs[0]: \(reason)")
    }

    /// check-layout's "N levels deep" counts the same way: the deepest item's level.
    func testSummaryLevelsCountItems() throws {
        func levels(_ tabs: String) throws -> String? {
            let summary = LayoutSummary.describe(try LayoutLoader.parse(text: #"{"id": "x", "title": "X", "tabs": [\#(tabs)]}"#, source: "x"))
            return summary.split(separator: "\n").dropFirst().first.map { String($0.split(separator: ", ").last ?? "") }
        }
        XCTAssertEqual(try levels(fine), "1 level deep")
        XCTAssertEqual(try levels(#"{"section": "s1", "title": "1"}"#), "1 level deep")
        XCTAssertEqual(try levels(#"{"section": "s1", "title": "1", "tabs": [{"section": "s2", "title": "2"}]}"#), "2 levels deep")
        XCTAssertEqual(try levels(#"{"section": "s1", "title": "1", "tabs": [{"section": "s2", "title": "2", "tabs": [\#(fine)]}]}"#), "3 levels deep")
    }

    func testPinnedInSection() {
        XCTAssertEqual(
            message(layout(#"{"section": "s", "title": "S", "tabs": [\#(fine), {"id": "p", "title": "P", "placement": "pinned"}]}"#)),
            "tabs[0].tabs[1].placement: a pinned tab cannot be inside a section")
        XCTAssertEqual(
            message(layout(#"{"section": "s", "title": "S", "tabs": [{"id": "find", "role": "search"}]}"#)),
            "tabs[0].tabs[0]: a pinned tab cannot be inside a section (a search tab is pinned unless it says otherwise)")
    }

    func testFixedInSection() {
        XCTAssertEqual(
            message(layout(#"\#(fine), {"section": "s", "title": "S", "tabs": [{"id": "f", "title": "F", "placement": "fixed"}]}"#)),
            "tabs[1].tabs[0].placement: a fixed tab cannot be inside a section")
    }

    func testSyntaxError() {
        let text = """
            {
              "id": "t",
              "title": "T",
              "tabs": [{"id": "a" "title": "A"}]
            }
            """
        XCTAssertEqual(message(text), "line 4, column 23: expected ',' or '}' after an object member")
        do {
            _ = try LayoutLoader.parse(text: text, source: "bad.json")
        } catch {
            XCTAssertEqual(error.kind, .syntax(line: 4, column: 23))
        }
    }

    func testEmptyFile() {
        XCTAssertEqual(message(""), #"the layout is empty (expected a JSON object with "id", "title" and "tabs")"#)
        XCTAssertEqual(message(" \n\t"), #"the layout is empty (expected a JSON object with "id", "title" and "tabs")"#)
    }

    func testNotAnObjectAtTop() {
        XCTAssertEqual(message("[1, 2]"), "top level: expected an object, found an array")
        XCTAssertEqual(message("\"ops\""), "top level: expected an object, found a string")
    }

    func testBadBadge() {
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "badge": true}"#)),
            "tabs[0].badge: expected a whole number or a string, found a boolean")
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "badge": 2.5}"#)),
            "tabs[0].badge: expected a whole number or a string, found the number 2.5")
    }

    func testContentWithTwoKinds() {
        XCTAssertEqual(
            message(layout(#"\#(fine), {"id": "b", "title": "B", "content": {"text": "x", "command": "ls"}}"#)),
            #"tabs[1].content: has both "text" and "command" (a tab shows exactly one kind of content)"#)
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "content": {}}"#)),
            #"tabs[0].content: needs one of "text", "file", "command", "terminal" or "list""#)
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "content": {"command": ""}}"#)),
            "tabs[0].content.command: empty command")
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "content": {"terminal": " \t "}}"#)),
            "tabs[0].content.terminal: blank command (only spaces)")
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "content": {"command": "   "}}"#)),
            "tabs[0].content.command: blank command (only spaces)")
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "content": {"html": "<b>"}}"#)),
            #"tabs[0].content: unknown key "html""#)
    }

    func testBadListsAndActions() {
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "content": {"list": [{"id": "v", "title": "V"}, {"id": "w"}]}}"#)),
            #"tabs[0].content.list[1]: missing "title""#)
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "content": {"list": [{"id": "v", "title": "V"}, {"id": "v", "title": "W"}]}}"#)),
            #"tabs[0].content.list[1].id: duplicate id "v" (first used at tabs[0].content.list[0])"#)
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "content": {"list": [{"id": "v", "title": "V", "duration": "1:00"}]}}"#)),
            #"tabs[0].content.list[0]: unknown key "duration""#)
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "content": {"videos": []}}"#)),
            #"tabs[0].content: unknown key "videos""#, "the old name of lists is not read")
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "acceptsDrops": true, "content": {"text": "x"}}"#)),
            #"tabs[0].acceptsDrops: needs a "list" content or none (drops are added to a list)"#)
        XCTAssertEqual(
            message(layout(#"{"section": "s", "title": "S", "actions": [{"id": "r", "title": "R", "addsTab": "yes"}]}"#)),
            #"tabs[0].actions[0].addsTab: unknown value "yes" (expected true, false or "terminal")"#)
        XCTAssertEqual(
            message(layout(#"{"section": "s", "title": "S", "actions": [{"id": "r", "title": "R", "icon": 1}]}"#)),
            "tabs[0].actions[0].icon: expected a string, found a number")
    }

    func testBadEnumerations() {
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "role": "home"}"#)),
            #"tabs[0].role: unknown value "home" (expected search)"#)
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "tabBarVisibility": "shown"}"#)),
            #"tabs[0].tabBarVisibility: unknown value "shown" (expected automatic, visible, hidden)"#)
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "customization": {"tabBar": "off"}}"#)),
            #"tabs[0].customization.tabBar: unknown value "off" (expected enabled, disabled)"#)
    }

    func testSectionAndIDTogether() {
        XCTAssertEqual(
            message(layout(#"{"id": "a", "section": "a", "title": "A"}"#)),
            #"tabs[0]: has both "id" and "section" (a tab has "id", a section has "section")"#)
    }

    func testLayoutID() {
        XCTAssertEqual(
            message(#"{"id": "../etc", "title": "T", "tabs": [\#(fine)]}"#),
            #"id: "../etc" cannot name the state file (use at most 100 letters, digits, '.', '_' or '-', not starting with '.')"#)
        XCTAssertEqual(
            message(#"{"id": "my ops", "title": "T", "tabs": [\#(fine)]}"#),
            #"id: "my ops" cannot name the state file (use at most 100 letters, digits, '.', '_' or '-', not starting with '.')"#)
        XCTAssertEqual(message(#"{"id": "", "title": "T", "tabs": [\#(fine)]}"#), "id: empty id")
        XCTAssertEqual(message(#"{"id": "t", "title": "T", "tabs": []}"#), "tabs: a layout needs at least one tab")
    }

    func testControlCharactersInMessagesAreEscaped() {
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A", "placement": "\u001b[2J"}"#)),
            #"tabs[0].placement: unknown value "\u001b[2J" (expected fixed, default, movable, optional, pinned, sidebarOnly)"#)
    }

    func testFileErrors() throws {
        let folder = try TemporaryFolder()
        do {
            _ = try LayoutLoader.load(path: folder.path + "/none.json")
            XCTFail("loaded a missing file")
        } catch {
            XCTAssertEqual(error.description, "cannot read \(folder.path)/none.json: No such file or directory")
            XCTAssertEqual(error.kind, .file)
        }
        do {
            _ = try LayoutLoader.load(path: folder.path)
            XCTFail("loaded a folder")
        } catch {
            XCTAssertEqual(error.description, "cannot read \(folder.path): Is a directory")
        }
        let bad = folder.path + "/bad.json"
        try "{\"id\": 1}".write(toFile: bad, atomically: false, encoding: .utf8)
        do {
            _ = try LayoutLoader.load(path: bad)
            XCTFail("loaded a bad file")
        } catch {
            XCTAssertEqual(error.description, "\(bad): id: expected a string, found a number")
        }
    }

    func testTooLargeFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/huge.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(LayoutLoader.maximumFileSize) + 1)  // sparse: costs no disk
        try handle.close()
        do {
            _ = try LayoutLoader.load(path: path)
            XCTFail("loaded a huge file")
        } catch {
            XCTAssertEqual(error.description, "cannot read \(path): the file is larger than 64 MB")
        }
    }
}
