import XCTest
@testable import TabNavCore
@testable import TabNavInteraction

/// docs/behaviour.md, "Item menu": renaming and deleting a tab added at run time are edits like
/// the others — refused with a reason when the rules say no, undone by `u`, redone by `U`, and
/// they leave the undo history of earlier edits alone.
final class RunTimeTabUndoTests: XCTestCase {
    /// shelf{ c1 c2 c3 } (reorderable) and a plain tab; c4 and c5 are added at run time.
    private func modelWithAddedTabs() throws -> TabNavModel {
        var model = try makeModel([
            tab("a", hides: true),
            section("shelf", reorders: true, [tab("c1", hides: true), tab("c2", hides: true), tab("c3", hides: true)]),
            tab("z"),
        ])
        try model.appendTab(tab("c4", "C4", hides: true), to: "shelf")
        try model.appendTab(tab("c5", "C5", hides: true), to: "shelf")
        return model
    }

    private struct Shot: Equatable {
        var customization: Customization
        var bar: [String]
        var sidebar: [String]
        var declared: [String]
        var runTimeTabs: [String]
        var titles: [String]
    }

    private func shot(_ model: TabNavModel) -> Shot {
        Shot(customization: model.customization, bar: model.tabBarIDs, sidebar: model.sidebarIDs,
             declared: model.hierarchy.declaredChildren(of: "shelf"), runTimeTabs: model.runTimeTabs,
             titles: model.hierarchy.allIDs.compactMap { model.hierarchy.item($0)?.title })
    }

    /// Every node's parent, children and id look-up agree (deleting renumbers the table).
    private func assertTableIsConsistent(_ h: TabHierarchy, file: StaticString = #filePath, line: UInt = #line) {
        for (index, node) in h.nodes.enumerated() {
            XCTAssertEqual(h.index(of: node.item.id), index, "look-up of \(node.item.id)", file: file, line: line)
            for child in node.children {
                XCTAssertEqual(h.nodes[child].parent, index, "parent of \(h.nodes[child].item.id)", file: file, line: line)
            }
            if let parent = node.parent {
                XCTAssertTrue(h.nodes[parent].children.contains(index), "\(node.item.id) among its parent's children", file: file, line: line)
            } else {
                XCTAssertTrue(h.roots.contains(index), "\(node.item.id) is a root", file: file, line: line)
            }
        }
    }

    func testUndoingADeleteBringsTheTabBackToItsPlacesAndSelection() throws {
        var model = try modelWithAddedTabs()
        model.mustApply(.moveInSection("c5", to: 0))
        model.mustApply(.addToTabBar("c4", at: 0))
        model.select("c4")
        let before = shot(model)
        XCTAssertEqual(before.declared, ["c1", "c2", "c3", "c4", "c5"])

        let events = model.mustApply(.deleteTab("c4"))
        XCTAssertFalse(model.hierarchy.contains("c4"))
        XCTAssertEqual(model.displayOrder(of: "shelf"), ["c5", "c1", "c2", "c3"])
        XCTAssertFalse(model.tabBarIDs.contains("c4"))
        XCTAssertNotEqual(model.selectedID, "c4")
        XCTAssertEqual(model.runTimeTabs, ["c5"])
        XCTAssertFalse(model.customization.knownIDs.contains("c4"))
        XCTAssertTrue(events.contains(.tabBarDidChange(items: model.tabBarIDs)))
        XCTAssertTrue(events.contains(.displayOrderDidChange(group: "shelf", order: ["c5", "c1", "c2", "c3"])))
        assertTableIsConsistent(model.hierarchy)
        let deleted = shot(model)

        let undone = try XCTUnwrap(model.undo())
        XCTAssertEqual(shot(model), before, "position in the section and the bar, title, selection: all back")
        XCTAssertTrue(undone.contains(.selectionDidChange(tab: "c4")))
        assertTableIsConsistent(model.hierarchy)

        XCTAssertNotNil(model.redo())
        XCTAssertEqual(shot(model), deleted, "U deletes it again")
        XCTAssertNotNil(model.undo())
        XCTAssertEqual(shot(model), before)

        XCTAssertNotNil(model.undo())
        XCTAssertFalse(model.tabBarIDs.contains("c4"), "the edits before the delete are still undoable")
        XCTAssertNotNil(model.undo())
        XCTAssertEqual(model.displayOrder(of: "shelf"), ["c1", "c2", "c3", "c4", "c5"])
    }

    func testADeletedTabOfADefaultOrderComesBackBetweenItsNeighbours() throws {
        var model = try modelWithAddedTabs()
        model.mustApply(.deleteTab("c4"))
        XCTAssertEqual(model.hierarchy.declaredChildren(of: "shelf"), ["c1", "c2", "c3", "c5"])
        XCTAssertEqual(model.sidebarIDs, ["a", "z", "shelf", "c1", "c2", "c3", "c5"])
        XCTAssertTrue(model.isIDTaken("c4"), "a new tab may not take the id undo can bring back")
        XCTAssertNotNil(model.undo())
        XCTAssertEqual(model.hierarchy.declaredChildren(of: "shelf"), ["c1", "c2", "c3", "c4", "c5"])
        XCTAssertEqual(model.runTimeTabs, ["c4", "c5"], "and in the order the tabs were added")
        XCTAssertEqual(model.sidebarIDs, ["a", "z", "shelf", "c1", "c2", "c3", "c4", "c5"])
        assertTableIsConsistent(model.hierarchy)
    }

    func testRenameIsUndoneAndRedone() throws {
        var model = try modelWithAddedTabs()
        model.mustApply(.setHidden("a", true))
        model.mustApply(.renameTab("c4", to: "Trips"))
        XCTAssertEqual(model.hierarchy.item("c4")?.title, "Trips")
        XCTAssertEqual(model.undoStack.count, 2)
        XCTAssertNotNil(model.undo())
        XCTAssertEqual(model.hierarchy.item("c4")?.title, "C4")
        XCTAssertNotNil(model.redo())
        XCTAssertEqual(model.hierarchy.item("c4")?.title, "Trips")
        XCTAssertNotNil(model.undo())
        XCTAssertNotNil(model.undo())
        XCTAssertFalse(model.customization.hidden.contains("a"), "the earlier edit is still undoable")
        XCTAssertEqual(model.hierarchy.item("c4")?.title, "C4")
    }

    func testRenameAndDeleteAreRefusedWithAReason() throws {
        var model = try modelWithAddedTabs()
        let undoDepth = model.undoStack.count
        XCTAssertEqual(model.apply(.deleteTab("c1")), .failure(EditRefusal("only tabs added here can be renamed or deleted")))
        XCTAssertEqual(model.apply(.renameTab("a", to: "B")), .failure(EditRefusal("only tabs added here can be renamed or deleted")))
        XCTAssertEqual(model.apply(.renameTab("c4", to: "")), .failure(EditRefusal("C4 needs a name")))
        XCTAssertEqual(model.apply(.renameTab("c4", to: "C4")), .success([]), "the same name changes nothing")
        XCTAssertEqual(model.undoStack.count, undoDepth, "nothing refused or unchanged is recorded")
        XCTAssertTrue(model.hierarchy.contains("c1"))
    }
}

/// The same through the keys: the item menu's Rename… and Delete…, then `u` and `U` outside
/// edit mode, with the state file following.
final class RunTimeTabUndoScenarioTests: XCTestCase {
    /// Adds "Trips" to Collections with the section's action and drops a video on it.
    private func demoWithTrips() throws -> KeyDriver {
        var app = try KeyDriver(120, 40)
        try app.moveCursor(to: "collections")
        try app.press("a")
        for c in "Trips" { _ = app.state.apply(.key(.character(c))) }
        try app.press("enter")
        try app.moveCursor(to: "cinematic-shots")
        try app.press("enter,tab,m")
        XCTAssertNotNil(app.state.mode.carry, "picked up")
        var steps = 0
        while app.state.mode.carry?.targetID != "user-trips", steps < 30 { try app.press("down"); steps += 1 }
        try app.press("enter")
        XCTAssertEqual(app.state.drops["user-trips"]?.count, 1)
        try app.press("tab")
        try app.moveCursor(to: "user-trips")
        try app.press("enter")
        XCTAssertEqual(app.model.selectedID, "user-trips")
        return app
    }

    /// Opens the item menu and picks the entry with that title.
    private func choose(_ title: String, in app: inout KeyDriver) throws {
        try app.press(".")
        guard case .picking(let menu, _) = app.state.mode,
              let index = menu.entries.firstIndex(where: { $0.title == title }) else {
            return XCTFail("the menu offers \(title)")
        }
        XCTAssertNil(menu.entries[index].refusal)
        try app.press("home" + String(repeating: ",down", count: index) + ",enter")
    }

    func testUIndoesTheDeleteOfARunTimeTabWithWhatWasDroppedOnIt() throws {
        var app = try demoWithTrips()
        try choose("Move up", in: &app)
        let order = app.model.displayOrder(of: "collections")
        XCTAssertEqual(order.suffix(2), ["user-trips", "stunning-vistas"])

        try choose("Delete…", in: &app)
        try app.press("y")
        XCTAssertFalse(app.model.hierarchy.contains("user-trips"))
        XCTAssertEqual(app.footer, "Deleted Trips (u undoes)")
        XCTAssertTrue(app.effects.contains(.save))
        XCTAssertTrue(app.state.savedState.addedTabs.isEmpty)
        XCTAssertNil(app.state.savedState.drops["user-trips"])

        try app.press("u")
        XCTAssertEqual(app.footer, "Undone")
        XCTAssertTrue(app.effects.contains(.save), "the undone delete is saved")
        XCTAssertEqual(app.model.hierarchy.item("user-trips")?.title, "Trips")
        XCTAssertEqual(app.model.displayOrder(of: "collections"), order, "back in its place")
        XCTAssertEqual(app.model.selectedID, "user-trips", "and selected, as it was")
        XCTAssertEqual(app.cursorID, "user-trips")
        XCTAssertEqual(app.state.drops["user-trips"], ["over-the-fjords"])
        XCTAssertEqual(app.model.hierarchy.item("user-trips")?.badge, .count(1))
        XCTAssertEqual(app.state.currentPage.searchEntries.map(\.id), ["over-the-fjords"], "with what was dropped on it")
        let restarted = try app.restarted()
        XCTAssertEqual(restarted.model.hierarchy.item("user-trips")?.title, "Trips")
        XCTAssertEqual(restarted.state.drops["user-trips"], ["over-the-fjords"])
        XCTAssertEqual(restarted.model.displayOrder(of: "collections"), order)

        try app.press("U")
        XCTAssertEqual(app.footer, "Redone")
        XCTAssertFalse(app.model.hierarchy.contains("user-trips"))
        XCTAssertFalse(try app.restarted().model.hierarchy.contains("user-trips"))
        try app.press("u,u")
        XCTAssertEqual(app.model.displayOrder(of: "collections").suffix(2), ["stunning-vistas", "user-trips"],
                       "the move before the delete is undone next: the history survived")
    }

    func testUIndoesARenameAndTheStateFollows() throws {
        var app = try demoWithTrips()
        try choose("Rename…", in: &app)
        XCTAssertEqual(app.state.mode.keymapMode, .prompt)
        try app.press("C-u")
        for c in "Road Trips" { _ = app.state.apply(.key(.character(c))) }
        try app.press("enter")
        XCTAssertEqual(app.footer, "Renamed Trips to Road Trips (u undoes)")
        XCTAssertEqual(try app.restarted().model.hierarchy.item("user-trips")?.title, "Road Trips")

        try app.press("u")
        XCTAssertEqual(app.model.hierarchy.item("user-trips")?.title, "Trips")
        XCTAssertTrue(app.effects.contains(.save))
        XCTAssertEqual(app.state.savedState.addedTabs.map(\.title), ["Trips"])
        try app.press("U")
        XCTAssertEqual(app.model.hierarchy.item("user-trips")?.title, "Road Trips")
        XCTAssertEqual(app.state.savedState.addedTabs.map(\.title), ["Road Trips"])
    }

    func testANewTabDoesNotTakeTheIDOfADeletedOneUndoCanBringBack() throws {
        var app = try demoWithTrips()
        try choose("Delete…", in: &app)
        try app.press("y")
        try app.moveCursor(to: "collections")
        try app.press("a")
        for c in "Trips" { _ = app.state.apply(.key(.character(c))) }
        try app.press("enter")
        XCTAssertTrue(app.model.hierarchy.contains("user-trips-2"))
        XCTAssertEqual(app.model.hierarchy.item("user-trips-2")?.badge, nil, "nothing of the deleted tab")
        try app.press("u")
        XCTAssertEqual(app.model.hierarchy.item("user-trips")?.title, "Trips")
        XCTAssertTrue(app.model.hierarchy.contains("user-trips-2"))
    }

    func testDeletingOneRunTimeTabLeavesTheCursorWhereItWas() throws {
        var app = try KeyDriver(120, 40)
        for name in ["Alpha", "Beta"] {
            try app.moveCursor(to: "collections")
            try app.press("a")
            for c in name { _ = app.state.apply(.key(.character(c))) }
            try app.press("enter")
        }
        try app.moveCursor(to: "user-beta")
        let row = app.state.sidebarCursor
        try choose("Delete…", in: &app)
        try app.press("y")
        XCTAssertEqual(app.state.sidebarCursor, row, "on the row that followed Beta, not on another added tab")
        XCTAssertEqual(app.cursorID, "animations")
        try app.press("u")
        XCTAssertEqual(app.cursorID, "user-beta", "undo puts the cursor on the tab that came back")
    }
}

/// A tab a person added keeps existing when a later layout declares its id itself: it is kept
/// under a fresh id (with what was dropped on it) and the footer says so — nothing saved is
/// silently lost.
final class RunTimeTabIDCollisionTests: XCTestCase {
    func testAnAddedTabWhoseIDTheLayoutNowDeclaresIsKeptUnderAFreshID() throws {
        let layout = TabLayout(id: "t", title: "T") {
            TabSection("Shelf", id: "shelf") {
                Tab("Declared Zed", id: "user-zed", content: .text("declared"))
            }
        }
        var saved = SavedState()
        saved.addedTabs = [AddedTab(section: "shelf", id: "user-zed", title: "Zed")]
        let state = AppState(hierarchy: try TabHierarchy(layout), saved: saved, options: AppOptions(mode: .sidebar),
                             size: TerminalSize(columns: 100, rows: 30))
        XCTAssertEqual(state.model.hierarchy.item("user-zed")?.title, "Declared Zed")
        XCTAssertEqual(state.model.hierarchy.item("user-zed-2")?.title, "Zed", "the person's tab is still there")
        XCTAssertEqual(state.savedState.addedTabs.map(\.id), ["user-zed-2"], "and is saved again")
        XCTAssertEqual(state.message?.text, "Kept Zed: the layout now uses the same id, so yours got a new one")
    }
}
