import Foundation
import XCTest

/// docs/behaviour.md, "Quality bars": the terminal is restored on `SIGINT`, `SIGTERM`, `SIGHUP` (and `SIGQUIT`) and on a
/// crash, the state is saved on the way out, and `SIGTSTP` / `Ctrl-Z` suspend and resume cleanly.
///
/// Each test runs the program in a pane of its own tmux server: the shell prints a marker line,
/// runs the program (its pid written to a file), then prints `EXIT:<status>` and the terminal's
/// line-discipline modes. tmux reports the pane's terminal modes (alternate screen, cursor,
/// mouse, keypad), so "restored" is checked exactly, not guessed from the picture.
final class SignalTests: SignalTestCase {
    var stateDir: String { scratch + "/state" }
    var stateFile: String { stateDir + "/destination-video.json" }
    var pidFile: String { scratch + "/pid" }

    /// The command line of the program under test, writing its pid first (`exec` keeps the pid).
    func programCommand() throws -> String {
        let binary = try SignalHarness.binary()
        return "sh -c " + SignalHarness.quoted(
            "echo $$ > \(SignalHarness.quoted(pidFile)); exec \(SignalHarness.quoted(binary)) --state-dir \(SignalHarness.quoted(stateDir))")
    }

    /// Starts a pane that prints a marker, runs the program, then reports how it ended and the
    /// terminal's modes; waits until the program has drawn its first screen. The pane's shell
    /// then sleeps: tmux sometimes blanks a dead pane's screen (seen with tmux 3.3a), so the pane
    /// is kept alive until the server is killed.
    func startProgram() throws -> (SignalTmux, pid_t) {
        let script = """
            echo BEFORE-THE-PROGRAM; \(try programCommand()); echo "EXIT:$?"; \
            stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo|isig|icrnl|opost)$' | tr '\\n' ' '; echo; echo AFTER-THE-PROGRAM; \
            exec sleep 86400
            """
        let pane = try SignalTmux(command: "sh -c " + SignalHarness.quoted(script), columns: 100, rows: 30, scratch: scratch)
        tmux = pane
        try waitForFirstScreen(pane)
        let pid = try readPID()
        return (pane, pid)
    }

    func readPID() throws -> pid_t {
        var pid: pid_t?
        try SignalHarness.waitUntil("the program's pid") {
            pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return pid != nil
        }
        return pid!
    }

    func waitForFirstScreen(_ pane: SignalTmux) throws {
        try SignalHarness.waitUntil("the program's first screen", detail: { (try? pane.capture()) ?? "" }) {
            let lines = try pane.lines()
            return lines.contains { $0.contains("NORMAL") } && lines.first?.contains("Watch Now") == true
        }
    }

    /// Selects Library with `l`. The selection is saved only when the program leaves, so finding
    /// it in the file afterwards proves the exit path saved.
    func selectLibrary(_ pane: SignalTmux) throws {
        try pane.send("l", literal: true)
        try SignalHarness.waitUntil("Library to show", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().dropFirst().first?.trimmingCharacters(in: .whitespaces) == "Library"
        }
        if let saved = try? String(contentsOfFile: stateFile, encoding: .utf8) {
            XCTAssertFalse(saved.contains("\"selected\": \"library\""), "selecting alone does not save")
        }
    }

    /// Waits for the `EXIT:` line and returns the status and the modes line after it.
    func waitForExit(_ pane: SignalTmux) throws -> (status: String, modes: String, lines: [String]) {
        var lines: [String] = []
        try SignalHarness.waitUntil("the program to end", detail: { lines.joined(separator: "\n") }) {
            lines = try pane.lines()
            return lines.contains("AFTER-THE-PROGRAM")
        }
        guard let exitIndex = lines.firstIndex(where: { $0.hasPrefix("EXIT:") }), exitIndex + 1 < lines.count else {
            throw SignalHarness.Failure("no EXIT line:\n" + lines.joined(separator: "\n"))
        }
        return (String(lines[exitIndex].dropFirst(5)), lines[exitIndex + 1], lines)
    }

    /// The shell's text is back, the modes are the shell's, and the line discipline is cooked.
    func checkRestored(_ pane: SignalTmux, _ ending: (status: String, modes: String, lines: [String]),
                       file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(ending.lines.contains("BEFORE-THE-PROGRAM"), "the text from before the program is visible again:\n"
                      + ending.lines.joined(separator: "\n"), file: file, line: line)
        XCTAssertFalse(ending.lines.contains { $0.contains("NORMAL") }, "the program's screen is gone", file: file, line: line)
        XCTAssertEqual(try pane.modes(), SignalTmux.restoredModes, file: file, line: line)
        XCTAssertEqual(ending.modes.split(separator: " ").sorted(), ["echo", "icanon", "icrnl", "isig", "opost"],
                       "the terminal's line discipline is back to normal", file: file, line: line)
    }

    // MARK: Termination signals

    func checkTerminationSignal(_ signal: Int32, name: String) throws {
        let (pane, pid) = try startProgram()
        try selectLibrary(pane)
        XCTAssertEqual(kill(pid, signal), 0, name)
        let ending = try waitForExit(pane)
        try checkRestored(pane, ending)
        // The program leaves as `q` does: a normal exit, state saved.
        XCTAssertEqual(ending.status, "0", "\(name) ends the program like q")
        let saved = try String(contentsOfFile: stateFile, encoding: .utf8)
        XCTAssertTrue(saved.contains("\"selected\": \"library\""), "\(name): the state was saved on the way out:\n\(saved)")
    }

    func testSIGINTRestoresTheTerminalAndSaves() throws {
        try checkTerminationSignal(SIGINT, name: "SIGINT")
    }

    func testSIGTERMRestoresTheTerminalAndSaves() throws {
        try checkTerminationSignal(SIGTERM, name: "SIGTERM")
    }

    func testSIGHUPRestoresTheTerminalAndSaves() throws {
        try checkTerminationSignal(SIGHUP, name: "SIGHUP")
    }

    func testSIGQUITRestoresTheTerminalAndSaves() throws {
        try checkTerminationSignal(SIGQUIT, name: "SIGQUIT")
    }

    /// Every other signal whose default action ends a process (docs/behaviour.md): the program
    /// closes as on `q`, terminal restored and state saved, instead of dying in raw mode.
    func testEveryOtherTerminatingSignalRestoresTheTerminalAndSaves() throws {
        let signals: [(Int32, String)] = [
            (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGALRM, "SIGALRM"), (SIGVTALRM, "SIGVTALRM"),
            (SIGPROF, "SIGPROF"), (SIGXCPU, "SIGXCPU"), (SIGPWR, "SIGPWR"), (SIGIO, "SIGIO"), (SIGSTKFLT, "SIGSTKFLT"),
        ]
        for (signal, name) in signals {
            try? FileManager.default.removeItem(atPath: stateDir)
            try checkTerminationSignal(signal, name: name)
            tmux?.kill()
            tmux = nil
        }
    }

    /// SIGXFSZ (a write past `ulimit -f`) is ignored: the program keeps running and `q` still
    /// leaves normally.
    func testSIGXFSZDoesNotEndTheProgram() throws {
        let (pane, pid) = try startProgram()
        XCTAssertEqual(kill(pid, SIGXFSZ), 0)
        try selectLibrary(pane) // still answering keys after the signal
        XCTAssertEqual(Self.processState(pid).map { $0 != "Z" }, true, "still running after SIGXFSZ")
        try pane.send("q", literal: true)
        let ending = try waitForExit(pane)
        try checkRestored(pane, ending)
        XCTAssertEqual(ending.status, "0")
    }

    /// The terminal itself goes away (the tmux pane is killed): the program gets SIGHUP with a
    /// dead terminal, saves and ends instead of spinning on a terminal that answers nothing.
    func testClosedTerminalSavesAndEnds() throws {
        let (pane, pid) = try startProgram()
        try selectLibrary(pane)
        try pane.tmux(["kill-pane", "-t", "main"])
        try SignalHarness.waitUntil("the program to end with its terminal") {
            let state = Self.processState(pid)
            return state == nil || state == "Z"
        }
        let saved = try String(contentsOfFile: stateFile, encoding: .utf8)
        XCTAssertTrue(saved.contains("\"selected\": \"library\""), "the state was saved on the way out:\n\(saved)")
    }

    // MARK: Crashes

    /// A crash signal (no hook needed: `kill -SEGV` is what a real segmentation fault delivers)
    /// restores the terminal, then the program dies of that signal (status 128 + n).
    func checkCrash(_ signal: Int32, name: String) throws {
        let (pane, pid) = try startProgram()
        // What a crash must undo is on: the alternate screen and mouse reporting.
        XCTAssertNotEqual(try pane.modes().mouse, "0000", "the program reports the mouse while it runs")
        XCTAssertEqual(try pane.modes().alternateScreen, "1")
        XCTAssertEqual(kill(pid, signal), 0, name)
        let ending = try waitForExit(pane)
        try checkRestored(pane, ending)
        XCTAssertEqual(ending.status, "\(128 + signal)", "\(name): the program dies of the signal after restoring")
    }

    func testSegmentationFaultRestoresTheTerminal() throws {
        try checkCrash(SIGSEGV, name: "SIGSEGV")
    }

    func testAbortRestoresTheTerminal() throws {
        try checkCrash(SIGABRT, name: "SIGABRT")
    }

    func testBusErrorRestoresTheTerminal() throws {
        try checkCrash(SIGBUS, name: "SIGBUS")
    }

    func testBadSystemCallRestoresTheTerminal() throws {
        try checkCrash(SIGSYS, name: "SIGSYS")
    }

    // MARK: Suspend and resume

    /// In an interactive shell with job control: the program stops, the prompt comes back on the
    /// restored terminal, and `fg` brings the whole screen back exactly as it was.
    func checkSuspendAndResume(suspend: (SignalTmux, pid_t) throws -> Void) throws {
        guard let bash = SignalHarness.find("bash") else { throw XCTSkip("bash is needed for job control") }
        let pane = try SignalTmux(command: "env PS1='PROMPT> ' \(bash) --norc --noprofile -i", columns: 100, rows: 30, scratch: scratch)
        tmux = pane
        try SignalHarness.waitUntil("the shell's prompt", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().contains { $0.hasPrefix("PROMPT>") }
        }
        try pane.send("echo BEFORE-THE-PROGRAM; \(try programCommand()); echo \"EXIT:$?\"", literal: true)
        try pane.send("Enter")
        try waitForFirstScreen(pane)
        let pid = try readPID()
        try pane.send("s", literal: true)  // the sidebar: a screen with more to redraw
        try SignalHarness.waitUntil("the sidebar", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().contains { $0.contains("Destination Video") }
        }
        let before = try pane.capture()
        let modesBefore = try pane.modes()

        try suspend(pane, pid)
        try SignalHarness.waitUntil("the prompt while the program is stopped", detail: { (try? pane.capture()) ?? "" }) {
            let lines = try pane.lines()
            return lines.contains { $0.contains("Stopped") } && lines.last { !$0.isEmpty }?.hasPrefix("PROMPT>") == true
        }
        XCTAssertEqual(try pane.modes(), SignalTmux.restoredModes, "the terminal is the shell's while the program is stopped")
        XCTAssertTrue(try pane.lines().contains("BEFORE-THE-PROGRAM"))
        XCTAssertEqual(Self.processState(pid), "T", "the program is stopped")

        try pane.send("fg", literal: true)
        try pane.send("Enter")
        var after = ""
        try SignalHarness.waitUntil("the whole screen to come back", detail: { "before:\n\(before)\nnow:\n\(after)" }) {
            after = try pane.capture()
            return after == before
        }
        XCTAssertEqual(try pane.modes(), modesBefore, "the program's modes (alternate screen, mouse) are back")

        // Still working: a key changes the screen, and q leaves with status 0.
        try pane.send("s", literal: true)
        try SignalHarness.waitUntil("the sidebar to close", detail: { (try? pane.capture()) ?? "" }) {
            try !pane.lines().contains { $0.contains("Destination Video") }
        }
        // (The shell already printed `EXIT:148` when the job stopped; `fg` does not run it again.)
        try pane.send("q", literal: true)
        try SignalHarness.waitUntil("the program to end after q", detail: { (try? pane.capture()) ?? "" }) {
            kill(pid, 0) != 0 && errno == ESRCH
        }
        try SignalHarness.waitUntil("the prompt after q", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().last { !$0.isEmpty }?.hasPrefix("PROMPT>") == true && pane.modes() == SignalTmux.restoredModes
        }
    }

    func testSIGTSTPThenFgRedrawsTheWholeScreen() throws {
        try checkSuspendAndResume { _, pid in XCTAssertEqual(kill(pid, SIGTSTP), 0) }
    }

    func testCtrlZThenFgRedrawsTheWholeScreen() throws {
        try checkSuspendAndResume { pane, _ in try pane.send("C-z") }
    }

    /// A paste in progress when the program is stopped goes on after `fg`: the time stopped is
    /// not the terminal's silence. Before, a stop of over a second ended the paste at the resume
    /// and its rest ran as keys (a pasted `q` quit).
    func testAPasteCutByASuspensionStaysAPaste() throws {
        guard let bash = SignalHarness.find("bash") else { throw XCTSkip("bash is needed for job control") }
        let pane = try SignalTmux(command: "env PS1='PROMPT> ' \(bash) --norc --noprofile -i", columns: 100, rows: 30, scratch: scratch)
        tmux = pane
        try SignalHarness.waitUntil("the shell's prompt", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().contains { $0.hasPrefix("PROMPT>") }
        }
        try pane.send("\(try programCommand()); echo \"EXIT:$?\"", literal: true)
        try pane.send("Enter")
        try waitForFirstScreen(pane)
        let pid = try readPID()
        try pane.send("\u{1B}[200~qq", literal: true)
        // The program has read it (else the shell would, once the terminal is its own again).
        let terminal = open("/proc/\(pid)/fd/0", O_RDONLY | O_NOCTTY)
        XCTAssertGreaterThanOrEqual(terminal, 0)
        defer { close(terminal) }
        try SignalHarness.waitUntil("the program to read the paste's start", detail: { "" }) {
            var waiting: Int32 = -1
            return ioctl(terminal, UInt(FIONREAD), &waiting) == 0 && waiting == 0
        }
        XCTAssertEqual(kill(pid, SIGTSTP), 0)
        try SignalHarness.waitUntil("the prompt while the program is stopped", detail: { (try? pane.capture()) ?? "" }) {
            try pane.lines().contains { $0.contains("Stopped") } && Self.processState(pid) == "T"
        }
        // Stopped for longer than a paste's silence (TerminalScreen.pasteSilenceMilliseconds).
        let stoppedLongEnough = ContinuousClock.now.advanced(by: .milliseconds(1500))
        try SignalHarness.waitUntil("a second and a half stopped", detail: { "" }) { ContinuousClock.now >= stoppedLongEnough }
        try pane.send("fg", literal: true)
        try pane.send("Enter")
        try SignalHarness.waitUntil("the program running again", detail: { (try? pane.capture()) ?? "" }) {
            let shown = try pane.lines().contains { $0.contains("Watch Now") }
            return Self.processState(pid) != "T" && shown
        }
        try pane.send("qq\u{1B}[201~", literal: true)
        try pane.send("s", literal: true)  // a key after the paste: the sidebar opens
        try SignalHarness.waitUntil("the sidebar after the paste", detail: { (try? pane.capture()) ?? "" }) {
            let sidebar = try pane.lines().contains { $0.contains("Destination Video") }
            return kill(pid, 0) != 0 || sidebar
        }
        XCTAssertEqual(kill(pid, 0), 0, "the pasted q did not quit the program")
        try pane.send("q", literal: true)
        try SignalHarness.waitUntil("the program to end after q", detail: { (try? pane.capture()) ?? "" }) {
            kill(pid, 0) != 0 && errno == ESRCH
        }
    }

    /// The process state letter from /proc (`T` when stopped).
    static func processState(_ pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }
}
