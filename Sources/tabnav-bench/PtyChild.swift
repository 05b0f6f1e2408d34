import Glibc

/// A program running in a pseudo-terminal of its own (`forkpty`), driven like a person at a
/// terminal: keys are written to the master side and everything the program draws is read back.
///
/// The master is always drained while waiting, so the program never blocks on a full terminal.
/// Synchronisation is on output, never on sleeps: after a key, read until output has arrived and
/// then paused (the program writes a frame in one go), or until a marker text has arrived.
final class PtyChild {
    let pid: pid_t
    let master: Int32
    /// Monotonic time just before the fork.
    let startTime: Double
    /// Bytes read from the terminal so far.
    private(set) var bytesRead = 0
    /// Monotonic time the last bytes arrived.
    private(set) var lastOutputTime: Double?
    private var exit: ChildExit?
    /// The end of the output, for finding markers that straddle two reads.
    private var tail: [UInt8] = []

    /// Starts `path` in a `columns`×`rows` pseudo-terminal with exactly `environment`.
    init(path: String, arguments: [String], environment: [String], columns: Int, rows: Int) {
        let argv = ChildProcess.cStrings([path] + arguments)
        let envp = ChildProcess.cStrings(environment)
        defer { ChildProcess.free(argv); ChildProcess.free(envp) }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        startTime = Clock.monotonic()
        let pid = forkpty(&master, nil, nil, &size)
        if pid == 0 {
            execve(path, argv, envp)
            _exit(127)
        }
        guard pid > 0 else { fatalError("tabnav-bench: forkpty failed: \(String(cString: strerror(errno)))") }
        self.pid = pid
        self.master = master
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if exit == nil {
            kill(pid, SIGKILL)
            _ = ChildProcess.wait(pid)
        }
        close(master)
    }

    /// Writes `bytes` as typed keys.
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(master, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { _ = waitReadable(0.001); continue }
            guard n > 0 else { return }
            offset += n
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads until `marker` has arrived (then `true`), or `timeout` seconds pass (`false`).
    func read(until marker: String, timeout: Double) -> Bool {
        let needle = Array(marker.utf8)
        let deadline = Clock.monotonic() + timeout
        if contains(tail, needle) { return true }
        while Clock.monotonic() < deadline {
            if readAvailable(waiting: min(0.01, max(0, deadline - Clock.monotonic()))) == nil { return false }
            if contains(tail, needle) { return true }
        }
        return false
    }

    /// Reads until `marker` arrives in output that comes after this call (what was read before
    /// does not count); `true` then, `false` after `timeout` seconds.
    func read(untilNew marker: String, timeout: Double) -> Bool {
        let needle = Array(marker.utf8)
        let start = bytesRead
        let deadline = Clock.monotonic() + timeout
        while Clock.monotonic() < deadline {
            if readAvailable(waiting: min(0.01, max(0, deadline - Clock.monotonic()))) == nil { return false }
            let fresh = min(tail.count, bytesRead - start)
            if fresh >= needle.count, contains(Array(tail[(tail.count - fresh)...]), needle) { return true }
        }
        return false
    }

    /// Reads until output has arrived and then nothing more for `quiet` seconds, or `timeout`
    /// passes. Returns the bytes read (0: the program wrote nothing in time).
    @discardableResult
    func readFrame(quiet: Double, timeout: Double) -> Int {
        let before = bytesRead
        let deadline = Clock.monotonic() + timeout
        while true {
            let now = Clock.monotonic()
            if now >= deadline { break }
            let wait = bytesRead > before ? quiet : min(quiet, deadline - now)
            guard let n = readAvailable(waiting: wait) else { break }
            if n == 0 && bytesRead > before { break }
        }
        return bytesRead - before
    }

    /// Reads until nothing has arrived for `quiet` seconds (or `timeout` passes).
    func settle(quiet: Double, timeout: Double) {
        let deadline = Clock.monotonic() + timeout
        while Clock.monotonic() < deadline {
            guard let n = readAvailable(waiting: quiet), n > 0 else { return }
        }
    }

    /// Reads for `seconds`, whatever arrives (idle measurements). Returns the bytes read.
    @discardableResult
    func drain(for seconds: Double) -> Int {
        let before = bytesRead
        let deadline = Clock.monotonic() + seconds
        while Clock.monotonic() < deadline {
            if readAvailable(waiting: max(0, deadline - Clock.monotonic())) == nil { break }
        }
        return bytesRead - before
    }

    /// Sends `q` and waits for the program to end (killing it after `timeout`).
    func quit(timeout: Double = 5) -> ChildExit {
        if let exit { return exit }
        let peak = ProcFiles.peakResidentKB(of: pid) ?? 0
        send("q")
        let deadline = Clock.monotonic() + timeout
        while Clock.monotonic() < deadline {
            _ = readAvailable(waiting: 0.005)
            if var done = ChildProcess.wait(pid, seconds: 0) {
                done.peakKB = peak
                exit = done
                return done
            }
        }
        kill(pid, SIGKILL)
        var done = ChildProcess.wait(pid)
        done.peakKB = peak
        exit = done
        return done
    }

    // MARK: Reading

    /// Waits up to `seconds` for output and reads all that is there. Returns the bytes read,
    /// or `nil` once the terminal has closed (the program ended).
    private func readAvailable(waiting seconds: Double) -> Int? {
        guard waitReadable(seconds) else { return 0 }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if n > 0 {
                total += n
                bytesRead += n
                lastOutputTime = Clock.monotonic()
                tail += buffer[0..<n]
                if tail.count > 4096 { tail.removeFirst(tail.count - 4096) }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { return total }
            return total > 0 ? total : nil  // EIO or end: the slave side is closed
        }
    }

    private func waitReadable(_ seconds: Double) -> Bool {
        var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        // poll counts whole milliseconds: round up so a short wait is never no wait at all.
        let milliseconds = Int32(min(Double(Int32.max), (seconds * 1000).rounded(.up)))
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
