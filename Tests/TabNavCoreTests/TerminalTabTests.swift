import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// Terminal tabs in the app layer (docs/terminal-tabs.md): keys reach the program as effects
/// while its content has the focus, except the prefix; the prefix and a normal-mode key runs that
/// command; quitting asks while programs run; a layout's terminals wait for trust.
final class TerminalTabTests: XCTestCase {
    func layout() throws -> TabHierarchy {
        try TabHierarchy(TabLayout(id: "t", title: "T", items: [
            TabItem(id: "home", title: "Home", content: .text("hi")),
            TabItem(id: "shell", title: "Shell", content: .terminal(nil)),
            TabItem(id: "top", title: "Top", content: .terminal("top")),
        ]))
    }

    func state(consent: CommandConsent = .granted) throws -> AppState {
        var state = AppState(hierarchy: try layout(), saved: nil, options: AppOptions(), size: TerminalSize(columns: 100, rows: 30))
        _ = state.apply(.setCommandConsent(consent))
        return state
    }

    func press(_ keys: String, _ state: inout AppState) throws -> [AppEffect] {
        var effects: [AppEffect] = []
        for action in try KeyNames.parseList(keys) { effects += state.apply(action) }
        return effects
    }

    func terminalInputs(_ effects: [AppEffect]) -> [TerminalInput] {
        effects.compactMap { if case .terminal(_, let input) = $0 { return input } else { return nil } }
    }

    /// Shows the shell tab, gives its content the focus and lets the program start.
    func focusedShell() throws -> (AppState, LoadID) {
        var state = try state()
        let effects = try press("l,tab", &state)
        let request = try XCTUnwrap(effects.compactMap { if case .startLoad(let r) = $0 { return r } else { return nil } }.first)
        guard case .terminal(let spec)? = request.work.child else { XCTFail("not a terminal"); throw CancellationError() }
        XCTAssertNil(spec.command)
        // The pseudo-terminal is the size of the content area below the title and rule.
        XCTAssertEqual(spec.columns, 98)
        XCTAssertEqual(spec.rows, 26)
        _ = state.apply(.loadFinished(request.id, tab: "shell", result: TerminalUpdate(image: TerminalImage(columns: 98, rows: 26))))
        return (state, request.id)
    }

    func testEveryKeyGoesToTheProgramButThePrefix() throws {
        var (state, id) = try focusedShell()
        XCTAssertTrue(state.terminalHasKeys)
        let effects = try press("q,C-c,?,esc,up,s", &state)
        XCTAssertEqual(terminalInputs(effects), [.key(.character("q")), .key(.control("c")), .key(.character("?")),
                                                 .key(.escape), .key(.up), .key(.character("s"))])
        XCTAssertTrue(effects.allSatisfy { if case .terminal(id, _) = $0 { return true } else { return false } })
        XCTAssertFalse(state.sidebarShowing)
        XCTAssertEqual(state.mode, .browsing(.content))
    }

    func testThePrefixThenANormalKeyRunsItsCommand() throws {
        var (state, _) = try focusedShell()
        var effects = try press("C-b", &state)
        XCTAssertTrue(terminalInputs(effects).isEmpty)
        XCTAssertTrue(state.terminalPrefixPending)
        effects = try press("2", &state)  // tab 2 of the bar is the shell itself: select tab 3
        effects = try press("C-b,3", &state)
        XCTAssertEqual(state.model.selectedID, "top")
        XCTAssertFalse(state.terminalPrefixPending)
        _ = effects
    }

    func testAltKeysReachOnlyATerminalsProgram() throws {
        var (state, _) = try focusedShell()
        XCTAssertEqual(terminalInputs(state.apply(.altKey(.character(":")))), [.key(.escape), .key(.character(":"))])
        _ = try press("C-b,tab", &state)
        let before = state.model.selectedID
        XCTAssertEqual(state.apply(.altKey(.character("q"))), [])
        XCTAssertEqual(state.model.selectedID, before)
    }

    func testThePrefixAndSTogglesTheSidebarAndLeavesTheKeysWithTheProgram() throws {
        let layout = try TabHierarchy(TabLayout(id: "t", title: "T", items: [
            TabItem(id: "home", title: "Home", content: .text("hi")),
            TabItem(id: "shell", title: "Shell", content: .terminal(nil)),
            TabItem(kind: .section, id: "more", title: "More", children: [TabItem(id: "n", title: "N", content: .text("n"))]),
        ]))
        var state = AppState(hierarchy: layout, saved: nil, options: AppOptions(mode: .auto), size: TerminalSize(columns: 120, rows: 40))
        _ = state.apply(.setCommandConsent(.granted))
        _ = try press("s", &state)  // the sidebar off first, if it started shown
        if state.sidebarShowing { _ = try press("s", &state) }
        _ = try press("2,tab", &state)
        XCTAssertEqual(state.model.selectedID, "shell")
        XCTAssertTrue(state.terminalHasKeys)
        _ = try press("C-b,s", &state)
        XCTAssertTrue(state.sidebarShowing)
        XCTAssertTrue(state.terminalHasKeys, "the keys stay with the program: \(state.mode)")
        XCTAssertEqual(terminalInputs(try press("x", &state)), [.key(.character("x"))])
        _ = try press("C-b,s", &state)
        XCTAssertFalse(state.sidebarShowing)
        XCTAssertTrue(state.terminalHasKeys, "and after hiding it: \(state.mode)")
        // Prefix Tab still reaches the sidebar when it is shown.
        _ = try press("C-b,s,C-b,tab", &state)
        XCTAssertEqual(state.mode, .browsing(.sidebar))
    }

    func testModifiedKeysReachOnlyATerminalsProgram() throws {
        var (state, _) = try focusedShell()
        XCTAssertEqual(terminalInputs(state.apply(.modifiedKey(.up, .control))), [.modifiedKey(.up, .control)])
        XCTAssertEqual(terminalInputs(state.apply(.modifiedKey(.function(5), .shift))), [.modifiedKey(.function(5), .shift)])
        // After the prefix it is no command, and says so; the prefix is over.
        _ = try press("C-b", &state)
        XCTAssertEqual(state.apply(.modifiedKey(.left, .shift)), [])
        XCTAssertFalse(state.terminalPrefixPending)
        XCTAssertEqual(state.message?.text.hasPrefix("Shift-← after Ctrl-B does nothing"), true, "\(String(describing: state.message))")
        // Outside the terminal a modified key does nothing: the selection and focus stay.
        _ = try press("C-b,tab", &state)
        let before = (state.model.selectedID, state.mode)
        XCTAssertEqual(state.apply(.modifiedKey(.right, .control)), [])
        XCTAssertEqual(state.model.selectedID, before.0)
        XCTAssertEqual(state.mode, before.1)
    }

    func testAHiddenTerminalIsMarkedForOutputBellAndExitUntilShown() throws {
        var (state, id) = try focusedShell()
        // Shown: output marks nothing.
        XCTAssertEqual(state.apply(.loadFinished(id, tab: "shell", result: TerminalUpdate(activity: true))), [])
        _ = try press("C-b,1", &state)
        XCTAssertEqual(state.model.selectedID, "home")
        var effects = state.apply(.loadFinished(id, tab: "shell", result: TerminalUpdate(activity: true, bell: true)))
        XCTAssertEqual(effects, [.emit(.attentionDidChange(tab: "shell", reason: .activity)),
                                 .emit(.attentionDidChange(tab: "shell", reason: .bell))])
        XCTAssertEqual(state.attentionMark(of: "shell"), .bell)
        effects = state.apply(.loadFinished(id, tab: "shell", result: TerminalUpdate(exit: (.status(0), milliseconds: 5))))
        XCTAssertEqual(effects, [.emit(.attentionDidChange(tab: "shell", reason: .exited))])
        effects = try press("2", &state)
        XCTAssertTrue(effects.contains(.emit(.attentionDidChange(tab: "shell", reason: nil))))
        XCTAssertNil(state.attentionMark(of: "shell"))
    }

    func testThePrefixTwiceSendsItAndTabGivesTheFocusBack() throws {
        var (state, _) = try focusedShell()
        XCTAssertEqual(terminalInputs(try press("C-b,C-b", &state)), [.key(.control("b"))])
        _ = try press("C-b,tab", &state)
        XCTAssertEqual(state.mode, .browsing(.tabBar))
        XCTAssertFalse(state.terminalHasKeys)
        // Back in normal mode, keys act on the app again.
        _ = try press("tab", &state)
        XCTAssertTrue(state.terminalHasKeys)
        _ = try press("C-b,up", &state)
        XCTAssertEqual(state.mode, .browsing(.tabBar))
    }

    func testPastesAndTheCursorGoToTheProgram() throws {
        var (state, _) = try focusedShell()
        XCTAssertEqual(terminalInputs(state.apply(.paste("ls\n"))), [.paste("ls\n")])
        var image = TerminalImage(columns: 98, rows: 26)
        image.cursor = TerminalCursor(row: 3, column: 7, shape: .bar)
        let load = try XCTUnwrap(state.activeLoad(of: "shell"))
        _ = state.apply(.loadFinished(load, tab: "shell", result: TerminalUpdate(image: image)))
        // The content starts one column in, below the bar, the title and the rule.
        XCTAssertEqual(state.terminalCursor, ScreenCursor(column: 8, row: 6, shape: .bar, blinks: true))
    }

    func testResizingTellsTheProgramOnce() throws {
        var (state, id) = try focusedShell()
        let effects = state.apply(.resize(TerminalSize(columns: 120, rows: 40)))
        XCTAssertEqual(effects, [.terminal(id, .resize(columns: 118, rows: 36))])
        XCTAssertEqual(state.apply(.resize(TerminalSize(columns: 120, rows: 40))), [])
    }

    func testQuittingAsksWhileAProgramRuns() throws {
        var (state, _) = try focusedShell()
        var effects = try press("C-b,q", &state)
        XCTAssertFalse(effects.contains(.quit))
        XCTAssertEqual(state.footerHints(ascii: false).first?.text, "1 program is running: quit?")
        effects = try press("n", &state)
        XCTAssertFalse(effects.contains(.quit))
        XCTAssertEqual(state.mode, .browsing(.content))
        effects = try press("C-b,q,y", &state)
        XCTAssertTrue(effects.contains(.quit))
    }

    func testAnEndedProgramKeepsItsScreenAndEnterRunsItAgain() throws {
        var (state, id) = try focusedShell()
        _ = state.apply(.loadFinished(id, tab: "shell", result: TerminalUpdate(exit: (.status(3), milliseconds: 2500))))
        XCTAssertFalse(state.terminalHasKeys)
        let effects = try press("enter", &state)
        XCTAssertTrue(effects.contains { if case .startLoad(let r) = $0, case .terminal? = r.work.child { return true } else { return false } })
        // No program runs now: quitting does not ask.
        _ = state.apply(.loadFinished(try XCTUnwrap(state.activeLoad(of: "shell")), tab: "shell",
                                      result: TerminalUpdate(exit: (.status(0), milliseconds: 10))))
        XCTAssertTrue(try press("q", &state).contains(.quit))
    }

    func testALayoutsTerminalsWaitForTrust() throws {
        var state = try state(consent: .needed(commands: ["$SHELL", "top"]))
        let effects = try press("l", &state)
        XCTAssertFalse(effects.contains { if case .startLoad = $0 { return true } else { return false } })
        XCTAssertTrue(state.waitsForTrustHere)
        XCTAssertEqual(try press("t", &state), [.trustLayout])
        let started = state.grantConsent()
        XCTAssertTrue(started.contains { if case .startLoad(let r) = $0, case .terminal? = r.work.child { return true } else { return false } })
    }

    func testTheHelpOverATerminalListsItsKeys() throws {
        var (state, _) = try focusedShell()
        _ = try press("C-b,?", &state)
        guard case .help(_, let under) = state.mode else { return XCTFail("no help: \(state.mode)") }
        let lines = state.helpLines(for: under, ascii: false)
        for binding in state.keymap.bindings(in: .terminal) {
            let label = KeyLabel.text(binding.key, ascii: false)
            XCTAssertTrue(lines.contains { $0.keys.split(separator: " ").contains(Substring(label)) }, label)
        }
        XCTAssertEqual(lines.first?.action, "goes to the program, except the prefix")
    }

    func testScrollbackKeysMoveTheViewAndEscGoesLive() throws {
        var (state, id) = try focusedShell()
        var image = TerminalImage(columns: 98, rows: 26)
        image.scrollbackLines = 100
        _ = state.apply(.loadFinished(id, tab: "shell", result: TerminalUpdate(image: image)))
        _ = try press("C-b,[", &state)
        XCTAssertFalse(state.terminalHasKeys)
        XCTAssertEqual(terminalInputs(try press("pgup", &state)), [.view(offset: 25)])
        XCTAssertEqual(terminalInputs(try press("/,f,o,o,enter", &state)), [.find("foo", older: true)])
        XCTAssertTrue(state.footerHints(ascii: false).contains { $0.text == "↑↓: scroll" })
        XCTAssertEqual(terminalInputs(try press("esc", &state)), [.view(offset: 0)])
        XCTAssertTrue(state.terminalHasKeys)
    }

    /// The scrollback's bottom row, as the page draws it now.
    func scrollbackRow(_ state: AppState) -> String {
        guard state.shownTerminal != nil else { return "no terminal shown" }
        let page = state.currentPage
        var canvas = PageCanvas(columns: 98, rows: 26)
        page.draw(in: &canvas)
        return String(canvas.text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }

    func testAFindSaysWhenNothingMatchesAndWhenItWrapped() throws {
        var (state, id) = try focusedShell()
        var image = TerminalImage(columns: 98, rows: 26)
        image.scrollbackLines = 100
        _ = state.apply(.loadFinished(id, tab: "shell", result: TerminalUpdate(image: image)))
        _ = try press("C-b,[,/,z,z,enter", &state)
        XCTAssertTrue(scrollbackRow(state).contains(" · \"zz\" · "), "asked, no answer yet")
        _ = state.apply(.loadFinished(id, tab: "shell", result: TerminalUpdate(found: .notFound)))
        XCTAssertTrue(scrollbackRow(state).contains("not found: \"zz\""), scrollbackRow(state))
        // n asks again (older), and the answer is that it went round from the newest line.
        XCTAssertEqual(terminalInputs(try press("n", &state)), [.find("zz", older: true)])
        XCTAssertFalse(scrollbackRow(state).contains("not found"), "a new request forgets the old answer")
        _ = state.apply(.loadFinished(id, tab: "shell", result: TerminalUpdate(found: .wrapped)))
        XCTAssertTrue(scrollbackRow(state).contains("\"zz\", wrapped to the newest line"), scrollbackRow(state))
        XCTAssertEqual(terminalInputs(try press("N", &state)), [.find("zz", older: false)])
        _ = state.apply(.loadFinished(id, tab: "shell", result: TerminalUpdate(found: .wrapped)))
        XCTAssertTrue(scrollbackRow(state).contains("\"zz\", wrapped to the oldest line"), scrollbackRow(state))
        _ = state.apply(.loadFinished(id, tab: "shell", result: TerminalUpdate(found: .found)))
        XCTAssertFalse(scrollbackRow(state).contains("wrapped"))
    }
}
