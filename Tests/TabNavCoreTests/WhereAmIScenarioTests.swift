import XCTest
import TabNavCore
import TabNavInteraction

/// Where am I (docs/behaviour.md): a group's child keeps its group selected in the bar, the
/// arrows move on from the group, and selecting the selected tab again returns to its root page.
final class WhereAmIScenarioTests: XCTestCase {
    typealias Driver = KeyDriver

    func testChildOfAGroupKeepsTheGroupSelectedInTheBar() throws {
        var app = try Driver(100, 6, options: AppOptions(mode: .tabbar))
        try app.press("6,down,enter")
        XCTAssertEqual(app.model.selectedID, "ocean")
        XCTAssertFalse(app.model.isInTabBar("ocean"))
        XCTAssertEqual(app.model.barSelectionID, "animations")
        XCTAssertEqual(app.model.titlePath(of: "ocean"), ["Animations", "Ocean"])
        XCTAssertEqual(app.model.breadcrumb(of: "ocean", mark: "›"), "Animations › Ocean")
        XCTAssertEqual(app.model.breadcrumb(of: "animations", mark: "›"), "Animations")
        XCTAssertNil(app.model.breadcrumb(of: "no-such-tab", mark: "›"))
    }

    func testArrowsMoveOnFromTheGroup() throws {
        var left = try Driver(100, 6, options: AppOptions(mode: .tabbar))
        try left.press("6,down,enter,h")
        XCTAssertEqual(left.model.selectedID, "collections", "← goes to the item before Animations")
        var right = try Driver(100, 6, options: AppOptions(mode: .tabbar))
        try right.press("6,down,enter,l")
        XCTAssertEqual(right.model.selectedID, "search", "→ goes to the item after Animations")
    }

    /// The bar does not wrap, and a step past either end says so instead of doing nothing.
    func testStepPastEitherEndOfTheBarSaysSo() throws {
        var app = try Driver(100, 6, options: AppOptions(mode: .tabbar))
        let first = app.model.selectedID
        try app.press("h")
        XCTAssertEqual(app.model.selectedID, first)
        XCTAssertEqual(app.state.message?.text, "Already at the start of the tab bar")
        try app.press("l")
        XCTAssertNotEqual(app.model.selectedID, first)
        XCTAssertNil(app.state.message)

        // The demo's last tab is Search, whose field takes the keys: a bar of plain tabs.
        let plain = TabLayout(id: "plain", title: "Plain") {
            Tab("One", id: "one")
            Tab("Two", id: "two")
        }
        var short = try Driver(100, 6, layout: plain, options: AppOptions(mode: .tabbar))
        try short.press("l")
        XCTAssertEqual(short.model.selectedID, "two")
        XCTAssertNil(short.state.message)
        try short.press("l")
        XCTAssertEqual(short.model.selectedID, "two")
        XCTAssertEqual(short.state.message?.text, "Already at the end of the tab bar")
    }

    func testEnterOnTheSelectedTabReturnsToItsRootPage() throws {
        var app = try Driver(100, 8, options: AppOptions(mode: .tabbar))
        try app.press("down,enter")
        XCTAssertEqual(app.state.currentDepth, 2, "a video's page is open")
        try app.press("backtab")
        XCTAssertEqual(app.state.focus, .tabBar)
        try app.press("enter")
        XCTAssertEqual(app.state.currentDepth, 1)
        XCTAssertEqual(app.model.selectedID, "watch-now")
    }

    func testClickOnTheSelectedTabReturnsToItsRootPage() throws {
        var app = try Driver(100, 8, options: AppOptions(mode: .tabbar))
        try app.press("down,enter")
        XCTAssertEqual(app.state.currentDepth, 2)
        app.click(.tabBarItem("watch-now"))
        XCTAssertEqual(app.state.currentDepth, 1)
    }

    func testEnterOnTheGroupInTheBarSelectsTheGroupItself() throws {
        var app = try Driver(100, 6, options: AppOptions(mode: .tabbar))
        try app.press("6,down,enter,backtab,enter")
        XCTAssertEqual(app.model.selectedID, "animations")
    }
}
