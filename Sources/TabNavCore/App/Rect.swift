/// A rectangle of screen cells; the unit in which the screen is divided among widgets.
public struct Rect: Sendable, Equatable, Hashable {
    public var column: Int
    public var row: Int
    public var width: Int
    public var height: Int

    public init(column: Int, row: Int, width: Int, height: Int) {
        self.column = column
        self.row = row
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Rect(column: 0, row: 0, width: 0, height: 0)

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var endColumn: Int { column + width }
    public var endRow: Int { row + height }

    public func contains(column c: Int, row r: Int) -> Bool {
        c >= column && c < endColumn && r >= row && r < endRow
    }

    /// The part of this rectangle that lies inside `other`.
    public func intersection(_ other: Rect) -> Rect {
        let c0 = max(column, other.column), r0 = max(row, other.row)
        let c1 = min(endColumn, other.endColumn), r1 = min(endRow, other.endRow)
        guard c1 > c0, r1 > r0 else { return Rect(column: c0, row: r0, width: 0, height: 0) }
        return Rect(column: c0, row: r0, width: c1 - c0, height: r1 - r0)
    }

    /// The rectangle mirrored inside `container` (for right-to-left layouts).
    public func mirrored(in container: Rect) -> Rect {
        Rect(column: container.column + container.endColumn - endColumn, row: row, width: width, height: height)
    }
}
