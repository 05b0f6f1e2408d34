import TabNav

/// One process: its figures as of the last snapshot, and that it ended once it is gone.
public struct ProcessDetail: TabPage {
    public private(set) var process: ProcessRecord
    /// False once a snapshot no longer holds the process.
    public private(set) var isRunning = true
    var scroll = 0

    public init(_ process: ProcessRecord) {
        self.process = process
    }

    public var title: String? { "\(process.name) \(process.pid)" }

    public func draw(in canvas: inout PageCanvas) {
        var lines: [(String, String)] = [
            ("Process", "\(process.name) (pid \(process.pid))"),
            ("State", isRunning ? Self.stateName(process.state) : "ended"),
            ("Memory", process.memoryText),
            ("Threads", "\(process.threads)"),
            ("Parent", "\(process.parent)"),
        ]
        lines.append(("Command", process.commandLine.isEmpty ? "[\(process.name)] (a kernel thread)" : ""))
        var row = 0
        for (label, value) in lines where row - scroll < canvas.rect.height {
            if row >= scroll {
                canvas.text(label, row: row - scroll, width: 10, style: canvas.theme.dim)
                canvas.text(value, row: row - scroll, column: 10, style: label == "State" && !isRunning ? canvas.theme.error : canvas.theme.contentText)
            }
            row += 1
        }
        for line in canvas.wrap(process.commandLine, width: max(1, canvas.rect.width - 2)) {
            if row >= scroll, row - scroll < canvas.rect.height {
                canvas.text(line, row: row - scroll, column: 2, style: canvas.theme.contentText)
            }
            row += 1
        }
    }

    public var keys: [PageKey] { [PageKey([.up, .down], summary: "scroll")] }

    public mutating func handle(_ input: PageInput) -> PageResponse {
        switch input.command {
        case .down?: scroll += 1
        case .up?:
            guard scroll > 0 else { return .ignored }
            scroll -= 1
        default: return .ignored
        }
        return .handled
    }

    public mutating func receive(_ snapshot: SystemSnapshot) {
        if let now = snapshot.process(process.pid), now.startTicks == process.startTicks {
            process = now
        } else {
            isRunning = false
        }
    }

    static func stateName(_ state: String) -> String {
        switch state {
        case "R": return "running"
        case "S": return "sleeping"
        case "D": return "waiting for the disk"
        case "Z": return "zombie"
        case "T", "t": return "stopped"
        case "I": return "idle"
        default: return state
        }
    }
}

/// The machine at a glance: uptime, load, memory, how many processes, how many samples so far.
public struct SystemPage: TabPage {
    public private(set) var snapshot: SystemSnapshot?

    public init(_ snapshot: SystemSnapshot? = nil) {
        self.snapshot = snapshot
    }

    public func draw(in canvas: inout PageCanvas) {
        guard let snapshot else {
            canvas.text("Reading /proc…", row: 0, style: canvas.theme.dim)
            return
        }
        let used = snapshot.memoryTotalKB - snapshot.memoryAvailableKB
        let rows: [(String, String)] = [
            ("Up", snapshot.uptimeText),
            ("Load", snapshot.load.joined(separator: "  ")),
            ("Memory", "\(used / 1024) of \(snapshot.memoryTotalKB / 1024) MB in use"),
            ("Processes", "\(snapshot.processes.count)"),
            ("Sample", "\(snapshot.sample), every 2 s"),
        ]
        for (row, entry) in rows.enumerated() {
            canvas.text(entry.0, row: row, width: 11, style: canvas.theme.dim)
            canvas.text(entry.1, row: row, column: 11, style: canvas.theme.contentText)
        }
    }

    public mutating func receive(_ snapshot: SystemSnapshot) {
        self.snapshot = snapshot
    }
}
