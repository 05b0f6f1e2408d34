import Foundation
import XCTest

/// `--events` never freezes the program (docs/behaviour.md, "Events"): a FIFO nobody reads is
/// refused before the screen changes, and a reader that holds the FIFO open but stops reading
/// costs dropped events and one footer notice — `q` still works.
final class EventSinkEndToEndTests: SignalTestCase {
    func testAFIFOWithoutAReaderIsRefusedWithExitStatus2() throws {
        let fifo = scratch + "/events"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let result = try SignalHarness.run(try SignalHarness.binary(),
                                           ["--state-dir", scratch + "/state", "--events", fifo], scratch: scratch, timeout: 10)
        XCTAssertEqual(result.ending.exitStatus, 2)
        XCTAssertEqual(result.errors, "tabnav-tui: cannot open event log \(fifo): no program is reading this FIFO\n")
    }

    func testAReaderThatStopsReadingDoesNotFreezeTheProgram() throws {
        let fifo = scratch + "/events"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // The reader opens the FIFO and never reads from it.
        let reader = try SignalHarness.spawn("/bin/sh", ["-c", "exec sleep 60 < " + SignalHarness.quoted(fifo)])
        defer {
            kill(reader, SIGKILL)
            var status: Int32 = 0
            waitpid(reader, &status, 0)
        }
        let binary = try SignalHarness.binary()
        let script = "\(SignalHarness.quoted(binary)) --state-dir \(SignalHarness.quoted(scratch + "/state")) --events \(SignalHarness.quoted(fifo)); echo \"EXIT:$?\"; exec sleep 86400"
        let pane = try SignalTmux(command: "sh -c " + SignalHarness.quoted(script), columns: 100, rows: 30, scratch: scratch)
        tmux = pane
        try SignalHarness.waitUntil("the first screen", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().contains { $0.contains("NORMAL") }
        }
        // Each switch writes a line of about 50 bytes: 3,000 of them overfill a 64 KB pipe.
        for _ in 0..<6 {
            try pane.send(String(repeating: "12", count: 250), literal: true)
        }
        // Still answering keys (the footer notice itself is checked in EventSinkNoticeTests: the
        // flood's next key clears it before a capture could see it). The flood ends on `2`
        // (Library); two `l` after it reach Favorites, which the flood itself never shows, so
        // the wait ends only once every key of the flood has been taken.
        try pane.send("ll", literal: true)
        try SignalHarness.waitUntil("Favorites after the flood", timeout: 20, detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().dropFirst().first?.trimmingCharacters(in: .whitespaces) == "Favorites"
        }
        try pane.send("q", literal: true)
        try SignalHarness.waitUntil("the program to end after q", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().contains("EXIT:0")
        }
    }
}
