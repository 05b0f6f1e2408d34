import XCTest

/// The first frame, the sidebar toggle and the adaptive layout, in a real terminal (tmux).
final class LayoutEndToEndTests: EndToEndTestCase {
    /// A row of the sidebar: a child of a section, which the bar never shows.
    private let sidebarOnlyRow = "Forest Life"

    func testFirstFrameAt100x30ShowsTheBarOnTopWithTheSidebarHidden() throws {
        let run = try launch(columns: 100, rows: 30)
        let screen = try run.waitForFirstFrame()
        XCTAssertEqual(screen.barRow(), 0, "the bar is on the top row:\n\(screen)")
        XCTAssertEqual(screen.order(of: ["Watch Now", "Library", "New", "Favorites", "Collections", "Animations"], inRow: 0),
                       ["Watch Now", "Library", "New", "Favorites", "Collections", "Animations"])
        XCTAssertTrue(screen.lines[0].hasPrefix(" ≡"), "the sidebar toggle leads the bar:\n\(screen)")
        XCTAssertFalse(screen.contains(sidebarOnlyRow), "the sidebar is hidden:\n\(screen)")
        let launched = try waitForEvent("didLaunch")
        XCTAssertEqual(launched["sidebarVisible"] as? Bool, false)
        XCTAssertEqual((launched["size"] as? [String: Any])?["columns"] as? Int, 100)
        XCTAssertEqual((launched["size"] as? [String: Any])?["rows"] as? Int, 30)
    }

    func testTabbarModeHasNoSidebarToggle() throws {
        let run = try launch(["--mode", "tabbar"], columns: 120, rows: 40)
        let screen = try run.waitForFirstFrame()
        XCTAssertEqual(screen.barRow(), 0, "the bar is on the top row:\n\(screen)")
        XCTAssertFalse(screen.contains("≡"), "no toggle in tabbar mode:\n\(screen)")
        XCTAssertFalse(screen.contains(sidebarOnlyRow), "no sidebar in tabbar mode:\n\(screen)")
        // Keys are read in order: once Right has selected Library, s has been handled.
        try run.press("s", "Right")
        let moved = try run.wait(for: "Library selected") { $0.lines.count > 1 && $0.lines[1].contains("Library") }
        XCTAssertFalse(moved.contains(sidebarOnlyRow), "s does not open a sidebar in tabbar mode:\n\(moved)")
    }

    func testFirstLaunchAt120x40ShowsTheSidebar() throws {
        let run = try launch(columns: 120, rows: 40)
        let screen = try run.waitForFirstFrame()
        XCTAssertNil(screen.barRow(), "the bar is not drawn while the sidebar shows:\n\(screen)")
        let row = try XCTUnwrap(screen.row(containing: sidebarOnlyRow), "the sidebar shows:\n\(screen)")
        XCTAssertTrue(screen.lines[row].contains("│"), "the sidebar is a column beside the content:\n\(screen)")
        XCTAssertEqual(try waitForEvent("didLaunch")["sidebarVisible"] as? Bool, true)
    }

    func testSTogglesBetweenSidebarAndBar() throws {
        let run = try launch(columns: 100, rows: 30)
        try run.waitForFirstFrame()
        try run.press("s")
        let sidebar = try run.wait(for: "the sidebar") { $0.contains(self.sidebarOnlyRow) }
        XCTAssertNil(sidebar.barRow(), "the bar is hidden while the sidebar shows:\n\(sidebar)")
        try waitForEvent("sidebarVisibilityDidChange") { $0["visible"] as? Bool == true }

        try run.press("s")
        let bar = try run.wait(for: "the bar back") { $0.barRow() == 0 }
        XCTAssertFalse(bar.contains(sidebarOnlyRow), "the sidebar is gone:\n\(bar)")
        try waitForEvent("sidebarVisibilityDidChange") { $0["visible"] as? Bool == false }
    }

    func testNarrowingTo50ColumnsMovesTheBarToTheBottomAndBack() throws {
        let run = try launch(columns: 100, rows: 30)
        let wide = try run.waitForFirstFrame()
        XCTAssertEqual(wide.barRow(), 0)

        try run.resize(columns: 50, rows: 30)
        let compact = try run.wait(for: "the bar on the row above the footer") { $0.barRow() == 28 }
        XCTAssertTrue(compact.footer.contains("NORMAL"), "the footer stays the bottom row:\n\(compact)")
        XCTAssertTrue(compact.lines[0].contains("Watch Now"), "the content title takes the top row:\n\(compact)")
        XCTAssertLessThanOrEqual(compact.lines.map(\.count).max() ?? 0, 50, "nothing is drawn past 50 columns")
        XCTAssertTrue(compact.lines[28].hasSuffix("⌕"), "the pinned search tab stays at the bar's end:\n\(compact)")

        try run.resize(columns: 100, rows: 30)
        let back = try run.wait(for: "the bar back on the top row") { $0.barRow() == 0 }
        XCTAssertFalse(back.lines[28].contains("Library"), "the bottom bar is gone:\n\(back)")
    }
}
