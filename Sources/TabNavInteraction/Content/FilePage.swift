import TabNavCore
import TabNavDrawing

/// A file's text (docs/layout-files.md, "Files"): read once when first shown (`r` reads it
/// again), or followed like `tail -F` with `"follow": true` — new lines appear as they are
/// written, a truncated or replaced file starts over, the last `maxLines` are kept and the view
/// sticks to the bottom unless scrolled up. Only regular files are read.
public struct FilePage: TabPage {
    public let path: String
    public let options: ContentOptions
    public private(set) var output: OutputLines
    /// Why the file cannot be shown, if it cannot.
    public private(set) var problem: String?
    private var loaded = false
    var top = 0
    var sticksToBottom: Bool
    var column = 0
    var lastVisibleRows = 20

    public init(path: String, options: ContentOptions = ContentOptions()) {
        self.path = path
        self.options = options
        output = OutputLines(maxLines: options.follow ? options.maxLines : Int.max)
        sticksToBottom = options.follow
    }

    mutating func work() -> PageWork {
        output = OutputLines(maxLines: options.follow ? options.maxLines : Int.max)
        problem = nil
        loaded = false
        top = 0
        sticksToBottom = options.follow
        return PageWork(label: path, child: .file(path, follow: options.follow))
    }

    public mutating func appear() -> PageWork? { work() }
    public mutating func reload() -> PageWork? { work() }

    public mutating func receive(_ result: any Sendable) {
        guard let progress = result as? ChildProgress else { return }
        for event in progress.events {
            switch event {
            case .output(let bytes, _): output.append(bytes, stderr: false)
            case .restarted(let reason):
                output = OutputLines(maxLines: options.maxLines)
                problem = nil
                output.append(text: reason)
            case .failed(let reason): problem = reason
            case .cut(let limit): problem = "only the first \(CommandPage.size(limit)) are shown"
            case .exited, .notTrusted: break
            }
        }
        if progress.isFinal {
            output.finish()
            loaded = true
        }
        if sticksToBottom, options.follow { top = max(0, output.count - lastVisibleRows) }
    }

    public func draw(in canvas: inout PageCanvas) {
        let theme = canvas.theme
        var row = 0
        if let problem {
            canvas.text(problem, row: row, style: theme.error)
            row += 1
        } else if output.count == 0 {
            canvas.text(loaded ? "(empty file)" : (options.follow ? "Waiting for \(path)…" : "Loading…"), row: row, style: theme.dim)
            return
        }
        let rows = max(0, canvas.rect.height - row)
        let first = sticksToBottom ? max(0, output.count - rows) : min(top, max(0, output.count - rows))
        let noColor = theme.depth == .none
        var index = first
        while row < canvas.rect.height, index < output.count {
            canvas.drawStyled(output[index].spans, row: row, column: 0, skipping: column, noColor: noColor)
            row += 1
            index += 1
        }
        canvas.scrollMarks(above: first > 0, below: first + rows < output.count)
    }

    public mutating func handle(_ input: PageInput) -> PageResponse {
        let rows = max(1, input.visibleRows)
        lastVisibleRows = rows
        let bottom = max(0, output.count - rows)
        if sticksToBottom { top = bottom }
        switch input.command {
        case .up?:
            guard top > 0 else { return .ignored }
            top -= 1
        case .down?: top = min(bottom, top + 1)
        case .pageUp?: top = max(0, top - max(1, rows - 1))
        case .pageDown?: top = min(bottom, top + max(1, rows - 1))
        case .first?: top = 0
        case .last?: top = bottom
        case .scrollLeft?, .scrollRight?:
            column = max(0, min(column + (input.command == .scrollRight ? 8 : -8), max(0, output.widest - 8)))
        default:
            return .ignored
        }
        top = min(top, bottom)
        sticksToBottom = options.follow && top >= bottom
        return .handled
    }

    public mutating func scroll(by rows: Int, visibleRows: Int) {
        lastVisibleRows = max(1, visibleRows)
        let bottom = max(0, output.count - lastVisibleRows)
        if sticksToBottom { top = bottom }
        top = max(0, min(bottom, top + rows))
        sticksToBottom = options.follow && top >= bottom
    }
}
