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
}
