#if canImport(Glibc)
import Glibc
#endif

/// One process as `/proc/<pid>/stat` and `/proc/<pid>/cmdline` describe it.
public struct ProcessRecord: Sendable, Equatable {
    public var pid: Int32
    /// The short name the kernel keeps (`comm`, at most 15 bytes).
    public var name: String
    /// `R` running, `S` sleeping, `D` waiting for the disk, `Z` zombie, `T` stopped…
    public var state: String
    public var parent: Int32
    public var threads: Int
    /// Resident memory, in kilobytes.
    public var residentKB: Int
    /// When it started, in clock ticks since boot: the newest processes have the largest.
    public var startTicks: UInt64
    /// Its arguments joined by spaces (empty for kernel threads).
    public var commandLine: String

    public init(pid: Int32, name: String, state: String, parent: Int32, threads: Int, residentKB: Int,
                startTicks: UInt64, commandLine: String) {
        self.pid = pid
        self.name = name
        self.state = state
        self.parent = parent
        self.threads = threads
        self.residentKB = residentKB
        self.startTicks = startTicks
        self.commandLine = commandLine
    }

    /// Reads a `stat` line: `pid (name) state ppid …`. The name may hold spaces and parentheses,
    /// so the fields are counted from the last `)`. Nil for a line that is not one.
    public static func parse(stat: String, commandLine: [UInt8] = [], pageKB: Int = 4) -> ProcessRecord? {
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"), open < close,
              let pid = Int32(stat[..<open].filter { $0 != " " }) else { return nil }
        let name = String(stat[stat.index(after: open)..<close])
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3 of the line, ppid 4, num_threads 20, starttime 22, rss 24.
        guard fields.count >= 22, let parent = Int32(fields[1]), let threads = Int(fields[17]),
              let start = UInt64(fields[19]), let pages = Int(fields[21]) else { return nil }
        let arguments = commandLine.split(separator: 0, omittingEmptySubsequences: true)
            .map { String(decoding: $0, as: UTF8.self) }
        return ProcessRecord(pid: pid, name: name, state: String(fields[0]), parent: parent, threads: threads,
                             residentKB: pages * pageKB, startTicks: start, commandLine: arguments.joined(separator: " "))
    }

    /// `12.3 MB`, `640 kB`.
    public var memoryText: String {
        residentKB >= 1024 ? "\(residentKB / 1024).\(residentKB % 1024 * 10 / 1024) MB" : "\(residentKB) kB"
    }
}

/// What the machine looks like at one moment.
public struct SystemSnapshot: Sendable, Equatable {
    public var processes: [ProcessRecord]
    /// The 1, 5 and 15 minute load averages as the kernel writes them (`0.52`).
    public var load: [String]
    public var uptimeSeconds: Int
    public var memoryTotalKB: Int
    public var memoryAvailableKB: Int
    /// Which sample this is (1 for the first).
    public var sample: Int

    public init(processes: [ProcessRecord], load: [String] = [], uptimeSeconds: Int = 0,
                memoryTotalKB: Int = 0, memoryAvailableKB: Int = 0, sample: Int = 1) {
        self.processes = processes
        self.load = load
        self.uptimeSeconds = uptimeSeconds
        self.memoryTotalKB = memoryTotalKB
        self.memoryAvailableKB = memoryAvailableKB
        self.sample = sample
    }

    /// The process with this id, if it still runs.
    public func process(_ pid: Int32) -> ProcessRecord? { processes.first { $0.pid == pid } }

    /// The `count` processes started last, newest first.
    public func newest(_ count: Int) -> [ProcessRecord] {
        Array(processes.sorted { ($0.startTicks, $0.pid) > ($1.startTicks, $1.pid) }.prefix(count))
    }

    /// `3 d 4 h`, `2 h 5 min`, `42 s`.
    public var uptimeText: String {
        let s = uptimeSeconds
        if s >= 86_400 { return "\(s / 86_400) d \(s % 86_400 / 3600) h" }
        if s >= 3600 { return "\(s / 3600) h \(s % 3600 / 60) min" }
        if s >= 60 { return "\(s / 60) min \(s % 60) s" }
        return "\(s) s"
    }
}

/// Reads `/proc` (or a folder laid out like it, for tests).
public struct ProcReader: Sendable {
    public var root: String

    public init(root: String = "/proc") {
        self.root = root
    }

    /// Every process that can be read now, and the machine's figures.
    public func snapshot(sample: Int) -> SystemSnapshot {
        let pageKB = max(1, Int(sysconf(Int32(_SC_PAGESIZE))) / 1024)
        var processes: [ProcessRecord] = []
        for pid in pids() {
            // A process may end between the listing and the read: it is then left out.
            guard let stat = Self.contents(root + "/\(pid)/stat").map({ String(decoding: $0, as: UTF8.self) }),
                  let record = ProcessRecord.parse(stat: stat, commandLine: Self.contents(root + "/\(pid)/cmdline") ?? [],
                                                   pageKB: pageKB) else { continue }
            processes.append(record)
        }
        let text = { (name: String) in Self.contents(root + "/" + name).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        let load = text("loadavg").split(separator: " ").prefix(3).map(String.init)
        let uptime = Int(Double(text("uptime").split(separator: " ").first ?? "0") ?? 0)
        var total = 0, available = 0
        for line in text("meminfo").split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count >= 2, let value = Int(parts[1]) else { continue }
            if parts[0] == "MemTotal:" { total = value }
            if parts[0] == "MemAvailable:" { available = value }
        }
        return SystemSnapshot(processes: processes, load: load, uptimeSeconds: uptime, memoryTotalKB: total,
                              memoryAvailableKB: available, sample: sample)
    }

    /// The numeric entries of the folder: one per process.
    func pids() -> [Int32] {
        guard let directory = opendir(root) else { return [] }
        defer { closedir(directory) }
        var pids: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let pid = Int32(name) { pids.append(pid) }
        }
        return pids.sorted()
    }

    /// A whole small file, or nil when it cannot be read.
    static func contents(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { bytes += chunk[0..<count] } else if count < 0, errno == EINTR { continue } else { break }
        }
        return bytes
    }
}

extension SystemSnapshot {
    /// A made-up machine, always the same: what `tabnav-procs render` shows (README's screen).
    public static let example = SystemSnapshot(
        processes: [
            ProcessRecord(pid: 1, name: "init", state: "S", parent: 0, threads: 1, residentKB: 12_288, startTicks: 1, commandLine: "/sbin/init"),
            ProcessRecord(pid: 312, name: "sshd", state: "S", parent: 1, threads: 1, residentKB: 8_960, startTicks: 420, commandLine: "sshd: /usr/sbin/sshd -D"),
            ProcessRecord(pid: 840, name: "postgres", state: "S", parent: 1, threads: 1, residentKB: 182_400, startTicks: 900, commandLine: "postgres -D /var/lib/postgresql"),
            ProcessRecord(pid: 2051, name: "bash", state: "S", parent: 312, threads: 1, residentKB: 5_120, startTicks: 51_000, commandLine: "-bash"),
            ProcessRecord(pid: 2107, name: "vim", state: "S", parent: 2051, threads: 1, residentKB: 14_336, startTicks: 52_300, commandLine: "vim notes.md"),
            ProcessRecord(pid: 2230, name: "make", state: "R", parent: 2051, threads: 1, residentKB: 3_072, startTicks: 60_100, commandLine: "make test"),
        ],
        load: ["0.42", "0.37", "0.30"], uptimeSeconds: 273_900, memoryTotalKB: 8_072_000, memoryAvailableKB: 5_210_000,
        sample: 1)
}
