import TabNav

/// The processes of the machine (or those whose name holds `filter`), kept up to date by the
/// snapshots the program sends to the page's tab (its `WorkResult`: they arrive in `receive`).
/// Its keys are declared as data: `o` changes the order, `f` freezes the list, `Enter` opens a
/// process; a configuration file can rebind `order` and `freeze` by name.
public struct ProcessList: TabPage {
    /// How the list is ordered.
    public enum Order: String, Sendable, CaseIterable {
        case memory, newest, name

        var next: Order { Order.allCases[(Order.allCases.firstIndex(of: self)! + 1) % Order.allCases.count] }
    }

    /// Only processes whose name or command line holds this (case-insensitive); empty: all.
    public var filter: String
    public private(set) var order: Order = .memory
    /// While frozen, new snapshots are kept aside, not shown.
    public private(set) var isFrozen = false
    public private(set) var processes: [ProcessRecord] = []
    /// How many snapshots arrived.
    public private(set) var samples = 0
    var cursor = ListCursor()

    public init(filter: String = "", processes: [ProcessRecord] = []) {
        self.filter = filter
        show(processes)
    }

    public func draw(in canvas: inout PageCanvas) {
        guard !processes.isEmpty else {
            canvas.text(samples == 0 ? "Reading /proc…" : "No process matches \"\(filter)\"", row: 0, style: canvas.theme.dim)
            return
        }
        let status = "\(processes.count) processes by \(order.rawValue)" + (isFrozen ? " · frozen" : "")
        canvas.text(status, row: 0, style: canvas.theme.dim)
        // The list below the status line: its own rows, the cursor's highlighted.
        let rows = max(1, canvas.rect.height - 1)
        let window = cursor.window(count: processes.count, visibleRows: rows)
        let running = canvas.glyphs.icon("play").outline, sleeping = canvas.glyphs.icon("moon").outline
        for (line, index) in window.enumerated() {
            let process = processes[index]
            let isCursor = index == cursor.row
            let style = isCursor ? (canvas.isFocused ? canvas.theme.cursor : canvas.theme.sidebarSelected) : canvas.theme.contentText
            canvas.fill(row: line + 1, style: style)
            let end = canvas.text("\(process.state == "R" ? running : sleeping) \(process.name)", row: line + 1, column: 1,
                                  width: canvas.rect.width - 22, style: style)
            canvas.text("\(process.pid)", row: line + 1, column: max(end + 1, canvas.rect.width - 20), width: 8,
                        style: isCursor ? style : canvas.theme.dim)
            canvas.textAtEnd(process.memoryText + " ", row: line + 1, style: isCursor ? style : canvas.theme.dim)
            if isCursor { canvas.placeCursor(row: line + 1, column: 1) }
        }
    }

    public mutating func handle(_ input: PageInput) -> PageResponse {
        switch input.action {
        case "order"?:
            order = order.next
            show(processes)
            return .say("Ordered by \(order.rawValue)")
        case "freeze"?:
            isFrozen.toggle()
            return .say(isFrozen ? "Frozen: new samples wait" : "Following the machine again")
        default:
            break
        }
        if input.command == .open, let process = processes[safe: cursor.row] {
            return .push(ProcessDetail(process))
        }
        var moved = input
        moved.visibleRows = max(1, input.visibleRows - 1)
        return cursor.handleMove(moved, count: processes.count) ? .handled : .ignored
    }

    public mutating func scroll(by rows: Int, visibleRows: Int) {
        cursor.move(by: rows, count: processes.count, visibleRows: visibleRows)
    }

    public var keys: [PageKey] {
        [.move, PageKey(.open, summary: "details"),
         PageKey("order", key: .character("o"), summary: "order"),
         PageKey("freeze", key: .character("f"), summary: isFrozen ? "follow" : "freeze")]
    }

    public mutating func receive(_ snapshot: SystemSnapshot) {
        samples += 1
        if !isFrozen { show(snapshot.processes) }
    }

    /// The processes as the search tab finds them: by name and id, opening their page.
    public var searchEntries: [ContentEntry] {
        processes.map { ContentEntry(id: "pid-\($0.pid)", title: "\($0.name) \($0.pid)", detail: $0.memoryText,
                                     body: $0.commandLine, icon: "doc") }
    }

    public func page(for entry: ContentEntry) -> (any TabPage)? {
        guard let pid = Int32(entry.id.dropFirst(4)), let process = processes.first(where: { $0.pid == pid }) else { return nil }
        return ProcessDetail(process)
    }

    /// Takes the processes that pass the filter, in order, keeping the cursor on the same process.
    mutating func show(_ all: [ProcessRecord]) {
        let kept = processes[safe: cursor.row]?.pid
        let needle = filter.lowercased()
        var shown = needle.isEmpty ? all : all.filter {
            $0.name.lowercased().contains(needle) || $0.commandLine.lowercased().contains(needle)
        }
        switch order {
        case .memory: shown.sort { ($0.residentKB, $1.pid) > ($1.residentKB, $0.pid) }
        case .newest: shown.sort { ($0.startTicks, $0.pid) > ($1.startTicks, $1.pid) }
        case .name: shown.sort { ($0.name.lowercased(), $0.pid) < ($1.name.lowercased(), $1.pid) }
        }
        processes = shown
        if let kept, let row = shown.firstIndex(where: { $0.pid == kept }) {
            cursor.move(by: row - cursor.row, count: shown.count, visibleRows: 1_000)
        } else {
            cursor.move(by: 0, count: shown.count, visibleRows: 1_000)
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
