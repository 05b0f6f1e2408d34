import XCTest
@testable import TabNavCore

/// The default bar (docs/behaviour.md, "Model and customization") worked out on its own, as a tab
/// added at run time uses it: the same bar as the whole default customization's, and a tab added
/// at run time lands where it would be had it been declared from the start.
final class DefaultTabBarTests: XCTestCase {
    private func items(extra: [TabItem] = []) -> [TabItem] {
        [
            tab("home", "Home", .fixed),
            tab("a"), tab("o", "O", .optional), tab("m", "M", .movable), tab("v", barVisibility: .visible),
            tab("h", hiddenByDefault: true),
            section("open", childrenInBar: true, [tab("x1"), tab("x2", "X2", .optional), tab("x3", barVisibility: .hidden)] + extra),
            section("closed", [tab("y1"), tab("y2", barVisibility: .visible)]),
            section("gone", childrenInBar: true, hiddenByDefault: true, [tab("z1"), tab("z2", barVisibility: .visible)]),
            section("deep", childrenInBar: true, [section("inner", childrenInBar: true, [tab("d1")])]),
            tab("search", "Search", .pinned),
        ]
    }

    func testTheDefaultBarIsTheDefaultCustomizations() throws {
        let hierarchy = try makeHierarchy(items())
        let bar = TabNavModel.defaultTabBar(for: hierarchy)
        XCTAssertEqual(bar, TabNavModel.defaultCustomization(for: hierarchy).tabBar)
        XCTAssertEqual(bar, ["a", "m", "v", "open", "x1", "closed", "y2", "deep", "inner", "d1"],
                       "nothing below a section hidden by default; x2, x3 and y1 stay out")
        XCTAssertEqual(TabNavModel.defaultCustomization(for: hierarchy).hidden, ["h", "gone"])
    }

    /// An added tab that joins the bar, and one that does not, land where declaring them would
    /// have put them — also after the person changed the bar.
    func testAnAddedTabTakesItsDeclaredPlace() throws {
        for added in [tab("x4"), tab("x5", "X5", .optional), tab("x6", barVisibility: .visible)] {
            let declared = try makeModel(items(extra: [added]))
            var model = try makeModel(items())
            try model.appendTab(added, to: "open")
            XCTAssertEqual(model.tabBarIDs, declared.tabBarIDs, added.id)
            XCTAssertEqual(model.customization.tabBar, declared.customization.tabBar, added.id)
        }
        XCTAssertEqual(try makeModel(items(extra: [tab("x4")])).customization.tabBar,
                       ["a", "m", "v", "open", "x1", "x4", "closed", "y2", "deep", "inner", "d1"])
        // After a move, the added tab follows its default neighbour (x1) where it now is.
        var moved = try makeModel(items())
        moved.mustApply(.moveInTabBar("x1", to: 0))
        try moved.appendTab(tab("x4"), to: "open")
        XCTAssertEqual(moved.customization.tabBar, ["x1", "x4", "a", "m", "v", "open", "closed", "y2", "deep", "inner", "d1"])
    }

    func testATabAddedUnderAHiddenSectionStaysOutOfTheBar() throws {
        var model = try makeModel(items())
        let before = model.customization.tabBar
        try model.appendTab(tab("z3", barVisibility: .visible), to: "gone")
        XCTAssertEqual(model.customization.tabBar, before)
        XCTAssertFalse(model.isInTabBar("z3"))
    }
}
