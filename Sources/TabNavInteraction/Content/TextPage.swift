import TabNavCore
import TabNavDrawing

/// Lines of fixed text (files and commands are `FilePage` and `CommandPage`). ↑ ↓ scroll, `<` `>`
/// scroll long lines sideways.
public struct TextPage: TabPage {
    public enum Source: Sendable, Equatable {
        case text(String)
    }

    public let source: Source
    /// The lines shown, each made when it is drawn.
    package private(set) var lines: TextLines
    /// Characters in the longest line (how far `>` may scroll), counted once per text.
    var widest: Int { lines.widest }
    var cursor = ListCursor()
    /// Columns scrolled out to the left.
    var column = 0

    /// Fixed text.
    public init(_ text: String) {
        source = .text(text)
        lines = TextLines(text: text)
    }

    public func draw(in canvas: inout PageCanvas) {
        let column = self.column
        let mark = canvas.glyphs.overflowLeading
        let window = cursor.window(count: lines.count, visibleRows: canvas.rect.height)
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

    public mutating func handle(_ input: PageInput) -> PageResponse {
        if cursor.handleMove(input, count: lines.count) { return .handled }
        switch input.command {
        case .scrollLeft?, .scrollRight?:
            column = max(0, min(column + (input.command == .scrollRight ? 8 : -8), max(0, widest - 8)))
        default:
            return .ignored
        }
        return .handled
    }

    public mutating func scroll(by rows: Int, visibleRows: Int) {
        cursor.move(by: rows, count: lines.count, visibleRows: visibleRows)
    }

    public var keys: [PageKey] { [.move] }
}
