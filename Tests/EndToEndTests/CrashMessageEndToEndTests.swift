import Foundation
import XCTest

/// A page of an embedding program that traps: the terminal is restored, and the trap's message is
/// printed on the restored screen (it was written on the alternate screen and lost).
final class CrashMessageEndToEndTests: EndToEndTestCase {
    func testATrapsMessageIsPrintedAfterTheTerminalIsRestored() throws {
        let run = try launch(columns: 80, rows: 20, defaultOptions: false, program: "tabnav-trap-probe")
        _ = try run.waitFor(text: "Press x to trap")
        try run.press("Down", "x")
        let status = try run.waitForExit()
        XCTAssertTrue([132, 133].contains(status), "died of the trap (SIGILL or SIGTRAP): \(status)")
        let screen = try run.screen()
        XCTAssertTrue(screen.contains("Fatal error: Index out of range"), "the message is on the restored screen:\n\(screen)")
        let before = try XCTUnwrap(screen.row(containing: ProgramRun.marker))
        let message = try XCTUnwrap(screen.row(containing: "Fatal error"))
        XCTAssertGreaterThan(message, before, "after the shell's own lines, not over the program's screen")
        XCTAssertFalse(screen.contains("Press x to trap"), "the program's screen is gone:\n\(screen)")
        XCTAssertEqual(try run.terminalModes()["alternate_on"], "0")
    }
}
