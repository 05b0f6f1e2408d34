
/// A screen's worth of cells that widgets draw into and the terminal backend (or `render`) reads.
///
/// Like ratatui's `Buffer`: drawing never leaves the grid inconsistent. A wide character always
/// occupies a lead cell (width 2) followed by a continuation cell (width 0) in the same row; drawing
/// over either half of one blanks the other half, and a wide character that would cross the right
/// edge (or a `maxWidth`) is replaced by a space, so no half character ever reaches the terminal.
public struct CellGrid: Sendable, Equatable {
    /// Width in cells (never negative).
    public let columns: Int
    /// Height in cells (never negative).
    public let rows: Int
    /// Row-major: the cell at (column, row) is `cells[row * columns + column]`.
    public internal(set) var cells: [Cell]

    /// A blank grid; any size is allowed, including zero columns or rows.
    public init(columns: Int, rows: Int, filledWith cell: Cell = .blank) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.cells = Array(repeating: CellGrid.normalized(cell), count: self.columns * self.rows)
    }

    /// The whole grid as a rectangle.
    public var bounds: Rect { Rect(column: 0, row: 0, width: columns, height: rows) }

    /// The cell at (column, row); blank outside the grid, so callers need not clip their reads.
    public subscript(column: Int, row: Int) -> Cell {
        guard column >= 0, column < columns, row >= 0, row < rows else { return .blank }
        return cells[row * columns + column]
    }

    /// The cells of one row (empty outside the grid), for backends that draw or diff row by row.
    public func cells(inRow row: Int) -> ArraySlice<Cell> {
        guard row >= 0, row < rows else { return [] }
        return cells[row * columns ..< (row + 1) * columns]
    }

    /// Puts `cells` in `row` from `column` on, as they were read from a grid of the same width
    /// (`cells(inRow:)`): a frame's memo puts back what the last frame drew there. Cells that
    /// would fall outside the row are left out.
    package mutating func replaceCells(inRow row: Int, from column: Int, with cells: [Cell]) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        let count = min(cells.count, columns - column)
        let start = row * columns + column
        self.cells.replaceSubrange(start ..< start + count, with: cells[..<count])
    }

    /// Puts one blank cell (same style) over each half of a wide character that `index` (column
    /// `column`) is part of, before that cell is overwritten, so the other half never dangles.
    @inline(__always)
    mutating func release(_ index: Int, column: Int) {
        let width = cells[index].width
        if width == 0 {
            if column > 0 { cells[index - 1] = Cell(code: 0x20, width: 1, style: cells[index - 1].style) }
        } else if width == 2 {
            if column + 1 < columns { cells[index + 1] = Cell(code: 0x20, width: 1, style: cells[index + 1].style) }
        }
    }

    /// Writes a one-column cell at an in-grid position, keeping wide characters whole.
    @inline(__always)
    mutating func put(_ text: String, style: CellStyle, column: Int, row: Int) {
        let index = row * columns + column
        release(index, column: column)
        cells[index] = Cell(text: text, width: 1, style: style)
    }

    /// Writes a two-column cell whose both columns are in the grid.
    @inline(__always)
    mutating func putWide(_ text: String, style: CellStyle, column: Int, row: Int) {
        let index = row * columns + column
        release(index, column: column)
        release(index + 1, column: column + 1)
        cells[index] = Cell(text: text, width: 2, style: style)
        cells[index + 1] = .continuation(style)
    }

    /// `put` for a single scalar's code (see `CellText`).
    @inline(__always)
    mutating func put(code: UInt32, style: CellStyle, column: Int, row: Int) {
        let index = row * columns + column
        release(index, column: column)
        cells[index] = Cell(code: code, width: 1, style: style)
    }

    /// `putWide` for a single scalar's code.
    @inline(__always)
    mutating func putWide(code: UInt32, style: CellStyle, column: Int, row: Int) {
        let index = row * columns + column
        release(index, column: column)
        release(index + 1, column: column + 1)
        cells[index] = Cell(code: code, width: 2, style: style)
        cells[index + 1] = .continuation(style)
    }

    /// A cell made safe to repeat across a grid: one column wide, sanitized text.
    static func normalized(_ cell: Cell) -> Cell {
        if cell.width == 1, cell.code >= 0x20, cell.code < 0x7F { return cell }
        var iterator = TextCells(cell.text).makeIterator()
        if let first = iterator.next(), first.width == 1 {
            return Cell(text: first.text, width: 1, style: cell.style)
        }
        return Cell(text: " ", width: 1, style: cell.style)
    }

    /// Whether every wide lead is followed by its continuation in the same row and every
    /// continuation follows a lead (the invariant all mutations keep).
    var isConsistent: Bool {
        for row in 0..<rows {
            var column = 0
            while column < columns {
                let cell = cells[row * columns + column]
                switch cell.width {
                case 1: column += 1
                case 2:
                    guard column + 1 < columns, cells[row * columns + column + 1].width == 0 else { return false }
                    column += 2
                default: return false
                }
            }
        }
        return true
    }
}
