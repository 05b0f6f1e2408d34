import Foundation
import XCTest

/// Input from the terminal that is not keys (docs/keys.md): an OSC reply is consumed whole, and
/// pasted text goes into the search field, or nowhere — a pasted `q` never quits.
final class HostileInputEndToEndTests: SignalTestCase {
    func start() throws -> SignalTmux {
        let binary = try SignalHarness.binary()
        let script = "\(SignalHarness.quoted(binary)) --state-dir \(SignalHarness.quoted(scratch + "/state")); echo \"EXIT:$?\"; exec sleep 86400"
        let pane = try SignalTmux(command: "sh -c " + SignalHarness.quoted(script), columns: 100, rows: 30, scratch: scratch)
        tmux = pane
        try SignalHarness.waitUntil("the first screen", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().contains { $0.contains("NORMAL") }
        }
        return pane
    }

    func title(_ pane: SignalTmux) throws -> String {
        try pane.lines().dropFirst().first?.trimmingCharacters(in: .whitespaces) ?? ""
    }

    func testAnOSCReplyIsNotTakenForKeys() throws {
        let pane = try start()
        XCTAssertEqual(try title(pane), "Watch Now")
        // ESC ] 11;rgb:0/0/0 BEL — a background colour reply, with `1`, `r` and `/` inside.
        try pane.tmux(["send-keys", "-t", "main", "-H", "1b", "5d", "31", "31", "3b", "72", "67", "62", "3a", "30", "2f", "30", "2f", "30", "07"])
        try pane.send("l", literal: true) // a real key after it: its effect proves the reply was read
        try SignalHarness.waitUntil("Library", detail: { (try? pane.capture()) ?? "" }) { try self.title(pane) == "Library" }
        XCTAssertFalse(try pane.capture().contains("SEARCH"), "the `/` inside the reply did not open search")
    }

    func testPastedTextGoesIntoTheSearchFieldAndIsOtherwiseIgnored() throws {
        let pane = try start()
        try pane.tmux(["set-buffer", "-b", "x", "q1r/"])
        try pane.tmux(["paste-buffer", "-p", "-b", "x", "-t", "main"])
        try SignalHarness.waitUntil("the paste notice", detail: { (try? pane.capture()) ?? "" }) {
            try pane.capture().contains("Paste goes into a text field")
        }
        XCTAssertEqual(try title(pane), "Watch Now", "the pasted `1` selected nothing")
        XCTAssertFalse(try pane.lines().contains("EXIT:0"), "the pasted `q` did not quit")

        try pane.send("/", literal: true)
        try pane.tmux(["set-buffer", "-b", "y", "Lanterns"])
        try pane.tmux(["paste-buffer", "-p", "-b", "y", "-t", "main"])
        try SignalHarness.waitUntil("the pasted query", detail: { (try? pane.capture()) ?? "" }) {
            try pane.capture().contains("Lanterns")
                && pane.lines().contains { $0.contains("A Night of Lanterns") }
        }
    }
}
