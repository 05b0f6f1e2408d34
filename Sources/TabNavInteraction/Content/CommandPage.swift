import TabNavCore
import TabNavDrawing

/// A shell command's output (docs/layout-files.md, "Commands"): both streams in arrival order
/// (standard error marked in a gutter), SGR colours kept, a status line with a spinner and the
/// elapsed time while it runs and the exit status and duration after; `"refresh"` runs it again
/// while shown, `"follow"` streams it and sticks to the bottom unless scrolled up. Nothing runs
/// until the layout file is trusted: the page shows what would run and how to allow it.
public struct CommandPage: TabPage {
    public enum Status: Sendable, Equatable {
        /// Not asked to run yet.
        case idle
        /// The layout file is not trusted; these are the command lines it would run.
        case untrusted([String])
        case running(since: ContinuousClock.Instant)
        case finished(ChildExit, milliseconds: Int, at: ContinuousClock.Instant)
        case failed(String)
    }

    public let command: String
    public let options: ContentOptions
    public private(set) var status = Status.idle
    public private(set) var output: OutputLines
    /// The output of the run before (a refreshing page keeps it until the new run ends).
    private var shown: OutputLines?
    /// Where the cap cut the output, if it did.
    public private(set) var cutAt: Int?
    private var previousCut: Int?
    /// Where the output is scrolled, and whether it follows new lines.
    var scroll: OutputScroll

    /// Whether the last run that ended failed (a non-zero exit, a signal, its limit, or it could
    /// not start), and whether its output differs from the run before (`"alert"`).
    public private(set) var lastRunFailed = false
    public private(set) var lastRunChanged = false
    /// A digest of the last ended run's output, to tell a change.
    private var outputDigest: Int?

    /// When the next refresh is due (nil: none is waiting).
    public var refreshDue: ContinuousClock.Instant? {
        guard let refresh = options.refresh, case .finished(_, _, let at) = status else { return nil }
        return at.advanced(by: .milliseconds(Int64(refresh * 1000)))
    }

    /// Set for the output of a section action (its title shows above the page).
    public let actionTitle: String?

    public var title: String? { actionTitle }

    public init(command: String, options: ContentOptions = ContentOptions(), actionTitle: String? = nil) {
        self.command = command
        self.options = options
        self.actionTitle = actionTitle
        scroll = OutputScroll(follows: options.follow)
        output = OutputLines(maxLines: options.follow ? options.maxLines : Int.max,
                             maxBytes: options.follow ? ContentOptions.followedByteLimit : Int.max)
    }

    /// The lines drawn: the previous run's while a refresh runs with nothing new yet.
    private var visible: OutputLines { shown ?? output }

    public var isWaitingForTrust: Bool {
        if case .untrusted = status { return true }
        return false
    }

    public var isRunning: Bool {
        if case .running = status { return true }
        return false
    }

    // MARK: Work

    /// Starts a run: a refreshing page keeps the old output on screen until the new run ends.
    mutating func work() -> PageWork {
        if options.refresh != nil, case .finished = status {
            shown = output
            previousCut = cutAt
        } else {
            shown = nil
            previousCut = nil
        }
        output = OutputLines(maxLines: options.follow ? options.maxLines : Int.max,
                             maxBytes: options.follow ? ContentOptions.followedByteLimit : Int.max)
        cutAt = nil
        status = .running(since: .now)
        scroll.top = 0
        return PageWork(label: command, child: .command(command, options: options))
    }

    public mutating func appear() -> PageWork? {
        guard case .idle = status else { return nil }
        return work()
    }

    public mutating func reload() -> PageWork? {
        work()
    }

    public var redrawInterval: Duration? {
        switch status {
        case .running: return options.follow ? nil : .milliseconds(100)
        case .finished: return options.refresh != nil ? .seconds(1) : nil
        default: return nil
        }
    }

    public mutating func tick() -> PageWork? {
        guard let refresh = options.refresh, case .finished(_, _, let at) = status,
              at.duration(to: .now) >= .milliseconds(Int64(refresh * 1000)) else { return nil }
        return work()
    }

    public var keys: [PageKey] {
        var keys: [PageKey] = [.move, PageKey(.reload, summary: "reload")]
        if options.follow { keys.append(PageKey("pause", key: .character("p"), summary: scroll.paused ? "resume" : "pause")) }
        return keys
    }

    public func searchLines(limit: Int) -> [String] {
        let lines = visible
        return (0..<min(lines.count, max(0, limit))).map { SearchLimits.cut(lines[$0].text) }
    }

    public mutating func reveal(line: Int) {
        scroll.sticksToBottom = false
        scroll.top = max(0, min(line, visible.count - 1))
    }

    /// The line at the top of a page `rows` high (where find in page starts).
    /// Where find in page starts: the first line shown in `visibleRows` rows.
    public func firstLineShown(visibleRows rows: Int) -> Int {
        scroll.first(count: visible.count, rows: max(1, outputRows(height: rows)))
    }

    public mutating func receive(_ progress: ChildProgress) {
        for event in progress.events { apply(event) }
        if progress.isFinal, case .running = status {
            status = .finished(.status(0), milliseconds: 0, at: .now)
        }
        if scroll.sticksToBottom { scroll.top = max(0, visible.count - scroll.lastVisibleRows) }
    }

    mutating func apply(_ event: ChildEvent) {
        switch event {
        case .output(let bytes, let stderr):
            output.append(bytes, stderr: stderr)
            if options.refresh == nil { shown = nil }
        case .cut(let limit):
            cutAt = limit
        case .restarted(let reason):
            output.finish()
            output.append(notice: reason)
        case .lineCut(let limit, let stderr):
            output.markCut(limit: limit, stderr: stderr)
        case .dropped(let lines):
            output.skip(lines: lines)
        case .exited(let exit, let milliseconds):
            output.finish()
            shown = nil
            previousCut = nil
            status = .finished(exit, milliseconds: milliseconds, at: .now)
            var hasher = Hasher()
            for index in 0..<output.count { hasher.combine(output[index].text) }
            hasher.combine(cutAt)
            let digest = hasher.finalize()
            lastRunChanged = outputDigest.map { $0 != digest } ?? false
            outputDigest = digest
            lastRunFailed = exit != .status(0) && !Self.isStop(exit)
        case .failed(let reason):
            shown = nil
            status = .failed(reason)
            lastRunFailed = true
            lastRunChanged = false
        case .notTrusted:
            status = .untrusted([])
        }
    }

    private static func isStop(_ exit: ChildExit) -> Bool {
        if case .stopped = exit { return true }
        return false
    }

    /// Shows the command lines an untrusted file would run.
    public mutating func showUntrusted(_ commands: [String]) {
        status = .untrusted(commands)
    }

    // MARK: Drawing

    public func draw(in canvas: inout PageCanvas) {
        let theme = canvas.theme
        if case .untrusted(let commands) = status {
            drawUntrusted(commands, in: &canvas)
            return
        }
        // The status line: the command, and how it runs or ended.
        let prompt = canvas.ascii ? "$ " : "$ "
        let state = statusText(ascii: canvas.ascii, now: canvas.now)
        let stateWidth = min(canvas.rect.width, DisplayWidth.of(" " + state.text, ascii: canvas.ascii))
        // The command gets the room the status leaves, cut with `…` (the status drawn over its
        // end used to cut it with no mark).
        canvas.text(prompt + firstLine(command), row: 0, width: max(0, canvas.rect.width - stateWidth), style: theme.contentTitle)
        canvas.textAtEnd(" " + state.text, row: 0, style: state.isError ? theme.error : theme.dim)

        let lines = visible
        let cut = shownCut
        var row = 1
        if case .failed(let reason) = status {
            canvas.text(reason, row: row, style: theme.error)
            row += 1
        }
        let rows = outputRows(height: canvas.rect.height)
        let first = scroll.first(count: lines.count, rows: rows)
        let gutter = lines.hasErrors ? 2 : 0
        let noColor = theme.depth == .none
        let top = row
        row = canvas.drawLines(count: lines.count, from: first, row: top, rows: rows, gutter: gutter > 0,
                               skipping: scroll.column, noColor: noColor) { lines[$0] }
        if let cut {
            canvas.text("output cut at \(Self.size(cut))", row: min(row, canvas.rect.height - 1), style: theme.error)
        }
        if first > 0 { canvas.text(canvas.glyphs.scrollUp, row: top, column: canvas.rect.width - 1, style: theme.dim) }
        if first + rows < lines.count { canvas.text(canvas.glyphs.scrollDown, row: top + rows - 1, column: canvas.rect.width - 1, style: theme.dim) }
    }

    /// The cap the shown output was cut at, if it was.
    private var shownCut: Int? { shown != nil ? previousCut : cutAt }

    /// Rows of output a page `height` rows high shows: below the status line (and a failure's
    /// reason), above the cut notice. Drawing and scrolling use this one count, so `End` shows
    /// the last line.
    func outputRows(height: Int) -> Int {
        var rows = height - 1
        if case .failed = status { rows -= 1 }
        if shownCut != nil { rows -= 1 }
        return max(0, rows)
    }

    private func drawUntrusted(_ commands: [String], in canvas: inout PageCanvas) {
        Self.drawTrustScreen(commands.isEmpty ? [command] : commands, headline: "Not run: this layout file is not trusted.", in: &canvas)
    }

    /// The trust screen of a page waiting for it: `headline`, every item trusting allows (the
    /// commands, then the kernel files read), and the key that trusts it (as bound).
    static func drawTrustScreen(_ commands: [String], headline: String, in canvas: inout PageCanvas) {
        let theme = canvas.theme
        var row = 0
        canvas.text(headline, row: row, style: theme.error)
        row += 2
        let readsFiles = commands.contains { $0.hasPrefix(LayoutSummary.fileReadMarker) }
        let runsCommands = commands.contains { !$0.hasPrefix(LayoutSummary.fileReadMarker) }
        canvas.text(runsCommands && readsFiles ? "Trusting it lets it run these commands and read these kernel files:"
                        : readsFiles ? "Trusting it lets it read these kernel files:" : "Trusting it lets it run these commands:",
                    row: row, style: theme.contentText)
        row += 1
        // Every character of every command, wrapped rather than cut: what is trusted is seen whole.
        // When it does not all fit, trusting waits until it does (`t` is refused then).
        let lines = Self.trustLines(commands, width: canvas.rect.width, ascii: canvas.ascii)
        let room = Self.trustRoom(rows: canvas.rect.height)
        guard lines.count <= room else {
            for line in lines.prefix(max(0, room - 1)) {
                canvas.text(line, row: row, style: theme.contentTitle)
                row += 1
            }
            let hidden = lines.count - max(0, room - 1)
            canvas.text("… \(hidden) more \(hidden == 1 ? "line" : "lines"): enlarge the terminal to see all before trusting",
                        row: row, style: theme.error)
            return
        }
        for line in lines {
            canvas.text(line, row: row, style: theme.contentTitle)
            row += 1
        }
        row += 1
        canvas.text("\(canvas.trustKeyName): trust this file and run", row: min(row, canvas.rect.height - 1), style: theme.contentText.with(.bold))
    }

    /// The command lines as the trust screen shows them, wrapped to a page `width` columns wide.
    static func trustLines(_ commands: [String], width: Int, ascii: Bool) -> [String] {
        let wrapWidth = max(1, width - 4)
        var lines: [String] = []
        for command in commands {
            // A kernel file read (`LayoutSummary.fileRead`) says so where a command has its prompt.
            let isFile = command.hasPrefix(LayoutSummary.fileReadMarker)
            let text = isFile ? "reads " + String(command.dropFirst(LayoutSummary.fileReadMarker.count)) : command
            for (index, piece) in PageCanvas.wrappedWhole(text, width: wrapWidth, ascii: ascii).enumerated() {
                lines.append((index == 0 ? (isFile ? "  " : "  $ ") : "    ") + piece)
            }
        }
        return lines
    }

    /// Rows of a page `rows` high left for command lines (the notice above, `t` below).
    static func trustRoom(rows: Int) -> Int { max(0, rows - 5) }

    /// Whether every command line fits a page of this size, so trusting shows them all.
    package static func trustFits(_ commands: [String], columns: Int, rows: Int, ascii: Bool) -> Bool {
        trustLines(commands, width: columns, ascii: ascii).count <= trustRoom(rows: rows)
    }

    private func firstLine(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        return (lines.first.map(String.init) ?? "") + (lines.count > 1 ? " …" : "")
    }

    /// What the status line says at the right.
    func statusText(ascii: Bool, now: ContinuousClock.Instant?) -> (text: String, isError: Bool) {
        switch status {
        case .idle, .untrusted:
            return ("not run", false)
        case .running(let since):
            if options.follow {
                let count = "\(visible.count) line\(visible.count == 1 ? "" : "s")"
                return (scroll.paused ? "paused · \(count)" : "following · \(count)", scroll.paused)
            }
            guard let now else { return ("running", false) }
            let elapsed = since.duration(to: now)
            let frames = ascii ? ["|", "/", "-", "\\"] : ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
            let frame = frames[Int(Self.milliseconds(elapsed) / 100) % frames.count]
            return ("\(frame) running \(Self.duration(Self.milliseconds(elapsed)))", false)
        case .finished(let exit, let milliseconds, let at):
            var text: String
            var bad = true
            switch exit {
            case .status(0): text = "exit 0"; bad = false
            case .status(let code): text = "exit status \(code)"
            case .signal(let number): text = "killed by signal \(number)"
            case .timedOut(let seconds): text = "stopped at its \(Self.duration(Int(seconds * 1000))) limit"
            case .stopped: text = "stopped"
            }
            text += " · " + Self.duration(milliseconds)
            if options.refresh != nil, let now {
                text += " · updated \(max(0, Self.milliseconds(at.duration(to: now))) / 1000) s ago"
            }
            return (text, bad)
        case .failed:
            return ("not started", true)
        }
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// `0.12 s`, `2.3 s`, `42 s`, `3 min 5 s`.
    static func duration(_ milliseconds: Int) -> String {
        if milliseconds < 1000 { return "0.\(String(milliseconds / 10).leftPadded(2)) s" }
        if milliseconds < 10_000 { return "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s" }
        let seconds = milliseconds / 1000
        if seconds < 60 { return "\(seconds) s" }
        return "\(seconds / 60) min \(seconds % 60) s"
    }

    /// `1 MB`, `64 KB`, `100 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }

    // MARK: Keys

    public mutating func handle(_ input: PageInput) -> PageResponse {
        let rows = max(1, outputRows(height: input.visibleRows))
        if input.action == "pause", options.follow {
            scroll.togglePause(count: visible.count, rows: rows)
            return .handled
        }
        return scroll.handle(input.command, rows: rows, count: visible.count, widest: visible.widest) ? .handled : .ignored
    }

    public mutating func scroll(by rows: Int, visibleRows: Int) {
        scroll.scroll(by: rows, rows: max(1, outputRows(height: visibleRows)), count: visible.count)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

extension CommandPage {
    /// Its widest line, the next refresh while hidden, the marks its `"alert"` asks for after a
    /// run, whether it waits for trust, and for a section action's output how the run ended.
    public var report: PageReport {
        var marks: Set<AttentionReason> = []
        if options.alerts.contains(.failure), lastRunFailed { marks.insert(.failure) }
        if options.alerts.contains(.change), lastRunChanged { marks.insert(.change) }
        var finished: PageReport.FinishedMessage?
        if let actionTitle {
            // Without a clock the status says no spinner, so the glyph set does not matter.
            let state = statusText(ascii: true, now: nil)
            finished = PageReport.FinishedMessage("\(actionTitle): \(state.text)", isError: state.isError)
        }
        return PageReport(widestLine: output.widest, nextRefresh: refreshDue, marksWhenHidden: marks,
                          waitsForTrust: isWaitingForTrust, finishedMessage: finished, findsText: !isWaitingForTrust)
    }

    /// An untrusted layout's command: the page shows what would run.
    public mutating func refused(_ refusal: WorkRefusal) {
        if case .untrusted(let commands) = refusal { showUntrusted(commands) }
    }
}
