import Foundation

/// What a finished child process left behind.
struct ChildResult {
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Errors of the end-to-end harness itself (not of the program under test).
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs other programs: tmux, and the program under test where no terminal is wanted.
///
/// `posix_spawn` and `waitpid` rather than Foundation's `Process`, whose termination notice
/// depends on a run loop the (blocked) test thread would have to run.
enum ChildProcess {
    /// Runs `executable` with `arguments`: standard input from `/dev/null` (CI has none),
    /// standard output and error into files in `scratch` (no pipe can fill up and block). Gives up
    /// after `timeout` seconds: a child that hangs is killed and reported.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    scratch: URL, standardOutput: URL? = nil, timeout: TimeInterval = 10) throws -> ChildResult {
        let id = UUID().uuidString
        let outURL = standardOutput ?? scratch.appendingPathComponent("out-\(id)")
        let errURL = scratch.appendingPathComponent("err-\(id)")
        defer {
            if standardOutput == nil { try? FileManager.default.removeItem(at: outURL) }
            try? FileManager.default.removeItem(at: errURL)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw HarnessError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }

        let end = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0 && errno != EINTR { throw HarnessError("waitpid failed for \(executable)") }
            if Date() > end {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw HarnessError("\(executable) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
            }
            usleep(1000)
        }
        let signal = status & 0x7f
        return ChildResult(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
            standardOutput: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    /// The first executable called `name` on `PATH` (or in the usual places).
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]
        return directories.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// `text` quoted for `/bin/sh`.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
