import Foundation
import XCTest

/// Messages that say what really happened (docs/behaviour.md, "Command line"): `check-layout -`
/// reads standard input, a badge's number range is the same both ways, and a save that fails on
/// the way out ends with status 1 and the reason on standard error.
final class HonestMessagesEndToEndTests: SignalTestCase {
    /// Runs `check-layout -` with `text` on standard input.
    func checkLayoutFromStandardInput(_ text: String) throws -> (ending: SignalHarness.Ending, output: String, errors: String) {
        let file = scratch + "/layout.json"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let command = "exec \(SignalHarness.quoted(try SignalHarness.binary())) check-layout - < \(SignalHarness.quoted(file))"
        return try SignalHarness.run("/bin/sh", ["-c", command], scratch: scratch)
    }

    func layout(badge: String) -> String {
        #"{"id": "x", "title": "X", "tabs": [{"id": "a", "title": "A", "badge": "# + badge + "}]}"
    }

    func testCheckLayoutDashReadsStandardInput() throws {
        let good = try checkLayoutFromStandardInput(layout(badge: "3"))
        XCTAssertEqual(good.ending.exitStatus, 0, good.errors)
        XCTAssertTrue(good.output.hasPrefix("layout \"x\": \"X\"\n"), good.output)
        let bad = try checkLayoutFromStandardInput("{")
        XCTAssertEqual(bad.ending.exitStatus, 2)
        XCTAssertTrue(bad.errors.hasPrefix("tabnav-tui: standard input: line 1"), bad.errors)
    }

    func testBadgeNumbersHaveTheSameRangeBothWays() throws {
        let reason = "tabnav-tui: standard input: tabs[0].badge: the number is out of range "
            + "(a whole number from -9007199254740991 to 9007199254740991, or a string)\n"
        for badge in ["9223372036854775807", "-9223372036854775808", "-9223372036854775809", "9007199254740992"] {
            let result = try checkLayoutFromStandardInput(layout(badge: badge))
            XCTAssertEqual(result.ending.exitStatus, 2, badge)
            XCTAssertEqual(result.errors, reason, badge)
        }
        for badge in ["9007199254740991", "-9007199254740991"] {
            XCTAssertEqual(try checkLayoutFromStandardInput(layout(badge: badge)).ending.exitStatus, 0, badge)
        }
    }

    func testAFailedSaveOnQuitExitsOneWithTheReason() throws {
        let blocker = scratch + "/not-a-folder"
        try "x".write(toFile: blocker, atomically: true, encoding: .utf8)
        let errors = scratch + "/errors"
        let binary = try SignalHarness.binary()
        let script = "\(SignalHarness.quoted(binary)) --state-dir \(SignalHarness.quoted(blocker + "/state")) 2>\(SignalHarness.quoted(errors)); echo \"EXIT:$?\"; exec sleep 86400"
        let pane = try SignalTmux(command: "sh -c " + SignalHarness.quoted(script), columns: 100, rows: 30, scratch: scratch)
        tmux = pane
        try SignalHarness.waitUntil("the first screen", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().contains { $0.contains("NORMAL") }
        }
        try pane.send("l", literal: true)
        try pane.send("q", literal: true)
        try SignalHarness.waitUntil("the program to end", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().contains { $0.hasPrefix("EXIT:") }
        }
        let screen = try pane.capture()
        XCTAssertTrue(try pane.lines().contains("EXIT:1"), screen)
        XCTAssertEqual(try String(contentsOfFile: errors, encoding: .utf8),
                       "tabnav-tui: cannot save: Not a directory (creating the folder \(blocker) for \(blocker)/state/destination-video.json)\n")
    }
}
