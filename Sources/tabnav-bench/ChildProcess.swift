import Glibc

/// How a child process ended and what it used (from `wait4`).
struct ChildExit {
    var status: Int32
    var usage: rusage

    /// User plus system CPU seconds of the child.
    var cpuSeconds: Double {
        Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
    }

    /// The program's own peak resident set in kB (`VmHWM`), read just before it was asked to
    /// quit; `ru_maxrss` is not used because it includes the parent's peak (see
    /// `ProcFiles.peakResidentKB`).
    var peakKB = 0

    /// `ru_maxrss` from `wait4` in kB: the larger of the program's peak and this process's
    /// resident size when it forked (kept in results.json to show the difference).
    var maxRSSKB: Int { usage.ru_maxrss }

    var exitedCleanly: Bool { status & 0x7f == 0 && (status >> 8) & 0xff == 0 }
}

/// Starting and reaping child processes.
enum ChildProcess {
    /// This executable's path, so it can start itself as a measured child.
    static func ownPath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// C strings for `argv` / `envp`, made before any fork (allocating after `fork` is unsafe).
    static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { strdup($0) } + [nil]
    }

    static func free(_ strings: [UnsafeMutablePointer<CChar>?]) {
        strings.forEach { Glibc.free($0) }
    }

    /// Runs `path` with `arguments`, waits for it, and returns what it wrote to standard output.
    static func runCapturingOutput(_ path: String, _ arguments: [String]) -> (ChildExit, String) {
        let argv = cStrings([path] + arguments)
        defer { free(argv) }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { fatalError("tabnav-bench: pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(fds[1])
        guard failure == 0 else { fatalError("tabnav-bench: cannot start \(path): \(String(cString: strerror(failure)))") }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        close(fds[0])
        return (wait(pid), String(decoding: output, as: UTF8.self))
    }

    /// Waits for `pid` to end and collects its resource usage.
    static func wait(_ pid: pid_t) -> ChildExit {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return ChildExit(status: status, usage: usage)
    }

    /// Waits at most `seconds` for `pid`; `nil` if it is still running.
    static func wait(_ pid: pid_t, seconds: Double) -> ChildExit? {
        let deadline = Clock.monotonic() + seconds
        var status: Int32 = 0
        var usage = rusage()
        repeat {
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid { return ChildExit(status: status, usage: usage) }
            if result < 0 && errno != EINTR { return nil }
            Clock.sleep(0.002)
        } while Clock.monotonic() < deadline
        return nil
    }
}
