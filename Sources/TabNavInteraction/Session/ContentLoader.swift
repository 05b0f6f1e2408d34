#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TabNavCore
import TabNavDrawing

/// Reads a file or runs a command for a tab's content (docs/layout-files.md, "Layout files"): a command runs with
/// `/bin/sh -c`, with a time limit, its output capped; a failure shows its exit status and stderr.
/// Blocking: call it off the UI thread (`TabNavApplication` does).
package enum ContentLoader {
    /// Milliseconds a command may run before it is killed.
    package static let commandTimeLimit: Int32 = 10_000
    static let outputLimit = 1 << 20
    static let fileLimit = 4 << 20

    package static func load(_ content: TabContent, environment: [String: String]) -> ContentLoad {
        switch content {
        case .file(let path):
            let expanded = StateLocation.expandingTilde(in: path, home: environment["HOME"] ?? "")
            do {
                let bytes = try FileReader.readAll(path: expanded, limit: fileLimit)
                return .loaded(lines(String(decoding: bytes, as: UTF8.self)))
            } catch {
                return .failed(["cannot read \(path): \(error.reason)"])
            }
        case .command(let command):
            return run(command)
        default:
            return .loaded([])
        }
    }

    static func lines(_ text: String) -> [String] {
        text.isEmpty ? [] : TextLines.split(text)
    }

    /// Runs `command` with `/bin/sh -c`, collecting stdout and stderr until it exits or the time
    /// limit passes (then it is killed).
    static func run(_ command: String) -> ContentLoad {
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0 else { return .failed(["cannot run: pipe failed"]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in [out[0], out[1], err[0], err[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so a timeout can stop the whole pipeline.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        close(out[1]); close(err[1])
        guard spawned == 0 else {
            close(out[0]); close(err[0])
            return .failed(["cannot run \(command): \(String(cString: strerror(spawned)))"])
        }
        var stdout: [UInt8] = [], stderr: [UInt8] = []
        var open = [out[0], err[0]]
        var timedOut = false
        var remaining = commandTimeLimit
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let start = monotonicMilliseconds()
            let ready = poll(&fds, nfds_t(fds.count), remaining)
            if ready < 0 { if errno == EINTR { continue }; break }
            if ready == 0 { timedOut = true; break }
            remaining -= Int32(min(Int(remaining), monotonicMilliseconds() - start))
            for entry in fds where entry.revents != 0 {
                let n = read(entry.fd, &buffer, buffer.count)
                if n <= 0 {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == out[0] {
                    if stdout.count < outputLimit { stdout += buffer[0..<n] }
                } else if stderr.count < outputLimit {
                    stderr += buffer[0..<n]
                }
            }
            if remaining <= 0 { timedOut = true; break }
        }
        if timedOut { kill(-pid, SIGKILL) }
        open.forEach { close($0) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let outLines = lines(String(decoding: stdout, as: UTF8.self))
        let errLines = lines(String(decoding: stderr, as: UTF8.self))
        if timedOut {
            return .failed(["\(command): stopped after \(commandTimeLimit / 1000) s"] + outLines + errLines)
        }
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        if exited && code == 0 { return .loaded(outLines + errLines) }
        let how = exited ? "exit status \(code)" : "killed by signal \(status & 0x7f)"
        return .failed(["\(command): \(how)"] + errLines + (errLines.isEmpty ? outLines : []))
    }

    static func monotonicMilliseconds() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
    }
}
/// The state of a file or command tab's text.
package enum ContentLoad: Sendable, Equatable {
    case loading
    case loaded([String])
    /// What went wrong, as lines for the content area (exit status, stderr).
    case failed([String])
}
