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
