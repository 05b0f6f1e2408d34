import TabNavCore
import TabNavDrawing

/// A file's text (docs/layout-files.md, "Files"): read once when first shown (`r` reads it
/// again), or followed like `tail -F` with `"follow": true` — new lines appear as they are
/// written, a truncated or replaced file starts over, the last `maxLines` are kept and the view
/// sticks to the bottom unless scrolled up. Only regular files are read, and a file on a kernel
/// file system (`/proc`, `/sys`…) only once the layout file is trusted: until then the page shows
/// what trusting would allow, as a command tab does.
public struct FilePage: TabPage {
    public let path: String
    public let options: ContentOptions
    public private(set) var output: OutputLines
    /// Why the file cannot be shown, if it cannot.
    public private(set) var problem: String?
    private var loaded = false
    /// The file is a kernel file of an untrusted layout: what trusting it allows (nil: not waiting).
    private var untrusted: [String]?
    var scroll: OutputScroll

    public init(path: String, options: ContentOptions = ContentOptions()) {
        self.path = path
        self.options = options
        output = OutputLines(maxLines: options.follow ? options.maxLines : Int.max,
                             maxBytes: options.follow ? ContentOptions.followedByteLimit : Int.max)
        scroll = OutputScroll(follows: options.follow)
    }

    mutating func work() -> PageWork {
        output = OutputLines(maxLines: options.follow ? options.maxLines : Int.max,
                             maxBytes: options.follow ? ContentOptions.followedByteLimit : Int.max)
        problem = nil
        loaded = false
        untrusted = nil
        scroll.reset()
        return PageWork(label: path, child: .file(path, follow: options.follow, maxLines: options.maxLines))
    }

    public mutating func appear() -> PageWork? { work() }

    /// Whether the file was not read because it is a kernel file and the layout is not trusted.
    public var isWaitingForTrust: Bool { untrusted != nil }

    /// Shows what trusting the layout file allows (its commands and kernel files).
    public mutating func showUntrusted(_ items: [String]) {
        untrusted = items
    }
    public mutating func reload() -> PageWork? { work() }

    public var keys: [PageKey] {
        var keys: [PageKey] = [.move, PageKey(.reload, summary: "reload")]
        if options.follow { keys.append(PageKey("pause", key: .character("p"), summary: scroll.paused ? "resume" : "pause")) }
        return keys
    }

    public func searchLines(limit: Int) -> [String] {
        let lines = output
        return (0..<min(lines.count, max(0, limit))).map { SearchLimits.cut(lines[$0].text) }
    }

    public mutating func reveal(line: Int) {
        scroll.sticksToBottom = false
        scroll.top = max(0, min(line, output.count - 1))
    }

    /// The line at the top of a page `rows` high (where find in page starts).
    /// Where find in page starts: the first line shown in `visibleRows` rows.
    public func firstLineShown(visibleRows rows: Int) -> Int {
        scroll.first(count: output.count, rows: max(1, rows - (problem != nil ? 1 : 0)))
    }

    public mutating func receive(_ progress: ChildProgress) {
        for event in progress.events {
            switch event {
            case .output(let bytes, _): output.append(bytes, stderr: false)
            case .restarted(let reason):
                // What was shown stays, as `tail -F` keeps it, with a marked line between.
                problem = nil
                output.finish()
                output.append(notice: reason)
            case .lineCut(let limit, let stderr): output.markCut(limit: limit, stderr: stderr)
            case .dropped(let lines): output.skip(lines: lines)
            case .failed(let reason): problem = reason
            case .cut(let limit): problem = "only the first \(CommandPage.size(limit)) are shown"
            case .notTrusted: untrusted = untrusted ?? []
            case .exited: break
            }
        }
        if progress.isFinal {
            output.finish()
            loaded = true
        }
        scroll.followed(count: output.count)
    }

    public func draw(in canvas: inout PageCanvas) {
        let theme = canvas.theme
        if let untrusted {
            CommandPage.drawTrustScreen(untrusted.isEmpty ? [LayoutSummary.fileRead(path, fileSystem: "a kernel file")] : untrusted,
                                        headline: "Not read: this layout file is not trusted.", in: &canvas)
            return
        }
        var row = 0
        if let problem {
            canvas.text(problem, row: row, style: theme.error)
            row += 1
        } else if output.count == 0 {
            canvas.text(loaded ? "(empty file)" : (options.follow ? "Waiting for \(path)…" : "Loading…"), row: row, style: theme.dim)
            return
        }
        let rows = max(0, canvas.rect.height - row)
        let first = scroll.first(count: output.count, rows: rows)
        let noColor = theme.depth == .none
        canvas.drawLines(count: output.count, from: first, row: row, rows: rows, gutter: false,
                         skipping: scroll.column, noColor: noColor) { output[$0] }
        canvas.scrollMarks(above: first > 0, below: first + rows < output.count)
        if scroll.paused {
            // The marker: the view is held while lines keep arriving below.
            let below = max(0, output.count - (first + rows))
            canvas.textAtEnd(" paused" + (below > 0 ? " · \(below) more below " : " "), row: 0, style: theme.error)
        }
    }

    public mutating func handle(_ input: PageInput) -> PageResponse {
        if input.action == "pause", options.follow {
            scroll.togglePause(count: output.count, rows: max(1, input.visibleRows))
            return .handled
        }
        return scroll.handle(input.command, rows: max(1, input.visibleRows), count: output.count, widest: output.widest) ? .handled : .ignored
    }

    public mutating func scroll(by rows: Int, visibleRows: Int) {
        scroll.scroll(by: rows, rows: max(1, visibleRows), count: output.count)
    }
}

extension FilePage {
    /// Its widest line (the footer's sideways hint).
    public var report: PageReport {
        PageReport(widestLine: output.widest, waitsForTrust: isWaitingForTrust, findsText: true)
    }

    /// A kernel file of an untrusted layout: the page shows what would be read.
    public mutating func refused(_ refusal: WorkRefusal) {
        guard case .untrusted(let commands) = refusal, isWaitingForTrust else { return }
        // Its own file is listed too when it became a kernel file after the load (a link changed):
        // the list from the load does not hold it, and trusting is what lets it be read.
        // The load lists it as written in the layout (`env.txt`), the page holds it located in
        // the layout's folder (`/srv/k/env.txt`).
        let shown = ShownText.revealed(path)
        let listed = commands.contains { (item: String) -> Bool in
            guard item.hasPrefix(LayoutSummary.fileReadMarker), let open = item.lastIndex(of: "("),
                  open > item.startIndex else { return false }
            var written = String(item[item.index(after: item.startIndex)..<item.index(before: open)])
            // The path as written, without the file a link on it leads to.
            if let arrow = written.firstRange(of: LayoutSummary.linkArrow) { written = String(written[..<arrow.lowerBound]) }
            return shown == written || shown.hasSuffix("/" + written)
        }
        showUntrusted(listed ? commands : commands + [LayoutSummary.fileRead(path, fileSystem: "a kernel file")])
    }
}
