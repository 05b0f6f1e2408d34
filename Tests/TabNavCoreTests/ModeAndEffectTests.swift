import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
import TabNavDemo

/// The app layer's shape (docs/behaviour.md, "Modes"): one mode at a time, distinct actions, and
/// effects as data that one interpreter carries out.
final class ModeAndEffectTests: XCTestCase {
    func demo(_ columns: Int = 100, _ rows: Int = 30) throws -> AppState {
        AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil, options: AppOptions(),
                 size: TerminalSize(columns: columns, rows: rows))
    }

    func press(_ keys: String, _ state: inout AppState) throws -> [AppEffect] {
        var effects: [AppEffect] = []
        for action in try KeyNames.parseList(keys) { effects += state.apply(action) }
        return effects
    }

    // MARK: The search tab

    /// Selecting the search tab by any means gives its field every printable key.
    func testTypingOnTheSearchTabFillsTheField() throws {
        for keys in ["7", "l,l,l,l,l,l", "/"] {
            var state = try demo()
            _ = try press(keys, &state)
            XCTAssertEqual(state.model.selectedID, "search", keys)
            XCTAssertEqual(state.mode, .searching, keys)
            let effects = try press("q,s,e,?", &state)
            XCTAssertEqual(state.search.field.text, "qse?", keys)
            XCTAssertFalse(effects.contains(.quit), keys)
            XCTAssertEqual(state.mode, .searching, keys)
            XCTAssertFalse(state.sidebarShowing, keys)
        }
    }

    func testClickingTheSearchTabFocusesTheField() throws {
        var state = try demo()
        _ = state.apply(.mouse(MouseEvent(.press, column: 90, row: 0), .tabBarItem("search")))
        XCTAssertEqual(state.mode, .searching)
        _ = try press("q", &state)
        XCTAssertEqual(state.search.field.text, "q")
    }

    func testEscapeLeavesTheFieldAndKeysActAgain() throws {
        var state = try demo()
        _ = try press("/,h,esc", &state)
        XCTAssertEqual(state.mode, .browsing(.content))
        let effects = try press("q", &state)
        XCTAssertEqual(state.search.field.text, "h")
        XCTAssertTrue(effects.contains(.quit))
    }

    func testSelectingAnotherTabTakesTheKeysFromTheField() throws {
        var state = try demo()
        _ = try press("/", &state)
        _ = state.apply(.mouse(MouseEvent(.press, column: 5, row: 0), .tabBarItem("library")))
        XCTAssertEqual(state.model.selectedID, "library")
        XCTAssertEqual(state.mode, .browsing(.tabBar))
    }

    // MARK: Paste

    func testPasteGoesIntoTheFieldOnly() throws {
        var state = try demo()
        let effects = state.apply(.paste("q\nes"))
        XCTAssertTrue(effects.isEmpty, "pasted text outside a field runs nothing")
        XCTAssertEqual(state.model.selectedID, "watch-now")
        XCTAssertEqual(state.message?.text, "Paste goes into a text field: press / to search")
        _ = try press("/", &state)
        _ = state.apply(.paste("harbour\n"))
        XCTAssertEqual(state.search.field.text, "harbour ")
        XCTAssertEqual(state.search.results.first?.title, "Harbour at Dusk")
    }

    // MARK: Actions and effects

    func testTerminateLeavesAsQuitDoes() throws {
        var state = try demo()
        _ = try press("e,right,enter", &state)
        XCTAssertNotNil(state.mode.grab)
        let effects = state.apply(.terminate)
        XCTAssertEqual(effects.last, .quit)
        XCTAssertTrue(effects.contains(.emit(.willTerminate)))
        XCTAssertTrue(effects.contains(.emit(.editingDidChange(editing: false))))
        XCTAssertTrue(effects.contains(.save))
        XCTAssertEqual(state.model.tabBarIDs.first, "watch-now", "the grabbed item was put back")
    }

    func testResizeIsAnActionOfItsOwn() throws {
        var state = try demo()
        XCTAssertTrue(state.apply(.resize(TerminalSize(columns: 40, rows: 12))).isEmpty)
        XCTAssertEqual(state.size, TerminalSize(columns: 40, rows: 12))
        XCTAssertEqual(state.layoutClass, .compact)
    }

    func testControlKeysAreEffects() throws {
        var state = try demo()
        XCTAssertEqual(try press("C-z", &state), [.suspend])
        XCTAssertEqual(try press("C-l", &state), [.redraw])
    }

    /// A slow result that arrives after a newer request is recognised by its id and dropped.
    func testStaleLoadResultIsDropped() throws {
        let hierarchy = try TabHierarchy(TabLayout(id: "cmd", title: "Cmd") {
            Tab("Home", content: .text("home"))
            Tab("Out", content: .command("echo hi"))
        })
        var state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(), size: TerminalSize(columns: 80, rows: 20))
        let first = try press("right", &state)
        guard case .startLoad(let older)? = first.first(where: { if case .startLoad = $0 { true } else { false } }) else {
            return XCTFail("selecting a command tab starts its work: \(first)")
        }
        let second = try press("down,r", &state)
        XCTAssertTrue(second.contains(.cancelLoad(older.id)), "\(second)")
        guard case .startLoad(let newer)? = second.last else { return XCTFail("r starts new work: \(second)") }
        XCTAssertNotEqual(older.id, newer.id)
        _ = state.apply(.loadFinished(newer.id, tab: "out", result: ChildProgress(events: [.output(Array("new\n".utf8), stderr: false)], isFinal: false)))
        _ = state.apply(.loadFinished(older.id, tab: "out", result: ChildProgress(events: [.output(Array("old\n".utf8), stderr: false)], isFinal: true)))
        let page = try XCTUnwrap(state.currentPage as? CommandPage)
        XCTAssertEqual((0..<page.output.count).map { page.output[$0].text }, ["new"])
    }

    // MARK: The footer is clickable

    func testClickingTheModeWordEntersAndLeavesEditMode() throws {
        var state = try demo()
        let entered = state.apply(.mouse(MouseEvent(.press, column: 1, row: 29), .footerMode))
        XCTAssertEqual(entered, [.emit(.editingDidChange(editing: true))])
        XCTAssertNotNil(state.mode.editSession)
        let left = state.apply(.mouse(MouseEvent(.press, column: 1, row: 29), .footerMode))
        XCTAssertEqual(left, [.emit(.editingDidChange(editing: false)), .save])
        XCTAssertEqual(state.mode.label, .normal)
    }

    func testClickingAHintRunsItsCommand() throws {
        var state = try demo()
        _ = state.apply(.mouse(MouseEvent(.press, column: 40, row: 29), .footerHint(.toggleSidebar)))
        XCTAssertTrue(state.sidebarShowing)
        _ = state.apply(.mouse(MouseEvent(.press, column: 40, row: 29), .footerHint(.help)))
        guard case .help = state.mode else { return XCTFail("help opens: \(state.mode)") }
    }

    // MARK: Help

    func testHelpScrollsAndAnyOtherKeyClosesIt() throws {
        var state = try demo(40, 15)
        _ = try press("?", &state)
        _ = try press("down,down", &state)
        XCTAssertEqual(state.mode, .help(scroll: 2, over: .browsing(.tabBar)))
        _ = try press("end", &state)
        guard case .help(let scroll, _) = state.mode else { return XCTFail("still in help") }
        XCTAssertEqual(scroll, state.helpRows(for: .browsing(.tabBar), ascii: false).rows.count - (15 - 4))
        _ = try press("x", &state)
        XCTAssertEqual(state.mode, .browsing(.tabBar))
    }

    // MARK: Keymap

    func testAReboundKeyDispatchesAndShowsInHintsAndHelp() throws {
        var keymap = Keymap.standard
        keymap.bind(.character("n"), to: .nextTab, in: .normal)
        keymap.unbind(.right, in: .normal)
        var state = AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil, options: AppOptions(),
                             size: TerminalSize(columns: 100, rows: 30), keymap: keymap)
        _ = try press("right", &state)
        XCTAssertEqual(state.model.selectedID, "watch-now", "→ is unbound")
        _ = try press("n", &state)
        XCTAssertEqual(state.model.selectedID, "library")
        XCTAssertTrue(state.footerHints(ascii: false).contains { $0.text == "←/n: tabs" },
                      "\(state.footerHints(ascii: false).map(\.text))")
        let help = state.helpLines(for: state.mode, ascii: false)
        XCTAssertTrue(help.contains { $0.keys == "n l" && $0.action == "next tab; sidebar: unfold" }, "\(help)")
    }
}

/// Trust (docs/layout-files.md, "Trust"): an untrusted layout starts no command, `t` asks the
/// session to record trust only where a command waits for it, and granting runs the shown tab.
final class CommandConsentTests: XCTestCase {
    private func state(consent: CommandConsent) throws -> AppState {
        let hierarchy = try TabHierarchy(TabLayout(id: "cmd", title: "Cmd") {
            Tab("Home", content: .text("home"))
            Tab("Out", content: .command("touch x"))
            Tab("Log", content: .file("/var/log/x.log"))
        })
        var state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(), size: TerminalSize(columns: 80, rows: 20))
        _ = state.apply(.setCommandConsent(consent))
        return state
    }

    private func press(_ keys: String, _ state: inout AppState) throws -> [AppEffect] {
        var effects: [AppEffect] = []
        for action in try KeyNames.parseList(keys) { effects += state.apply(action) }
        return effects
    }

    private func starts(_ effects: [AppEffect]) -> [LoadRequest] {
        effects.compactMap { if case .startLoad(let request) = $0 { request } else { nil } }
    }

    func testUntrustedCommandStartsNothingAndShowsWhatWouldRun() throws {
        var state = try state(consent: .needed(commands: ["touch x", "make all"]))
        XCTAssertEqual(starts(try press("right", &state)), [], "no command starts")
        let page = try XCTUnwrap(state.currentPage as? CommandPage)
        XCTAssertEqual(page.status, .untrusted(["touch x", "make all"]))
        XCTAssertTrue(state.footerHints(ascii: false).contains { $0.text == "t: trust this file and run" })
        XCTAssertEqual(starts(try press("r", &state)), [], "r does not run it either")
        // Files are not commands: they are read without trust.
        let file = starts(try press("right", &state))
        XCTAssertEqual(file.count, 1)
        XCTAssertEqual(file.first?.work.child, .file("/var/log/x.log", follow: false))
        XCTAssertFalse(state.footerHints(ascii: false).contains { $0.text.hasPrefix("t:") }, "t only where a command waits")
        XCTAssertFalse(try press("t", &state).contains(.trustLayout))

        XCTAssertTrue(try press("left,t", &state).contains(.trustLayout))
        let granted = starts(state.apply(.trustRecorded(failure: nil, short: nil)))
        XCTAssertEqual(granted.first?.work.child?.runsCommand, true, "the shown command runs once trusted")
        XCTAssertEqual(state.commandConsent, .granted)
    }

    /// Where the list of commands does not fit, `t` waits for a larger screen, and `r` neither
    /// offered itself in the footer nor said "Reloading Out…" (which ran nothing).
    func testRWaitsForTrustAlsoWhereTheCommandsDoNotFit() throws {
        let commands = (1...30).map { "make target-\($0)" }
        var state = try state(consent: .needed(commands: commands))
        _ = try press("right", &state)
        XCTAssertFalse(state.canTrustHere, "30 command lines do not fit in 20 rows")
        XCTAssertFalse(state.footerHints(ascii: false).contains { $0.text.hasPrefix("r:") || $0.text.hasPrefix("t:") })
        XCTAssertFalse(starts(try press("r", &state)).contains { $0.work.child?.runsCommand == true })
        XCTAssertEqual(state.message?.text, "Not run until trusted: enlarge the terminal, then press t")
    }

    func testTrustedCommandRunsAndHelpLeavesTOut() throws {
        var state = try state(consent: .granted)
        let effects = try press("right", &state)
        XCTAssertEqual(starts(effects).first?.work.child, .command("touch x", options: ContentOptions()))
        XCTAssertFalse(state.helpLines(for: state.mode, ascii: false).contains { $0.keys == "t" })
        XCTAssertTrue(try press("t", &state).isEmpty)
    }
}
