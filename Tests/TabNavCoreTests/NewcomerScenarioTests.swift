import XCTest
import TabNavCore
@testable import TabNavInteraction
import TabNavDemo

/// The rough edges a newcomer hit, key by key (docs/behaviour.md): each test failed before its fix.
final class NewcomerScenarioTests: XCTestCase {
    typealias Driver = KeyDriver

    func testRightToLeftLettersFollowTheArrows() throws {
        var arrows = try Driver(80, 24, options: AppOptions(rightToLeft: true))
        var letters = try Driver(80, 24, options: AppOptions(rightToLeft: true))
        for (arrow, letter) in [("left", "h"), ("left", "h"), ("right", "l"), ("right", "l"), ("right", "l")] {
            try arrows.press(arrow)
            try letters.press(letter)
            XCTAssertEqual(letters.model.selectedID, arrows.model.selectedID, "\(letter) does what \(arrow) does")
            XCTAssertEqual(letters.footer, arrows.footer)
        }
        XCTAssertEqual(letters.model.selectedID, "watch-now")
        XCTAssertEqual(letters.footer, "Already at the start of the tab bar")
    }

    func testRightToLeftLettersAreTypedAsThemselves() throws {
        var app = try Driver(80, 24, options: AppOptions(rightToLeft: true))
        try app.press("/,h,l")
        XCTAssertEqual(app.state.search.field.text, "hl")
    }
}

extension NewcomerScenarioTests {
    /// Back from a search result: the results and the query, but the field does not take the keys.
    func testBackFromASearchResultLeavesTheFieldAlone() throws {
        var app = try Driver(80, 6)
        try app.press("/,h,a,r,b,o,u,r,enter")
        XCTAssertEqual(app.state.currentDepth, 2, "a result's page is open")
        try app.press("backspace")
        XCTAssertEqual(app.state.currentDepth, 1)
        XCTAssertNotEqual(app.state.mode, .searching)
        try app.press("l")
        XCTAssertEqual(app.state.search.field.text, "harbour", "l is not typed into the field")
        try app.press("/,l")
        XCTAssertEqual(app.state.search.field.text, "harbourl", "/ types again")
    }
}

extension NewcomerScenarioTests {
    private func mouse(_ app: inout Driver, _ kind: MouseEvent.Kind, _ target: HitTarget) {
        _ = app.state.apply(.mouse(MouseEvent(kind, column: 0, row: 0), target))
    }

    /// A drop with the mouse ends the grab's "Moving …" message with it.
    func testAMouseDropClearsTheMovingMessage() throws {
        var app = try Driver(100, 30, options: AppOptions(mode: .tabbar))
        try app.press("e")
        mouse(&app, .press, .tabBarItem("library"))
        XCTAssertTrue(app.footer?.hasPrefix("Moving Library") == true, app.footer ?? "nil")
        mouse(&app, .drag, .tabBarItem("new"))
        mouse(&app, .drag, .tabBarItem("library"))
        mouse(&app, .release, .tabBarItem("library"))
        XCTAssertEqual(Array(app.model.customization.tabBar.prefix(2)), ["new", "library"])
        XCTAssertNil(app.state.mode.grab)
        XCTAssertNil(app.footer, "no 'Moving …' after the drop")
    }

    /// In edit mode a press on a bar item keeps the bar as it was on screen.
    func testAPressInEditModeKeepsTheBarWhereItIs() throws {
        var app = try Driver(60, 20, options: AppOptions(mode: .tabbar))
        try app.press("e")
        _ = app.state.apply(.barShown(first: 2))
        mouse(&app, .press, .tabBarItem("favorites"))
        XCTAssertEqual(app.state.barFirstShown, 2, "the layout starts from what was shown")
    }

    /// A right-click puts the highlight on the item whose menu it opens.
    func testARightClickMovesTheHighlightToItsItem() throws {
        var app = try Driver(120, 40)
        let row = try XCTUnwrap(app.state.sidebarRows.firstIndex { app.model.hierarchy.nodes[$0.node].item.id == "favorites" })
        XCTAssertNotEqual(app.state.sidebarCursor, row)
        mouse(&app, .rightPress, .sidebarRow(row))
        XCTAssertEqual(app.state.sidebarCursor, row, "the sidebar cursor is on Favorites")
        XCTAssertEqual(app.state.focus, .sidebar)
        guard case .picking(let picker, _) = app.state.mode else { return XCTFail("a menu is open") }
        XCTAssertEqual(picker.title, "Favorites")
        try app.press("esc,e")
        mouse(&app, .rightPress, .tabBarItem("new"))
        XCTAssertEqual(app.state.edit?.barCursor, app.model.tabBar.firstIndex { $0.id == "new" })
    }
}

extension NewcomerScenarioTests {
    /// The help's frame and the footer agree: a help that fits closes on any key and offers no
    /// scrolling; one that does not fit scrolls with the arrows the footer names.
    func testHelpOffersScrollingOnlyWhenItScrolls() throws {
        var tall = try Driver(200, 60)
        try tall.press("?")
        XCTAssertTrue(tall.state.helpFits(for: .browsing(.sidebar)))
        let hints = tall.state.footerHints(ascii: false).map(\.text)
        XCTAssertFalse(hints.contains { $0.contains("scroll") }, "\(hints)")
        XCTAssertTrue(hints.contains("any key: close"), "\(hints)")
        try tall.press("down")
        XCTAssertFalse({ if case .help = tall.state.mode { return true } else { return false } }(), "↓ closes it, as any key")

        var short = try Driver(80, 24)
        try short.press("?")
        XCTAssertTrue(short.state.footerHints(ascii: false).map(\.text).contains { $0.contains("scroll") })
        try short.press("down")
        guard case .help(let scroll, _) = short.state.mode else { return XCTFail("still open") }
        XCTAssertEqual(scroll, 1, "↓ scrolls it")
    }
}
