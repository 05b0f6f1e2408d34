import Glibc

/// Small readers for Linux's `/proc` files (and any other small text file).
enum ProcFiles {
    /// The whole file as text, or `nil` if it cannot be opened.
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The peak resident set of process `pid` in kB (`VmHWM` in `/proc/<pid>/status`).
    ///
    /// Unlike `ru_maxrss` from `wait4`, it belongs to the program's own address space: the kernel
    /// carries a forked child's `ru_maxrss` over from the parent's address space at `exec`, so
    /// a child of a large parent (this benchmark, after 100,000 tabs) would report the parent's peak.
    static func peakResidentKB(of pid: pid_t) -> Int? {
        guard let status = read("/proc/\(pid)/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).filter { $0.isNumber })
        }
        return nil
    }

    /// The resident set of process `pid` now, in kB (`VmRSS`).
    static func residentKB(of pid: pid_t) -> Int? {
        guard let status = read("/proc/\(pid)/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.dropFirst(6).filter { $0.isNumber })
        }
        return nil
    }

    /// CPU nanoseconds used so far by every thread of process `pid`
    /// (`/proc/<pid>/task/*/schedstat`, first field): exact, unlike rusage's tick-sampled split.
    static func cpuNanoseconds(of pid: pid_t) -> Int? {
        sumOverThreads(of: pid) { task in
            read("/proc/\(pid)/task/\(task)/schedstat")?.split(separator: " ").first.flatMap { Int($0) }
        }
    }

    /// Voluntary plus involuntary context switches of every thread of `pid`: a program that
    /// wakes up on a timer shows them climbing even when each wake-up costs almost no CPU.
    static func wakeUps(of pid: pid_t) -> Int? {
        sumOverThreads(of: pid) { task in
            guard let status = read("/proc/\(pid)/task/\(task)/status") else { return nil }
            var total = 0
            for line in status.split(separator: "\n")
            where line.hasPrefix("voluntary_ctxt_switches") || line.hasPrefix("nonvoluntary_ctxt_switches") {
                total += Int(line.split(separator: "\t").last.map(String.init) ?? "") ?? 0
            }
            return total
        }
    }

    private static func sumOverThreads(of pid: pid_t, _ value: (String) -> Int?) -> Int? {
        guard let directory = opendir("/proc/\(pid)/task") else { return nil }
        defer { closedir(directory) }
        var total = 0
        var found = false
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let first = name.first, first.isNumber, let v = value(name) else { continue }
            total += v
            found = true
        }
        return found ? total : nil
    }
}
