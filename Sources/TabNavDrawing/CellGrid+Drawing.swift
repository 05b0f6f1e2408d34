
extension CellGrid {
    /// Draws `text` from (column, row) on, sanitized and split into cells as `TextCells` does.
    ///
    /// Cells left of column 0 or outside the grid are skipped; drawing stops at the grid's right
    /// edge or after `maxWidth` columns, whichever comes first. A wide character that would be cut
    /// by either edge is drawn as a space instead, so no half of one is ever drawn.
    ///
    /// - Returns: the column just after the last cell of the text as laid out, which is never past
    ///   the clipping limit, so callers can chain pieces (`icon`, then title, then badge).
    @discardableResult
    public mutating func draw(
        _ text: String, column: Int, row: Int, style: CellStyle, maxWidth: Int? = nil, ascii: Bool
    ) -> Int {
        var limit = columns
        if let maxWidth {
            let (end, overflow) = column.addingReportingOverflow(max(0, maxWidth))
            if !overflow { limit = min(limit, end) }
        }
        if column >= limit { return column }
        let visible = row >= 0 && row < rows
        if let done = drawPrintableASCII(text, from: column, row: row, limit: limit, style: style, visible: visible) {
            return done
        }
        if let done = drawUnmarked(text, from: column, row: row, limit: limit, style: style, visible: visible, ascii: ascii) {
            return done
        }
        return drawCells(text, from: column, row: row, limit: limit, style: style, visible: visible, ascii: ascii)
    }

    /// The general path: every cell as `TextCells` makes it (the fast paths must agree with it).
    package mutating func drawCells(
        _ text: String, from column: Int, row: Int, limit: Int, style: CellStyle, visible: Bool, ascii: Bool
    ) -> Int {
        var x = column
        for cell in TextCells(text, ascii: ascii) {
            if x >= limit { break }
            if cell.width == 2 {
                if x >= 0 && x + 1 < limit {
                    if visible { putWide(cell.text, style: style, column: x, row: row) }
                } else if visible && x + 1 >= 0 {
                    // Cut by the left edge or the right limit: blank the one column inside.
                    let inside = x < 0 ? x + 1 : x
                    if inside < limit { put(" ", style: style, column: inside, row: row) }
                }
                x += 2
            } else {
                if visible && x >= 0 { put(cell.text, style: style, column: x, row: row) }
                x += 1
            }
        }
        return min(x, limit)
    }

    /// The fast path: text made only of printable ASCII bytes, one cell each. `nil` when the text
    /// has anything else, and nothing has been drawn then.
    @inline(__always)
    mutating func drawPrintableASCII(
        _ text: String, from column: Int, row: Int, limit: Int, style: CellStyle, visible: Bool
    ) -> Int? {
        let result: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            // Bytes past the limit are never drawn; only the first of them could still change
            // the last cell drawn (a mark joins it), so the check stops there.
            let checked = min(bytes.count, max(0, limit - column) + 1)
            for byte in bytes[0..<checked] where byte < 0x20 || byte >= 0x7F { return nil }
            let end = min(limit, column + bytes.count)
            guard visible else { return end }
            let first = max(0, column)
            guard first < end else { return end }
            // Only the run's two ends can cut a wide character; the cells between are replaced whole.
            let rowStart = row * columns
            release(rowStart + first, column: first)
            release(rowStart + end - 1, column: end - 1)
            cells.withUnsafeMutableBufferPointer { buffer in
                for x in first..<end {
                    buffer[rowStart + x] = Cell(code: UInt32(bytes[x - column]), width: 1, style: style)
                }
            }
            return end
        }
        return result ?? nil
    }

    /// The second fast path: text without combining marks (arrows, icons, accented letters), laid
    /// out as `TextCells` would, but each cell made from its scalar's value instead of a string.
    /// `nil` when the text has a mark, and nothing has been drawn then.
    package mutating func drawUnmarked(
        _ text: String, from column: Int, row: Int, limit: Int, style: CellStyle, visible: Bool, ascii: Bool
    ) -> Int? {
        // Only the cells up to the limit are gathered (each base takes a column or two), then
        // only what could still join the last of them: a mark after it sends the text to
        // `TextCells`, as a mark anywhere before does.
        let room = limit - column
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(1, min(text.utf8.count, room))) { shown -> Int? in
            // First the cells (the scalar's value, its width in bit 31), so a mark found late
            // leaves the grid untouched.
            var count = 0
            var width = 0
            var run = 0
            var previousBase: Unicode.Scalar?
            scan: for scalar in text.unicodeScalars {
                switch Sanitizer.role(of: scalar, after: previousBase, ascii: ascii) {
                case .drop:
                    run += 1
                    if run > TextCells.maximumZeroWidthRun { break scan }
                case .mark:
                    return nil
                case .base(let base, let baseWidth):
                    if width >= room { break scan }
                    shown[count] = base.value | (baseWidth == 2 ? 0x8000_0000 : 0)
                    count += 1
                    width += baseWidth
                    run = 0
                    previousBase = base
                }
            }
            var x = column
            for entry in shown[0..<count] {
                if x >= limit { break }
                let code = entry & 0x7FFF_FFFF
                if entry & 0x8000_0000 != 0 {
                    if x >= 0 && x + 1 < limit {
                        if visible { putWide(code: code, style: style, column: x, row: row) }
                    } else if visible && x + 1 >= 0 {
                        // Cut by the left edge or the right limit: blank the one column inside.
                        let inside = x < 0 ? x + 1 : x
                        if inside < limit { put(code: 0x20, style: style, column: inside, row: row) }
                    }
                    x += 2
                } else {
                    if visible && x >= 0 { put(code: code, style: style, column: x, row: row) }
                    x += 1
                }
            }
            return min(x, limit)
        }
    }

    /// Draws `glyph` `count` times from (column, row) on, as `draw` would draw the repeated text,
    /// but measuring the glyph once (rules and frames are a screen wide).
    package mutating func drawRepeated(_ glyph: String, count: Int, column: Int, row: Int, style: CellStyle, ascii: Bool) {
        guard count > 0 else { return }
        guard let text = Self.repeatableText(glyph, ascii: ascii) else {
            draw(String(repeating: glyph, count: count), column: column, row: row, style: style, ascii: ascii)
            return
        }
        fill(Rect(column: column, row: row, width: count, height: 1), with: Cell(text: text, width: 1, style: style))
    }

    /// Draws `glyph` in `column` on each of `rows`, as `draw` would on each row, measuring the
    /// glyph once (a separator is a screen high).
    package mutating func drawVertical(_ glyph: String, column: Int, rows: Range<Int>, style: CellStyle, ascii: Bool) {
        guard let text = Self.repeatableText(glyph, ascii: ascii) else {
            for row in rows { draw(glyph, column: column, row: row, style: style, ascii: ascii) }
            return
        }
        fill(Rect(column: column, row: rows.lowerBound, width: 1, height: rows.count), with: Cell(text: text, width: 1, style: style))
    }

    /// The text of `glyph`'s one cell when it draws as exactly one cell one column wide, which
    /// `fill` can then repeat; nil otherwise (empty, wide, or several cells).
    private static func repeatableText(_ glyph: String, ascii: Bool) -> String? {
        var cells = TextCells(glyph, ascii: ascii).makeIterator()
        guard let first = cells.next(), first.width == 1, cells.next() == nil else { return nil }
        return first.text
    }

    /// Fills every cell of `rect` (clipped to the grid) with `cell`. A wide or control cell is not
    /// repeatable and is replaced by a blank of its style; wide characters cut by the rectangle's
    /// edges are blanked whole.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let filler = CellGrid.normalized(cell)
        // Wide characters cut by the edges first (what they change outside the rectangle stays
        // changed; what they change inside is overwritten), then each row in one pointer loop the
        // compiler vectorizes: filling through a buffer slice cost ~3 instructions a cell.
        for row in area.row..<area.endRow {
            let start = row * columns + area.column
            release(start, column: area.column)
            release(start + area.width - 1, column: area.endColumn - 1)
        }
        let columns = columns
        cells.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for row in area.row..<area.endRow {
                (base + row * columns + area.column).update(repeating: filler, count: area.width)
            }
        }
    }

    /// Blanks the whole grid with one style (the usual start of a frame).
    public mutating func clear(style: CellStyle = .plain) {
        let blank = Cell(code: 0x20, width: 1, style: style)
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: blank) }
    }

    /// Gives every cell of `rect` this style, keeping the text (e.g. to paint a selection after
    /// drawing its title).
    public mutating func setStyle(_ style: CellStyle, in rect: Rect) {
        modifyStyles(in: rect) { $0 = style }
    }

    /// Adds attributes to every cell of `rect`, keeping their colours (e.g. underline a drop
    /// position over whatever is drawn there).
    public mutating func addAttributes(_ attributes: CellStyle.Attributes, in rect: Rect) {
        modifyStyles(in: rect) { $0.attributes.formUnion(attributes) }
    }

    /// Removes attributes from every cell of `rect`.
    public mutating func removeAttributes(_ attributes: CellStyle.Attributes, in rect: Rect) {
        modifyStyles(in: rect) { $0.attributes.subtract(attributes) }
    }

    mutating func modifyStyles(in rect: Rect, _ change: (inout CellStyle) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.endRow {
            let start = row * columns + area.column
            for index in start..<(start + area.width) { change(&cells[index].style) }
        }
    }
}

extension CellGrid {
    /// Copies a `width`×`height` block of another grid's cells (row-major, `sourceColumns`
    /// wide, already sanitized: a terminal tab's screen) to (`column`, `row`), clipped to this
    /// grid. A wide character cut by either edge becomes a space, so the grid stays whole;
    /// `noColor` drops the colours.
    package mutating func copyCells(_ source: [Cell], sourceColumns: Int, width: Int, height: Int,
                                    column: Int, row: Int, noColor: Bool) {
        let width = min(width, columns - column), height = min(height, rows - row)
        guard width > 0, height > 0, column >= 0, row >= 0 else { return }
        for line in 0..<height {
            let from = line * sourceColumns
            let to = (row + line) * columns + column
            // The cells left of the block and right of it keep no half of a wide character.
            release(to, column: column)
            release(to + width - 1, column: column + width - 1)
            for offset in 0..<width {
                var cell = source[from + offset]
                if noColor { cell.style = CellStyle(cell.style.attributes) }
                if offset == 0, cell.width == 0 { cell = Cell(code: 0x20, width: 1, style: cell.style) }
                if offset == width - 1, cell.width == 2 { cell = Cell(code: 0x20, width: 1, style: cell.style) }
                cells[to + offset] = cell
            }
        }
    }
}

extension CellGrid {
    /// A piece of a row moved by `mirrorRuns`: `width` cells from column `from` to column `to`.
    package struct RunMove: Sendable, Equatable {
        package var from: Int
        package var to: Int
        package var width: Int
    }

    /// Mirrors one row of `rect` piece by piece, for a right-to-left layout: the row's pieces
    /// (runs of cells that `gap` cells separate, `minimumGap` or more of them in a row) swap
    /// sides — the first piece ends at the right edge, the next lies to its left — while the
    /// cells inside each piece keep their order, so its text reads as before. The room between
    /// pieces is filled with `gap`. Returns where each piece went.
    @discardableResult
    package mutating func mirrorRuns(row: Int, in rect: Rect, gap: Cell, minimumGap: Int = 2) -> [RunMove] {
        let area = Rect(column: rect.column, row: row, width: rect.width, height: 1).intersection(bounds)
        guard !area.isEmpty else { return [] }
        let start = row * columns
        var runs: [(from: Int, end: Int)] = []
        var column = area.column
        while column < area.endColumn {
            guard cells[start + column] != gap else {
                column += 1
                continue
            }
            let from = column
            var end = column
            var blanks = 0
            while column < area.endColumn {
                if cells[start + column] == gap {
                    blanks += 1
                    if blanks >= minimumGap { break }
                } else {
                    blanks = 0
                    end = column + 1
                }
                column += 1
            }
            runs.append((from, end))
        }
        guard !runs.isEmpty else { return [] }
        let old = Array(cells[(start + area.column)..<(start + area.endColumn)])
        for c in area.column..<area.endColumn { cells[start + c] = gap }
        var moves: [RunMove] = []
        for run in runs {
            let width = run.end - run.from
            let to = area.column + area.endColumn - run.end
            for offset in 0..<width { cells[start + to + offset] = old[run.from - area.column + offset] }
            moves.append(RunMove(from: run.from, to: to, width: width))
        }
        return moves
    }
}
