import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
import TabNavDemo

// MARK: - Shorthands shared by the Model*Tests files

/// A tab for the model tests; the title defaults to the id with its first letter capitalised.
func tab(
    _ id: String, _ title: String? = nil, _ placement: TabPlacement = .default,
    hides: Bool = false, hiddenByDefault: Bool = false,
    sidebar: CustomizationBehavior = .enabled, tabBar: CustomizationBehavior = .enabled,
    barVisibility: TabVisibility = .automatic
) -> TabItem {
    TabItem(
        kind: .tab, id: id, title: title ?? defaultTitle(id), placement: placement, allowsHiding: hides,
        isHiddenByDefault: hiddenByDefault, sidebarCustomization: sidebar, tabBarCustomization: tabBar,
        defaultTabBarVisibility: barVisibility
    )
}

/// A section for the model tests.
func section(
    _ id: String, title: String? = nil, placement: TabPlacement = .default,
    reorders: Bool = false, childrenInBar: Bool = false, hides: Bool = false, hiddenByDefault: Bool = false,
    sidebar: CustomizationBehavior = .enabled,
    _ children: [TabItem]
) -> TabItem {
    TabItem(
        kind: .section, id: id, title: title ?? defaultTitle(id), placement: placement, allowsHiding: hides,
        isHiddenByDefault: hiddenByDefault, sidebarCustomization: sidebar, children: children,
        allowsReordering: reorders, childrenTabBarVisibility: childrenInBar ? .visible : .automatic
    )
}

private func defaultTitle(_ id: String) -> String {
    id.prefix(1).uppercased() + id.dropFirst()
}

func makeHierarchy(_ items: [TabItem]) throws -> TabHierarchy {
    try TabHierarchy(TabLayout(id: "test", title: "Test", items: items))
}

func makeModel(_ items: [TabItem], saved: Customization? = nil) throws -> TabNavModel {
    TabNavModel(hierarchy: try makeHierarchy(items), saved: saved)
}

extension TabNavModel {
    /// The ids of the sidebar rows outside edit mode, in order.
    var sidebarIDs: [String] { sidebarRows.map { hierarchy.nodes[$0.node].item.id } }
    /// The ids of the sidebar rows in edit mode, in order.
    var editSidebarIDs: [String] { editSidebarRows.map { hierarchy.nodes[$0.node].item.id } }

    /// Applies an edit that the test expects to succeed, failing the test when it is refused.
    @discardableResult
    mutating func mustApply(_ edit: TabEdit, file: StaticString = #filePath, line: UInt = #line) -> [TabNavEvent] {
        switch apply(edit) {
        case .success(let events): return events
        case .failure(let refusal):
            XCTFail("\(edit) refused: \(refusal.message)", file: file, line: line)
            return []
        }
    }

    /// The refusal message of an edit the test expects to be refused (`nil` if it applied).
    mutating func refusal(of edit: TabEdit) -> String? {
        if case .failure(let refusal) = apply(edit) { return refusal.message }
        return nil
    }
}

// MARK: - Composition of the bar and the sidebar

final class ModelCompositionTests: XCTestCase {
    /// docs/behaviour.md, "Model and customization": `[fixed…][customizable…][pinned…]`, fixed and pinned in declared order wherever
    /// they are declared; optional and sidebar-only items start outside; a section is one item.
    func testDefaultBarRegionsAndOrder() throws {
        let model = try makeModel([
            tab("p1", "P1", .pinned),
            tab("a"),
            tab("f1", "F1", .fixed),
            tab("m", "M", .movable),
            tab("o", "O", .optional),
            tab("s", "S", .sidebarOnly),
            tab("f2", "F2", .fixed),
            section("sec", [tab("c1"), tab("c2", barVisibility: .visible)]),
            tab("p2", "P2", .pinned),
            tab("h", hides: true, hiddenByDefault: true),
        ])
        XCTAssertEqual(model.tabBarIDs, ["f1", "f2", "a", "m", "sec", "c2", "p1", "p2"])
        XCTAssertEqual(model.tabBar.map(\.region),
                       [.fixed, .fixed, .customizable, .customizable, .customizable, .customizable, .pinned, .pinned])
        XCTAssertEqual(model.customization.tabBar, ["a", "m", "sec", "c2"])
        XCTAssertEqual(model.customization.hidden, ["h"])
        XCTAssertEqual(model.selectedID, "f1", "the selection starts on the first bar item")
    }

    /// Children follow their section's default tab-bar visibility, except optional and
    /// sidebar-only ones, and an explicit `.hidden` of their own.
    func testSectionChildrenBarVisibility() throws {
        let model = try makeModel([
            tab("a"),
            section("shown", childrenInBar: true, [
                tab("c1"), tab("c2", "C2", .movable), tab("c3", "C3", .optional), tab("c4", "C4", .sidebarOnly),
                tab("c5", barVisibility: .hidden),
                section("inner", childrenInBar: true, [tab("d1")]),
            ]),
            section("quiet", [tab("q1"), tab("q2", barVisibility: .visible)]),
            section("gone", childrenInBar: true, hides: true, hiddenByDefault: true, [tab("g1")]),
        ])
        XCTAssertEqual(model.tabBarIDs, ["a", "shown", "c1", "c2", "inner", "d1", "quiet", "q2"])
        XCTAssertEqual(model.customization.hidden, ["gone"])
    }

    /// docs/behaviour.md, "Sidebar": top-level tabs first, then sections with their children in display
    /// order; hidden items absent outside edit mode; collapsed sections keep only their header.
    func testSidebarRows() throws {
        var model = try makeModel([
            section("sec", reorders: true, [tab("c1", hides: true), tab("c2", hides: true), section("inner", [tab("d1")])]),
            tab("a"),
            tab("search", "Search", .pinned),
            tab("b", hides: true, hiddenByDefault: true),
        ])
        XCTAssertEqual(model.sidebarIDs, ["a", "search", "sec", "c1", "c2", "inner", "d1"])
        XCTAssertEqual(model.editSidebarIDs, ["a", "search", "b", "sec", "c1", "c2", "inner", "d1"])
        XCTAssertEqual(model.editSidebarRows.map(\.isHidden), [false, false, true, false, false, false, false, false])
        XCTAssertEqual(model.sidebarRows.map(\.depth), [0, 0, 0, 1, 1, 1, 2])
        XCTAssertEqual(model.sidebarRows.map(\.isSectionHeader), [false, false, true, false, false, true, false])

        model.mustApply(.moveInSection("c2", to: 0))
        model.mustApply(.setHidden("c1", true))
        XCTAssertEqual(model.sidebarIDs, ["a", "search", "sec", "c2", "inner", "d1"])
        XCTAssertEqual(model.editSidebarIDs, ["a", "search", "b", "sec", "c2", "c1", "inner", "d1"])

        model.setCollapsed("inner", true)
        XCTAssertEqual(model.sidebarIDs, ["a", "search", "sec", "c2", "inner"])
        XCTAssertEqual(model.sidebarRows.last?.isCollapsed, true)
        model.setCollapsed("sec", true)
        XCTAssertEqual(model.sidebarIDs, ["a", "search", "sec"])
        model.setCollapsed("a", true)
        XCTAssertEqual(model.customization.collapsed, ["sec", "inner"], "only sections collapse")
        model.setCollapsed("sec", false)
        XCTAssertEqual(model.sidebarIDs, ["a", "search", "sec", "c2", "inner"])
    }

    func testSelectOnlyVisibleItems() throws {
        var model = try makeModel([
            tab("a"), tab("b", hides: true, hiddenByDefault: true),
            section("sec", [tab("c1")]),
        ])
        XCTAssertEqual(model.selectedID, "a")
        XCTAssertNil(model.select("b"), "a hidden tab cannot be selected")
        XCTAssertNil(model.select("nope"))
        XCTAssertEqual(model.selectedID, "a")
        XCTAssertEqual(model.select("c1"), .selectionDidChange(tab: "c1"), "a tab outside the bar can be selected")
        XCTAssertNil(model.select("c1"), "selecting the selected tab changes nothing")
        XCTAssertEqual(model.selectedID, "c1")
    }

    func testNothingVisibleMeansNoSelection() throws {
        var model = try makeModel([tab("a", hides: true, hiddenByDefault: true)])
        XCTAssertNil(model.selectedID)
        XCTAssertEqual(model.tabBarIDs, [])
        XCTAssertEqual(model.sidebarIDs, [])
        model.mustApply(.setHidden("a", false))
        XCTAssertEqual(model.selectedID, "a")
    }

    /// The demo catalogue's default bar and the refusal message docs/behaviour.md, "Rules of customization" quotes.
    func testDemoCatalogueRules() throws {
        var model = TabNavModel(hierarchy: try TabHierarchy(DemoCatalogue.layout))
        XCTAssertEqual(model.tabBarIDs, ["watch-now", "library", "new", "favorites", "collections", "animations", "search"])
        XCTAssertEqual(model.refusal(of: .moveInTabBar("watch-now", to: 2)), "Watch Now is fixed")
        XCTAssertEqual(model.refusal(of: .removeFromTabBar("search")), "Search is pinned")
        XCTAssertEqual(model.refusal(of: .addToTabBar("settings", at: nil)), "Settings is only in the sidebar")
        XCTAssertEqual(model.refusal(of: .setHidden("library", true)), "Library can't be hidden")
        model.mustApply(.addToTabBar("downloads", at: 0))
        XCTAssertEqual(model.tabBarIDs, ["watch-now", "downloads", "library", "new", "favorites", "collections", "animations", "search"])
    }
}
