import XCTest
import TabNavCore
import TabNavInteraction

/// ← and → in the sidebar fold and unfold, as in an outline view (docs/behaviour.md, "Keys").
final class SidebarTreeKeyTests: XCTestCase {
    func testLeftOnAChildGoesToItsSectionThenFolds() throws {
        var app = try KeyDriver(80, 30, options: AppOptions(mode: .sidebar))
        try app.moveCursor(to: "forest-life")
        let selected = app.model.selectedID
        try app.press("left")
        XCTAssertEqual(app.cursorID, "collections")
        XCTAssertFalse(app.model.isCollapsed("collections"))
        try app.press("left")
        XCTAssertTrue(app.model.isCollapsed("collections"))
        XCTAssertEqual(app.effects, [.save])
        XCTAssertEqual(app.model.selectedID, selected, "folding never changes the selection")
        try app.press("left")
        XCTAssertEqual(app.footer, "Collections is folded already", "no silent no-op")
    }

    func testRightUnfoldsThenGoesToTheFirstChild() throws {
        var app = try KeyDriver(80, 30, options: AppOptions(mode: .sidebar))
        try app.moveCursor(to: "collections")
        try app.press("left")
        XCTAssertTrue(app.model.isCollapsed("collections"))
        try app.press("right")
        XCTAssertFalse(app.model.isCollapsed("collections"))
        XCTAssertEqual(app.cursorID, "collections")
        try app.press("right")
        XCTAssertEqual(app.cursorID, "cinematic-shots")
        try app.press("l")
        XCTAssertEqual(app.footer, "Cinematic Shots has nothing to unfold")
    }

    func testTopLevelItemSaysWhyLeftDoesNothing() throws {
        var app = try KeyDriver(80, 30, options: AppOptions(mode: .sidebar))
        try app.moveCursor(to: "library")
        try app.press("h")
        XCTAssertEqual(app.footer, "Library is not in a section")
        XCTAssertEqual(app.model.selectedID, "watch-now", "the tab bar's ← does not act in the sidebar")
    }

    func testTheFooterAndHelpSayWhatTheArrowsDoInTheSidebar() throws {
        var app = try KeyDriver(80, 30, options: AppOptions(mode: .sidebar))
        try app.moveCursor(to: "forest-life")
        XCTAssertTrue(app.state.footerHints(ascii: false).contains { $0.text == "←: to section" },
                      "\(app.state.footerHints(ascii: false))")
        let help = app.state.helpLines(for: app.state.mode, ascii: false)
        XCTAssertTrue(help.contains { $0.keys.hasPrefix("←") && $0.action.contains("sidebar: fold") }, "\(help)")
    }

    func testTabBarFocusStillMovesBetweenTabs() throws {
        var app = try KeyDriver(80, 24, options: AppOptions(mode: .tabbar))
        try app.press("right")
        XCTAssertEqual(app.model.selectedID, "library")
    }
}
