import XCTest

/// The terminal's cursor sits on what has the focus after every key (docs/behaviour.md, "Screen
/// readers"), read from tmux itself (`#{cursor_x},#{cursor_y}`): speakup and brltty follow it.
final class ScreenReaderCursorEndToEndTests: EndToEndTestCase {
    /// Where tmux says the cursor is, once the screen has settled after a key.
    private func cursor(_ run: ProgramRun, after what: String, file: StaticString = #filePath, line: UInt = #line,
                        until isDone: (Screen) -> Bool) throws -> (screen: Screen, column: Int, row: Int) {
        let screen = try run.wait(for: what, file: file, line: line, isDone)
        let place = try run.pane.format("#{cursor_x},#{cursor_y}").split(separator: ",").compactMap { Int($0) }
        guard place.count == 2 else { throw HarnessError("unreadable cursor position") }
        return (screen, place[0], place[1])
    }

    /// The text on screen from the cursor on.
    private func text(at place: (screen: Screen, column: Int, row: Int)) -> String {
        let line = place.screen.lines[place.row]
        return String(line.dropFirst(place.column))
    }

    func testTheCursorFollowsTheFocusThroughAWalk() throws {
        let run = try launch(["--no-persist"], columns: 100, rows: 30)
        var place = try cursor(run, after: "the first frame") { $0.footer.contains("NORMAL") }
        XCTAssertEqual(place.row, 0, "on the bar:\n\(place.screen)")
        XCTAssertTrue(text(at: place).hasPrefix("▶ Watch Now"), "on the selected tab: \(text(at: place))")

        try run.press("Right")
        place = try cursor(run, after: "Library selected") { $0.lines[1].contains("Library") }
        XCTAssertEqual(place.row, 0)
        XCTAssertTrue(text(at: place).hasPrefix("▥ Library"), "on Library, not where the last cell was drawn: \(text(at: place))")

        try run.press("Down")
        place = try cursor(run, after: "the content focused") { !$0.footer.contains("↓: content") }
        let first = try XCTUnwrap(place.screen.highlightedRow(containing: " "), "a highlighted content row:\n\(place.screen)")
        XCTAssertEqual(place.row, first, "on the content row under the cursor:\n\(place.screen)")
        let firstTitle = text(at: place)
        XCTAssertFalse(firstTitle.hasPrefix(" "), "at the start of its title: \(firstTitle)")

        try run.press("Down")
        place = try cursor(run, after: "the next content row") { $0.highlightedRow(containing: " ") == first + 1 }
        XCTAssertEqual(place.row, first + 1)
        XCTAssertNotEqual(text(at: place), firstTitle)

        try run.press("s")
        place = try cursor(run, after: "the sidebar, focused") { $0.contains("Forest Life") && !$0.footer.contains("pick up") }
        XCTAssertTrue(text(at: place).hasPrefix("Library"), "on the sidebar row of the selection:\n\(place.screen)\n\(place.column),\(place.row)")

        try run.press("/")
        try run.type("fo")
        place = try cursor(run, after: "typing in the search field") { $0.contains("Search: fo") }
        let field = try XCTUnwrap(place.screen.row(containing: "Search: fo"))
        XCTAssertEqual(place.row, field)
        XCTAssertEqual(place.column, try XCTUnwrap(place.screen.column(of: "Search: fo", inRow: field)) - 1 + "Search: fo".count,
                       "just after what was typed")

        try run.press("Escape")
        try run.waitForFooter("NORMAL")
        try run.press("?")
        place = try cursor(run, after: "the help") { $0.contains("Keys:") }
        XCTAssertEqual(place.row, try XCTUnwrap(place.screen.row(containing: "Keys:")) + 1, "on the help's first line")
        try run.press("Escape")
        _ = try run.wait(for: "the help closed") { !$0.contains("Keys:") }
        try quit(run)
    }

    func testScreenReaderKeepsTheCursorVisible() throws {
        let plain = try launch(["--no-persist"])
        try plain.waitForFirstFrame()
        XCTAssertEqual(try plain.pane.format("#{cursor_flag}"), "0", "hidden without --screen-reader")
        try quit(plain)
        let reader = try launch(["--no-persist", "--screen-reader"])
        try reader.waitForFirstFrame()
        XCTAssertEqual(try reader.pane.format("#{cursor_flag}"), "1", "visible with --screen-reader")
        try quit(reader)
    }
}
