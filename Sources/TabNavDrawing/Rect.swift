/// A rectangle of cells: where a widget draws, what a fill or a style change covers.
///
/// Width and height are never negative (negative sizes become 0), so an empty rectangle is simply
/// one with no cells and every operation on it is a no-op.
public struct Rect: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Left column (may be negative or past the grid: drawing clips).
    public var column: Int
    /// Top row.
    public var row: Int
    /// Columns covered, never negative.
    public var width: Int
    /// Rows covered, never negative.
    public var height: Int

    /// A rectangle; a negative width or height is taken as 0.
    public init(column: Int, row: Int, width: Int, height: Int) {
        self.column = column
        self.row = row
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(column: 0, row: 0, width: 0, height: 0)

    /// The column just right of the rectangle.
    public var endColumn: Int { column + width }
    /// The row just below the rectangle.
    public var endRow: Int { row + height }
    /// Whether the rectangle covers no cell at all.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The number of cells covered.
    public var area: Int { width * height }

    /// Whether the cell at (column, row) is inside, e.g. to route a mouse click.
    public func contains(column: Int, row: Int) -> Bool {
        column >= self.column && column < endColumn && row >= self.row && row < endRow
    }

    /// The cells both rectangles cover (empty, at `self`'s origin, when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(column, other.column)
        let top = max(row, other.row)
        let right = min(endColumn, other.endColumn)
        let bottom = min(endRow, other.endRow)
        guard right > left, bottom > top else { return Rect(column: column, row: row, width: 0, height: 0) }
        return Rect(column: left, row: top, width: right - left, height: bottom - top)
    }

    /// The rectangle shrunk by the given margins (never below zero size).
    public func inset(left: Int = 0, top: Int = 0, right: Int = 0, bottom: Int = 0) -> Rect {
        Rect(column: column + left, row: row + top, width: width - left - right, height: height - top - bottom)
    }

    /// The rectangle shrunk by `columns` on the left and right and `rows` at the top and bottom.
    public func inset(columns: Int = 0, rows: Int = 0) -> Rect {
        inset(left: columns, top: rows, right: columns, bottom: rows)
    }

    /// One row of the rectangle (row `index` counted from its top), for line-by-line drawing.
    public func row(_ index: Int) -> Rect {
        Rect(column: column, row: row + index, width: width, height: index >= 0 && index < height ? 1 : 0)
    }

    /// The rectangle mirrored inside `container` (for right-to-left layouts).
    public func mirrored(in container: Rect) -> Rect {
        Rect(column: container.column + container.endColumn - endColumn, row: row, width: width, height: height)
    }

    /// `Rect(column,row widthxheight)`, for test failures and logs.
    public var description: String { "Rect(\(column),\(row) \(width)x\(height))" }
}
