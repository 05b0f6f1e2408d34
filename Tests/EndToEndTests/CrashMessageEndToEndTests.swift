import Foundation
import XCTest

/// A page of an embedding program that traps: the terminal is restored, and the trap's message is
/// printed on the restored screen (it was written on the alternate screen and lost).
final class CrashMessageEndToEndTests: EndToEndTestCase {
    /// The trap probe at 80×20, `key` pressed on its page: the run, its exit status, the screen after.
    func probe(pressing key: String) throws -> (run: ProgramRun, status: Int32, screen: Screen) {
        let run = try launch(columns: 80, rows: 20, defaultOptions: false, program: "tabnav-trap-probe")
        _ = try run.waitFor(text: "a to abort")
        try run.press("Down", key)
        let status = try run.waitForExit()
        return (run, status, try run.screen())
    }

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

    /// Running out of memory while the screen is open ends with the terminal restored, one line
    /// saying so and status 1 (it died of SIGABRT, status 134, with the runtime's report before).
    func testRunningOutOfMemoryEndsWithOneLineAndStatusOne() throws {
        let (run, status, screen) = try probe(pressing: "m")
        XCTAssertEqual(status, 1, "out of memory is status 1")
        let line = try XCTUnwrap(screen.row(containing: "tabnav-trap-probe: out of memory"), "the line is on the restored screen:\n\(screen)")
        XCTAssertGreaterThan(line, try XCTUnwrap(screen.row(containing: ProgramRun.marker)))
        XCTAssertFalse(screen.contains("Fatal error"), "one line, not the runtime's report too:\n\(screen)")
        XCTAssertFalse(screen.contains("m to run out of memory"), "the program's screen is gone:\n\(screen)")
        XCTAssertEqual(try run.terminalModes()["alternate_on"], "0")
    }

    /// An abort that is not an allocation that failed is not called out of memory, though errno
    /// still says ENOMEM from some earlier call: the handler goes by what was reported, not errno.
    func testAnAbortWithALeftoverENOMEMIsNotOutOfMemory() throws {
        let (run, status, screen) = try probe(pressing: "a")
        XCTAssertNotEqual(status, 1, "not the status of running out of memory")
        XCTAssertEqual(status, 128 + SIGABRT, "died of the abort")
        XCTAssertFalse(screen.contains("out of memory"), "not called out of memory:\n\(screen)")
        XCTAssertFalse(screen.contains("a to abort"), "the program's screen is gone:\n\(screen)")
        XCTAssertEqual(try run.terminalModes()["alternate_on"], "0")
    }
}
