import Foundation
import XCTest

/// Terminal tabs with real programs in a real terminal (docs/terminal-tabs.md): a shell (typing,
/// colours, Ctrl-C, sizes that follow the window and the sidebar), vi, less, top, a program that
/// asks for the mouse, the scrollback, switching tabs, and quitting (asked first, nothing left).
final class TerminalTabEndToEndTests: EndToEndTestCase {
    var layouts: URL { scratch.appendingPathComponent("layouts") }

    /// A layout with a Home tab, then `tabs` (title → content JSON).
    func writeLayout(_ tabs: [(String, String)]) throws -> String {
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        let items = tabs.map { #"{"id": "\#($0.0.lowercased())", "title": "\#($0.0)", "content": \#($0.1)}"# }
        let text = #"{"id": "terms", "title": "Terms", "tabs": [{"id": "home", "title": "Home", "content": {"text": "home page"}}, \#(items.joined(separator: ",\n"))]}"#
        let path = layouts.appendingPathComponent("terms.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Starts the program on `tabs`, shows the first of them and gives its content the keys.
    func launchOnFirstTerminal(_ tabs: [(String, String)], columns: Int = 100, rows: Int = 30) throws -> ProgramRun {
        let path = try writeLayout(tabs)
        let run = try launch(["--layout", path, "--trust"], columns: columns, rows: rows,
                             environment: ["SHELL": "/bin/sh", "PS1": "$ "])
        try run.waitForFirstFrame()
        try run.press("Right")
        try run.waitFor(text: tabs[0].0)
        try run.press("Tab")
        return run
    }

    func read(_ name: String) -> String {
        (try? String(contentsOf: layouts.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    func testAShellTakesKeysFollowsTheSizeAndQuittingAsksThenEndsIt() throws {
        let run = try launchOnFirstTerminal([("Shell", #"{"terminal": true}"#)])
        try run.waitForFooter("prefix")
        try run.typeLine("echo $$ > shell.pid; echo sum-$((40+2))")
        try run.waitFor(text: "sum-42")
        // Ctrl-C reaches the program in the terminal, not the app.
        try run.typeLine("sleep 30")
        try run.press("C-c")
        try run.typeLine("echo after-sleep")
        try run.waitFor(text: "after-sleep")
        // Colours come through as colours.
        try run.typeLine("printf '\\033[31mRED\\033[0m\\n'")
        try run.waitFor(text: "RED")
        XCTAssertTrue(try run.screen().captured.contains("31mRED"), "red text is drawn red")
        // The pseudo-terminal is the content area below the title and the rule: 98×26 at 100×30.
        try run.typeLine("stty size")
        try run.waitFor(text: "26 98")
        try run.resize(columns: 90, rows: 25)
        try run.typeLine("stty size")
        try run.waitFor(text: "21 88")
        // Another tab and back: the screen is as it was, the shell still running.
        try run.press("C-b", "Left")
        try run.waitFor(text: "home page")
        try run.press("Right", "Tab")
        try run.waitFor(text: "after-sleep")
        let pid = try XCTUnwrap(pid_t(read("shell.pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(ProgramRun.isRunning(pid))
        // q goes to the shell; the prefix then q asks, y quits and the shell ends.
        try run.press("C-b", "q")
        try run.waitForFooter("1 program is running: quit?")
        try run.press("y")
        XCTAssertEqual(try run.waitForExit(), 0)
        let end = Date().addingTimeInterval(ProgramRun.deadline)
        while ProgramRun.isRunning(pid), Date() < end { Thread.sleep(forTimeInterval: ProgramRun.pollInterval) }
        XCTAssertFalse(ProgramRun.isRunning(pid), "the shell ended with the app")
    }

    func testViEditsAndSavesAndTheEndedProgramKeepsItsScreen() throws {
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try "first\n".write(to: layouts.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let run = try launchOnFirstTerminal([("Vi", #"{"terminal": "vi -u NONE notes.txt"}"#)])
        try run.waitFor(text: "first")
        try run.press("G", "o")
        try run.type("second line")
        try run.press("Escape")
        try run.type(":wq")
        try run.press("Enter")
        try run.waitFor(text: "exited with status 0 after")
        XCTAssertEqual(read("notes.txt"), "first\nsecond line\n")
        try run.waitForFooter("Enter: run again")
        try run.press("Enter")
        try run.waitFor(text: "second line")
        try run.type(":q")
        try run.press("Enter")
        try run.waitFor(text: "exited with status 0")
        try quit(run)
    }

    func testLessSearchesAndTopShowsAndQuits() throws {
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try (1...300).map { "row \($0)" }.joined(separator: "\n").write(to: layouts.appendingPathComponent("long.txt"),
                                                                          atomically: true, encoding: .utf8)
        let run = try launchOnFirstTerminal([("Less", #"{"terminal": "less long.txt"}"#), ("Top", #"{"terminal": "top -d 1"}"#)])
        try run.waitFor(text: "row 20")
        try run.type("/row 250")
        try run.press("Enter")
        try run.waitFor(text: "row 260")
        try run.press("q")
        try run.waitFor(text: "exited with status 0")
        try run.press("C-b", "Tab", "Right", "Tab")
        try run.waitFor(text: "load average")
        try run.press("q")
        try run.waitFor(text: "exited with status 0")
        try quit(run)
    }

    /// A program that ends while a job it left behind writes on (`yes &` then `exit`): its tab
    /// says it exited, the job is told to hang up, and the app still answers keys (the drain of
    /// the last output, under the session's lock, is bounded).
    func testAProgramThatExitsWhileItsJobWritesOnLeavesTheAppAnswering() throws {
        let run = try launchOnFirstTerminal([("Yes", #"{"terminal": "yes & sleep 0.5; exit 0"}"#)])
        try run.waitFor(text: "exited with status 0 after")
        try run.press("Tab", "Left")
        try run.waitFor(text: "home page")
        try quit(run)
    }

    func testAProgramThatAsksForTheMouseGetsClicks() throws {
        let run = try launchOnFirstTerminal([("Mouse", #"{"terminal": "printf '\\033[?1000h\\033[?1006h'; stty -echo -icanon; cat -v"}"#)])
        try run.waitForFooter("prefix")
        // Column 11, row 6 of the screen: the program's cell (10, 3) counted from 1 in SGR form.
        try run.mouse(button: 0, column: 11, row: 6)
        try run.mouse(button: 0, column: 11, row: 6, release: true)
        try run.waitFor(text: "^[[<0;10;3M^[[<0;10;3m")
        try run.press("C-b", "q", "y")
        XCTAssertEqual(try run.waitForExit(), 0)
    }

    func testModifiedKeysReachTheProgramAsXtermSendsThem() throws {
        // Application cursor mode on: plain arrows are `ESC O A`, modified ones `ESC [ 1 ; m A`.
        let run = try launchOnFirstTerminal([("Keys", #"{"terminal": "printf '\\033[?1h'; stty -echo -icanon; cat -v"}"#)])
        try run.waitForFooter("prefix")
        try run.press("C-Up", "S-Right", "M-Left", "C-S-Home", "C-PageUp", "S-F5", "Up")
        try run.waitFor(text: "^[[1;5A^[[1;2C^[[1;3D^[[1;6H^[[5;5~^[[15;2~^[OA")
        try run.press("C-b", "q", "y")
        XCTAssertEqual(try run.waitForExit(), 0)
    }

    func testScrollbackKeepsWhatScrolledOffAndEscGoesLive() throws {
        let run = try launchOnFirstTerminal([("Shell", #"{"terminal": true}"#)])
        try run.waitForFooter("prefix")
        try run.typeLine("seq -f 'n%04g' 1 500")
        try run.waitFor(text: "n0500")
        try run.press("C-b", "[")
        try run.waitFor(text: "scrollback 0/")
        try run.press("Home")
        try run.waitFor(text: "n0001")
        try run.press("/")
        try run.type("n0250")
        try run.press("Enter")
        try run.waitFor(text: "n0250")
        // No match says so; a match only newer than the view is found by going round, and says so.
        try run.press("/")
        try run.type("zzz")
        try run.press("Enter")
        try run.waitFor(text: #"not found: "zzz""#)
        try run.press("/")
        try run.type("n0499")
        try run.press("Enter")
        try run.waitFor(text: #""n0499", wrapped to the newest line"#)
        try run.press("Escape")
        try run.wait(for: "the live screen again") { !$0.contains("Esc: live") && $0.contains("n0500") }
        try run.press("C-b", "q", "y")
        XCTAssertEqual(try run.waitForExit(), 0)
    }

    /// `render --trust` of a terminal tab prints the program's screen once its output settled,
    /// with the title it set, and ends the program.
    func testRenderPrintsTheSettledScreen() throws {
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        let path = layouts.appendingPathComponent("render.json").path
        try #"{"id": "r", "title": "R", "tabs": [{"id": "t", "title": "T", "content": {"terminal": "printf '\\033]2;titled\\007late %s\\n' $((6*7)); echo $$ > sh.pid; sleep 30"}}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(try Self.binary(), ["render", "--size", "60x8", "--trust", "--layout", path, "--state-dir", stateDir.path],
                                          environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"], scratch: scratch, timeout: 20)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("late 42"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("T │ titled"), result.standardOutput)
        let pid = try XCTUnwrap(pid_t(read("sh.pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        let end = Date().addingTimeInterval(ProgramRun.deadline)
        while ProgramRun.isRunning(pid), Date() < end { Thread.sleep(forTimeInterval: ProgramRun.pollInterval) }
        XCTAssertFalse(ProgramRun.isRunning(pid), "render ends the program it ran")
    }

    /// A hidden shell that prints later marks its tab in the bar (and an event says so) until
    /// it is shown again.
    func testAHiddenShellThatPrintsLaterMarksItsTab() throws {
        let run = try launchOnFirstTerminal([("Shell", #"{"terminal": true}"#)])
        try run.waitForFooter("prefix")
        try run.typeLine("sleep 1; echo printed-later")
        try run.press("C-b", "1")
        try run.waitFor(text: "home page")
        try run.wait(for: "the activity mark on Shell") { $0.rows[0].text.contains("Shell ◦") || $0.rows[0].text.contains("◦ Shell") || $0.rows[0].text.contains("Shell◦") }
        try waitForEvent("attentionDidChange") { $0["tab"] as? String == "shell" && $0["reason"] as? String == "activity" }
        try run.press("2")
        try run.waitFor(text: "printed-later")
        try run.wait(for: "the mark cleared") { !$0.rows[0].text.contains("◦") }
        try run.press("C-b", "q")
        try run.waitForFooter("1 program is running: quit?")
        try run.press("y")
        XCTAssertEqual(try run.waitForExit(), 0)
    }
}
