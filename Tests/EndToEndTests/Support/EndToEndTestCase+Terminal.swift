import XCTest

extension EndToEndTestCase {
    /// The pane holds exactly what the shell printed — the marker and the exit line — and no
    /// terminal mode was switched (bad input must leave the terminal as it was).
    func assertTerminalUntouched(_ run: ProgramRun, status: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let screen = try run.screen()
        XCTAssertEqual(screen.lines.filter { !$0.isEmpty }, [ProgramRun.marker, "EXIT:\(status)"],
                       "nothing but the shell's lines:\n\(screen)", file: file, line: line)
        let modes = try run.terminalModes()
        XCTAssertEqual(modes["alternate_on"], "0", file: file, line: line)
        XCTAssertEqual(modes["mouse_any_flag"], "0", file: file, line: line)
        XCTAssertEqual(modes["keypad_cursor_flag"], "0", file: file, line: line)
    }
}
