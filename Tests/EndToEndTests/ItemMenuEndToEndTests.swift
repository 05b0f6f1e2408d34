import XCTest

/// The item menu, the `+` picker and the wheel over the bar through a real terminal
/// (docs/behaviour.md, "Item menu", "Mouse").
final class ItemMenuEndToEndTests: EndToEndTestCase {
    func testRightClickOnATabOpensItsMenuAndAnEntryRuns() throws {
        let run = try launch()
        let screen = try run.waitForFirstFrame()
        let column = try XCTUnwrap(screen.column(of: "Library", inRow: 0))
        try run.mouse(button: 2, column: column + 2, row: 1)
        let menu = try run.waitFor(text: "─ Library ─")
        XCTAssertTrue(menu.lines.contains { $0.contains("Remove from tab bar") }, "\(menu)")
        XCTAssertTrue(menu.lines.contains { $0.contains("only tabs added here can be renamed or deleted") }, "\(menu)")
        try run.press("Enter")  // the first entry: Remove from tab bar
        let after = try run.wait(for: "Library out of the bar") { !($0.lines[0].contains("Library")) && !$0.description.contains("─ Library ─") }
        XCTAssertFalse(after.lines[0].contains("Library"), "\(after)")
        try waitForEvent("tabBarDidChange") { ($0["items"] as? [String])?.contains("library") == false }
        try quit(run)
    }

    func testPlusBringsARemovedTabBackWithoutASidebar() throws {
        let layout = Self.packageDirectory.appendingPathComponent("Demo/layouts/overflow.json").path
        let run = try launch(["--layout", layout])
        try run.waitForFirstFrame()
        try run.press("e", "Right", "x")
        _ = try run.wait(for: "Bo removed") { !$0.lines[0].contains(" Bo ") }
        try run.press("+")
        _ = try run.waitFor(text: "Add to the tab bar")
        try run.press("Enter")
        _ = try run.wait(for: "Bo back") { $0.lines[0].contains(" Bo ") }
        try waitForEvent("tabBarDidChange") { ($0["items"] as? [String])?.contains("tab-02") == true }
        try run.press("e")
        try quit(run)
    }

    /// A tab added at run time is deleted from its menu and `u` brings it back, in the state file too.
    func testUUndoesTheDeleteOfARunTimeTab() throws {
        let run = try launch(["--mode", "sidebar"])
        try run.waitForFirstFrame()
        try run.moveCursor(to: "Collections")
        try run.press("a")
        try run.type("Trips")
        try run.press("Enter")
        _ = try run.waitForFooter("Added Trips to Collections")
        try run.moveCursor(to: "Trips")
        try run.press(".")
        _ = try run.waitFor(text: "─ Trips ─")
        try run.press("Down", "Down", "Down", "Down", "Down", "Enter")  // Delete…, the sixth entry
        _ = try run.waitForFooter("Delete Trips?")
        try run.press("y")
        _ = try run.waitForFooter("Deleted Trips (u undoes)")
        try run.press("u")
        let back = try run.waitForFooter("Undone")
        XCTAssertTrue(back.lines.contains { $0.contains("▱ Trips") }, "the tab is back in the sidebar:\n\(back)")
        try quit(run)
        let added = try XCTUnwrap(try savedState()["addedTabs"] as? [[String: Any]])
        XCTAssertEqual(added.compactMap { $0["title"] as? String }, ["Trips"], "the undone delete is saved")
        let orders = try events().filter { $0["event"] as? String == "displayOrderDidChange" }.compactMap { $0["order"] as? [String] }
        XCTAssertEqual(orders.map(\.last), ["user-trips", "stunning-vistas", "user-trips"], "added, deleted, back")
    }
}
