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

    /// Starts the program and opens the search field with `/`.
    func startInTheSearchField() throws -> SignalTmux {
        let pane = try start()
        try pane.send("/", literal: true)
        try SignalHarness.waitUntil("the search field", detail: { (try? pane.capture()) ?? "" }) {
            try pane.capture().contains("SEARCH")
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

    /// A paste of a few hundred kilobytes (read in blocks, not a byte at a time) lands in the
    /// field whole — its keys never act — and a key typed in the same burst after the paste's
    /// end marker still counts as a key.
    func testALargePasteLandsInTheFieldAndTheKeyAfterItActs() throws {
        let pane = try startInTheSearchField()
        // `Lanterns`, then q, 1, r and wide and accented letters: 300 kB in all (the field keeps
        // its first 200 characters).
        let file = scratch + "/paste.txt"
        let filler = String(repeating: "q1r/ é日 ", count: 300_000 / 14)
        try ("Lanterns" + filler).write(toFile: file, atomically: true, encoding: .utf8)
        try pane.tmux(["load-buffer", "-b", "big", file])
        try pane.tmux(["paste-buffer", "-p", "-b", "big", "-t", "main"])
        // The field scrolls to keep its cursor in view: what was pasted last shows, the cursor after it.
        try SignalHarness.waitUntil("the pasted text in the field", detail: { (try? pane.capture()) ?? "" }) {
            try self.title(pane).hasPrefix("Search: q1r/ é日 q1r/") && self.title(pane).contains("é日 ▏")
        }
        XCTAssertFalse(try pane.lines().contains("EXIT:0"), "no pasted `q` quit")
        try pane.send("Home") // and its start, back at the field's start
        try SignalHarness.waitUntil("the pasted text's start in the field", detail: { (try? pane.capture()) ?? "" }) {
            try self.title(pane).hasPrefix("Search: ▏Lanternsq1r/ é日 q1r/")
        }

        // A short paste and a Backspace in one burst: the Backspace edits the field.
        try pane.send("Escape")
        try pane.send("/", literal: true)
        try pane.send("End")
        try pane.send("C-u") // empty the field
        let burst = Array("\u{1B}[200~Lanterns\u{1B}[201~".utf8) + [0x7F]
        try pane.tmux(["send-keys", "-t", "main", "-H"] + burst.map { String(format: "%02x", $0) })
        try SignalHarness.waitUntil("the field after the Backspace", detail: { (try? pane.capture()) ?? "" }) {
            let title = try self.title(pane)
            return title.contains("Lantern") && !title.contains("Lanterns")
        }
    }

    /// Bytes that are not UTF-8 inside a paste stay text: an overlong `E0 80 9B` (ESC spelled in
    /// three bytes) cannot end the paste early and let the rest (`Enter`, `q`) run as keys.
    func testAnOverlongEscapeInsideAPasteDoesNotEndIt() throws {
        let pane = try startInTheSearchField()
        let file = scratch + "/overlong.txt"
        let bytes: [UInt8] = Array("abc".utf8) + [0xE0, 0x80, 0x9B] + Array("[201~\rq".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data(bytes)))
        try pane.tmux(["load-buffer", "-b", "o", file])
        try pane.tmux(["paste-buffer", "-p", "-b", "o", "-t", "main"])
        try pane.send("Z", literal: true) // typed after the paste: proves the paste was taken whole
        try SignalHarness.waitUntil("the paste and the Z in the field", detail: { (try? pane.capture()) ?? "" }) {
            try self.title(pane).hasPrefix("Search: abc") && self.title(pane).contains("Z")
        }
        let field = try title(pane)
        XCTAssertTrue(field.contains("[201~"), "the marker's tail is text: \(field)")
        XCTAssertFalse(try pane.lines().contains("EXIT:0"), "the pasted `q` did not quit")
    }
}
