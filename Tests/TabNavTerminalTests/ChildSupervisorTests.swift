import Foundation
import XCTest
import TabNavCore
@testable import TabNavInteraction
@testable import TabNavTerminal

/// The supervisor that runs layout commands (docs/layout-files.md, "Commands"), driven directly:
/// the environment given is the only one commands see, both streams arrive in order, the cap cuts,
/// and exit statuses are reported.
final class ChildSupervisorTests: XCTestCase {
    private func run(_ command: String, options: ContentOptions = ContentOptions(), environment: [String: String]) -> (text: String, events: [ChildEvent]) {
        let request = LoadRequest(id: LoadID(1), tab: "t", work: PageWork(label: command, child: .command(command, options: options)))
        let events = ChildSupervisor.runToEnd(request, environment: environment).flatMap(\.events)
        var lines = OutputLines()
        for case .output(let bytes, let stderr) in events { lines.append(bytes, stderr: stderr) }
        lines.finish()
        return ((0..<lines.count).map { (lines[$0].isError ? "E:" : "") + lines[$0].text }.joined(separator: "\n"), events)
    }

    func testOnlyTheGivenEnvironmentReachesTheCommand() {
        setenv("TABNAV_TEST_SECRET", "leaked", 1)
        defer { unsetenv("TABNAV_TEST_SECRET") }
        var options = ContentOptions()
        options.environment = ["EXTRA": "2"]
        let result = run("env | sort", options: options, environment: ["ONLY": "1", "PATH": "/usr/bin:/bin"])
        XCTAssertFalse(result.text.contains("TABNAV_TEST_SECRET"), result.text)
        XCTAssertTrue(result.text.contains("ONLY=1"), result.text)
        XCTAssertTrue(result.text.contains("EXTRA=2"), result.text)
    }

    func testStreamsInOrderStatusAndCap() {
        let mixed = run("echo one; sleep 0.05; echo two >&2; sleep 0.05; echo three; exit 4", environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(mixed.text, "one\nE:two\nthree")
        XCTAssertTrue(mixed.events.contains { if case .exited(.status(4), _) = $0 { true } else { false } }, "\(mixed.events)")

        var small = ContentOptions()
        small.maxBytes = 10
        let cut = run("seq 1 100", options: small, environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(cut.text, "1\n2\n3\n4\n5")
        XCTAssertTrue(cut.events.contains(.cut(limit: 10)))
        XCTAssertTrue(cut.events.contains { if case .exited(.status(0), _) = $0 { true } else { false } }, "the command finishes; only its output is cut")
    }

    func testDeadlineEndsAForkedCommandWithClosedOutput() throws {
        var options = ContentOptions()
        options.timeout = 0.3
        let folder = NSTemporaryDirectory() + "supervisor-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        options.cwd = folder
        let result = run("sleep 60 & echo $! > child.pid; exec >&- 2>&-; sleep 60", options: options, environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertTrue(result.events.contains { if case .exited(.timedOut(0.3), _) = $0 { true } else { false } }, "\(result.events)")
        let child = try XCTUnwrap(pid_t(try String(contentsOfFile: folder + "/child.pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // The grandchild was in the group: SIGTERM reached it too.
        var gone = false
        let end = Date().addingTimeInterval(5)
        while !gone, Date() < end {
            gone = !Self.isRunning(child)
            if !gone { usleep(10_000) }
        }
        XCTAssertTrue(gone, "the forked sleep outlived the deadline")
    }

    /// Alive and not a zombie (per /proc).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    func testPseudoTerminalMakesOutputATerminal() {
        var options = ContentOptions()
        options.pty = true
        options.environment = ["COLUMNS": "57"]
        let result = run("test -t 1 && echo terminal; test -t 2 && echo errors too; echo cols=$COLUMNS", options: options, environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(result.text, "terminal\nerrors too\ncols=57")
        let plain = run("test -t 1 && echo terminal || echo pipe", environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(plain.text, "pipe")
    }

    func testTildeComesFromTheGivenHome() throws {
        let home = NSTemporaryDirectory() + "home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "from the given home\n".write(toFile: home + "/n.txt", atomically: true, encoding: .utf8)
        func read(_ environment: [String: String]) -> [ChildEvent] {
            let request = LoadRequest(id: LoadID(1), tab: "t", work: PageWork(label: "~/n.txt", child: .file("~/n.txt", follow: false)))
            return ChildSupervisor.runToEnd(request, environment: environment).flatMap(\.events)
        }
        XCTAssertEqual(read(["HOME": home]).first, .output(Array("from the given home\n".utf8), stderr: false))
        XCTAssertEqual(read([:]), [.failed("cannot read ~/n.txt: HOME is not set")], "never the process's own HOME, never /")
    }

    func testAMissingFolderIsReported() {
        var options = ContentOptions()
        options.cwd = "/nonexistent/folder"
        let result = run("true", options: options, environment: [:])
        XCTAssertEqual(result.events, [.failed("cannot run in /nonexistent/folder: No such file or directory")])
    }
}

/// Containment by the kernel (docs/behaviour.md, "Children"): every descendant of a run ends at
/// its limit however it left the group, deadlines hold after the shell exits, commands have no
/// controlling terminal unless they asked for a pseudo-terminal, and followed output is bounded.
final class ChildContainmentTests: XCTestCase {
    let environment = ["PATH": "/usr/bin:/bin"]

    private func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "containment-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    /// `runToEnd` on a thread, failing (instead of hanging the suite) past `limit` seconds.
    private func runToEnd(_ command: String, options: ContentOptions, limit: TimeInterval = 20) throws -> [ChildEvent] {
        let request = LoadRequest(id: LoadID(1), tab: "t", work: PageWork(label: command, child: .command(command, options: options)))
        let box = ResultBox()
        let environment = self.environment
        Thread.detachNewThread { box.set(ChildSupervisor.runToEnd(request, environment: environment).flatMap(\.events)) }
        let end = Date().addingTimeInterval(limit)
        while box.get() == nil, Date() < end { usleep(10_000) }
        return try XCTUnwrap(box.get(), "the run did not end within \(limit) s")
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: [ChildEvent]?
        func set(_ events: [ChildEvent]) { lock.lock(); value = events; lock.unlock() }
        func get() -> [ChildEvent]? { lock.lock(); defer { lock.unlock() }; return value }
    }

    private func pid(in path: String) throws -> pid_t {
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            usleep(10_000)
        }
        // A failure, not a skip: a run that never started the process it checks proves nothing.
        throw NoProcessIdentifier(path: path)
    }

    private struct NoProcessIdentifier: Error, CustomStringConvertible {
        let path: String
        var description: String { "no pid in \(path) after 10 s" }
    }

    private func assertGone(_ pid: pid_t, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let end = Date().addingTimeInterval(5)
        while ChildSupervisorTests.isRunning(pid), Date() < end { usleep(10_000) }
        XCTAssertFalse(ChildSupervisorTests.isRunning(pid), "\(what) (pid \(pid)) is still running", file: file, line: line)
        if ChildSupervisorTests.isRunning(pid) { kill(pid, SIGKILL) }
    }

    private func text(_ events: [ChildEvent]) -> String {
        var lines = OutputLines()
        for event in events {
            switch event {
            case .output(let bytes, let stderr): lines.append(bytes, stderr: stderr)
            case .lineCut(let limit, let stderr): lines.markCut(limit: limit, stderr: stderr)
            case .dropped(let count): lines.skip(lines: count)
            default: break
            }
        }
        lines.finish()
        return (0..<lines.count).map { lines[$0].text }.joined(separator: "\n")
    }

    /// The shell exits at once while a background child holds the pipe: the limit still holds
    /// (the deadline was dropped once the shell had exited, and the run went on for ever).
    func testTheLimitHoldsAfterTheShellExits() throws {
        var options = ContentOptions()
        options.timeout = 0.5
        let directory = try folder()
        options.cwd = directory
        let events = try runToEnd("sleep 9991 & echo $! > bg.pid; echo hi", options: options)
        XCTAssertTrue(events.contains { if case .exited(.timedOut(0.5), _) = $0 { true } else { false } }, "\(events)")
        XCTAssertEqual(text(events), "hi")
        assertGone(try pid(in: directory + "/bg.pid"), "the background sleep")
    }

    /// A process that left the group and the session (`setsid`) still ends at the limit: the
    /// keeper finds it through the kernel's record of its children.
    func testAnEscapeeThatCalledSetsidEndsAtTheLimit() throws {
        var options = ContentOptions()
        options.timeout = 0.5
        let directory = try folder()
        options.cwd = directory
        let events = try runToEnd(#"setsid sh -c 'echo $$ > escapee.pid; exec sleep 7771' & sleep 7770 & wait"#, options: options)
        XCTAssertTrue(events.contains { if case .exited(.timedOut(0.5), _) = $0 { true } else { false } }, "\(events)")
        assertGone(try pid(in: directory + "/escapee.pid"), "the sleep that called setsid")
    }

    /// A command that leaves its session and then kills its own keeper: the escapee is
    /// reparented to this process (a subreaper), which ends it as soon as it sees the keeper
    /// gone — not at the limit, which is far away here.
    func testAnEscapeeWhoseCommandKilledItsKeeperIsEndedWhenTheKeeperDies() throws {
        // As in the program, whose every child is a keeper's.
        ContainedProcess.ownsEveryChild.store(true, ordering: .relaxed)
        defer { ContainedProcess.ownsEveryChild.store(false, ordering: .relaxed) }
        var options = ContentOptions()
        options.timeout = 600
        let directory = try folder()
        options.cwd = directory
        let events = try runToEnd(#"setsid sh -c 'echo $$ > escapee.pid; exec sleep 7776' & until [ -s escapee.pid ]; do sleep 0.01; done; kill -9 $PPID; sleep 7777"#, options: options)
        XCTAssertTrue(events.contains { if case .exited = $0 { true } else { false } }, "\(events)")
        XCTAssertFalse(events.contains { if case .exited(.timedOut, _) = $0 { true } else { false } }, "the run ended before its limit: \(events)")
        assertGone(try pid(in: directory + "/escapee.pid"), "the sleep that called setsid and outlived its keeper")
    }

    /// In an embedder's process (the default), a child the embedder started in a session of its
    /// own is never taken for an escapee when a run's keeper is killed, though it started after
    /// that keeper; the run's own processes still end.
    func testAnEmbeddersOwnChildOutlivesTheSweepOfAKilledKeeper() throws {
        XCTAssertFalse(ContainedProcess.ownsEveryChild.load(ordering: .relaxed))
        let directory = try folder()
        var spec = ContainedProcess.Options.shell(
            "echo $$ > run.pid; until [ -e go ]; do sleep 0.01; done; kill -9 $PPID; exec sleep 7778",
            environment: environment, directory: directory)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(null) }
        spec.output = null
        spec.errors = null
        guard case .success(let run) = ContainedProcess.spawn(spec) else { return XCTFail("the run did not start") }
        let command = try pid(in: directory + "/run.pid")

        // The embedder's own helper, in a session of its own, started after the keeper.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc; not imported)
        var helper: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("7779"), nil]
        defer { argv.forEach { free($0) } }
        XCTAssertEqual(posix_spawn(&helper, "/bin/sleep", nil, &attributes, argv, environ), 0)
        defer {
            kill(helper, SIGKILL)
            var raw: Int32 = 0
            _ = waitpid(helper, &raw, 0)
        }

        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/go", contents: nil))
        let end = Date().addingTimeInterval(10)
        while !run.reap(), Date() < end { usleep(10_000) }
        XCTAssertTrue(run.reap(), "the keeper was killed by its command")
        assertGone(command, "the run's command, still in the keeper's session")
        var raw: Int32 = 0
        XCTAssertEqual(waitpid(helper, &raw, WNOHANG), 0, "the embedder's own child was ended or collected by the sweep")
        XCTAssertEqual(kill(helper, 0), 0, "the embedder's own child is alive")
    }

    /// A double fork whose middle process exits at once: the grandchild is reparented to the
    /// keeper (a subreaper), not to PID 1, and ends with the run.
    func testADoubleForkedDaemonEndsWithTheRun() throws {
        var options = ContentOptions()
        let directory = try folder()
        options.cwd = directory
        let events = try runToEnd(#"(setsid sh -c 'echo $$ > daemon.pid; exec sleep 7772' >/dev/null 2>&1 &); until [ -s daemon.pid ]; do sleep 0.01; done; echo done"#, options: options)
        XCTAssertTrue(events.contains { if case .exited(.status(0), _) = $0 { true } else { false } }, "\(events)")
        assertGone(try pid(in: directory + "/daemon.pid"), "the double-forked daemon")
    }

    /// Without `pty`, a command has no controlling terminal: `/dev/tty` cannot be opened, so
    /// nothing it writes there reaches the screen.
    func testCommandsHaveNoControllingTerminal() throws {
        let events = try runToEnd("tty; if printf x > /dev/tty; then echo reached; else echo refused; fi 2>/dev/null; ps -o tty= -p $$", options: ContentOptions())
        XCTAssertEqual(text(events), "not a tty\nrefused\n?")
    }

    /// With `pty`, the pseudo-terminal is the command's controlling terminal and standard input:
    /// `tty` names it and `top -b -n1` runs.
    func testAPseudoTerminalIsTheControllingTerminalAndStandardInput() throws {
        var options = ContentOptions()
        options.pty = true
        let events = try runToEnd("tty; test -t 0 && echo stdin is a terminal; ps -o tty= -p $$", options: options)
        let lines = text(events).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.first?.hasPrefix("/dev/pts/") == true, "\(lines)")
        XCTAssertTrue(lines.contains("stdin is a terminal"), "\(lines)")
        XCTAssertTrue(lines.last?.hasPrefix("pts/") == true, "the controlling terminal: \(lines)")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/top") else { return }
        let top = try runToEnd("top -b -n1 | head -3", options: options)
        XCTAssertTrue(top.contains { if case .exited(.status(0), _) = $0 { true } else { false } }, "\(top)")
        XCTAssertTrue(text(top).contains("load average"), text(top))
    }

    /// Followed output without line ends is cut at 64 KB a line (marked) and never grows past
    /// it; `runToEnd` stops it after a second and says so (it said `exit 0` before).
    func testNewlineFreeFollowedOutputIsCutAndTheStopReported() throws {
        var options = ContentOptions()
        options.follow = true
        for command in ["yes | tr -d '\\n'", "cat /dev/zero"] {
            let events = try runToEnd(command, options: options)
            let bytes = events.reduce(0) { if case .output(let bytes, _) = $1 { $0 + bytes.count } else { $0 } }
            XCTAssertEqual(bytes, ChildSupervisor.lineLimit, "\(command): only the first 64 KB of the line are kept")
            XCTAssertTrue(events.contains(.lineCut(limit: ChildSupervisor.lineLimit, stderr: false)), "\(command): \(events.count) events")
            XCTAssertTrue(events.contains { if case .exited(.stopped, _) = $0 { true } else { false } }, "\(command): the end says it was stopped")
            XCTAssertTrue(text(events).hasSuffix("[ line cut at 64 KB ]"), command)
        }
    }

    /// Long lines followed with a huge `maxLines`: the pending output was trimmed by its count of
    /// lines only, so 40 MB of 60,000-byte lines stayed whole (10,000,000 lines of 64 KB was the
    /// bound). It holds at most the byte limit and one line more once trimmed now.
    func testPendingFollowedOutputIsTrimmedInBytesWhateverMaxLines() throws {
        let supervisor = try XCTUnwrap(ChildSupervisor(environment: [:], notify: {}))
        let request = LoadRequest(id: LoadID(1), tab: "t", work: PageWork(label: "long lines", child: .command("true", options: ContentOptions())))
        let run = WatchedRun(request: request, owner: supervisor, maxLines: 10_000_000)
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 59_999) + [0x0A]
        var chunk: [UInt8] = []
        for _ in 0..<17 { chunk += line }  // about 1 MB, as a round reads
        for _ in 0..<40 { run.add(chunk[...], stderr: false) }
        run.trimToLastLines()
        XCTAssertLessThanOrEqual(run.pendingBytes, ContentOptions.followedByteLimit + ChildSupervisor.lineLimit + 1)
        XCTAssertGreaterThan(run.pendingBytes, ContentOptions.followedByteLimit - 60_000, "the last lines are kept")
        XCTAssertTrue(run.pending.contains { if case .dropped = $0 { true } else { false } }, "the earlier lines are counted as dropped")
        guard case .output(let kept, _)? = run.pending.last else { return XCTFail("output kept") }
        XCTAssertEqual(kept.last, 0x0A, "whole lines")
    }

    /// A followed burst keeps only what the page keeps: the last `maxLines` lines, with the
    /// earlier ones counted as dropped, and every line intact.
    func testAFollowedBurstIsTrimmedToItsLastLines() throws {
        var options = ContentOptions()
        options.follow = true
        options.maxLines = 50
        let events = try runToEnd("seq 1 200000", options: options)
        let shown = text(events).split(separator: "\n")
        XCTAssertTrue(events.contains { if case .dropped = $0 { true } else { false } }, "earlier lines were skipped")
        XCTAssertEqual(shown.suffix(50), (199_951...200_000).map { Substring(String($0)) }, "the last lines, whole")
    }
}
