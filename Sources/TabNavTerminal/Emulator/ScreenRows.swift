import TabNavDrawing

/// The cells of one screen of a terminal tab (the normal one or the alternate one), in the
/// project's own cells (docs/terminal-tabs.md, "Emulation"). Each row lives in a slot of its own
/// and `order` says which slot shows which row, so scrolling rows moves slot numbers, never
/// cells: a line scrolling off the top of a 100-column screen costs a few words, not the whole
/// screen moved up in memory.
///
/// A plain value over memory it owns: the emulator frees it (`free`). A cell that a program
/// protected (DECSCA) carries `protectedBit` in its packed word while it is on the screen.
struct ScreenRows {
    static let protectedBit: UInt32 = 1 << 30

    private(set) var columns: Int
    private(set) var rows: Int
    private var cells: UnsafeMutablePointer<Cell>
    private var order: UnsafeMutablePointer<Int>

    init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        cells = .allocate(capacity: self.columns * self.rows)
        cells.initialize(repeating: .blank, count: self.columns * self.rows)
        order = .allocate(capacity: self.rows)
        for row in 0..<self.rows { order[row] = row }
    }

    func free() {
        cells.deallocate()
        order.deallocate()
    }

    /// The cells of `row` (0 at the top), `columns` of them.
    @inline(__always)
    func line(_ row: Int) -> UnsafeMutablePointer<Cell> {
        cells + order[row] * columns
    }

    /// Fills columns `from..<to` of `row` with `cell`; with `keepingProtected`, cells the program
    /// protected stay (a selective erase).
    func fill(row: Int, from: Int, to: Int, with cell: Cell, keepingProtected: Bool = false) {
        let start = max(0, from), end = min(columns, to)
        guard row >= 0, row < rows, start < end else { return }
        let cells = line(row)
        if keepingProtected {
            for column in start..<end where cells[column].packed & Self.protectedBit == 0 { cells[column] = cell }
        } else {
            (cells + start).update(repeating: cell, count: end - start)
        }
    }

    /// Moves rows `top..<bottom` up by `count` (down for a negative one): the rows that leave at
    /// one end come back at the other, to be cleared by the caller. Only slot numbers move.
    func rotate(top: Int, bottom: Int, by count: Int) {
        let height = bottom - top
        guard height > 1, count != 0, abs(count) < height else { return }
        let up = count > 0 ? count : height + count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: up) { saved in
            let base = order + top
            saved.baseAddress!.update(from: base, count: up)
            base.update(from: base + up, count: height - up)
            (base + height - up).update(from: saved.baseAddress!, count: up)
        }
    }

    /// Copies the cells of the rectangle `source` (rows `sourceRow..<sourceRow+height`, columns
    /// `sourceColumn..<sourceColumn+width`) to the one at `row`, `column`; overlapping is fine.
    func move(height: Int, width: Int, fromRow sourceRow: Int, column sourceColumn: Int, toRow row: Int, column: Int) {
        guard height > 0, width > 0 else { return }
        let downward = row > sourceRow
        for step in 0..<height {
            let offset = downward ? height - 1 - step : step
            let from = line(sourceRow + offset) + sourceColumn, to = line(row + offset) + column
            if from != to { UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: width * MemoryLayout<Cell>.stride) }
        }
    }

    /// Whether `row` holds only blanks (in any style).
    func isBlank(row: Int) -> Bool {
        let cells = line(row)
        for column in 0..<columns where cells[column].packed & ~Self.protectedBit != Cell.blank.packed { return false }
        return true
    }

    /// The same screen at another size: rows and columns kept from the top left, new ones blank.
    func resized(columns newColumns: Int, rows newRows: Int) -> ScreenRows {
        let result = ScreenRows(columns: newColumns, rows: newRows)
        let width = min(columns, result.columns)
        for row in 0..<min(rows, result.rows) {
            result.line(row).update(from: line(row), count: width)
        }
        return result
    }
}
