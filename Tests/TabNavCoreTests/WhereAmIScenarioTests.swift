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
