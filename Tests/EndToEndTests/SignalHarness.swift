import Foundation

/// Process and tmux helpers for the robustness tests (signals, kills while saving, concurrent
/// saves). Named apart from the feature tests' harness so both can live in this target.
///
/// Children are started with `posix_spawn` and reaped with `waitpid`, never through Foundation's
/// `Process`, whose termination notice needs a run loop; every wait polls a condition against a
/// deadline, so a hang fails the test with a message instead of stopping it.
enum SignalHarness {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The package folder (three levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The debug build of the program (`make test` builds it before testing).
    static var binaryPath: String { packageRoot.appendingPathComponent(".build/debug/tabnav-tui").path }

    /// The program, or a failure telling how to build it.
    static func binary() throws -> String {
        let path = binaryPath
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure("\(path) is missing: run `swift build` (or `make test`) first")
        }
        return path
    }

    /// The environment children get: the test's, with a UTF-8 locale and no pointer to another
    /// tmux server or to the person's state folder.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        environment["TABNAV_STATE_DIR"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        return environment
    }

    /// Starts `executable`; standard input is `/dev/null`, output goes to the given files.
    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String] = environment,
                      output: String = "/dev/null", errors: String = "/dev/null") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard code == 0 else { throw Failure("cannot run \(executable): \(String(cString: strerror(code)))") }
        return pid
    }

    /// How a child ended.
    struct Ending: Equatable, CustomStringConvertible {
        /// The exit status, or `nil` if a signal ended it.
        var exitStatus: Int32?
        /// The signal that ended it, if any.
        var signal: Int32?

        init(waitStatus status: Int32) {
            let signal = status & 0x7F
            self.signal = signal == 0 ? nil : signal
            exitStatus = signal == 0 ? (status >> 8) & 0xFF : nil
        }

        var description: String { signal.map { "killed by signal \($0)" } ?? "exit status \(exitStatus ?? -1)" }
    }

    /// Waits for `pid` to end, killing it (and failing) if it takes longer than `timeout`.
    static func wait(for pid: pid_t, timeout: TimeInterval, what: String) throws -> Ending {
        let end = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { return Ending(waitStatus: status) }
            if waited < 0 && errno != EINTR { throw Failure("waitpid failed for \(what)") }
            if Date() > end {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw Failure("\(what) did not finish within \(timeout) s")
            }
            usleep(1_000)
        }
    }

    /// Runs a program to its end and returns how it ended and what it printed.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = environment,
                    scratch: String, timeout: TimeInterval = 20) throws -> (ending: Ending, output: String, errors: String) {
        let id = UUID().uuidString
        let out = scratch + "/out-" + id
        let err = scratch + "/err-" + id
        defer {
            unlink(out)
            unlink(err)
        }
        let pid = try spawn(executable, arguments, environment: environment, output: out, errors: err)
        let ending = try wait(for: pid, timeout: timeout, what: ([executable] + arguments).joined(separator: " ").prefix(200).description)
        return (ending, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Polls `condition` until it holds, failing with `what` (and the last `detail`) at the deadline.
    static func waitUntil(_ what: String, timeout: TimeInterval = 10, detail: () -> String = { "" },
                          _ condition: () throws -> Bool) throws {
        let end = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return }
            if Date() > end { throw Failure("timed out after \(timeout) s waiting for \(what)\n\(detail())") }
            usleep(10_000)
        }
    }

    /// The first executable called `name` on `PATH` (or in the usual places).
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A fresh private folder, removed by `removeScratch`.
    static func makeScratch() throws -> String {
        let path = NSTemporaryDirectory() + "tabnav-robust-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func removeScratch(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `text` quoted for `/bin/sh`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A private tmux server (`tmux -L <unique>`, never the person's) with one pane running a shell
/// command; the pane stays after its command ends so the final screen can be read.
final class SignalTmux {
    let tmuxPath: String
    let socket: String
    let scratch: String
    let rows: Int

    init(command: String, columns: Int, rows: Int, scratch: String) throws {
        guard let tmuxPath = SignalHarness.find("tmux") else {
            throw SignalHarness.Failure("tmux is not installed; these tests need it (`make setup` installs it)")
        }
        self.tmuxPath = tmuxPath
        socket = "tabnav-signals-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
        self.scratch = scratch
        self.rows = rows
        let config = scratch + "/tmux.conf"
        try """
            set -g default-shell /bin/sh
            set -g status off
            set -s escape-time 0
            set -g remain-on-exit on
            set -g history-limit 0

            """.write(toFile: config, atomically: true, encoding: .utf8)
        do {
            try tmux(["-f", config, "new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)", command])
        } catch {
            kill()
            throw error
        }
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try SignalHarness.run(tmuxPath, ["-L", socket] + arguments, scratch: scratch, timeout: 10)
        guard result.ending.exitStatus == 0 else {
            throw SignalHarness.Failure("tmux \(arguments.joined(separator: " ")) failed (\(result.ending)): \(result.errors)")
        }
        return result.output
    }

    /// The pane's text now (the alternate screen while a full-screen program shows it).
    func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"])
    }

    /// The pane's lines, trailing blanks removed.
    func lines() throws -> [String] {
        try capture().split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// A tmux format about the pane, e.g. `#{alternate_on}`.
    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Keys by tmux name (`Enter`, `C-z`) or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", "main"] + (literal ? ["-l"] : []) + keys)
    }

    /// The terminal modes a program may change and must give back.
    struct Modes: Equatable, CustomStringConvertible {
        var alternateScreen: String
        var cursorVisible: String
        var mouse: String
        var keypad: String
        var description: String {
            "alternate screen \(alternateScreen), cursor \(cursorVisible), mouse \(mouse), keypad \(keypad)"
        }
    }

    func modes() throws -> Modes {
        let parts = try format("#{alternate_on}|#{cursor_flag}|#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}|#{keypad_cursor_flag}#{keypad_flag}")
            .split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 else { throw SignalHarness.Failure("unexpected tmux format output \(parts)") }
        return Modes(alternateScreen: parts[0], cursorVisible: parts[1], mouse: parts[2], keypad: parts[3])
    }

    /// The modes of a shell's terminal: main screen, cursor shown, no mouse reports, keypad off.
    static let restoredModes = Modes(alternateScreen: "0", cursorVisible: "1", mouse: "0000", keypad: "00")

    func kill() {
        _ = try? SignalHarness.run(tmuxPath, ["-L", socket, "kill-server"], scratch: scratch, timeout: 10)
        // The server's socket stays behind after kill-server: a test run left dozens of them.
        let folder = (ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp") + "/tmux-\(getuid())/"
        _ = unlink(folder + socket)
    }
}
