import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
import TabNavDemo

/// Drives the reducer with key events only — what `tabnav-tui render --keys` and a person at the
/// keyboard do — and checks the model, the footer and the effects (events, saves, quit).
final class AppScenarioTests: XCTestCase {
    /// The demo's default bar, as the model lists it (fixed, customizable, pinned).
    static let defaultBar = ["watch-now", "library", "new", "favorites", "collections", "animations", "search"]
    static let collections = ["cinematic-shots", "forest-life", "by-the-sea", "cute-critters",
                              "overnight-adventures", "stunning-vistas"]

    /// A running demo plus every effect its keys produced (the shared `KeyDriver`).
    typealias Driver = KeyDriver

    private func downs(_ n: Int) -> String { Array(repeating: "down", count: n).joined(separator: ",") }

    // MARK: Moving, adding and removing in the tab bar

    func testMoveLibraryAfterNew() throws {
        var app = try Driver(80, 24)
        XCTAssertEqual(app.bar, Self.defaultBar)
        try app.press("e")
        XCTAssertEqual(app.events, [.editingDidChange(editing: true)])
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
        try app.press("right,enter")
        XCTAssertEqual(app.state.mode.keymapMode, .grab)
        XCTAssertEqual(app.state.mode.grab?.itemID, "library")
        XCTAssertEqual(app.footer, "Moving Library: arrows move, Enter drops, Esc puts it back")
        try app.press("right")
        XCTAssertEqual(app.effects, [], "moving the grabbed item changes nothing yet")
        XCTAssertEqual(app.bar, Self.defaultBar)
        XCTAssertEqual(app.state.mode.grab?.previewTabBar.map(\.id),
                       ["watch-now", "new", "library", "favorites", "collections", "animations", "search"])
        try app.press("enter")
        let moved = ["watch-now", "new", "library", "favorites", "collections", "animations", "search"]
        XCTAssertEqual(app.bar, moved)
        XCTAssertEqual(app.effects, [.emit(.tabBarDidChange(items: moved)), .save])
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
        XCTAssertEqual(app.state.editCursorItemID, "library", "the cursor follows the dropped item")
        try app.press("e")
        XCTAssertEqual(app.effects, [.emit(.editingDidChange(editing: false)), .save])
        XCTAssertEqual(app.state.mode.keymapMode, .normal)
        XCTAssertEqual(app.bar, moved)
    }

    func testSavedStateRoundTripKeepsOrder() throws {
        var app = try Driver(80, 24)
        try app.press("e,right,enter,right,enter,e,l,l")
        XCTAssertEqual(app.model.selectedID, "library")
        let again = try app.restarted()
        XCTAssertEqual(again.bar, ["watch-now", "new", "library", "favorites", "collections", "animations", "search"])
        XCTAssertEqual(again.model.selectedID, "library", "the selection is restored")
        XCTAssertFalse(again.state.sidebarShowing)
        XCTAssertEqual(again.state.savedState.customization, app.state.savedState.customization)
        // Through the file format too.
        let decoded = try SavedStateCoding.decode(SavedStateCoding.encode(app.state.savedState))
        XCTAssertEqual(decoded, app.state.savedState)
    }

    func testMoveWithGrabAndEscPutsBack() throws {
        var app = try Driver(80, 24)
        try app.press("e,right,enter,right,right")
        try app.press("esc")
        XCTAssertEqual(app.effects, [])
        XCTAssertEqual(app.footer, "Put back Library")
        XCTAssertEqual(app.bar, Self.defaultBar)
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
        XCTAssertNil(app.state.mode.grab)
    }

    func testAddCinematicShotsToBarFromSidebar() throws {
        var app = try Driver(120, 40)
        XCTAssertTrue(app.state.sidebarShowing, "wide: the sidebar shows on first launch")
        try app.press("e")
        try app.moveCursor(to: "cinematic-shots")
        try app.press("enter")
        XCTAssertEqual(app.state.mode.grab?.itemID, "cinematic-shots")
        try app.press("up")
        XCTAssertEqual(app.state.mode.grab?.target, .tabBar(5), "past the top of its section: into the bar's end")
        try app.press("enter")
        let bar = ["watch-now", "library", "new", "favorites", "collections", "animations", "cinematic-shots", "search"]
        XCTAssertEqual(app.bar, bar)
        XCTAssertEqual(app.effects, [.emit(.tabBarDidChange(items: bar)), .save])
        XCTAssertEqual(try app.restarted().bar, bar)
    }

    func testAddToBarWithPlusAndMoveAlongTheBar() throws {
        var app = try Driver(120, 40)
        try app.press("e")
        try app.moveCursor(to: "downloads")
        try app.press("+")
        XCTAssertEqual(app.bar.suffix(2), ["downloads", "search"])
        XCTAssertEqual(app.saves, 1)
        // A sidebar-only tab can never go to the bar.
        try app.moveCursor(to: "settings")
        try app.press("+")
        XCTAssertEqual(app.effects, [])
        XCTAssertEqual(app.footer, "Settings is only in the sidebar")
        XCTAssertFalse(app.bar.contains("settings"))
    }

    func testGrabbingWatchNowIsRefused() throws {
        var app = try Driver(80, 24)
        try app.press("e")
        XCTAssertEqual(app.state.editCursorItemID, "watch-now")
        let before = app.state.savedState
        try app.press("enter")
        XCTAssertEqual(app.footer, "Watch Now is fixed")
        XCTAssertEqual(app.state.message?.isError, true)
        XCTAssertEqual(app.effects, [])
        XCTAssertNil(app.state.mode.grab)
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
        XCTAssertEqual(app.state.savedState, before)
        // Removing it is refused the same way.
        try app.press("x")
        XCTAssertEqual(app.footer, "Watch Now is fixed")
        XCTAssertEqual(app.effects, [])
        XCTAssertEqual(app.bar, Self.defaultBar)
    }

    func testGrabbingWatchNowFromTheSidebarIsRefused() throws {
        var app = try Driver(120, 40)
        try app.press("e")
        XCTAssertEqual(app.state.editCursorItemID, "watch-now")
        try app.press("enter")
        XCTAssertEqual(app.footer, "Watch Now is fixed")
        XCTAssertNil(app.state.mode.grab)
        try app.press("space")
        XCTAssertEqual(app.footer, "Watch Now is fixed")
        XCTAssertEqual(app.effects, [])
        XCTAssertTrue(app.model.customization.hidden.isEmpty)
    }

    func testGrabbingSearchIsRefused() throws {
        var app = try Driver(80, 24)
        try app.press("e,end")
        XCTAssertEqual(app.state.editCursorItemID, "search")
        let before = app.state.savedState
        try app.press("enter")
        XCTAssertEqual(app.footer, "Search is pinned")
        XCTAssertEqual(app.effects, [])
        XCTAssertNil(app.state.mode.grab)
        try app.press("x")
        XCTAssertEqual(app.footer, "Search is pinned")
        XCTAssertEqual(app.state.savedState, before)
    }

    func testRemoveDefaultTabByGrabbingItDown() throws {
        var app = try Driver(80, 24)
        try app.press("e,right,right,right")
        XCTAssertEqual(app.state.editCursorItemID, "favorites")
        try app.press("enter,down")
        XCTAssertEqual(app.state.mode.grab?.target, .outOfTabBar)
        XCTAssertFalse(app.state.mode.grab?.previewTabBar.contains { $0.id == "favorites" } ?? true)
        try app.press("enter")
        let bar = ["watch-now", "library", "new", "collections", "animations", "search"]
        XCTAssertEqual(app.bar, bar)
        XCTAssertEqual(app.effects, [.emit(.tabBarDidChange(items: bar)), .save])
        XCTAssertTrue(app.model.isVisible("favorites"), "removed from the bar, still in the sidebar")
    }

    func testRemoveSelectedTabWithXMovesSelectionToFirst() throws {
        var app = try Driver(80, 24)
        try app.press("l")
        XCTAssertEqual(app.model.selectedID, "library")
        try app.press("e")
        XCTAssertEqual(app.state.editCursorItemID, "library", "edit mode starts on the selected tab")
        try app.press("x")
        let bar = ["watch-now", "new", "favorites", "collections", "animations", "search"]
        XCTAssertEqual(app.bar, bar)
        XCTAssertEqual(app.model.selectedID, "watch-now")
        XCTAssertEqual(app.effects, [.emit(.tabBarDidChange(items: bar)), .emit(.selectionDidChange(tab: "watch-now")), .save])
    }

    func testRightToLeftArrowsFollowTheMirroredBar() throws {
        var app = try Driver(80, 24, options: AppOptions(rightToLeft: true))
        try app.press("left")
        XCTAssertEqual(app.model.selectedID, "library", "← goes towards the trailing end, which is on the left")
        try app.press("right,right")
        XCTAssertEqual(app.model.selectedID, "watch-now")
        try app.press("e,left,enter,left")
        XCTAssertEqual(app.state.mode.grab?.itemID, "library")
        try app.press("enter")
        XCTAssertEqual(app.bar, ["watch-now", "new", "library", "favorites", "collections", "animations", "search"])
    }

    // MARK: Hiding, undo, reset

    func testHideForestLife() throws {
        var app = try Driver(120, 40)
        try app.press("e")
        try app.moveCursor(to: "forest-life")
        try app.press("space")
        XCTAssertEqual(app.effects, [.emit(.visibilityDidChange(tabs: ["forest-life"], hidden: true)), .save])
        XCTAssertEqual(app.model.customization.hidden, ["forest-life"])
        XCTAssertFalse(app.model.isVisible("forest-life"))
        XCTAssertEqual(app.state.editCursorItemID, "forest-life", "edit mode still lists it (unchecked)")
        try app.press("e")
        XCTAssertFalse(app.state.sidebarRows.contains { app.model.hierarchy.nodes[$0.node].item.id == "forest-life" })
        let again = try app.restarted()
        XCTAssertFalse(again.model.isVisible("forest-life"))
        // Unhide.
        try app.press("e")
        try app.moveCursor(to: "forest-life")
        try app.press("space")
        XCTAssertEqual(app.events, [.visibilityDidChange(tabs: ["forest-life"], hidden: false)])
        XCTAssertTrue(app.model.isVisible("forest-life"))
    }

    func testHidingTheSelectedTabSelectsTheFirstTabOfTheBar() throws {
        var app = try Driver(120, 40)
        try app.moveCursor(to: "forest-life")
        try app.press("enter")
        XCTAssertEqual(app.model.selectedID, "forest-life")
        try app.press("e,space")
        XCTAssertEqual(app.model.selectedID, "watch-now")
        XCTAssertTrue(app.events.contains(.selectionDidChange(tab: "watch-now")))
        XCTAssertTrue(app.events.contains(.visibilityDidChange(tabs: ["forest-life"], hidden: true)))
    }

    func testGrabbingSearchInTheSidebarIsRefused() throws {
        var app = try Driver(120, 40)
        try app.press("e")
        try app.moveCursor(to: "search")
        try app.press("enter")
        XCTAssertEqual(app.footer, "Search is pinned")
        XCTAssertNil(app.state.mode.grab)
        XCTAssertEqual(app.effects, [])
    }

    func testHidingRemovesFromTheBar() throws {
        var app = try Driver(120, 40)
        try app.press("e")
        try app.moveCursor(to: "forest-life")
        try app.press("+")
        XCTAssertTrue(app.bar.contains("forest-life"))
        try app.press("space")
        XCTAssertFalse(app.bar.contains("forest-life"))
        XCTAssertEqual(app.events.first, .tabBarDidChange(items: Self.defaultBar))
        XCTAssertTrue(app.events.contains(.visibilityDidChange(tabs: ["forest-life"], hidden: true)))
    }

    func testUndo() throws {
        var app = try Driver(80, 24)
        try app.press("e,right,x")
        XCTAssertFalse(app.bar.contains("library"))
        try app.press("u")
        XCTAssertEqual(app.bar, Self.defaultBar)
        XCTAssertEqual(app.effects, [.emit(.tabBarDidChange(items: Self.defaultBar)), .save])
        XCTAssertEqual(app.footer, "Undone")
        try app.press("u")
        XCTAssertEqual(app.effects, [])
        XCTAssertEqual(app.footer, "Nothing to undo")
    }

    func testResetWithConfirmation() throws {
        var app = try Driver(120, 40)
        try app.press("e")
        try app.moveCursor(to: "forest-life")
        try app.press("space")
        try app.press("up,enter,down,enter")  // Cinematic Shots one place down
        try app.press("R")
        XCTAssertEqual(app.state.mode.keymapMode, .confirm)
        XCTAssertEqual(app.effects, [])
        try app.press("y")
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
        XCTAssertTrue(app.model.customization.hidden.isEmpty)
        XCTAssertNil(app.model.customization.sectionOrder["collections"])
        XCTAssertEqual(app.model.displayOrder(of: "collections"), Self.collections)
        XCTAssertEqual(app.bar, Self.defaultBar)
        XCTAssertTrue(app.events.contains(.visibilityDidChange(tabs: ["forest-life"], hidden: false)))
        XCTAssertEqual(app.effects.last, .save)
        XCTAssertEqual(app.footer, "Reset to the defaults (u undoes)")
        try app.press("u")
        XCTAssertEqual(app.model.customization.hidden, ["forest-life"], "the reset itself can be undone")
    }

    /// `R` folds every section open again; `u` right after puts the folded ones back, like the
    /// rest of what the reset changed.
    func testUndoOfResetRestoresFoldedSections() throws {
        var app = try Driver(120, 40)
        try app.moveCursor(to: "collections")
        try app.press("space")
        XCTAssertTrue(app.model.isCollapsed("collections"))
        try app.press("e,R,y")
        XCTAssertFalse(app.model.isCollapsed("collections"), "reset unfolds")
        try app.press("u")
        XCTAssertTrue(app.model.isCollapsed("collections"), "undoing the reset folds it again")
    }

    func testResetDeclinedKeepsEverything() throws {
        var app = try Driver(80, 24)
        try app.press("e,right,x")
        let customized = app.state.savedState
        try app.press("R,n")
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
        XCTAssertEqual(app.effects, [])
        XCTAssertEqual(app.state.savedState, customized)
        XCTAssertEqual(app.footer, "Reset cancelled")
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
    }

    // MARK: Sections

    func testReorderInsideCollections() throws {
        var app = try Driver(120, 40)
        try app.press("e")
        try app.moveCursor(to: "forest-life")
        try app.press("enter,up")
        XCTAssertEqual(app.state.mode.grab?.target, .section(0))
        try app.press("enter")
        let order = ["forest-life", "cinematic-shots", "by-the-sea", "cute-critters", "overnight-adventures", "stunning-vistas"]
        XCTAssertEqual(app.model.displayOrder(of: "collections"), order)
        XCTAssertEqual(app.effects, [.emit(.displayOrderDidChange(group: "collections", order: order)), .save])
        XCTAssertEqual(app.state.editCursorItemID, "forest-life", "the cursor follows the item")
        // Down two places.
        try app.press("enter,down,down,enter")
        let order2 = ["cinematic-shots", "by-the-sea", "forest-life", "cute-critters", "overnight-adventures", "stunning-vistas"]
        XCTAssertEqual(app.model.displayOrder(of: "collections"), order2)
        XCTAssertEqual(try app.restarted().model.displayOrder(of: "collections"), order2)
    }

    func testReorderInsideAnimationsIsRefused() throws {
        var app = try Driver(120, 40)
        try app.press("e")
        try app.moveCursor(to: "forest")
        try app.press("enter")
        // Not reorderable, but it can still be dragged into the bar: up goes straight there.
        try app.press("up")
        XCTAssertEqual(app.state.mode.grab?.target, .tabBar(5))
        try app.press("esc")
        XCTAssertEqual(app.model.displayOrder(of: "animations"), ["ocean", "forest", "sky"])
    }

    func testCollapseSectionSurvivesRestart() throws {
        var app = try Driver(120, 40)
        XCTAssertEqual(app.state.focus, .sidebar)
        try app.moveCursor(to: "collections")
        try app.press("space")
        XCTAssertEqual(app.effects, [.save])
        XCTAssertTrue(app.model.isCollapsed("collections"))
        let ids = app.state.sidebarRows.map { app.model.hierarchy.nodes[$0.node].item.id }
        XCTAssertTrue(ids.contains("collections"))
        XCTAssertFalse(ids.contains("cinematic-shots"))
        XCTAssertEqual(app.state.id(ofRow: app.state.sidebarCursor), "collections", "the cursor stays on the header")
        let again = try app.restarted()
        XCTAssertTrue(again.model.isCollapsed("collections"))
        XCTAssertFalse(again.state.sidebarRows.contains { again.model.hierarchy.nodes[$0.node].item.id == "forest-life" })
        // Expand again.
        try app.press("space")
        XCTAssertFalse(app.model.isCollapsed("collections"))
    }

    func testSpaceOffAHeaderExplains() throws {
        var app = try Driver(120, 40)
        try app.press("space")
        XCTAssertEqual(app.effects, [])
        XCTAssertEqual(app.footer, "Space folds a section: put the cursor on a section header")
    }

    // MARK: Section actions

    func testNewCollectionSurvivesRestart() throws {
        var app = try Driver(120, 40)
        try app.moveCursor(to: "collections")
        try app.press("a")
        XCTAssertEqual(app.effects, [.emit(.sectionActionInvoked(group: "collections", action: "new-collection"))])
        guard case .naming(let prompt, _) = app.state.mode else {
            return XCTFail("a name is asked for")
        }
        XCTAssertEqual(prompt.section, "collections")
        app.type("Road Trips")
        XCTAssertEqual(app.effects, [])
        try app.press("enter")
        let order = Self.collections + ["user-road-trips"]
        XCTAssertEqual(app.effects, [.emit(.displayOrderDidChange(group: "collections", order: order)), .save])
        XCTAssertEqual(app.state.mode, .browsing(.sidebar))
        XCTAssertEqual(app.footer, "Added Road Trips to Collections")
        XCTAssertEqual(app.model.selectedID, "watch-now", "a section action does not change the selection")
        XCTAssertEqual(app.model.hierarchy.item("user-road-trips")?.title, "Road Trips")

        let again = try app.restarted()
        XCTAssertEqual(again.model.hierarchy.item("user-road-trips")?.title, "Road Trips")
        XCTAssertEqual(again.model.displayOrder(of: "collections"), order)
        XCTAssertTrue(again.state.sidebarRows.contains { again.model.hierarchy.nodes[$0.node].item.id == "user-road-trips" })
        XCTAssertEqual(again.state.savedState.addedTabs.map(\.title), ["Road Trips"])
    }

    func testNewCollectionPromptCancelAndEmptyName() throws {
        var app = try Driver(120, 40)
        try app.moveCursor(to: "collections")
        try app.press("a,enter")
        XCTAssertEqual(app.footer, "Type a name, or Esc to cancel")
        XCTAssertEqual(app.state.mode.keymapMode, .prompt)
        try app.press("x,esc")
        XCTAssertEqual(app.state.mode, .browsing(.sidebar))
        XCTAssertEqual(app.footer, "Cancelled")
        XCTAssertEqual(app.model.displayOrder(of: "collections"), Self.collections)
        XCTAssertTrue(app.state.savedState.addedTabs.isEmpty)
    }

    func testRefreshReportsInFooter() throws {
        var app = try Driver(120, 40)
        try app.moveCursor(to: "animations")
        try app.press("a")
        XCTAssertEqual(app.effects, [.emit(.sectionActionInvoked(group: "animations", action: "refresh"))])
        XCTAssertEqual(app.footer, "Refresh: Animations is up to date")
        XCTAssertEqual(app.model.selectedID, "watch-now")
    }

    // MARK: Drops

    func testDropOnCollectionCountsInBadge() throws {
        var app = try Driver(120, 40)
        try app.press("tab")
        XCTAssertEqual(app.state.focus, .content)
        try app.press("m")
        XCTAssertEqual(app.state.mode.carry?.item.id, "first-light-over-the-dunes")
        XCTAssertEqual(app.state.mode.keymapMode, .carry)
        try app.moveCursor(to: "cinematic-shots")
        XCTAssertEqual(app.state.mode.carry?.targetID, "cinematic-shots")
        XCTAssertNil(app.model.hierarchy.item("cinematic-shots")?.badge)
        try app.press("enter")
        XCTAssertEqual(app.effects, [.emit(.itemsDropped(tab: "cinematic-shots", items: ["first-light-over-the-dunes"])), .save])
        XCTAssertEqual(app.model.hierarchy.item("cinematic-shots")?.badge, .count(1))
        XCTAssertNil(app.state.mode.carry)
        XCTAssertEqual(app.footer, "Added First Light over the Dunes to Cinematic Shots")
        XCTAssertTrue(app.state.pages(of: "cinematic-shots")[0].searchEntries.contains { $0.id == "first-light-over-the-dunes" },
                      "the collection's list holds the dropped video")

        // A second video (the drop gave the focus back to the content): the badge counts 2, and it
        // survives a restart.
        XCTAssertEqual(app.state.focus, .content)
        try app.press("down,m")
        try app.moveCursor(to: "cinematic-shots")
        try app.press("enter")
        XCTAssertEqual(app.events, [.itemsDropped(tab: "cinematic-shots", items: ["harbour-at-dusk"])])
        XCTAssertEqual(app.model.hierarchy.item("cinematic-shots")?.badge, .count(2))
        XCTAssertEqual(try app.restarted().model.hierarchy.item("cinematic-shots")?.badge, .count(2))
    }

    func testDropOnANewCollectionSurvivesRestart() throws {
        var app = try Driver(120, 40)
        try app.moveCursor(to: "collections")
        try app.press("a")
        app.type("Trips")
        try app.press("enter,tab,m")
        try app.moveCursor(to: "user-trips")
        try app.press("enter")
        XCTAssertEqual(app.events, [.itemsDropped(tab: "user-trips", items: ["first-light-over-the-dunes"])])
        let again = try app.restarted()
        XCTAssertEqual(again.model.hierarchy.item("user-trips")?.badge, .count(1))
        XCTAssertEqual(again.state.pages(of: "user-trips")[0].searchEntries.map(\.id), ["first-light-over-the-dunes"])
    }

    func testDroppingTheSameVideoTwiceAddsItOnce() throws {
        var app = try Driver(120, 40)
        for round in 0..<2 {
            // The first drop gives the focus back to the content, where the entry was picked up.
            try app.press(round == 0 ? "tab,m" : "m")
            try app.moveCursor(to: "by-the-sea")
            try app.press("enter")
        }
        XCTAssertEqual(app.effects, [])
        XCTAssertEqual(app.footer, "First Light over the Dunes is already in By the Sea")
        XCTAssertEqual(app.model.hierarchy.item("by-the-sea")?.badge, .count(1))
        XCTAssertEqual(app.state.drops["by-the-sea"], ["first-light-over-the-dunes"])
    }

    func testDropRefusedByLibraryThenCancelled() throws {
        var app = try Driver(120, 40)
        try app.press("tab,m,down")
        XCTAssertEqual(app.state.mode.carry?.targetID, "library")
        try app.press("enter")
        XCTAssertEqual(app.effects, [])
        XCTAssertEqual(app.footer, "Library doesn't accept First Light over the Dunes")
        XCTAssertNotNil(app.state.mode.carry, "still carrying it")
        try app.press("esc")
        XCTAssertNil(app.state.mode.carry)
        XCTAssertEqual(app.footer, "Put back First Light over the Dunes")
        XCTAssertTrue(app.state.drops.isEmpty)
    }

    // MARK: Content navigation

    func testNavigationStackKeptPerTab() throws {
        var app = try Driver(80, 24)
        try app.press("l,down,down,enter")
        XCTAssertEqual(app.model.selectedID, "library")
        XCTAssertEqual(app.state.currentPage.title, "City of Bridges")
        XCTAssertEqual(app.state.currentDepth, 2)
        try app.press("right")
        XCTAssertEqual(app.model.selectedID, "new")
        XCTAssertNil(app.state.currentPage.title, "New has its own stack")
        XCTAssertEqual(app.state.currentDepth, 1)
        try app.press("left")
        XCTAssertEqual(app.model.selectedID, "library")
        XCTAssertEqual(app.state.currentPage.title, "City of Bridges", "still on the detail page")
        XCTAssertEqual(app.state.currentDepth, 2)
        try app.press("backspace")
        XCTAssertNil(app.state.currentPage.title)
        XCTAssertEqual(app.state.currentDepth, 1)
        XCTAssertEqual(app.state.currentPage.draggableEntry?.id, "city-of-bridges", "back on the row it was opened from")
        try app.press("backspace")
        XCTAssertEqual(app.footer, "Already at the top of Library")
    }

    func testSearchFindsForestFromFrst() throws {
        var app = try Driver(80, 24)
        try app.press("/")
        XCTAssertEqual(app.model.selectedID, "search")
        XCTAssertEqual(app.state.mode.keymapMode, .search)
        app.type("frst")
        XCTAssertEqual(app.state.search.field.text, "frst")
        let titles = app.state.search.results.map(\.title)
        XCTAssertTrue(titles.prefix(3).contains("Forest"), "\(titles)")
        XCTAssertTrue(titles.prefix(3).allSatisfy { $0.contains("Forest") || $0.hasPrefix("F") }, "\(titles)")
        XCTAssertTrue(titles.allSatisfy { $0.lowercased().contains("f") })
        // Enter jumps to the best result.
        try app.press("enter")
        XCTAssertEqual(app.model.selectedID, "forest")
        XCTAssertEqual(app.state.mode.keymapMode, .normal)
    }

    /// An entry found by search opens on the search tab's own stack; Backspace returns to the
    /// results with the query kept.
    func testSearchOpensAVideoPageInTheSearchTab() throws {
        var app = try Driver(80, 24)
        try app.press("/")
        app.type("first light")
        guard case .entry(let entry, let tab, _)? = app.state.search.results.first?.kind else {
            return XCTFail("the best result is not an entry: \(app.state.search.results.map(\.kind))")
        }
        XCTAssertEqual(entry.id, "first-light-over-the-dunes")
        XCTAssertEqual(tab, "watch-now")
        XCTAssertEqual(app.state.search.results.first?.context, "in Watch Now")
        try app.press("enter")
        XCTAssertEqual(app.model.selectedID, "search", "the result opens in the search tab")
        XCTAssertEqual(app.state.currentPage.title, "First Light over the Dunes")
        XCTAssertEqual(app.state.currentDepth, 2)
        XCTAssertEqual(app.state.currentPage.draggableEntry?.id, "first-light-over-the-dunes", "the video's own page")
        XCTAssertEqual(app.state.pages(of: "watch-now").count, 1, "Watch Now's stack is left alone")
        try app.press("backspace")
        XCTAssertEqual(app.model.selectedID, "search")
        XCTAssertEqual(app.state.currentDepth, 1)
        XCTAssertNil(app.state.currentPage.title)
        XCTAssertEqual(app.state.search.field.text, "first light", "the query is kept")
        XCTAssertEqual(app.state.search.results.first?.title, "First Light over the Dunes")
    }

    /// Every printable character typed into the field goes to the field — `?` included (F1 is help).
    func testSearchFieldTakesQuestionMarkAndLetterKeys() throws {
        var app = try Driver(80, 24)
        try app.press("/")
        app.type("what? sqe")
        XCTAssertEqual(app.state.search.field.text, "what? sqe")
        XCTAssertEqual(app.state.mode, .searching)
        XCTAssertEqual(app.state.mode.keymapMode, .search)
        XCTAssertEqual(app.effects, [])
        try app.press("f1")
        XCTAssertEqual(app.state.mode, .help(scroll: 0, over: .searching))
    }

    func testSearchWithNoMatch() throws {
        var app = try Driver(80, 24)
        try app.press("/")
        app.type("zzzq")
        XCTAssertTrue(app.state.search.results.isEmpty)
        try app.press("enter")
        XCTAssertEqual(app.footer, "Nothing matches \"zzzq\"")
        try app.press("esc")
        XCTAssertEqual(app.state.mode.keymapMode, .normal)
        XCTAssertEqual(app.model.selectedID, "search")
    }

    // MARK: Help and quitting

    func testHelpOpensAndAnyKeyClosesIt() throws {
        for key in ["s", "e", "x", "esc", "enter", "q", "?"] {
            var app = try Driver(80, 24)
            try app.press("?")
            XCTAssertEqual(app.state.mode, .help(scroll: 0, over: .browsing(.tabBar)))
            let before = app.state.savedState
            try app.press(key)
            XCTAssertEqual(app.state.mode, .browsing(.tabBar), "\(key) closes the help")
            XCTAssertEqual(app.effects, [], "\(key) only closes the help")
            XCTAssertEqual(app.state.savedState, before, "\(key) only closes the help")
            XCTAssertEqual(app.state.mode.keymapMode, .normal)
        }
    }

    /// The arrows scroll the help (it no longer fits on 24 rows); they never close it.
    func testHelpScrollsWithTheArrows() throws {
        var app = try Driver(80, 24)
        try app.press("?")
        let lines = app.state.helpRows(for: app.state.mode.base, ascii: false).rows.count
        XCTAssertGreaterThan(lines, 20, "the normal-mode help is longer than a 24-row screen")
        try app.press("down,down")
        XCTAssertEqual(app.state.mode, .help(scroll: 2, over: .browsing(.tabBar)))
        XCTAssertEqual(app.effects, [])
        try app.press("up")
        XCTAssertEqual(app.state.mode, .help(scroll: 1, over: .browsing(.tabBar)))
        try app.press("up,up")
        XCTAssertEqual(app.state.mode, .help(scroll: 0, over: .browsing(.tabBar)), "stops at the top")
        try app.press("end")
        guard case .help(let bottom, _) = app.state.mode else { return XCTFail("End keeps the help open") }
        XCTAssertEqual(bottom, lines - 20, "End shows the last page")
        try app.press("down")
        XCTAssertEqual(app.state.mode, .help(scroll: bottom, over: .browsing(.tabBar)), "stops at the end")
        try app.press("esc")
        XCTAssertEqual(app.state.mode, .browsing(.tabBar))
    }

    func testHelpInEditModeShowsEditKeys() throws {
        var app = try Driver(80, 24)
        try app.press("e,?")
        XCTAssertEqual(app.state.mode.keymapMode, .help)
        XCTAssertEqual(app.state.mode.base.keymapMode, .edit)
        try app.press("u")
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
    }

    func testQuitEmitsWillTerminateAndSaves() throws {
        var app = try Driver(80, 24)
        try app.press("q")
        XCTAssertEqual(app.effects, [.emit(.willTerminate), .save, .quit])
        var again = try Driver(80, 24)
        try again.press("C-c")
        XCTAssertEqual(again.effects, [.emit(.willTerminate), .save, .quit])
    }

    func testQuitFromEditModeLeavesItFirst() throws {
        var app = try Driver(80, 24)
        try app.press("e")
        try app.press("q")
        XCTAssertEqual(app.events, [.editingDidChange(editing: false), .willTerminate])
        XCTAssertEqual(app.effects.last, .quit)
        XCTAssertTrue(app.effects.contains(.save))
    }

    // MARK: Sidebar toggle

    func testToggleSidebarIsSavedAndRestored() throws {
        var app = try Driver(80, 24)
        XCTAssertFalse(app.state.sidebarShowing)
        try app.press("s")
        XCTAssertEqual(app.effects, [.emit(.sidebarVisibilityDidChange(visible: true)), .save])
        XCTAssertTrue(app.state.sidebarShowing)
        XCTAssertEqual(app.state.focus, .sidebar)
        XCTAssertTrue(try app.restarted().state.sidebarShowing)
        // A wide restart keeps the person's choice too.
        try app.press("s")
        XCTAssertFalse(try app.restarted(120, 40).state.sidebarShowing)
    }
}

/// `q` quits from every mode, putting back whatever is held.
final class QuitWhileHoldingTests: XCTestCase {
    private func demoState() throws -> AppState {
        AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil, options: AppOptions(mode: .tabbar),
                 size: TerminalSize(columns: 100, rows: 30))
    }

    func testQuitWhileGrabbingPutsTheItemBackAndQuits() throws {
        var state = try demoState()
        for action in try KeyNames.parseList("e,right,enter,right") { _ = state.apply(action) }
        XCTAssertNotNil(state.mode.grab)
        let bar = state.model.tabBarIDs
        let effects = state.apply(.key(.character("q")))
        XCTAssertTrue(effects.contains(.quit))
        XCTAssertTrue(effects.contains(.emit(.editingDidChange(editing: false))))
        XCTAssertEqual(state.model.tabBarIDs, bar, "the grabbed item is put back, not dropped")
    }

    func testQuitWhileCarryingAVideoQuits() throws {
        var state = try demoState()
        for action in try KeyNames.parseList("down,m") { _ = state.apply(action) }
        XCTAssertNotNil(state.mode.carry)
        let effects = state.apply(.key(.character("q")))
        XCTAssertEqual(effects.last, .quit)
        XCTAssertNil(state.mode.carry)
    }
}

/// `<` `>` scroll text lines sideways while the content has the focus; lists do not move.
final class SidewaysScrollTests: XCTestCase {
    func testTextScrollsSidewaysWithinItsWidestLine() throws {
        let layout = TabLayout(id: "t", title: "T") {
            Tab("Log", id: "log", content: .text("short\n" + String(repeating: "x", count: 30)))
            Tab("Entries", id: "entries", content: .list([ContentEntry(id: "v", title: "V")]))
        }
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(mode: .tabbar),
                             size: TerminalSize(columns: 40, rows: 10))
        func column() -> Int? { (state.currentPage as? TextPage)?.column }
        // On the bar, `>` says where it works and scrolls nothing.
        _ = state.apply(.key(.character(">")))
        XCTAssertEqual(column(), 0)
        XCTAssertEqual(state.message?.text, "< and > scroll text sideways: Tab moves to the content")
        _ = state.apply(.key(.down))
        XCTAssertEqual(state.focus, .content)
        _ = state.apply(.key(.character(">")))
        XCTAssertEqual(column(), 8)
        for _ in 0..<10 { _ = state.apply(.key(.character(">"))) }
        XCTAssertEqual(column(), 22, "stops with the end of the widest line in view")
        for _ in 0..<10 { _ = state.apply(.key(.character("<"))) }
        XCTAssertEqual(column(), 0)
        _ = state.apply(.key(.right))
        XCTAssertEqual(state.model.selectedID, "entries")
        XCTAssertEqual(state.focus, .content)
        _ = state.apply(.key(.character(">")))
        XCTAssertNotNil(state.currentPage as? ListPage, "a list does not scroll sideways")
        XCTAssertEqual(state.message?.text, "< and > scroll text sideways; this page has no text lines",
                       "the content has the focus already: the footer must not send people to it with Tab")
    }
}

/// `a` on a section with several actions asks which one; a digit runs it.
final class SectionActionChoiceTests: XCTestCase {
    func testDigitPicksAmongSeveralActions() throws {
        let layout = TabLayout(id: "t", title: "T") {
            Tab("Home", id: "home")
            TabSection("Logs", id: "logs") { Tab("Syslog", id: "syslog") }
                .sectionActions {
                    SectionAction(id: "refresh", title: "Refresh")
                    SectionAction(id: "clear", title: "Clear")
                }
        }
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(mode: .sidebar),
                             size: TerminalSize(columns: 80, rows: 20))
        _ = state.apply(.key(.down))  // rows: Home, Logs, Syslog
        XCTAssertTrue(state.apply(.key(.character("a"))).isEmpty)
        XCTAssertEqual(state.mode, .choosingAction(section: "logs", over: .browsing(.sidebar)))
        XCTAssertEqual(state.footerHints(ascii: false).map(\.text), ["1: Refresh", "2: Clear", "any other key: cancel"])
        let effects = state.apply(.key(.character("2")))
        XCTAssertEqual(effects, [.emit(.sectionActionInvoked(group: "logs", action: "clear"))])
        XCTAssertEqual(state.mode, .browsing(.sidebar))
        _ = state.apply(.key(.character("a")))
        XCTAssertTrue(state.apply(.key(.escape)).isEmpty)
        XCTAssertEqual(state.message?.text, "Cancelled")
    }
}

/// A page draws only the rows on screen: its cursor's window is exactly that slice of its rows.
final class ContentWindowTests: XCTestCase {
    func testWindowFollowsTheCursorAndListsDrawOnlyVisibleRows() throws {
        let text = (1...100).map { "line \($0)" }.joined(separator: "\n")
        let layout = TabLayout(id: "t", title: "T") {
            Tab("Log", id: "log", content: .text(text))
            Tab("Entries", id: "entries", content: .list((1...5).map { ContentEntry(id: "v\($0)", title: "V\($0)") }))
        }
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(mode: .tabbar),
                             size: TerminalSize(columns: 40, rows: 10))
        _ = state.apply(.key(.down))
        for _ in 0..<12 { _ = state.apply(.key(.down)) }
        let page = try XCTUnwrap(state.currentPage as? TextPage)
        XCTAssertEqual(page.lines.count, 100)
        // A text page has no cursor of its own: each ↓ scrolls the view a line.
        XCTAssertEqual(page.lines[page.scroll.first(count: page.lines.count, rows: state.geometry.contentListRows)], "line 13")

        // `drawList` asks only for the rows in the window.
        var canvas = PageCanvas(grid: CellGrid(columns: 40, rows: 4), rect: Rect(column: 0, row: 0, width: 40, height: 4),
                                style: .forTerminal(ascii: true, noColor: true, depth: .none), isFocused: true)
        var asked: [Int] = []
        canvas.drawList(count: 100, cursor: ListCursor(row: 50)) { index in
            asked.append(index)
            return ListRow(title: "row \(index)")
        }
        XCTAssertEqual(asked, [47, 48, 49, 50])
        XCTAssertEqual(ListCursor(row: 3).window(count: 5, visibleRows: 10), 0..<5, "a short list shows whole")
    }
}
