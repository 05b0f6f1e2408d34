import XCTest

/// The mouse through a real terminal: SGR reports typed into the pane (`ESC [ < b ; x ; y M`),
/// decoded by ncurses and the program, hit-tested against what is on screen.
final class MouseEndToEndTests: EndToEndTestCase {
    private let barTitles = ["Watch Now", "Library", "New", "Favorites", "Collections", "Animations"]
    private let leftButton = 0
    private let dragWithLeftButton = 32

    private func barOrder(_ screen: Screen) -> [String] {
        guard let row = screen.barRow() else { return [] }
        return screen.order(of: barTitles, inRow: row)
    }

    func testClickingATabSelectsIt() throws {
        let run = try launch()
        let screen = try run.waitForFirstFrame()
        let column = try XCTUnwrap(screen.column(of: "Favorites", inRow: 0))
        try run.mouse(button: leftButton, column: column + 2, row: 1)
        try run.mouse(button: leftButton, column: column + 2, row: 1, release: true)
        let selected = try run.wait(for: "Favorites' content") { $0.lines[1].contains("Favorites") }
        XCTAssertEqual(selected.highlightedRow(containing: "Favorites"), 0, "the clicked tab is highlighted:\n\(selected)")
        try waitForEvent("selectionDidChange") { $0["tab"] as? String == "favorites" }
        XCTAssertEqual(barOrder(selected), barTitles, "a click in normal mode moves nothing")
    }

    func testNoMouseLeavesMouseReportingOff() throws {
        let run = try launch(["--no-mouse"])
        try run.waitForFirstFrame()
        let modes = try run.terminalModes()
        XCTAssertEqual(modes["alternate_on"], "1", "the program is running")
        XCTAssertEqual(modes["mouse_any_flag"], "0", "no mouse reporting asked for")
        XCTAssertEqual(modes["mouse_button_flag"], "0", "no drag reporting asked for")
    }

    func testClickingTheToggleShowsTheSidebar() throws {
        let run = try launch()
        let screen = try run.waitForFirstFrame()
        let column = try XCTUnwrap(screen.column(of: "≡", inRow: 0))
        try run.mouse(button: leftButton, column: column, row: 1)
        try run.mouse(button: leftButton, column: column, row: 1, release: true)
        let sidebar = try run.wait(for: "the sidebar") { $0.contains("Forest Life") }
        XCTAssertNil(sidebar.barRow(), "the bar gives way to the sidebar:\n\(sidebar)")
        try waitForEvent("sidebarVisibilityDidChange") { $0["visible"] as? Bool == true }
    }

    /// Press on Library, drag right one cell at a time until the pointer is over New, on to the
    /// end of New's label, release: Library lands after New, exactly as with the keyboard.
    func testDraggingLibraryPastNewReordersTheBar() throws {
        let run = try launch()
        try run.waitForFirstFrame()
        try run.press("e")
        let editing = try run.waitForFooter("EDIT")
        let library = try XCTUnwrap(editing.column(of: "Library", inRow: 0))
        let new = try XCTUnwrap(editing.column(of: "New", inRow: 0))
        let newEnd = try XCTUnwrap(editing.column(of: "New 3", inRow: 0)) + "New 3".count - 1

        try run.mouse(button: leftButton, column: library + 1, row: 1)
        try run.waitForFooter("GRAB")
        // Within Library's own label the grabbed item stays where it is.
        for column in (library + 2)..<new {
            try run.mouse(button: dragWithLeftButton, column: column, row: 1)
        }
        try run.mouse(button: dragWithLeftButton, column: new, row: 1)
        try run.wait(for: "Library previewed after New") { self.barOrder($0) == ["Watch Now", "New", "Library", "Favorites", "Collections", "Animations"] }
        // The pointer is now over Library's new place; moving on to the end of New's old label
        // keeps it there.
        for column in (new + 1)...newEnd {
            try run.mouse(button: dragWithLeftButton, column: column, row: 1)
        }
        try run.mouse(button: leftButton, column: newEnd, row: 1, release: true)
        let dropped = try run.waitForFooter("EDIT")
        XCTAssertEqual(barOrder(dropped), ["Watch Now", "New", "Library", "Favorites", "Collections", "Animations"],
                       "the drop keeps the previewed order:\n\(dropped)")
        let change = try waitForEvent("tabBarDidChange")
        XCTAssertEqual(change["items"] as? [String],
                       ["watch-now", "new", "library", "favorites", "collections", "animations", "search"])

        try run.press("e")
        try run.waitForFooter("NORMAL")
        try quit(run)
        let saved = try XCTUnwrap(savedState()["tabBar"] as? [String])
        XCTAssertLessThan(try XCTUnwrap(saved.firstIndex(of: "new")), try XCTUnwrap(saved.firstIndex(of: "library")), "\(saved)")
    }

    /// A press and a small drag that never leaves the grabbed item puts it back where it was.
    func testDraggingWithinTheGrabbedItemLeavesItInPlace() throws {
        let run = try launch()
        try run.waitForFirstFrame()
        try run.press("e")
        let editing = try run.waitForFooter("EDIT")
        let library = try XCTUnwrap(editing.column(of: "Library", inRow: 0))

        try run.mouse(button: leftButton, column: library + 1, row: 1)
        try run.waitForFooter("GRAB")
        try run.mouse(button: dragWithLeftButton, column: library + 2, row: 1)
        try run.mouse(button: dragWithLeftButton, column: library + 3, row: 1)
        try run.mouse(button: leftButton, column: library + 3, row: 1, release: true)
        let released = try run.waitForFooter("EDIT")
        XCTAssertEqual(barOrder(released), barTitles, "Library stays where it was:\n\(released)")
        try run.press("e")
        try run.waitForFooter("NORMAL")
        try quit(run)
        XCTAssertFalse(try eventNames().contains("tabBarDidChange"), "nothing moved, so nothing is logged")
    }

    /// Drag Library over New (it moves after New), then back over New (it takes New's place
    /// again), release: the bar is as it was and no change is logged.
    func testDraggingOverNewAndBackLeavesTheBarAsItWas() throws {
        let run = try launch()
        try run.waitForFirstFrame()
        try run.press("e")
        let editing = try run.waitForFooter("EDIT")
        let library = try XCTUnwrap(editing.column(of: "Library", inRow: 0))
        let new = try XCTUnwrap(editing.column(of: "New", inRow: 0))

        try run.mouse(button: leftButton, column: library + 1, row: 1)
        try run.waitForFooter("GRAB")
        try run.mouse(button: dragWithLeftButton, column: new + 1, row: 1)
        let moved = try run.wait(for: "Library previewed after New") { self.barOrder($0).prefix(3) == ["Watch Now", "New", "Library"] }
        let newNow = try XCTUnwrap(moved.column(of: "New", inRow: 0))
        try run.mouse(button: dragWithLeftButton, column: newNow + 1, row: 1)
        try run.wait(for: "Library previewed before New again") { self.barOrder($0) == self.barTitles }
        try run.mouse(button: leftButton, column: newNow + 1, row: 1, release: true)
        let released = try run.waitForFooter("EDIT")
        XCTAssertEqual(barOrder(released), barTitles)
        try run.press("e")
        try run.waitForFooter("NORMAL")
        try quit(run)
        XCTAssertFalse(try eventNames().contains("tabBarDidChange"), "nothing moved, so nothing is logged")
    }

    /// In edit mode a press on a fixed tab grabs nothing and says why.
    func testPressingOnWatchNowInEditModeIsRefused() throws {
        let run = try launch()
        try run.waitForFirstFrame()
        try run.press("e")
        let editing = try run.waitForFooter("EDIT")
        let watchNow = try XCTUnwrap(editing.column(of: "Watch Now", inRow: 0))
        try run.mouse(button: leftButton, column: watchNow + 1, row: 1)
        try run.waitForFooter("Watch Now is fixed")
        try run.mouse(button: dragWithLeftButton, column: watchNow + 15, row: 1)
        try run.mouse(button: leftButton, column: watchNow + 15, row: 1, release: true)
        try run.press("e")
        let normal = try run.waitForFooter("NORMAL")
        XCTAssertEqual(barOrder(normal), barTitles)
        XCTAssertFalse(try eventNames().contains("tabBarDidChange"))
    }
}
