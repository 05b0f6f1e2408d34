import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// docs/behaviour.md, "Persistence": a saved customization is merged with the hierarchy on load — ids that no longer
/// exist are dropped, new tabs appear in their default places, the rest keeps the person's order.
final class ModelMergeTests: XCTestCase {
    private func version1() -> [TabItem] {
        [
            tab("home", "Home", .fixed),
            tab("a", hides: true), tab("b"), tab("c"), tab("m", "M", .movable, hides: true),
            tab("o", "O", .optional, hides: true),
            tab("search", "Search", .pinned),
            section("shelf", reorders: true, hides: true,
                    [tab("c1", hides: true), tab("c2", hides: true), tab("c3", hides: true)]),
            section("old", [tab("z1")]),
        ]
    }

    /// The customization a person saved with version 1.
    private func savedFromVersion1() throws -> Customization {
        var model = try makeModel(version1())
        model.mustApply(.removeFromTabBar("b"))
        model.mustApply(.moveInTabBar("c", to: 0))
        model.mustApply(.addToTabBar("o", at: 1))
        model.mustApply(.addToTabBar("c2", at: nil))
        model.mustApply(.setHidden("a", true))
        model.mustApply(.moveInSection("c3", to: 0))
        model.setCollapsed("shelf", true)
        model.setCollapsed("old", true)
        model.setSidebarVisible(true)
        model.select("c2")
        XCTAssertEqual(model.tabBarIDs, ["home", "c", "o", "m", "shelf", "old", "c2", "search"])
        return model.customization
    }

    func testSameHierarchyRestoresEverything() throws {
        let saved = try savedFromVersion1()
        let model = try makeModel(version1(), saved: saved)
        XCTAssertEqual(model.customization, saved)
        XCTAssertEqual(model.tabBarIDs, ["home", "c", "o", "m", "shelf", "old", "c2", "search"])
        XCTAssertEqual(model.sidebarIDs, ["home", "b", "c", "m", "o", "search", "shelf", "old"])
        XCTAssertEqual(model.displayOrder(of: "shelf"), ["c3", "c1", "c2"])
        XCTAssertFalse(model.canUndo, "a restored customization has no undo history")
    }

    func testIDsThatNoLongerExistAreDropped() throws {
        var saved = try savedFromVersion1()
        saved.hidden.insert("z1")   // hand-edited: not hideable, not hidden by default
        // Version 2: "c", "c2" and the section "old" (with "z1") are gone.
        let model = try makeModel([
            tab("home", "Home", .fixed),
            tab("a", hides: true), tab("b"), tab("m", "M", .movable, hides: true),
            tab("o", "O", .optional, hides: true),
            tab("search", "Search", .pinned),
            section("shelf", reorders: true, [tab("c1", hides: true), tab("c3", hides: true)]),
        ], saved: saved)
        XCTAssertEqual(model.customization.tabBar, ["o", "m", "shelf"])
        XCTAssertEqual(model.tabBarIDs, ["home", "o", "m", "shelf", "search"])
        XCTAssertEqual(model.customization.hidden, ["a"])
        XCTAssertEqual(model.customization.sectionOrder, ["shelf": ["c3", "c1"]])
        XCTAssertEqual(model.customization.collapsed, ["shelf"], "the removed section's fold is dropped")
        XCTAssertEqual(model.customization.sidebarVisible, true)
        XCTAssertEqual(model.selectedID, "home", "the saved selection is gone: first bar item")
        XCTAssertEqual(model.customization.knownIDs, KnownIDs(model.hierarchy.allIDs))
    }

    func testNewTabsTakeTheirDefaultPlacesAndTheRestKeepsItsOrder() throws {
        let saved = try savedFromVersion1()
        // Version 2 adds n0 first, n1 after a (which the person hid), n2 after b (which the
        // person removed from the bar), an optional n3, a hidden-by-default n4, and a child c4.
        let model = try makeModel([
            tab("home", "Home", .fixed),
            tab("n0"),
            tab("a", hides: true), tab("n1"), tab("b"), tab("n2"), tab("c"),
            tab("m", "M", .movable, hides: true),
            tab("o", "O", .optional, hides: true),
            tab("n3", "N3", .optional), tab("n4", hides: true, hiddenByDefault: true),
            tab("search", "Search", .pinned),
            section("shelf", reorders: true, childrenInBar: false, [
                tab("c1", hides: true), tab("c2", hides: true), tab("c3", hides: true), tab("c4", barVisibility: .visible),
            ]),
            section("old", [tab("z1")]),
        ], saved: saved)
        // Saved region: c o m shelf old c2. Default region of v2: n0 a n1 b n2 c m shelf c4 old.
        // Each new item goes right after the nearest item before it in the default region that
        // is in the bar: n0 first (nothing before it), n1 after n0 (a is hidden), n2 after n1
        // (b was removed), c4 after shelf.
        XCTAssertEqual(model.customization.tabBar, ["n0", "n1", "n2", "c", "o", "m", "shelf", "c4", "old", "c2"])
        XCTAssertEqual(model.customization.hidden, ["a", "n4"])
        XCTAssertFalse(model.isInTabBar("b"), "a tab the person removed stays out")
        XCTAssertFalse(model.isInTabBar("n3"), "a new optional tab is not in the bar")
        XCTAssertEqual(model.displayOrder(of: "shelf"), ["c3", "c4", "c1", "c2"], "c4 after its declared predecessor c3")
        XCTAssertEqual(model.selectedID, "c2")
        XCTAssertEqual(model.customization.collapsed, ["shelf", "old"])
    }

    func testSectionOrdersWithRemovedAndAddedChildren() throws {
        let saved = Customization(
            tabBar: ["shelf"],
            sectionOrder: [
                "shelf": ["c3", "gone", "c1", "c2", "c1"],
                "box": ["d1", "d2"],            // the same as the declared order
                "b": ["x"],                     // "b" is a tab now
                "vanished": ["y"],
            ],
            knownIDs: ["shelf", "c1", "c2", "c3", "gone", "box", "d1", "d2", "b", "vanished", "y"]
        )
        let model = try makeModel([
            tab("b"),
            section("shelf", reorders: true, [tab("c0"), tab("c1"), tab("c3"), tab("c4")]),
            section("box", reorders: true, [tab("d1"), tab("d2"), tab("d3")]),
        ], saved: saved)
        XCTAssertEqual(model.displayOrder(of: "shelf"), ["c0", "c3", "c4", "c1"],
                       "c2 and gone dropped; c0 first as declared; c4 after its declared predecessor c3")
        XCTAssertEqual(model.displayOrder(of: "box"), ["d1", "d2", "d3"])
        XCTAssertEqual(Set(model.customization.sectionOrder.keys), ["shelf"],
                       "orders equal to the declared one, of tabs, or of missing sections are not kept")
    }

    func testSavedBarItemsThatMayNoLongerBeThereAreDropped() throws {
        let saved = Customization(
            tabBar: ["p", "f", "s", "a", "a", "c1", "ghost", "h", "b"],
            hidden: ["h", "sec"],
            knownIDs: ["p", "f", "s", "a", "b", "c1", "sec", "h", "m", "ghost"]
        )
        let model = try makeModel([
            tab("f", "F", .fixed), tab("p", "P", .pinned), tab("s", "S", .sidebarOnly),
            tab("a"), tab("b"), tab("m", "M", .movable),
            tab("h", hides: true),
            section("sec", hides: true, [tab("c1")]),
        ], saved: saved)
        XCTAssertEqual(model.customization.tabBar, ["a", "b", "m"],
                       "fixed, pinned, sidebar-only, duplicate, unknown and hidden ids dropped; movable m comes back")
        XCTAssertEqual(model.tabBarIDs, ["f", "a", "b", "m", "p"])
        XCTAssertEqual(model.customization.hidden, ["h", "sec"])
    }

    func testMovableItemsCannotBeLeftOutOfTheBar() throws {
        let saved = Customization(tabBar: ["b"], knownIDs: ["a", "m1", "b", "m2"])
        let model = try makeModel([tab("a"), tab("m1", "M1", .movable), tab("b"), tab("m2", "M2", .movable)], saved: saved)
        XCTAssertEqual(model.tabBarIDs, ["m1", "b", "m2"], "a removed default tab stays out; movable ones return")
    }

    func testHiddenChoicesAreKeptWhereStillAllowed() throws {
        let saved = Customization(
            tabBar: ["a", "b", "c"],
            hidden: ["x", "b"],
            knownIDs: ["a", "b", "c", "d", "x", "y"]
        )
        let model = try makeModel([
            tab("a"), tab("b"), tab("c", hides: true), tab("d", hides: true, hiddenByDefault: true),
            tab("x", hides: true), tab("y", hides: true, hiddenByDefault: true),
        ], saved: saved)
        XCTAssertEqual(model.customization.hidden, ["x"],
                       "b can no longer hide; d and y were shown by the person (known); x stays hidden")
        XCTAssertEqual(model.tabBarIDs, ["a", "b", "c"])
    }

    func testSelectionFallsBackWhenTheSavedOneIsHiddenOrMissing() throws {
        let known: KnownIDs = ["a", "b", "h", "sec", "t"]
        func load(selected: String?, hidden: Set<String> = [], items: [TabItem]) throws -> TabNavModel {
            try makeModel(items, saved: Customization(tabBar: ["b", "a"], hidden: hidden, selected: selected,
                                                      knownIDs: known))
        }
        let items = [tab("a"), tab("b"), tab("h", hides: true), section("sec", hides: true, [tab("t")])]
        XCTAssertEqual(try load(selected: "t", items: items).selectedID, "t", "a visible tab stays selected")
        XCTAssertEqual(try load(selected: "gone", items: items).selectedID, "b")
        XCTAssertEqual(try load(selected: "h", hidden: ["h"], items: items).selectedID, "b")
        XCTAssertEqual(try load(selected: "t", hidden: ["sec"], items: items).selectedID, "b",
                       "inside a hidden section")
        XCTAssertEqual(try load(selected: nil, items: items).selectedID, "b")
        // Version 2 moves t into a new section that is hidden by default.
        let moved = [tab("a"), tab("b"), section("archive", hides: true, hiddenByDefault: true, [tab("t")])]
        let model = try load(selected: "t", items: moved)
        XCTAssertEqual(model.customization.hidden, ["archive"])
        XCTAssertEqual(model.selectedID, "b")
    }

    func testNewChildrenOfSectionsFollowTheirSectionDefaults() throws {
        let saved = Customization(tabBar: ["open"], hidden: ["gone"], knownIDs: ["open", "x1", "gone", "g1"])
        let model = try makeModel([
            section("open", childrenInBar: true, [tab("x1"), tab("x2")]),
            section("gone", childrenInBar: true, hides: true, [tab("g1"), tab("g2")]),
            section("fresh", childrenInBar: true, [tab("f1")]),
            section("hid", childrenInBar: true, hides: true, hiddenByDefault: true, [tab("h1")]),
        ], saved: saved)
        XCTAssertEqual(model.customization.tabBar, ["open", "x2", "fresh", "f1"],
                       "x1 was known and out of the bar; g2 is inside a hidden section; hid is hidden by default")
        XCTAssertEqual(model.customization.hidden, ["gone", "hid"])
    }

    /// A merge of what the model holds gives it back unchanged, after any edits.
    func testMergeOfTheCurrentCustomizationIsTheIdentity() throws {
        var model = try makeModel(version1())
        let edits: [TabEdit] = [
            .setHidden("m", true), .moveInSection("c2", to: 0), .addToTabBar("c1", at: 0), .setHidden("shelf", true),
            .setHidden("m", false), .setHidden("shelf", false), .removeFromTabBar("b"),
        ]
        for edit in edits {
            model.mustApply(edit)
            let reloaded = TabNavModel(hierarchy: model.hierarchy, saved: model.customization)
            XCTAssertEqual(reloaded.customization, model.customization, "after \(edit)")
            XCTAssertEqual(reloaded.tabBar, model.tabBar, "after \(edit)")
        }
    }
}

/// The one placement rule for ids new to a customization (bar, section orders, run-time tabs).
final class DefaultPlacementTests: XCTestCase {
    func testNewIdsGoAfterTheirNearestPlacedPredecessor() {
        let reference = ["a", "b", "c", "d", "e"]
        XCTAssertEqual(TabNavModel.inserting(["b", "d"], into: ["e", "a", "c"], following: reference),
                       ["e", "a", "b", "c", "d"])
        XCTAssertEqual(TabNavModel.inserting(["a", "b"], into: ["d", "c"], following: reference),
                       ["a", "b", "d", "c"], "no predecessor there: first, in reference order")
        XCTAssertEqual(TabNavModel.inserting(["x", "c"], into: ["a"], following: reference),
                       ["a", "c", "x"], "an id the reference lacks goes last")
        XCTAssertEqual(TabNavModel.inserting(["a"], into: ["a", "b"], following: reference), ["a", "b"],
                       "ids already placed stay where they are")
    }

    func testLargeInputInterleavesBackIntoTheReference() {
        let reference = (0..<200_000).map { "t\($0)" }
        let placed = stride(from: 0, to: 200_000, by: 2).map { "t\($0)" }
        let new = stride(from: 1, to: 200_000, by: 2).map { "t\($0)" }
        XCTAssertEqual(TabNavModel.inserting(new, into: placed, following: reference), reference)
    }
}
