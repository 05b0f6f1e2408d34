import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// docs/behaviour.md, "Rules of customization": `u` undoes the last edit, `R` resets to the defaults (and can be undone); a refused
/// or no-op edit is not recorded.
final class ModelUndoResetTests: XCTestCase {
    /// home(fixed) a b m(movable) o(optional) s(sidebarOnly) search(pinned)
    /// shelf{ c1 c2 c3 } (reorderable, hideable children) · box{ d1 inner{ e1 } } (hideable)
    private func items() -> [TabItem] {
        [
            tab("home", "Home", .fixed),
            tab("a", hides: true), tab("b"), tab("m", "M", .movable, hides: true),
            tab("o", "O", .optional, hides: true), tab("s", "S", .sidebarOnly, hides: true),
            tab("search", "Search", .pinned),
            section("shelf", reorders: true, [tab("c1", hides: true), tab("c2", hides: true), tab("c3", hides: true)]),
            section("box", reorders: true, hides: true, [
                tab("d1", hides: true, hiddenByDefault: true),
                section("inner", hides: true, [tab("e1")]),
            ]),
        ]
    }

    private struct Shot: Equatable {
        var customization: Customization
        var bar: [String]
        var sidebar: [String]
        var editSidebar: [String]
    }

    private func shot(_ model: TabNavModel) -> Shot {
        Shot(customization: model.customization, bar: model.tabBarIDs, sidebar: model.sidebarIDs,
             editSidebar: model.editSidebarIDs)
    }

    /// One edit of every kind, each from a prepared state with the selection on an item the edit
    /// touches; undo returns to the state before it exactly (bar, hidden, orders, selection and
    /// the derived lists).
    func testUndoAfterEachEditKindRestoresTheStateBeforeIt() throws {
        let cases: [(name: String, setup: [TabEdit], select: String, edit: TabEdit)] = [
            ("move in bar", [], "a", .moveInTabBar("a", to: 3)),
            ("move within section order", [.moveInSection("c3", to: 0)], "c1", .moveInTabBar("box", to: 0)),
            ("remove selected from bar", [], "b", .removeFromTabBar("b")),
            ("add to bar", [.removeFromTabBar("b")], "c2", .addToTabBar("c2", at: 1)),
            ("add optional", [], "o", .addToTabBar("o", at: nil)),
            ("reorder in section", [], "c2", .moveInSection("c2", to: 0)),
            ("reorder back to declared", [.moveInSection("c2", to: 0)], "c2", .moveInSection("c2", to: 1)),
            ("hide selected", [.addToTabBar("c1", at: 0)], "c1", .setHidden("c1", true)),
            ("hide section with selected child", [.addToTabBar("e1", at: nil)], "e1", .setHidden("box", true)),
            ("hide movable", [], "m", .setHidden("m", true)),
            ("unhide", [], "a", .setHidden("d1", false)),
            ("unhide movable", [.setHidden("m", true)], "a", .setHidden("m", false)),
        ]
        for (name, setup, selection, edit) in cases {
            var model = try makeModel(items())
            for step in setup { model.mustApply(step) }
            model.select(selection)
            XCTAssertEqual(model.selectedID, selection, "\(name): could not select \(selection)")
            let before = shot(model)
            let depth = model.undoStack.count
            let events = model.mustApply(edit)
            XCTAssertFalse(events.isEmpty, name)
            XCTAssertNotEqual(shot(model), before, "\(name): the edit changed something")
            let undoEvents = model.undo()
            XCTAssertNotNil(undoEvents, name)
            XCTAssertFalse(undoEvents?.isEmpty ?? true, "\(name): undo reports what changed")
            XCTAssertEqual(shot(model), before, "\(name): undo restores exactly")
            XCTAssertEqual(model.selectedID, selection, "\(name): undo restores the selection")
            XCTAssertEqual(model.undoStack.count, depth, name)
        }
    }

    func testUndoEventsDescribeTheChangeBack() throws {
        var model = try makeModel(items())
        model.select("a")
        model.mustApply(.setHidden("a", true))
        XCTAssertEqual(model.selectedID, "home")
        let events = model.undo()
        XCTAssertEqual(events, [
            .tabBarDidChange(items: ["home", "a", "b", "m", "shelf", "box", "search"]),
            .visibilityDidChange(tabs: ["a"], hidden: false),
            .selectionDidChange(tab: "a"),
        ])
        model.mustApply(.moveInSection("c3", to: 0))
        XCTAssertEqual(model.undo(), [.displayOrderDidChange(group: "shelf", order: ["c1", "c2", "c3"])])
    }

    func testUndoWalksBackOneEditAtATime() throws {
        var model = try makeModel(items())
        let defaults = model.customization
        XCTAssertFalse(model.canUndo)
        XCTAssertNil(model.undo(), "nothing to undo")
        let edits: [TabEdit] = [
            .addToTabBar("o", at: 0), .moveInTabBar("b", to: 0), .setHidden("a", true),
            .moveInSection("c1", to: 2), .removeFromTabBar("shelf"), .setHidden("d1", false),
        ]
        var states: [Customization] = []
        for edit in edits {
            states.append(model.customization)
            model.mustApply(edit)
        }
        XCTAssertEqual(model.undoStack.count, edits.count)
        for expected in states.reversed() {
            XCTAssertTrue(model.canUndo)
            XCTAssertNotNil(model.undo())
            XCTAssertEqual(model.customization, expected)
        }
        XCTAssertEqual(model.customization, defaults)
        XCTAssertFalse(model.canUndo)
        XCTAssertNil(model.undo())
    }

    func testRefusedAndNoOpEditsAreNotRecorded() throws {
        var model = try makeModel(items())
        model.mustApply(.setHidden("a", true))
        let depth = model.undoStack.count
        let state = model.customization
        let noOps: [TabEdit] = [
            .moveInTabBar("b", to: 0),            // already first of the customizable region
            .moveInTabBar("b", to: -7),           // clamped to where it is
            .setHidden("a", true),                // already hidden
            .setHidden("c1", false),              // already shown
            .moveInSection("c1", to: 0),          // already first
            .moveInSection("c3", to: 42),         // clamped to where it is
        ]
        for edit in noOps {
            XCTAssertEqual(try model.apply(edit).get(), [], "\(edit) is a no-op")
            XCTAssertEqual(model.undoStack.count, depth, "\(edit) is not recorded")
            XCTAssertEqual(model.customization, state)
        }
        let refused: [TabEdit] = [
            .moveInTabBar("home", to: 2), .removeFromTabBar("m"), .addToTabBar("s", at: nil),
            .addToTabBar("a", at: nil), .moveInSection("a", to: 0), .setHidden("b", true), .removeFromTabBar("x"),
        ]
        for edit in refused {
            XCTAssertNotNil(model.refusal(of: edit), "\(edit) is refused")
            XCTAssertEqual(model.undoStack.count, depth, "\(edit) is not recorded")
            XCTAssertEqual(model.customization, state)
        }
        XCTAssertNotNil(model.undo())
        XCTAssertEqual(model.customization.hidden, ["d1"], "the one real edit is what undo takes back")
    }

    func testSelectionAndCollapsingAreNotEdits() throws {
        var model = try makeModel(items())
        model.select("c2")
        model.setCollapsed("shelf", true)
        XCTAssertFalse(model.canUndo, "selecting and folding are not recorded")
        XCTAssertEqual(model.reset(), [], "folding has no delegate event")
        XCTAssertEqual(model.customization.collapsed, [])
        XCTAssertEqual(model.selectedID, "c2", "reset keeps a visible selection")
    }

    func testResetReturnsToDefaultsAndCanBeUndone() throws {
        var model = try makeModel(items())
        let defaults = model.customization
        model.mustApply(.addToTabBar("o", at: 0))
        model.mustApply(.moveInTabBar("b", to: 0))
        model.mustApply(.setHidden("a", true))
        model.mustApply(.setHidden("d1", false))
        model.mustApply(.moveInSection("c3", to: 0))
        model.mustApply(.moveInSection("inner", to: 0))
        model.mustApply(.setHidden("m", true))
        model.setCollapsed("shelf", true)
        model.setSidebarVisible(true)
        model.select("d1")
        let edited = shot(model)
        let depth = model.undoStack.count

        let events = model.reset()
        XCTAssertFalse(events.isEmpty)
        XCTAssertTrue(events.contains(.tabBarDidChange(items: ["home", "a", "b", "m", "shelf", "box", "search"])))
        XCTAssertTrue(events.contains(.displayOrderDidChange(group: "shelf", order: ["c1", "c2", "c3"])))
        XCTAssertTrue(events.contains(.visibilityDidChange(tabs: ["a", "m"], hidden: false)))
        XCTAssertTrue(events.contains(.visibilityDidChange(tabs: ["d1"], hidden: true)))
        XCTAssertEqual(model.customization.tabBar, defaults.tabBar)
        XCTAssertEqual(model.customization.hidden, defaults.hidden)
        XCTAssertEqual(model.customization.sectionOrder, [:])
        XCTAssertEqual(model.customization.collapsed, [], "reset unfolds every section")
        XCTAssertEqual(model.customization.sidebarVisible, true, "reset leaves the sidebar as it is")
        XCTAssertEqual(model.selectedID, "home", "the selection was hidden by the reset: first bar item")
        XCTAssertEqual(model.undoStack.count, depth + 1)

        XCTAssertNotNil(model.undo())
        XCTAssertEqual(shot(model), edited, "undoing the reset brings everything back")
        XCTAssertEqual(model.undoStack.count, depth)

        XCTAssertFalse(model.reset().isEmpty)
        XCTAssertEqual(model.reset(), [], "a second reset changes nothing")
        XCTAssertEqual(model.undoStack.count, depth + 1, "and is not recorded")
    }

    func testResetOfOnlyFoldedSectionsIsRecorded() throws {
        var model = try makeModel(items())
        model.setCollapsed("box", true)
        _ = model.reset()
        XCTAssertEqual(model.customization.collapsed, [])
        XCTAssertTrue(model.canUndo, "the reset changed something, so it can be undone")
        _ = model.undo()
        XCTAssertEqual(model.customization.collapsed, ["box"])
    }

    func testUndoOfAnEditKeepsLaterFolding() throws {
        var model = try makeModel(items())
        model.mustApply(.setHidden("a", true))
        model.setCollapsed("shelf", true)
        _ = model.undo()
        XCTAssertEqual(model.customization.collapsed, ["shelf"], "folding is not an edit; undo leaves it")
    }

    func testUndoHistoryIsBounded() throws {
        var model = try makeModel(items())
        for step in 0..<(TabNavModel.undoLimit + 50) {
            model.mustApply(.moveInTabBar("b", to: step % 2 == 0 ? 0 : 1))
        }
        XCTAssertEqual(model.undoStack.count, TabNavModel.undoLimit)
        model.mustApply(.setHidden("a", true))
        XCTAssertEqual(model.undoStack.count, TabNavModel.undoLimit)
        XCTAssertFalse(model.reset().isEmpty)
        XCTAssertEqual(model.undoStack.count, TabNavModel.undoLimit, "a reset respects the limit too")
    }

    // MARK: Tabs added at run time

    func testUndoAfterAppendingATabKeepsTheTab() throws {
        var model = try makeModel(items())
        model.mustApply(.moveInSection("c3", to: 0))
        model.mustApply(.setHidden("a", true))
        try model.appendTab(tab("c4", hides: true), to: "shelf")
        try model.appendTab(tab("c5", hides: true, hiddenByDefault: true), to: "shelf")
        XCTAssertEqual(model.displayOrder(of: "shelf"), ["c3", "c1", "c2", "c4", "c5"])
        XCTAssertEqual(Array(model.sidebarIDs.suffix(8)), ["shelf", "c3", "c1", "c2", "c4", "box", "inner", "e1"])

        _ = model.undo()
        XCTAssertEqual(model.displayOrder(of: "shelf"), ["c3", "c1", "c2", "c4", "c5"],
                       "undoing an earlier edit keeps the appended tabs in the section")
        XCTAssertTrue(model.customization.hidden.contains("c5"), "a tab hidden by default stays hidden")
        _ = model.undo()
        XCTAssertEqual(model.displayOrder(of: "shelf"), ["c1", "c2", "c3", "c4", "c5"])
        XCTAssertEqual(model.customization.hidden, ["d1", "c5"])

        _ = model.reset()
        XCTAssertEqual(model.displayOrder(of: "shelf"), ["c1", "c2", "c3", "c4", "c5"])
        XCTAssertEqual(model.customization.hidden, ["d1", "c5"])
    }

    func testAppendedTabTakesItsDefaultPlaceInTheBar() throws {
        var model = try makeModel([
            tab("a", hides: true),
            section("open", childrenInBar: true, [tab("x1")]),
            section("closed", [tab("y1")]),
        ])
        XCTAssertEqual(model.tabBarIDs, ["a", "open", "x1", "closed"])
        model.mustApply(.setHidden("a", true))
        try model.appendTab(tab("x2"), to: "open")
        try model.appendTab(tab("y2"), to: "closed")
        try model.appendTab(tab("x3", "X3", .optional), to: "open")
        XCTAssertEqual(model.tabBarIDs, ["open", "x1", "x2", "closed"],
                       "a new child of a section whose children start in the bar joins the bar, after its neighbour")
        _ = model.undo()
        XCTAssertEqual(model.tabBarIDs, ["a", "open", "x1", "x2", "closed"], "undo keeps it there")
        XCTAssertEqual(model.customization.knownIDs, ["a", "open", "x1", "x2", "x3", "closed", "y1", "y2"])
    }

    func testAppendingAnInvalidTabChangesNothing() throws {
        var model = try makeModel(items())
        let before = model.customization
        XCTAssertThrowsError(try model.appendTab(tab("c1"), to: "shelf"))
        XCTAssertThrowsError(try model.appendTab(tab("new"), to: "a"), "a tab has no children")
        XCTAssertThrowsError(try model.appendTab(tab("new"), to: "nope"))
        XCTAssertThrowsError(try model.appendTab(tab("new", "New", .pinned), to: "shelf"))
        XCTAssertThrowsError(try model.appendTab(section("deep", [tab("deeper")]), to: "inner"), "a section at level 3") { error in
            XCTAssertEqual((error as? HierarchyError)?.reason, .tooDeep(maximum: 3))
            XCTAssertEqual((error as? HierarchyError)?.id, "deep")
        }
        XCTAssertThrowsError(try model.appendTab(section("dup", [tab("c1")]), to: "shelf"), "duplicate inside") { error in
            XCTAssertEqual((error as? HierarchyError)?.id, "c1")
            XCTAssertEqual((error as? HierarchyError)?.reason, .duplicateID(firstPath: [7, 0]))
        }
        XCTAssertThrowsError(try model.appendTab(section("pins", [tab("p", "P", .fixed)]), to: "shelf"))
        XCTAssertEqual(model.customization, before)
        XCTAssertEqual(model.hierarchy.count, 15)
        XCTAssertFalse(model.hierarchy.contains("deep"))
        XCTAssertFalse(model.hierarchy.contains("dup"))
    }
}
