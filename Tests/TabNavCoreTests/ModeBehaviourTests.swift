import Foundation
import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo

/// The behaviours the one-`Mode` app layer introduced (docs/behaviour.md, "Modes"): the search
/// tab owns the keys whenever it is selected, pasted text only goes into a field, edit and grab
/// modes say why a key does nothing, and the footer offers only keys that act.
final class ModeBehaviourTests: XCTestCase {
    typealias Driver = AppScenarioTests.Driver

    // MARK: The search tab takes the keys however it is selected

    func testDigitSelectingTheSearchTabTypesLettersIntoTheField() throws {
        var app = try Driver(80, 24)
        XCTAssertEqual(app.bar.last, "search")
        try app.press("7")
        XCTAssertEqual(app.model.selectedID, "search")
        XCTAssertEqual(app.state.mode, .searching)
        let before = app.state.savedState
        try app.press("q,s,e")
        XCTAssertEqual(app.state.search.field.text, "qse", "q, s and e are typed, not run")
        XCTAssertEqual(app.effects, [], "no quit, no sidebar toggle, no edit mode")
        XCTAssertEqual(app.state.mode, .searching)
        XCTAssertEqual(app.state.savedState, before)
        XCTAssertFalse(app.state.sidebarShowing)
    }

    func testArrowsReachingTheSearchTabTypeIntoTheField() throws {
        var app = try Driver(80, 24)
        try app.press("right,right,right,right,right")
        XCTAssertEqual(app.model.selectedID, "animations")
        XCTAssertEqual(app.state.mode, .browsing(.tabBar), "other tabs do not take the keys")
        try app.press("right")
        XCTAssertEqual(app.model.selectedID, "search")
        XCTAssertEqual(app.state.mode, .searching)
        try app.press("l")
        XCTAssertEqual(app.state.search.field.text, "l", "l is typed, not the next-tab key")
        XCTAssertEqual(app.model.selectedID, "search")
        // Esc leaves the field; the keys act as usual again.
        try app.press("esc,left")
        XCTAssertEqual(app.state.search.field.text, "l", "the field keeps its text")
        XCTAssertEqual(app.state.mode.keymapMode, .normal)
    }

    func testClickingTheSearchTabTypesIntoTheField() throws {
        var app = try Driver(80, 24)
        _ = app.state.apply(.mouse(MouseEvent(.press, column: 70, row: 0), .tabBarItem("search")))
        XCTAssertEqual(app.model.selectedID, "search")
        XCTAssertEqual(app.state.mode, .searching)
        app.type("e")
        XCTAssertEqual(app.state.search.field.text, "e")
        XCTAssertNil(app.state.edit, "e did not enter edit mode")
        // Clicking another tab takes the keys away from the field.
        _ = app.state.apply(.mouse(MouseEvent(.press, column: 10, row: 0), .tabBarItem("library")))
        XCTAssertEqual(app.model.selectedID, "library")
        XCTAssertEqual(app.state.mode.keymapMode, .normal)
    }

    // MARK: Paste

    func testPasteOutsideAFieldRunsNoKeys() throws {
        var app = try Driver(80, 24)
        let before = app.state.savedState
        let effects = app.state.apply(.paste("qes"))
        XCTAssertEqual(effects, [], "a pasted q does not quit")
        XCTAssertEqual(app.state.mode, .browsing(.tabBar))
        XCTAssertEqual(app.state.savedState, before)
        XCTAssertEqual(app.footer, "Paste goes into a text field: press / to search")
        XCTAssertEqual(app.state.search.field.text, "")
    }

    func testPasteGoesIntoTheSearchFieldAndTheNamePrompt() throws {
        var app = try Driver(120, 40)
        try app.press("/")
        XCTAssertEqual(app.state.apply(.paste("forest")), [])
        XCTAssertEqual(app.state.search.field.text, "forest")
        XCTAssertTrue(app.state.search.results.contains { $0.title == "Forest" }, "the search runs on pasted text")

        var prompt = try Driver(120, 40)
        try prompt.moveCursor(to: "collections")
        try prompt.press("a")
        _ = prompt.state.apply(.paste("Road Trips"))
        guard case .naming(let naming, _) = prompt.state.mode else { return XCTFail("the prompt stays open") }
        XCTAssertEqual(naming.field.text, "Road Trips")
        try prompt.press("enter")
        XCTAssertEqual(prompt.model.hierarchy.item("user-road-trips")?.title, "Road Trips")
    }

    // MARK: Edit and grab modes say why a key does nothing

    func testEditModeExplainsEveryKeyThatCannotAct() throws {
        let cases: [(keys: String, message: String)] = [
            ("left", "Already at the start of the tab bar"),
            ("end,right", "Already at the end of the tab bar"),
            ("up", "Already in the tab bar"),
            ("down", "↓ reaches the sidebar: press s to show it"),
            ("tab", "Tab switches to the sidebar: press s to show it"),
            ("z", "Not a key of edit mode: ? lists them, e leaves"),
            ("m", "Not a key of edit mode: ? lists them, e leaves"),
        ]
        for (keys, message) in cases {
            var app = try Driver(80, 24)
            try app.press("e")
            let before = app.state.savedState
            try app.press(keys)
            XCTAssertEqual(app.footer, message, keys)
            XCTAssertEqual(app.effects, [], keys)
            XCTAssertEqual(app.state.savedState, before, keys)
            XCTAssertEqual(app.state.mode.keymapMode, .edit, keys)
        }
    }

    func testGrabModeExplainsEveryArrowThatCannotMove() throws {
        let cases: [(keys: String, message: String)] = [
            ("left", "Library is at the start of the movable tabs"),
            ("right,right,right,right,right", "Library is at the end of the movable tabs"),
            ("up", "Library can't move further up"),
            ("z", "Not a key while moving Library: arrows move it, Enter drops, Esc puts it back"),
        ]
        for (keys, message) in cases {
            var app = try Driver(80, 24)
            try app.press("e,right,enter")
            XCTAssertEqual(app.state.mode.grab?.itemID, "library")
            try app.press(keys)
            XCTAssertEqual(app.footer, message, keys)
            XCTAssertEqual(app.effects, [], keys)
            XCTAssertEqual(app.state.mode.grab?.itemID, "library", "\(keys): still holding it")
            XCTAssertEqual(app.bar, AppScenarioTests.defaultBar, keys)
        }
    }

    // MARK: Footer hints offer only what acts here

    func testFooterHintsOfferOnlyKeysThatAct() throws {
        let withSearch = try Driver(80, 24)
        let hints = withSearch.state.footerHints(ascii: false).map(\.text)
        XCTAssertTrue(hints.contains("/: search"), "\(hints)")
        XCTAssertEqual(withSearch.state.footerHints(ascii: true).first?.text, "Left/Right: tabs")

        let layout = TabLayout(id: "t", title: "T") {
            Tab("Home", id: "home")
            Tab("Log", id: "log", content: .text("one\ntwo"))
        }
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(mode: .tabbar),
                             size: TerminalSize(columns: 80, rows: 24))
        let plain = state.footerHints(ascii: false).map(\.text)
        XCTAssertFalse(plain.contains { $0.hasSuffix(": search") }, "no search tab, no search hint: \(plain)")
        XCTAssertFalse(plain.contains { $0.hasSuffix(": sidebar") }, "no sidebar in tab-bar mode: \(plain)")
        XCTAssertTrue(plain.contains("e: edit"), "\(plain)")
        XCTAssertEqual(state.apply(.key(.character("/"))), [])
        XCTAssertEqual(state.message?.text, "This layout has no search tab")
        // Every hint names a command its first key really runs in this mode.
        for hint in state.footerHints(ascii: false) {
            guard let command = hint.command else { continue }
            XCTAssertFalse(state.keymap.keys(for: command, in: state.mode.keymapMode).isEmpty, hint.text)
        }
    }

    // MARK: An unusable state file

    func testUnusableStateFileIsReportedInTheFooter() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "demo", clock: { 1_796_013_372 })
        XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: Data("{\"version\": 7}".utf8)))
        let session = TabNavSession(hierarchy: try TabHierarchy(DemoCatalogue.layout), options: AppOptions(),
                                    size: TerminalSize(columns: 80, rows: 24), store: store)
        let kept = store.path + ".corrupt-20261130T043612Z"
        XCTAssertEqual(session.state.message?.text,
                       "State file unusable: started from the defaults "
                           + "(kept as \(kept); not a saved state: unsupported version 7 (expected 1))")
        XCTAssertEqual(session.state.message?.isError, true)
        XCTAssertEqual(session.state.model.tabBarIDs, AppScenarioTests.defaultBar)
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept))
        XCTAssertTrue(session.isRunning)
    }
}
