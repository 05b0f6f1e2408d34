import Foundation
import XCTest

/// The attacks of the review against consent, files and messages, run again against the built
/// program (docs/layout-files.md, "Trust"): each failed before.
final class TrustEndToEndTests: EndToEndTestCase {
    func run(_ arguments: [String]) throws -> ChildResult {
        try ChildProcess.run(try Self.binary(), arguments, environment: ["HOME": scratch.path, "LANG": "C.UTF-8"], scratch: scratch)
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = scratch.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The high one: `MSG=hi echo hello world; # touch PWNED` made the command look commented out.
    func testTheTrustScreenAndCheckLayoutQuoteWhatRuns() throws {
        let path = try write(#"{"id":"e","title":"T","tabs":[{"id":"a","title":"Build","content":{"command":"touch PWNED","env":{"MSG":"hi echo hello world; #"}}}]}"#, "l/e.json")
        let check = try run(["check-layout", path])
        XCTAssertEqual(check.status, 0, check.standardError)
        XCTAssertTrue(check.standardOutput.contains(#""Build": "MSG='hi echo hello world; #' touch PWNED""#), check.standardOutput)
        let screen = try run(["render", "--size", "100x20", "--layout", path, "--state-dir", stateDir.path])
        XCTAssertTrue(screen.standardOutput.contains("$ MSG='hi echo hello world; #' touch PWNED"), screen.standardOutput)

        let badName = try write(#"{"id":"e","title":"T","tabs":[{"id":"a","title":"A","content":{"command":"ls","env":{"MY VAR":"1"}}}]}"#, "l/n.json")
        let refused = try run(["check-layout", badName])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.standardError.contains(#"tabs[0].content.env: "MY VAR" is not a variable name"#), refused.standardError)
    }

    /// A layout with no command and no kernel file at load, whose file tab's link is pointed at
    /// one afterwards: the tab waited for trust and the trust key answered "Nothing to trust"
    /// (no fingerprint was taken), so it could never be read. Now it is trusted like any other.
    func testAFileThatBecomesAKernelFileAfterTheLoadCanBeTrusted() throws {
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("g"), withIntermediateDirectories: true)
        let link = scratch.appendingPathComponent("g/view.txt").path
        try "plain notes\n".write(toFile: scratch.appendingPathComponent("g/notes.txt").path, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "notes.txt")
        let path = try write(#"{"id":"g","title":"G","tabs":[{"id":"view","title":"View","content":{"file":"view.txt"}}]}"#, "g/g.json")
        let run = try launch(["--layout", path], environment: ["TABNAV_SECRET_OF_THE_TEST": "hunter2"])
        _ = try run.waitFor(text: "plain notes")
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/environ")
        try run.press("r")
        let screen = try run.waitFor(text: "Not read: this layout file is not trusted.")
        XCTAssertFalse(screen.contains("TABNAV_SECRET_OF_THE_TEST"), "\(screen)")
        try run.press("t")
        _ = try run.waitFor(text: "TABNAV_SECRET_OF_THE_TEST=hun")
        try run.press("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        // Recorded: the next launch reads it without asking.
        let again = try launch(["--layout", path], environment: ["TABNAV_SECRET_OF_THE_TEST": "hunter2"])
        _ = try again.waitFor(text: "TABNAV_SECRET_OF_THE_TEST=hun")
        try again.press("q")
        _ = try again.waitForExit()
    }

    /// A file with a command, whose file tab's link is pointed at a kernel file after the load:
    /// the tab's trust screen listed the command only, not the file trusting would let it read.
    func testAFileTabThatBecomesAKernelFileIsListedWithTheCommands() throws {
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("h"), withIntermediateDirectories: true)
        let link = scratch.appendingPathComponent("h/view.txt").path
        try "plain notes\n".write(toFile: scratch.appendingPathComponent("h/notes.txt").path, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "notes.txt")
        let path = try write(#"{"id":"h","title":"H","tabs":[{"id":"view","title":"View","content":{"file":"view.txt"}},{"id":"c","title":"C","content":{"command":"echo ran"}}]}"#, "h/h.json")
        let run = try launch(["--layout", path])
        _ = try run.waitFor(text: "plain notes")
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/environ")
        try run.press("r")
        let screen = try run.waitFor(text: "Not read: this layout file is not trusted.")
        XCTAssertTrue(screen.contains("$ echo ran"), "\(screen)")
        XCTAssertTrue(screen.contains("h/view.txt (a kernel file)"), "its own file is listed:\n\(screen)")
        try run.press("q")
        _ = try run.waitForExit()
    }

    /// Trust rebound in the configuration: the trust screen said `t` (which did nothing) and
    /// not the key that trusts.
    func testTheTrustScreenNamesTheKeyAsBound() throws {
        let path = try write(#"{"id":"e","title":"T","tabs":[{"id":"a","title":"Build","content":{"command":"echo hi"}}]}"#, "l/k.json")
        let config = try write(#"{"keys": {"normal": {"T": "trust", "t": "none"}}}"#, "c/config.json")
        let screen = try run(["render", "--size", "100x20", "--layout", path, "--state-dir", stateDir.path, "--config", config])
        XCTAssertEqual(screen.status, 0, screen.standardError)
        XCTAssertTrue(screen.standardOutput.contains("T: trust this file and run"), screen.standardOutput)
        XCTAssertFalse(screen.standardOutput.contains("t: trust this file and run"), screen.standardOutput)
        let refused = try run(["render", "--size", "100x20", "--layout", path, "--state-dir", stateDir.path, "--config", config,
                               "--keys", "r"])
        XCTAssertTrue(refused.standardOutput.contains("Not run: T trusts this layout file"), refused.standardOutput)
    }

    /// `./\u200bbuild.sh` showed as `./build.sh`; check-layout printed U+202E raw.
    func testInvisibleCharactersAreShownNotDroppedNorRaw() throws {
        let path = try write(#"{"id":"e","title":"T\u202e","tabs":[{"id":"a","title":"A","content":{"command":"./\u200bbuild.sh"}}]}"#, "l/i.json")
        let check = try run(["check-layout", path])
        XCTAssertEqual(check.status, 0, check.standardError)
        XCTAssertTrue(check.standardOutput.contains("./<U+200B>build.sh"), check.standardOutput)
        XCTAssertTrue(check.standardOutput.contains(#""T<U+202E>""#), check.standardOutput)
        XCTAssertFalse(check.standardOutput.contains("\u{202E}") || check.standardOutput.contains("\u{200B}"), check.standardOutput)
        let screen = try run(["render", "--size", "100x20", "--layout", path, "--state-dir", stateDir.path])
        XCTAssertTrue(screen.standardOutput.contains("$ ./<U+200B>build.sh"), screen.standardOutput)
    }

    /// Thirty-three combining marks after `safe` ended the line on the trust screen: the rest
    /// (`; touch PWN`) was not shown, and `t` ran it. The marks past two are written out now.
    func testStackedMarksDoNotHideTheRestOfACommand() throws {
        let marks = String(repeating: "\\u0301", count: 33)
        let path = try write(#"{"id":"m","title":"T","tabs":[{"id":"a","title":"A","content":{"command":"echo safe"# + marks
                             + #"; touch PWN","env":{"NOTE":"e"# + marks + #""}}}]}"#, "l/m.json")
        let screen = try run(["render", "--size", "200x20", "--layout", path, "--state-dir", stateDir.path])
        XCTAssertEqual(screen.status, 0, screen.standardError)
        // The line wraps; every part of it is there.
        XCTAssertTrue(screen.standardOutput.contains("<U+0301>' echo"), screen.standardOutput)
        XCTAssertTrue(screen.standardOutput.contains("<U+0301>; touch PWN"), screen.standardOutput)
    }

    /// The FIFO and symbolic-link swap made victim/ops.json trusted while its commands ran from
    /// evil/: a FIFO is now refused at once, without waiting for a writer.
    func testAFIFOLayoutIsRefusedAtOnce() throws {
        let evil = scratch.appendingPathComponent("evil")
        try FileManager.default.createDirectory(at: evil, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(evil.appendingPathComponent("ops.fifo").path, 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: evil.appendingPathComponent("link.json").path, withDestinationPath: "ops.fifo")
        let link = evil.appendingPathComponent("link.json").path
        for arguments in [["check-layout", link], ["render", "--size", "80x12", "--layout", link, "--trust", "--state-dir", stateDir.path]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, result.standardError)
            XCTAssertEqual(result.standardError, "tabnav-tui: cannot read \(link): a FIFO, not a regular file (not read)\n")
        }
    }

    /// A FIFO as the configuration or as trusted.json blocked `open` forever.
    func testAFIFOConfigurationOrTrustFileNeverBlocks() throws {
        let fifo = scratch.appendingPathComponent("config.json").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let keys = try run(["keys", "--config", fifo])
        XCTAssertEqual(keys.status, 2)
        XCTAssertEqual(keys.standardError, "tabnav-tui: cannot read \(fifo): a FIFO, not a regular file (not read)\n")

        try FileManager.default.createDirectory(at: stateDir, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(stateDir.appendingPathComponent("trusted.json").path, 0o600), 0)
        let path = try write(#"{"id":"ops","title":"Ops","tabs":[{"id":"a","title":"A","content":{"command":"touch marker"}}]}"#, "l/ops.json")
        let program = try launch(["--layout", path])
        try program.waitForFooter("trusted.json is not used")
        try program.waitFor(text: "Not run: this layout file is not trusted.")
        try quit(program)
    }

    /// A trust file anyone could have written trusts nothing: mode 0666 in a shared folder made a
    /// command run with no question asked.
    func testATrustFileOthersCanWriteTrustsNothing() throws {
        let path = try write(#"{"id":"ops","title":"Ops","tabs":[{"id":"a","title":"A","content":{"command":"touch marker"}}]}"#, "l/ops.json")
        var program = try launch(["--layout", path])
        try program.waitFor(text: "Not run: this layout file is not trusted.")
        try program.press("t")
        try program.waitFor(text: "exit 0")
        try quit(program)
        let trustFile = stateDir.appendingPathComponent("trusted.json").path
        try FileManager.default.removeItem(atPath: scratch.appendingPathComponent("l/marker").path)
        XCTAssertEqual(chmod(trustFile, 0o666), 0)
        program = try launch(["--layout", path])
        try program.waitForFooter("trusted.json is not used: its mode is 0666")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("l/marker").path), "nothing ran")
        try quit(program)
    }

    /// Escapes from outside reached the terminal raw through standard error.
    func testMessagesShowEscapesInsteadOfWritingThem() throws {
        let cases: [[String]] = [
            ["check-layout", "l\u{1B}]0;PWN\u{07}\u{1B}[31m.json"],
            ["--mode", "x\u{1B}[2J"], ["render", "--size", "1\u{1B}[2J"], ["render", "--size", "80x10", "--keys", "\u{1B}[2J"],
            ["--bogus\u{1B}[2J"], ["--config", "c\u{1B}[2J.json", "keys"], ["--events", "/dev/null/e\u{1B}[2J", "render", "--size", "80x10"],
        ]
        for arguments in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertFalse(result.standardError.contains("\u{1B}") || result.standardError.contains("\u{07}"), "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(#"\e["#), "\(arguments): \(result.standardError)")
        }
    }

    /// Three nested sections holding a tab, and three nested empty ones, are judged alike.
    func testDepthIsCountedOneWay() throws {
        let reason = "tabs[0].tabs[0].tabs[0]: a section at level 3 could hold nothing"
        let full = try write(#"{"id":"x","title":"x","tabs":[{"section":"a","title":"A","tabs":[{"section":"b","title":"B","tabs":[{"section":"c","title":"C","tabs":[{"id":"d","title":"D"}]}]}]}]}"#, "d1.json")
        let empty = try write(#"{"id":"x","title":"x","tabs":[{"section":"a","title":"A","tabs":[{"section":"b","title":"B","tabs":[{"section":"c","title":"C"}]}]}]}"#, "d2.json")
        for path in [full, empty] {
            let result = try run(["check-layout", path])
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.standardError.contains(reason), result.standardError)
        }
        let fine = try write(#"{"id":"x","title":"x","tabs":[{"section":"a","title":"A","tabs":[{"section":"b","title":"B","tabs":[{"id":"d","title":"D"}]}]}]}"#, "d3.json")
        XCTAssertTrue(try run(["check-layout", fine]).standardOutput.contains("3 items: 1 tab, 2 sections, 3 levels deep"))
    }

    /// Two instances: one open and untouched, another saves a change; quitting the first wrote its
    /// old bar back.
    func testAnUntouchedInstanceDoesNotWriteItsOldStateBack() throws {
        let first = try launch([])
        try first.waitForFirstFrame()
        let render = try run(["render", "--size", "100x30", "--state-dir", stateDir.path, "--keys", "e,right,x,e"])
        XCTAssertEqual(render.status, 0, render.standardError)
        let changed = try Data(contentsOf: demoStateFile)
        try quit(first)
        XCTAssertEqual(try Data(contentsOf: demoStateFile), changed, "the other program's change stays")
    }

    /// A failed save says why first: at 100 columns the footer read "cannot save …/st.json: writing…".
    func testAFailedSaveSaysWhyFirstAtAHundredColumns() throws {
        let blocker = try write("x", "blocker")
        let result = try run(["render", "--size", "100x30", "--state-dir", blocker + "/state/with/a/long/name/to/push/the/reason/out", "--keys", "s"])
        let footer = result.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(footer.contains("cannot save: Not a directory"), footer)
    }

    /// A kernel file is read only once the layout is trusted (docs/layout-files.md, "Files"):
    /// `/proc/self/environ` showed the whole environment of an untrusted layout's program; the
    /// same file reached through a link in the layout's folder is found too (by the file system,
    /// not the path).
    func testAKernelFileWaitsForTrustAsACommandDoes() throws {
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("k"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.appendingPathComponent("k/env.txt").path, withDestinationPath: "/proc/self/environ")
        let path = try write(#"{"id":"k","title":"K","tabs":[{"id":"env","title":"Env","content":{"file":"/proc/self/environ"}},{"id":"link","title":"Link","content":{"file":"env.txt"}},{"id":"notes","title":"Notes","content":{"file":"notes.txt"}}]}"#, "k/k.json")
        try "plain notes\n".write(toFile: scratch.appendingPathComponent("k/notes.txt").path, atomically: true, encoding: .utf8)
        let secret = "TABNAV_SECRET_OF_THE_TEST=hunter2"
        let check = try run(["check-layout", path])
        XCTAssertEqual(check.status, 0, check.standardError)
        XCTAssertTrue(check.standardOutput.contains("kernel files it would read once trusted (2):"), check.standardOutput)
        XCTAssertTrue(check.standardOutput.contains(#""Env": reads "/proc/self/environ" (procfs)"#), check.standardOutput)
        // A link is shown with the file it leads to (it showed only its own name).
        XCTAssertTrue(check.standardOutput.contains(#"env.txt" → "/proc/self/environ" (procfs)"#), check.standardOutput)

        let untrusted = try ChildProcess.run(try Self.binary(), ["render", "--size", "100x20", "--layout", path, "--state-dir", stateDir.path],
                                             environment: ["HOME": scratch.path, "LANG": "C.UTF-8", "TABNAV_SECRET_OF_THE_TEST": "hunter2"], scratch: scratch)
        XCTAssertFalse(untrusted.standardOutput.contains(secret), untrusted.standardOutput)
        XCTAssertTrue(untrusted.standardOutput.contains("Not read: this layout file is not trusted."), untrusted.standardOutput)
        XCTAssertTrue(untrusted.standardOutput.contains("reads /proc/self/environ (procfs)"), untrusted.standardOutput)
        XCTAssertTrue(untrusted.standardOutput.contains("env.txt → /proc/self/environ (procfs)"), untrusted.standardOutput)

        let run = try launch(["--layout", path], environment: ["TABNAV_SECRET_OF_THE_TEST": "hunter2"])
        var screen = try run.waitFor(text: "Not read: this layout file is not trusted.")
        XCTAssertFalse(screen.contains(secret), "\(screen)")
        XCTAssertTrue(screen.contains("reads /proc/self/environ (procfs)") && screen.footer.contains("t: trust"), "\(screen)")
        try run.press("Right")
        screen = try run.waitFor(text: "Not read: this layout file is not trusted.")
        XCTAssertFalse(screen.contains(secret), "the link to it waits too:\n\(screen)")
        XCTAssertFalse(screen.contains("(a kernel file)"), "listed once, as at the load:\n\(screen)")
        try run.press("Right")
        try run.waitFor(text: "plain notes")  // an ordinary file is read as before
        try run.press("Left", "Left", "t")
        screen = try run.waitFor(text: "TABNAV_SECRET_OF_THE_TEST=hun")  // the line is cut at the edge
        try run.press("q")
        _ = try run.waitForExit()
    }
}
