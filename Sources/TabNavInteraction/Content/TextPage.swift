import TabNavCore
import TabNavDrawing

/// Lines of fixed text (files and commands are `FilePage` and `CommandPage`). ↑ ↓ PgUp PgDn
/// scroll the view itself (there is no cursor to move first), `<` `>` scroll long lines sideways.
public struct TextPage: TabPage {
    public enum Source: Sendable, Equatable {
        case text(String)
    }

    public let source: Source
    /// The lines shown, each made when it is drawn.
    package private(set) var lines: TextLines
    /// Characters in the longest line (how far `>` may scroll), counted once per text.
    var widest: Int { lines.widest }
    /// The first line on screen and the columns scrolled out to the left.
    var scroll = OutputScroll(follows: false)
    /// Columns scrolled out to the left.
    var column: Int { scroll.column }
    /// `w`: long lines continue on the rows below instead of being cut (broken after a space
    /// where one fits, every character kept); `<` `>` have nothing to scroll then.
    package private(set) var wraps = false

    /// Fixed text.
    public init(_ text: String) {
        source = .text(text)
        lines = TextLines(text: text)
    }

    public func draw(in canvas: inout PageCanvas) {
        if wraps {
            drawWrapped(in: &canvas)
            return
        }
        let column = self.column
        let mark = canvas.glyphs.overflowLeading
        let first = scroll.first(count: lines.count, rows: canvas.rect.height)
        let window = first..<min(lines.count, first + max(0, canvas.rect.height))
        // What a row can show: a column takes at most 4 bytes of UTF-8 and a few combining marks.
        let prefixBytes = (column + canvas.rect.width + 1) * 16
        for index in window {
            let row = index - window.lowerBound
            let line = lines.line(index, prefixBytes: prefixBytes)
            if column > 0 {
                // Scrolled sideways: the line from that column on, and a mark that more lies left.
                canvas.text(mark, row: row, style: canvas.theme.dim)
                canvas.text(canvas.dropping(columns: column, of: line), row: row, column: 1, style: canvas.theme.contentText)
            } else {
                canvas.text(line, row: row, style: canvas.theme.contentText)
            }
        }
        canvas.scrollMarks(above: window.lowerBound > 0, below: window.upperBound < lines.count)
    }

    /// From the first line shown, each line on as many rows as it needs, until the page is full.
    private func drawWrapped(in canvas: inout PageCanvas) {
        let height = canvas.rect.height, width = canvas.rect.width
        guard height > 0, width > 1 else { return }
        let first = scroll.first(count: lines.count, rows: height)
        var row = 0
        var index = first
        while row < height, index < lines.count {
            let line = lines.line(index, prefixBytes: (height - row) * width * 16)
            for piece in PageCanvas.wrappedWhole(line, width: width - 1, ascii: canvas.ascii) where row < height {
                canvas.text(piece, row: row, width: width - 1, style: canvas.theme.contentText)
                row += 1
            }
            index += 1
        }
        canvas.scrollMarks(above: first > 0, below: index < lines.count)
    }

    public mutating func handle(_ input: PageInput) -> PageResponse {
        if input.action == "wrap" {
            wraps.toggle()
            scroll.column = 0
            return .say(wraps ? "Long lines wrap" : "Long lines are cut (< > scroll sideways)")
        }
        if wraps, input.command == .scrollLeft || input.command == .scrollRight { return .handled }
        return scroll.handle(input.command, rows: max(1, input.visibleRows), count: lines.count, widest: widest) ? .handled : .ignored
    }

    public mutating func scroll(by rows: Int, visibleRows: Int) {
        scroll.scroll(by: rows, rows: max(1, visibleRows), count: lines.count)
    }

    public var keys: [PageKey] {
        [.move, PageKey("wrap", key: .character("w"), summary: wraps ? "cut lines" : "wrap lines", inFooter: widest > 40)]
    }

    public func searchLines(limit: Int) -> [String] {
        (0..<min(lines.count, max(0, limit))).map { lines.line($0, prefixBytes: SearchLimits.lineBytes) }
    }

    public mutating func reveal(line: Int) {
        scroll.sticksToBottom = false
        scroll.top = max(0, min(line, lines.count - 1))
    }

    /// The line at the top of a page `rows` high (where find in page starts).
    /// Where find in page starts: the first line shown in `visibleRows` rows.
    public func firstLineShown(visibleRows rows: Int) -> Int {
        scroll.first(count: lines.count, rows: max(1, rows))
    }
}

extension TextPage {
    /// Its widest line (the footer's sideways hint).
    public var report: PageReport { PageReport(widestLine: widest, findsText: true) }
}
