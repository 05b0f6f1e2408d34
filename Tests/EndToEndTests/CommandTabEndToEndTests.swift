import Foundation
import XCTest

/// Commands and files of layout files, run by the real program (docs/layout-files.md): nothing
/// runs without consent, no child outlives the program on any way out, deadlines hold even when a
/// command closes its output, both streams and the exit status show, and file tabs never block.
/// Marker files tell whether a command ran; /proc tells whether a process is still alive.
final class CommandTabEndToEndTests: EndToEndTestCase {
    var layouts: URL { scratch.appendingPathComponent("layouts") }

    /// Writes a layout whose tabs run `commands` (title → content JSON) and returns its path.
    @discardableResult
    func writeLayout(_ tabs: [(String, String)], name: String = "ops.json") throws -> String {
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        let items = tabs.map { #"{"id": "\#($0.0.lowercased())", "title": "\#($0.0)", "content": \#($0.1)}"# }
        let text = #"{"id": "ops", "title": "Ops", "tabs": [\#(items.joined(separator: ",\n"))]}"#
        let path = layouts.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: layouts.appendingPathComponent(name).path) }

    /// The pids written (one per line) to a file in the layouts folder, once there are `count`.
    func pids(in name: String, count: Int = 1) throws -> [pid_t] {
        let end = Date().addingTimeInterval(ProgramRun.deadline)
        while true {
            let text = (try? String(contentsOf: layouts.appendingPathComponent(name), encoding: .utf8)) ?? ""
            let pids = text.split(separator: "\n").compactMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
            if pids.count >= count { return pids }
            if Date() > end { throw HarnessError("no \(count) pid(s) in \(name): \(text)") }
            Thread.sleep(forTimeInterval: ProgramRun.pollInterval)
        }
    }

    /// Waits until none of `pids` is a live process (per /proc).
    func assertAllGone(_ pids: [pid_t], _ what: String, within deadline: TimeInterval = ProgramRun.deadline,
                       file: StaticString = #filePath, line: UInt = #line) {
        let end = Date().addingTimeInterval(deadline)
        while pids.contains(where: ProgramRun.isRunning), Date() < end {
            Thread.sleep(forTimeInterval: ProgramRun.pollInterval)
        }
        let alive = pids.filter(ProgramRun.isRunning)
        XCTAssertEqual(alive, [], "\(what): still running: \(alive)", file: file, line: line)
        for pid in alive { kill(pid, SIGKILL) }
    }

    // MARK: Trust

    func testUntrustedFileRunsNothingUntilTrustedAndAsksAgainWhenChanged() throws {
        let path = try writeLayout([("Run", #"{"command": "touch marker-run"}"#), ("Two", #"{"command": "touch marker-two"}"#)])
        var run = try launch(["--layout", path])
        var screen = try run.waitFor(text: "Not run: this layout file is not trusted.")
        XCTAssertTrue(screen.contains("$ touch marker-run"), "the exact command line is shown:\n\(screen)")
        XCTAssertTrue(screen.contains("$ touch marker-two"), "every command the file would run is shown:\n\(screen)")
        XCTAssertTrue(screen.footer.contains("t: trust this file and run"), screen.footer)
        try run.press("Right")
        try run.waitFor(text: "$ touch marker-two")
        try run.press("Left", "r")
        try run.waitFor(text: "Not run: t trusts")
        XCTAssertFalse(exists("marker-run") || exists("marker-two"), "nothing ran before consent")

        try run.press("t")
        screen = try run.waitFor(text: "exit 0")
        XCTAssertTrue(exists("marker-run"), "t runs the command of the tab shown:\n\(screen)\n\((try? FileManager.default.contentsOfDirectory(atPath: layouts.path)) ?? [])")
        XCTAssertFalse(exists("marker-two"), "other tabs run when shown")
        let trustFile = stateDir.appendingPathComponent("trusted.json").path
        let mode = try FileManager.default.attributesOfItem(atPath: trustFile)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
        let canonical = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        XCTAssertTrue(try String(contentsOfFile: trustFile, encoding: .utf8).contains(canonical))
        try run.press("Right")
        try run.waitFor(text: "exit 0")
        XCTAssertTrue(exists("marker-two"))
        try run.press("Left")  // the next launch starts on Run again
        try run.waitFor(text: "$ touch marker-run")
        try quit(run)

        // Trusted: the next launch runs without asking.
        try FileManager.default.removeItem(at: layouts.appendingPathComponent("marker-run"))
        run = try launch(["--layout", path])
        try run.waitFor(text: "exit 0")
        XCTAssertTrue(exists("marker-run"))
        try quit(run)

        // Changed by one byte: untrusted again.
        try FileManager.default.removeItem(at: layouts.appendingPathComponent("marker-run"))
        try (String(contentsOfFile: path, encoding: .utf8) + " ").write(toFile: path, atomically: true, encoding: .utf8)
        run = try launch(["--layout", path])
        try run.waitFor(text: "Not run: this layout file is not trusted.")
        XCTAssertFalse(exists("marker-run"))
        try quit(run)
    }

    func testTrustOptionRunsForOneRunAndRecordsNothing() throws {
        let path = try writeLayout([("Run", #"{"command": "touch marker-run"}"#)])
        let run = try launch(["--layout", path, "--trust"])
        try run.waitFor(text: "exit 0")
        XCTAssertTrue(exists("marker-run"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: stateDir.appendingPathComponent("trusted.json").path))
        try quit(run)
    }

    func testRenderRunsNothingWithoutTrustAndCheckLayoutListsCommands() throws {
        let path = try writeLayout([("Run", #"{"command": "touch marker-run"}"#)])
        let binary = try Self.binary()
        let untrusted = try ChildProcess.run(binary, ["render", "--size", "80x12", "--layout", path, "--state-dir", stateDir.path, "--keys", "t,r"],
                                             environment: ["HOME": scratch.path, "LANG": "C.UTF-8"], scratch: scratch)
        XCTAssertEqual(untrusted.status, 0, untrusted.standardError)
        XCTAssertTrue(untrusted.standardOutput.contains("Not run"), untrusted.standardOutput)
        XCTAssertFalse(exists("marker-run"), "render runs nothing without --trust, t included")
        let trusted = try ChildProcess.run(binary, ["render", "--size", "80x12", "--layout", path, "--state-dir", stateDir.path, "--trust"],
                                           environment: ["HOME": scratch.path, "LANG": "C.UTF-8"], scratch: scratch)
        XCTAssertTrue(trusted.standardOutput.contains("exit 0"), trusted.standardOutput)
        XCTAssertTrue(exists("marker-run"))

        let check = try ChildProcess.run(binary, ["check-layout", path], environment: ["LANG": "C.UTF-8"], scratch: scratch)
        XCTAssertEqual(check.status, 0)
        XCTAssertTrue(check.standardOutput.contains(#"commands it would run (1):"#), check.standardOutput)
        XCTAssertTrue(check.standardOutput.contains(#""Run": "touch marker-run""#), check.standardOutput)
    }

    // MARK: Lifecycle

    /// A command that forks a grandchild; both pids land in files.
    let forking = #"{"command": "echo $$ >> leader.pid; sleep 300 & echo $! >> child.pid; wait", "timeout": 600}"#

    func testNoChildSurvivesQuit() throws {
        let path = try writeLayout([("Fork", forking)])
        let run = try launch(["--layout", path, "--trust"])
        let pids = try pids(in: "leader.pid") + pids(in: "child.pid")
        XCTAssertTrue(pids.allSatisfy(ProgramRun.isRunning))
        try quit(run)
        assertAllGone(pids, "after q")
    }

    func testNoChildSurvivesTerminatingSignals() throws {
        for signal in [SIGTERM, SIGHUP, SIGSEGV] {
            try? FileManager.default.removeItem(at: layouts)
            let path = try writeLayout([("Fork", forking)])
            let run = try launch(["--layout", path, "--trust"])
            let pids = try pids(in: "leader.pid") + pids(in: "child.pid")
            XCTAssertTrue(pids.allSatisfy(ProgramRun.isRunning))
            kill(try run.pid(), signal)
            _ = try run.waitForExit()
            assertAllGone(pids, "after signal \(signal)")
        }
    }

    func testCommandThatClosesItsOutputIsKilledAtItsDeadline() throws {
        let path = try writeLayout([("Closed", #"{"command": "echo $$ > leader.pid; echo before; exec >&- 2>&-; sleep 62", "timeout": 1}"#)])
        let run = try launch(["--layout", path, "--trust"])
        let leader = try pids(in: "leader.pid")
        let screen = try run.waitFor(text: "stopped at its 1.0 s limit")
        XCTAssertTrue(screen.contains("before"))
        assertAllGone(leader, "the command past its deadline")
        try quit(run)
    }

    func testReloadRestartsTheRunInsteadOfAddingOne() throws {
        let path = try writeLayout([("Slow", #"{"command": "echo $$ >> leader.pid; sleep 300", "timeout": 600}"#)])
        let run = try launch(["--layout", path, "--trust"])
        _ = try pids(in: "leader.pid")
        for count in 2...6 {
            try run.press("r")
            _ = try pids(in: "leader.pid", count: count)
        }
        let all = try pids(in: "leader.pid", count: 6)
        assertAllGone(Array(all.dropLast()), "earlier runs of the tab")
        XCTAssertTrue(ProgramRun.isRunning(all.last!), "the latest run goes on")
        try quit(run)
        assertAllGone([all.last!], "after q")
    }

    // MARK: Output

    func testBothStreamsExitStatusAndCutNotice() throws {
        let path = try writeLayout([
            ("Mixed", #"{"command": "echo out; echo err >&2; exit 3"}"#),
            ("Seq", #"{"command": "seq 1 200000"}"#),
            ("Env", #"{"command": "echo greeting=$GREETING home=$HOME", "env": {"GREETING": "hi"}}"#),
        ])
        let run = try launch(["--layout", path, "--trust"])
        var screen = try run.waitFor(text: "exit status 3")
        XCTAssertTrue(screen.contains("out"), "\(screen)")
        XCTAssertTrue(screen.lines.contains { $0.contains("┃ err") }, "stderr is kept and marked:\n\(screen)")
        try run.press("Right")
        screen = try run.waitFor(text: "output cut at 1 MB")
        try run.press("Right")
        screen = try run.waitFor(text: "greeting=hi home=\(scratch.appendingPathComponent("home").path)")
        try quit(run)
    }

    // MARK: Files

    func testFileTabsReadOnlyRegularFilesWithoutBlocking() throws {
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(layouts.appendingPathComponent("pipe").path, 0o600), 0)
        try "relative text\n".write(to: layouts.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let home = scratch.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try "home text\n".write(to: home.appendingPathComponent("h.txt"), atomically: true, encoding: .utf8)
        let path = try writeLayout([
            ("Fifo", #"{"file": "pipe"}"#),
            ("Tty", #"{"file": "/dev/tty"}"#),
            ("Notes", #"{"file": "notes.txt"}"#),
            ("Home", #"{"file": "~/h.txt"}"#),
        ])
        let run = try launch(["--layout", path])
        try run.waitFor(text: "a FIFO, not a regular file: not read")
        try run.press("Right")
        try run.waitFor(text: "a device, not a regular file: not read")
        try run.press("Right")
        try run.waitFor(text: "relative text")
        try run.press("Right")
        try run.waitFor(text: "home text")
        try quit(run)  // q still reaches the program: nothing reads the terminal behind its back
    }

    func testFollowedFileShowsAppendsTruncationAndReplacement() throws {
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        let log = layouts.appendingPathComponent("app.log")
        try "first\n".write(to: log, atomically: false, encoding: .utf8)
        let path = try writeLayout([("Log", #"{"file": "app.log", "follow": true}"#)])
        let run = try launch(["--layout", path])
        try run.waitFor(text: "first")
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        handle.write(Data("second\n".utf8))
        try run.waitFor(text: "second")
        handle.truncateFile(atOffset: 0)
        handle.write(Data("after truncation\n".utf8))
        try handle.close()
        var screen = try run.waitFor(text: "after truncation")
        // What was shown stays, as with `tail -F`, below it a marked line (it was wiped before).
        XCTAssertTrue(screen.contains("second"), "\(screen)")
        XCTAssertTrue(screen.contains("app.log was truncated: reading it from its start ]"), "\(screen)")
        let replacement = layouts.appendingPathComponent("app.log.new")
        try "rotated\n".write(to: replacement, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(replacement.path, log.path), 0)
        screen = try run.waitFor(text: "rotated")
        XCTAssertTrue(screen.contains("first") && screen.contains("after truncation"), "\(screen)")
        XCTAssertTrue(screen.contains("app.log was replaced: reading the new file ]"), "\(screen)")
        try quit(run)
    }

    /// 64 MB written at once into a followed file, half of it one line: the followed tab shows
    /// what came after the burst, the long line as one row, and another tab's command
    /// still gets its result (the supervisor copied all it had read at every 64 KB before, and
    /// stalled for over half a minute on 64 MB; how long it takes now is `make bench`'s row).
    func testABurstIntoAFollowedFileCutsItsLongLineAndHoldsUpNoOtherTab() throws {
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        let log = layouts.appendingPathComponent("burst.log")
        try "first\n".write(to: log, atomically: false, encoding: .utf8)
        let path = try writeLayout([("Log", #"{"file": "burst.log", "follow": true}"#), ("Other", #"{"command": "echo other-ran"}"#)])
        let run = try launch(["--layout", path, "--trust"])
        try run.waitFor(text: "first")
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        let lines = Data(repeating: UInt8(ascii: "x"), count: 99) + Data("\n".utf8)
        var burst = Data(capacity: 64 << 20)
        while burst.count < 32 << 20 { burst.append(lines) }
        burst.append(Data(repeating: UInt8(ascii: "y"), count: 32 << 20))
        burst.append(Data("\nafter-the-burst\n".utf8))
        handle.write(burst)
        try handle.close()
        let screen = try run.waitFor(text: "after-the-burst")
        // The 32 MB line is one row (cut at 64 KB, its marker past the right edge), right above.
        let rows = screen.lines
        let after = try XCTUnwrap(screen.row(containing: "after-the-burst"))
        XCTAssertTrue(after >= 2 && rows[after - 1].hasPrefix(" yyyyyyyy"), "\(screen)")
        XCTAssertTrue(after >= 2 && rows[after - 2].hasPrefix(" xxxxxxxx"), "\(screen)")
        try run.press("l")
        try run.waitFor(text: "other-ran")
        try quit(run)
    }

    // MARK: Containment (docs/behaviour.md, "Children")

    /// A run that forks, double-forks and leaves its session: every pid lands in a file.
    let escaping = #"{"command": "echo $$ >> all.pid; sleep 301 & echo $! >> all.pid; setsid sh -c 'echo $$ >> all.pid; exec sleep 302' & (sh -c 'echo $$ >> all.pid; exec sleep 303' &); wait", "follow": true}"#

    /// Starts `tabs` trusted; once `processes` pids are in all.pid and running, `kill -9` of the
    /// program must end every one of them.
    private func assertKillNineEnds(_ tabs: [(String, String)], processes: Int, _ what: String,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try writeLayout(tabs)
        let run = try launch(["--layout", path, "--trust"])
        let pids = try pids(in: "all.pid", count: processes)
        XCTAssertTrue(pids.allSatisfy(ProgramRun.isRunning), "\(pids)", file: file, line: line)
        kill(try run.pid(), SIGKILL)
        assertAllGone(pids, what, file: file, line: line)
    }

    /// `kill -9` of the program ends every process it started, even those that left its group:
    /// the kernel tells each run's keeper (they ran on with parent pid 1 before).
    func testKillNineOfTheProgramEndsEveryProcessItStarted() throws {
        try assertKillNineEnds([("Escape", escaping)], processes: 4, "after kill -9 of the program")
    }

    /// A command that stops its own keeper (`kill -STOP $PPID`) does not outlive `kill -9` of the
    /// program: the kernel's word of the program's death resumes the keeper (it stayed stopped,
    /// and the run with it, before).
    func testKillNineOfTheProgramEndsARunWhoseKeeperWasStopped() throws {
        try assertKillNineEnds([("Stop", #"{"command": "setsid sh -c 'echo $$ >> all.pid; trap \"\" TERM HUP; exec sleep 7601' & echo $$ >> all.pid; until [ $(wc -l < all.pid) -ge 2 ]; do sleep 0.01; done; kill -STOP $PPID; echo $PPID >> all.pid; exec sleep 7602", "timeout": 3600}"#)], processes: 3, "after kill -9 of the program, its keeper stopped")
    }

    /// A process that left the run's session and ends the keeper when told to end (a TERM trap
    /// that kills it) does not outlive `kill -9` of the program: after the program's death such a
    /// process gets SIGKILL at once, without the grace time it used (it ran on with parent 1).
    func testKillNineOfTheProgramEndsAnEscapeeThatKillsItsKeeperOnTERM() throws {
        try assertKillNineEnds([("Trap", #"{"command": "setsid sh -c \"trap 'kill -9 $PPID' TERM; echo \\$\\$ >> all.pid; while :; do sleep 0.1; done\" </dev/null >/dev/null 2>&1 & echo $$ >> all.pid; exec sleep 7603", "timeout": 600}"#)], processes: 2, "after kill -9 of the program, an escapee that kills its keeper on SIGTERM")
    }

    /// A crash ends every run however many there are: 1,100 restarts of a command that ignores
    /// SIGTERM (a table of 1,024 groups overflowed silently before, and some were left running).
    func testACrashEndsEveryRunHoweverMany() throws {
        let path = try writeLayout([("Stubborn", #"{"command": "echo $$ >> all.pid; trap '' TERM; sleep 4441", "timeout": 600}"#)])
        let run = try launch(["--layout", path, "--trust"])
        _ = try pids(in: "all.pid")
        try run.type(String(repeating: "r", count: 1100))
        let end = Date().addingTimeInterval(30)
        var started: [pid_t] = []
        while started.count < 1030, Date() < end {
            started = (try? pids(in: "all.pid", count: 1)) ?? []
            Thread.sleep(forTimeInterval: ProgramRun.pollInterval)
        }
        XCTAssertGreaterThan(started.count, 1024, "runs started")
        kill(try run.pid(), SIGSEGV)
        _ = try run.waitForExit()
        // 1,100 keepers each give their shell the grace time before SIGKILL, all at once: on a
        // loaded 2-core machine that took longer than the usual 5 s wait; a survivor stays a failure.
        assertAllGone(try pids(in: "all.pid", count: 1), "after a crash of the program", within: 60)
    }

    /// A terminal tab's program and what it starts are contained the same way: `kill -9` of the
    /// program ends the shell, its job and a job that left the session (they ran on before).
    func testKillNineOfTheProgramEndsATerminalTabsProcesses() throws {
        try assertKillNineEnds([("Shell", #"{"terminal": "echo $$ >> all.pid; setsid sh -c 'echo $$ >> all.pid; exec sleep 3002' & sleep 3001 & echo $! >> all.pid; exec sh"}"#)], processes: 3, "after kill -9 of the program")
    }

    /// `render` catches termination signals as the program does: SIGTERM ends the run's every
    /// process and the render (status 143); `kill -9` of `render` ends them too.
    func testRenderEndsEveryProcessOnSIGTERMAndOnKillNine() throws {
        for signal in [SIGTERM, SIGKILL] {
            try? FileManager.default.removeItem(at: layouts)
            let path = try writeLayout([("Escape", #"{"command": "echo $$ >> all.pid; sleep 301 & echo $! >> all.pid; setsid sh -c 'echo $$ >> all.pid; exec sleep 302' & wait", "timeout": 600}"#)])
            let render = try SignalHarness.spawn(try Self.binary(), ["render", "--size", "70x8", "--trust", "--layout", path, "--state-dir", stateDir.path])
            let pids = try pids(in: "all.pid", count: 3)
            kill(render, signal)
            let ending = try SignalHarness.wait(for: render, timeout: 10, what: "render after signal \(signal)")
            if signal == SIGTERM { XCTAssertEqual(ending.exitStatus, 128 + SIGTERM, "\(ending)") }
            assertAllGone(pids, "after signal \(signal) to render")
        }
    }

    /// The limit holds once the shell has exited while a background child holds its output;
    /// `render --trust` used to wait for ever.
    func testRenderKeepsTheLimitOfACommandWhoseShellExited() throws {
        let path = try writeLayout([("Bg", #"{"command": "sleep 9991 & echo $! > bg.pid; echo hi", "timeout": 1}"#)])
        let result = try ChildProcess.run(try Self.binary(), ["render", "--size", "70x8", "--trust", "--layout", path, "--state-dir", stateDir.path],
                                          environment: SignalHarness.environment, scratch: scratch, timeout: 20)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("stopped at its 1.0 s limit"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("hi"), result.standardOutput)
        assertAllGone(try pids(in: "bg.pid"), "the background sleep")
    }

    /// `render` of a followed command says it stopped it (it said `exit 0 · 0.00 s`), and a
    /// newline-free stream shows one line cut at 64 KB.
    func testRenderReportsAFollowedCommandAsStopped() throws {
        let path = try writeLayout([("Zero", #"{"command": "cat /dev/zero", "follow": true}"#)])
        let result = try ChildProcess.run(try Self.binary(), ["render", "--size", "70x8", "--trust", "--layout", path, "--state-dir", stateDir.path],
                                          environment: SignalHarness.environment, scratch: scratch, timeout: 20)
        XCTAssertTrue(result.standardOutput.contains("stopped · 1.0 s"), result.standardOutput)
        XCTAssertFalse(result.standardOutput.contains("exit 0"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("[ line cut at 64 KB ]"), result.standardOutput)
    }

    /// Cut output: `End` shows the cut last line, and the "more below" mark goes.
    func testEndShowsTheLastLineOfCutOutput() throws {
        let path = try writeLayout([("Seq", #"{"command": "seq 1 100", "maxBytes": 100}"#)])
        let result = try ChildProcess.run(try Self.binary(), ["render", "--size", "60x12", "--trust", "--keys", "down,end", "--layout", path, "--state-dir", stateDir.path],
                                          environment: SignalHarness.environment, scratch: scratch, timeout: 20)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let cutNotice = try XCTUnwrap(lines.firstIndex(of: "output cut at 100 bytes"), result.standardOutput)
        XCTAssertEqual(lines[cutNotice - 1], "3", "the cut last line shows:\n\(result.standardOutput)")
        XCTAssertFalse(lines[..<cutNotice].contains { $0.hasSuffix("↓") }, "nothing more below:\n\(result.standardOutput)")
    }

    /// A command writing to `/dev/tty` reaches nothing: it has no controlling terminal (it
    /// cleared the screen and set the title before).
    func testWritesToTheTerminalDeviceNeverReachTheScreen() throws {
        let path = try writeLayout([("Tty", #"{"command": "printf 'LEAK%s\\n' ED-TO-TTY > /dev/tty; echo written=$?"}"#)])
        let run = try launch(["--layout", path, "--trust"])
        let screen = try run.waitFor(text: "written=")
        XCTAssertFalse(screen.contains("LEAKED-TO-TTY"), "\(screen)")
        XCTAssertFalse(screen.contains("written=0"), "\(screen)")
        try quit(run)
    }

    /// `"pty": true`: the pseudo-terminal is the command's controlling terminal and input.
    func testAPseudoTerminalCommandHasItsTerminal() throws {
        let path = try writeLayout([("Pty", #"{"command": "tty; test -t 0 && echo input-is-a-terminal", "pty": true}"#)])
        let result = try ChildProcess.run(try Self.binary(), ["render", "--size", "70x8", "--trust", "--layout", path, "--state-dir", stateDir.path],
                                          environment: SignalHarness.environment, scratch: scratch, timeout: 20)
        XCTAssertTrue(result.standardOutput.contains("/dev/pts/"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("input-is-a-terminal"), result.standardOutput)
    }

    func testNULInAPathIsALayoutError() throws {
        let path = try writeLayout([("Bad", #"{"file": "a\u0000b"}"#)])
        let result = try ChildProcess.run(try Self.binary(), ["check-layout", path], environment: [:], scratch: scratch)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("tabs[0].content.file: contains a NUL character"), result.standardError)
    }
}

/// Live tabs and colour switches (docs/layout-files.md, "Commands").
final class LiveCommandEndToEndTests: EndToEndTestCase {
    func layout(_ tabs: String) throws -> String {
        let path = scratch.appendingPathComponent("live.json").path
        try #"{"id": "live", "title": "Live", "tabs": [\#(tabs)]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testRefreshRunsAgainAndSaysWhen() throws {
        let path = try layout(#"{"id": "n", "title": "N", "content": {"command": "echo run >> runs.txt; wc -l < runs.txt", "refresh": 1}}"#)
        let run = try launch(["--layout", path, "--trust"])
        try run.waitFor(text: "updated 0 s ago")
        // Each run appends a line: the count shown climbs without a key.
        try run.wait(for: "a third run") { $0.lines.contains { $0.trimmingCharacters(in: .whitespaces) == "3" } }
        try quit(run)
    }

    /// A hidden `refresh: 1` tab runs on while another is shown (it ran 0 times before), and a
    /// `whenHidden: false` one waits to be shown.
    func testHiddenRefreshTabsKeepRunning() throws {
        let runs = scratch.appendingPathComponent("runs.txt").path
        let held = scratch.appendingPathComponent("held.txt").path
        let path = try layout(#"""
            {"id": "home", "title": "Home", "content": {"text": "home"}},
            {"id": "bg", "title": "BG", "content": {"command": "echo run >> \#(runs)", "refresh": 1}},
            {"id": "held", "title": "Held", "content": {"command": "echo run >> \#(held)", "refresh": 1, "whenHidden": false}}
            """#)
        let run = try launch(["--layout", path, "--trust"])
        try run.waitFor(text: "home")
        let end = Date().addingTimeInterval(10)
        var count = 0
        while count < 3, Date() < end {
            count = ((try? String(contentsOfFile: runs, encoding: .utf8)) ?? "").split(separator: "\n").count
            Thread.sleep(forTimeInterval: ProgramRun.pollInterval)
        }
        XCTAssertGreaterThanOrEqual(count, 3, "the hidden tab ran again and again while Home was shown")
        XCTAssertFalse(FileManager.default.fileExists(atPath: held), "whenHidden: false waits to be shown")
        try quit(run)
    }

    /// Hidden command tabs live: a refresh tab runs from launch though never shown, its failure
    /// marks it in the bar and the sidebar (Unicode and ASCII), a change mark is another, the
    /// event is written, and showing the tab clears the mark.
    func testHiddenRunsMarkTheirTabsUntilShown() throws {
        let path = try layout(#"""
            {"id": "home", "title": "Home", "content": {"text": "home"}},
            {"id": "ci", "title": "CI", "content": {"command": "exit 3", "refresh": 30, "alert": "failure"}},
            {"id": "news", "title": "News", "badge": 3, "content": {"command": "echo news", "refresh": 30, "alert": ["failure", "change"]}}
            """#)
        let binary = try Self.binary()
        func render(_ extra: [String]) throws -> String {
            let result = try ChildProcess.run(binary, ["render", "--size", "100x10", "--layout", path, "--trust", "--state-dir", stateDir.path] + extra,
                                              environment: SignalHarness.environment, scratch: scratch, timeout: 20)
            XCTAssertEqual(result.status, 0, result.standardError)
            return result.standardOutput
        }
        let bar = try render(["--events", eventsFile.path]).split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(bar.contains("CI ✗"), "a failure mark beside CI: \(bar)")
        XCTAssertTrue(bar.contains("News 3") && !bar.contains("News 3 ●"), "a first good run marks nothing: \(bar)")
        XCTAssertTrue(try eventNames().contains("attentionDidChange"))
        let marked = try events().first { $0["event"] as? String == "attentionDidChange" }
        XCTAssertEqual(marked?["tab"] as? String, "ci")
        XCTAssertEqual(marked?["reason"] as? String, "failure")
        let sidebar = try render(["--ascii", "--mode", "sidebar"])
        XCTAssertTrue(sidebar.split(separator: "\n").contains { $0.contains("CI") && $0.contains("! |") }, "the ASCII mark in the sidebar:\n\(sidebar)")
        let shown = try render(["--keys", "right"]).split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertFalse(shown.contains("✗"), "shown, CI is not marked: \(shown)")
    }

    func testFollowedCommandStreamsAndSticksToTheBottom() throws {
        let path = try layout(#"{"id": "f", "title": "F", "content": {"command": "i=0; while [ $i -lt 60 ]; do i=$((i+1)); echo line $i; done; sleep 300", "follow": true}}"#)
        let run = try launch(["--layout", path, "--trust"], rows: 20)
        let screen = try run.waitFor(text: "line 60")
        XCTAssertTrue(screen.contains("following · 60 lines"), "\(screen)")
        XCTAssertFalse(screen.contains("line 1 "), "the view sticks to the bottom")
        try run.press("Tab", "Up", "Up")
        try run.waitFor(text: "line 58")
        try quit(run)
    }

    func testNoColorDropsColoursAndKeepsAttributes() throws {
        let path = try layout(#"{"id": "c", "title": "C", "content": {"command": "printf '\\033[1;31mbold red\\033[0m\\n'"}}"#)
        let binary = try Self.binary()
        let coloured = try ChildProcess.run(binary, ["render", "--size", "60x6", "--layout", path, "--trust", "--ansi", "--state-dir", stateDir.path],
                                            environment: ["LANG": "C.UTF-8"], scratch: scratch)
        XCTAssertTrue(coloured.standardOutput.contains("38;5;1mbold red") || coloured.standardOutput.contains(";38;5;1m"), coloured.standardOutput)
        let plain = try ChildProcess.run(binary, ["render", "--size", "60x6", "--layout", path, "--trust", "--ansi", "--no-color", "--state-dir", stateDir.path],
                                         environment: ["LANG": "C.UTF-8"], scratch: scratch)
        let line = plain.standardOutput.split(separator: "\n").first { $0.contains("bold red") } ?? ""
        XCTAssertFalse(line.contains("38;5"), String(line))
        XCTAssertTrue(line.contains("\u{1B}[1m") || line.contains("[0;1m"), "bold stays: \(line)")
    }
}
