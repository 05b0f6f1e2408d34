import Foundation
import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
import TabNavDemo
import TabNavRender

/// The promises of the one keymap table (docs/keys.md): the footer offers only keys that do
/// something, every key it offers does it, the help lists every bound key, and edit and grab
/// modes never swallow a key silently.
final class KeymapContractTests: XCTestCase {
    static let style = RenderStyle.forTerminal(ascii: false, noColor: true, depth: .none)

    /// A state reached by pressing keys, named for failure messages.
    struct Scene {
        var name: String
        var state: AppState
    }

    static func demo(_ columns: Int = 100, _ rows: Int = 30, options: AppOptions = AppOptions()) throws -> AppState {
        AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil, options: options,
                 size: TerminalSize(columns: columns, rows: rows))
    }

    static func layout(_ name: String, _ columns: Int = 100, _ rows: Int = 30) throws -> AppState {
        let path = Snapshot.layoutsDirectory.appendingPathComponent(name).path
        return AppState(hierarchy: try LayoutLoader.loadHierarchy(path: path), saved: nil, options: AppOptions(),
                        size: TerminalSize(columns: columns, rows: rows))
    }

    static func pressing(_ keys: String, on state: AppState) throws -> AppState {
        var state = state
        for action in try KeyNames.parseList(keys) { _ = state.apply(action) }
        return state
    }

    /// One scene per mode and focus, in the demo and in the sample layouts.
    static func scenes(_ columns: Int = 100, _ rows: Int = 30) throws -> [Scene] {
        let demo = try demo(columns, rows)
        let plans: [(String, AppState, String)] = [
            ("bar", demo, ""),
            ("content", demo, "down"),
            ("content, two rows down", demo, "down,down,down"),
            ("video page", demo, "down,enter"),
            ("sidebar", demo, "s"),
            ("sidebar on a section", demo, "s,down,down,down,down,down,down,down"),
            ("section overview", demo, "5,down"),
            ("search field", demo, "/"),
            ("search results", demo, "/,h,a,r"),
            ("search results, field left", demo, "/,h,a,r,esc"),
            ("search result page", demo, "/,h,a,r,enter"),
            ("edit, bar", demo, "e"),
            ("edit, bar on Library", demo, "e,right"),
            ("edit, sidebar", demo, "s,e"),
            ("edit, sidebar on a child", demo, "s,e,down,down,down,down,down,down,down,down"),
            ("grab from bar", demo, "e,right,enter"),
            ("grab out of bar", demo, "e,right,enter,down"),
            ("grab from sidebar", demo, "s,e,down,down,down,down,down,down,down,down,enter"),
            ("carry", demo, "down,m"),
            ("carry over sidebar", demo, "s,tab,m"),
            ("help", demo, "?"),
            ("help in edit", demo, "e,?"),
            ("confirm reset", demo, "e,right,x,R"),
            ("name prompt", demo, "s,down,down,down,down,down,down,down,a"),
            ("compact", try Self.demo(50, 20), ""),
            ("compact sidebar", try Self.demo(50, 20), "s"),
            ("ascii", try Self.demo(columns, rows, options: AppOptions(ascii: true)), ""),
            ("right to left", try Self.demo(columns, rows, options: AppOptions(rightToLeft: true)), ""),
            ("overflow layout", try layout("overflow.json", columns, rows), ""),
            ("overflow layout, edit", try layout("overflow.json", columns, rows), "e"),
            ("ops layout", try layout("ops.json", columns, rows), ""),
            ("international layout", try layout("international.json", columns, rows), ""),
        ]
        return try plans.map { Scene(name: $0.0, state: try pressing($0.2, on: $0.1)) }
    }

    /// The screen without its footer row: what a key changes besides the message. Cells with
    /// their styles, not just text: an edit cursor moving along the sidebar changes only which
    /// row is drawn in reverse video.
    static func body(_ state: AppState) -> [Cell] {
        let grid = render(state, style: style).grid
        return Array(grid.cells.dropLast(grid.columns))
    }

    func testEveryHintedKeyDoesSomething() throws {
        var checked = 0
        for scene in try Self.scenes() {
            let hints = scene.state.footerHints(ascii: scene.state.options.ascii)
            for hint in hints {
                guard let command = hint.command else { continue }
                let bound = try XCTUnwrap(scene.state.keymap.keys(for: command, in: scene.state.mode.keymapMode).first,
                                          "\(scene.name): hint \"\(hint.text)\" has no key")
                let key = scene.state.options.rightToLeft ? bound.mirroredArrow : bound
                XCTAssertTrue(hint.text.hasPrefix(KeyLabel.text(key, ascii: scene.state.options.ascii)),
                              "\(scene.name): hint \"\(hint.text)\" does not start with its key")
                var after = scene.state
                let effects = after.apply(.key(key))
                let changed = !effects.isEmpty || after.mode != scene.state.mode
                    || Self.body(after) != Self.body(scene.state)
                XCTAssertTrue(changed, "\(scene.name): the hint \"\(hint.text)\" offers a key that does nothing")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 80, "the scenes should offer many hints")
    }

    func testEveryBoundKeyAppearsInTheHelp() throws {
        let state = try Self.demo()
        let underlying: [Keymap.Mode: Mode] = [
            .normal: .browsing(.tabBar), .search: .searching,
            .edit: .editing(EditSession(region: .tabBar)),
            .grab: .grabbing(EditSession(region: .tabBar), GrabSession(itemID: "library", from: .tabBar, target: .tabBar(0))),
            .carry: .carrying(Carry(item: ContentEntry(id: "x", title: "X"))),
            .help: .help(scroll: 0, over: .browsing(.tabBar)),
            .confirm: .confirmingReset(over: .editing(EditSession(region: .tabBar))),
            .menu: .choosingAction(section: "collections", over: .browsing(.sidebar)),
            .prompt: .naming(NamePrompt(section: "collections", action: "new-collection"), over: .browsing(.sidebar)),
            .picker: .picking(Picker(purpose: .addToTabBar, title: "Add", entries: []), over: .editing(EditSession(region: .tabBar))),
            .find: .finding(FindPrompt(fromLine: 0), over: .browsing(.content)),
        ]
        // The terminal table has no mode of its own: its keys lead the normal help over a running
        // terminal (TerminalTabTests.testTheHelpOverATerminalListsItsKeys).
        for table in Keymap.Mode.allCases where table != .terminal {
            let mode = try XCTUnwrap(underlying[table])
            XCTAssertEqual(mode.keymapMode, table)
            for ascii in [false, true] {
                let lines = state.helpLines(for: mode, ascii: ascii)
                let keyWords = Set(lines.flatMap { $0.keys.split(separator: " ").map(String.init) })
                // `t` (trust) is offered only where a layout file waits for trust (docs/layout-files.md).
                for binding in state.keymap.bindings(in: table) where binding.command != .trust {
                    let label = KeyLabel.text(binding.key, ascii: ascii)
                    let listed = keyWords.contains(label) || lines.contains { line in
                        // `1…9` (`1-9`) stands for the digits between.
                        guard case .character(let c) = binding.key, let n = c.wholeNumberValue else { return false }
                        let ends = line.keys.split(whereSeparator: { $0 == "…" || $0 == "-" }).compactMap { Int($0) }
                        return ends.count == 2 && (ends[0]...ends[1]).contains(n)
                    }
                    XCTAssertTrue(listed, "\(table) help (ascii: \(ascii)) does not list \(label) (\(binding.command.rawValue))")
                }
            }
        }
    }

    func testHintsNeverOfferWhatTheLayoutLacks() throws {
        let overflow = try Self.layout("overflow.json")
        XCTAssertFalse(overflow.sidebarAvailable)
        let texts = overflow.footerHints(ascii: false).map(\.text)
        XCTAssertFalse(texts.contains { $0.hasSuffix(": sidebar") }, "\(texts)")
        XCTAssertTrue(texts.contains("e: edit"), "\(texts)")

        let noSearch = try TabHierarchy(TabLayout(id: "plain", title: "Plain") {
            Tab("One", content: .text("1"))
            Tab("Two", content: .text("2"))
        })
        let plain = AppState(hierarchy: noSearch, saved: nil, options: AppOptions(), size: TerminalSize(columns: 80, rows: 20))
        XCTAssertFalse(plain.footerHints(ascii: false).contains { $0.text.hasSuffix(": search") })
        XCTAssertTrue(try Self.demo().footerHints(ascii: false).contains { $0.text == "/: search" })
    }

    func testAsciiHintsNameTheArrowKeys() throws {
        let state = try Self.demo(100, 30, options: AppOptions(ascii: true))
        let texts = state.footerHints(ascii: true).map(\.text)
        XCTAssertTrue(texts.contains("Left/Right: tabs"), "\(texts)")
        XCTAssertFalse(texts.contains { $0.unicodeScalars.contains { !$0.isASCII } }, "\(texts)")
    }

    /// In edit and grab modes a key either changes something or the footer says why.
    func testEditAndGrabModesNeverIgnoreAKeySilently() throws {
        let keys: [KeyEvent] = [.left, .right, .up, .down, .home, .end, .tab, .character("z"), .character("7")]
        var grabs = 0
        for scene in try Self.scenes() {
            switch scene.state.mode {
            case .editing, .grabbing: break
            default: continue
            }
            if case .grabbing = scene.state.mode { grabs += 1 }
            for key in keys {
                var after = scene.state
                let effects = after.apply(.key(key))
                let changed = !effects.isEmpty || after.mode != scene.state.mode || Self.body(after) != Self.body(scene.state)
                XCTAssertTrue(changed || after.message != nil,
                              "\(scene.name): \(KeyLabel.text(key)) did nothing and said nothing")
            }
        }
        XCTAssertGreaterThanOrEqual(grabs, 3)
    }

    /// Every item that can be grabbed, from the bar or the sidebar, moves on an arrow or says why.
    func testEveryGrabMovesOrSaysWhy() throws {
        let state = try Self.pressing("s,e", on: try Self.demo())
        let rows = state.sidebarRows.count
        var grabbed = 0
        for row in 0..<rows {
            var start = try Self.pressing("home", on: state)
            for _ in 0..<row { start = try Self.pressing("down", on: start) }
            var grab = try Self.pressing("enter", on: start)
            guard case .grabbing = grab.mode else { continue }
            grabbed += 1
            for key in ["up", "down", "left", "right", "up", "up"] {
                let before = Self.body(grab)
                grab = try Self.pressing(key, on: grab)
                XCTAssertTrue(Self.body(grab) != before || grab.message != nil,
                              "row \(row): \(key) while grabbing neither moved nor said why")
            }
        }
        XCTAssertGreaterThan(grabbed, 5)
    }
}
