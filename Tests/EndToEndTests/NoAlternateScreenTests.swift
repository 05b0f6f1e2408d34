import Foundation
import XCTest

/// Terminals without an alternate screen (docs/terminal-notes.md): the screen is cleared on exit
/// so the shell's prompt starts on a clean line; the Linux console gets glyphs its font has.
final class NoAlternateScreenTests: EndToEndTestCase {
    func testVT100IsClearedOnExit() throws {
        let run = try launch(environment: ["TERM": "vt100"])
        _ = try run.waitFor(text: "NORMAL")
        try run.press("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        let screen = try run.wait(for: "the exit line") { $0.lines.contains { $0.hasPrefix("EXIT:") } }
        XCTAssertEqual(screen.lines.first, "EXIT:0", "the prompt starts at the top of a clean screen:\n\(screen)")
        XCTAssertFalse(screen.lines.contains { $0.contains("NORMAL") || $0.contains("Watch Now") }, "\(screen)")
    }

    func testTheLinuxConsoleGetsASCIIStandIns() throws {
        let run = try launch(environment: ["TERM": "linux"])
        let screen = try run.waitFor(text: "NORMAL")
        XCTAssertTrue(screen.lines.contains { $0.contains("Watch Now") })
        XCTAssertFalse(screen.description.contains("≡"), "\(screen)")
        XCTAssertTrue(screen.lines.allSatisfy { $0.allSatisfy(\.isASCII) }, "\(screen)")
        try quit(run)
    }
}

/// A DEC VT has no UTF-8: ASCII stand-ins, and the cursor ends on a clean line at the left.
final class VT100ASCIITests: EndToEndTestCase {
    func testVT100GetsASCIIStandInsAndACleanLine() throws {
        let run = try launch(environment: ["TERM": "vt100"])
        let screen = try run.waitFor(text: "NORMAL")
        XCTAssertTrue(screen.lines.contains { $0.contains("Watch Now") })
        XCTAssertTrue(screen.lines.allSatisfy { $0.allSatisfy(\.isASCII) }, "\(screen)")
        try run.press("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        _ = try run.wait(for: "the exit line") { $0.lines.first == "EXIT:0" }
        XCTAssertEqual(try run.pane.format("#{cursor_x}"), "0", "the prompt starts at the left edge")
    }
}
