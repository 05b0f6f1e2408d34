/// Where a page draws: a rectangle of the frame's cell grid, with the glyphs and theme of this
/// terminal. Drawing outside `rect` is clipped away.
public struct PageCanvas {
    public private(set) var grid: CellGrid
    /// The page's rectangle; row 0 of a page is `rect.row`.
    public let rect: Rect
    public let style: RenderStyle
    /// Whether the content has the keyboard focus (draw the cursor strongly then).
    public let isFocused: Bool

    /// The time of this frame, for pages that show elapsed time (a running command); nil where
    /// drawing must not depend on the clock (headless renders, tests).
    public let now: ContinuousClock.Instant?

    /// A right-to-left layout (docs/behaviour.md, "Right to left"): columns are counted from the
    /// page's right edge, so text drawn at column 0 ends at the right edge, a column drawn after
    /// another sits to its left, and `textAtEnd` draws at the left edge. The characters of each
    /// text keep their order (a terminal does no bidi): the page is mirrored, its words are not.
    public let rightToLeft: Bool

    /// How the trust screen names the key that trusts a layout file (docs/layout-files.md,
    /// "Trust"): the first key the person's configuration binds to `trust`, as the footer writes
    /// it; `t` on a canvas of its own.
    package var trustKeyName = "t"

    /// A canvas of its own, `columns` × `rows`, for drawing a page in a test (docs/library.md,
    /// "Testing pages"): draw into it, then read `grid` (each cell's text and style) or `text`.
    public init(columns: Int, rows: Int, style: RenderStyle = .forTerminal(ascii: false, noColor: false, depth: .full256),
                isFocused: Bool = true, now: ContinuousClock.Instant? = nil, rightToLeft: Bool = false) {
        self.init(grid: CellGrid(columns: columns, rows: rows), rect: Rect(column: 0, row: 0, width: columns, height: rows),
                  style: style, isFocused: isFocused, now: now, rightToLeft: rightToLeft)
    }

    /// What the canvas shows, as plain text (rows separated by line feeds).
    public var text: String { grid.plainText() }

    /// Where the terminal's cursor goes while the page has the focus (a screen reader reads
    /// there): the row and column in the page's rectangle of what the page's cursor is on. The
    /// page's first cell when the page places none.
    public private(set) var cursor: (column: Int, row: Int)?

    package init(grid: CellGrid, rect: Rect, style: RenderStyle, isFocused: Bool, now: ContinuousClock.Instant? = nil,
                 rightToLeft: Bool = false) {
        self.grid = grid
        self.rect = rect
        self.style = style
        self.isFocused = isFocused
        self.now = now
        self.rightToLeft = rightToLeft
    }

    /// The grid column of text `width` columns wide drawn at page column `column` (mirrored in a
    /// right-to-left layout).
    @inline(__always)
    package func gridColumn(_ column: Int, width: Int) -> Int {
        rightToLeft ? rect.endColumn - column - width : rect.column + column
    }

    /// Puts the terminal's cursor on a cell of the page (see `cursor`): a page with a cursor
    /// calls it for the row the cursor is on.
    public mutating func placeCursor(row: Int, column: Int = 0) {
        cursor = (max(0, column), max(0, row))
    }

    public var theme: Theme { style.theme }
    public var glyphs: GlyphSet { style.glyphs }
    public var ascii: Bool { style.ascii }

    /// Draws text on a row of the page (0-based), from `column` columns in, cut with `…` to
    /// `width` columns (the rest of the row when nil).
    @discardableResult
    public mutating func text(_ text: String, row: Int, column: Int = 0, width: Int? = nil, style: CellStyle) -> Int {
        guard row >= 0, row < rect.height, column < rect.width else { return column }
        let room = min(width ?? rect.width - column, rect.width - column)
        guard room > 0 else { return column }
        let measured = DisplayWidth.of(text, ascii: ascii)
        let fitted = measured <= room ? text : TextCells.truncate(text, toWidth: room, ellipsis: glyphs.ellipsis, ascii: ascii)
        if rightToLeft {
            let width = measured <= room ? measured : DisplayWidth.of(fitted, ascii: ascii)
            let start = gridColumn(column, width: width)
            let end = grid.draw(fitted, column: start, row: rect.row + row, style: style, maxWidth: room, ascii: ascii)
            return column + (end - start)
        }
        let end = grid.draw(fitted, column: rect.column + column, row: rect.row + row, style: style, maxWidth: room, ascii: ascii)
        return end - rect.column
    }

    /// Draws text so that it ends at the page's right edge on a row.
    public mutating func textAtEnd(_ text: String, row: Int, style: CellStyle) {
        let width = min(DisplayWidth.of(text, ascii: ascii), rect.width)
        self.text(text, row: row, column: rect.width - width, width: width, style: style)
    }

    /// Draws text already measured (`width` columns, no wider than the page) so that it ends at
    /// the page's right edge on a row.
    package mutating func textAtEnd(_ text: String, width: Int, row: Int, style: CellStyle) {
        self.text(text, measuredWidth: width, row: row, column: rect.width - width, style: style)
    }

    /// Draws text already measured (`width` columns, which fit between `column` and the page's
    /// right edge) on a row, as `text(_:row:column:width:style:)` draws text that fits. Returns
    /// the column after it.
    @discardableResult
    package mutating func text(_ text: String, measuredWidth width: Int, row: Int, column: Int, style: CellStyle) -> Int {
        guard row >= 0, row < rect.height, column >= 0, width > 0, column + width <= rect.width else { return column }
        let start = gridColumn(column, width: width)
        return column + grid.draw(text, column: start, row: rect.row + row, style: style, maxWidth: width, ascii: ascii) - start
    }

    /// Paints a whole row of the page.
    public mutating func fill(row: Int, style: CellStyle) {
        guard row >= 0, row < rect.height else { return }
        grid.fill(Rect(column: rect.column, row: rect.row + row, width: rect.width, height: 1), with: Cell(style: style))
    }

    /// Marks that more lies above or below at the right edge (the glyph set's `scrollUp` and
    /// `scrollDown`).
    public mutating func scrollMarks(above: Bool, below: Bool) {
        // Just outside the trailing edge: the right one, or the left one right to left.
        let column = rightToLeft ? rect.column - 1 : rect.endColumn
        if above { grid.draw(glyphs.scrollUp, column: column, row: rect.row, style: theme.dim, ascii: ascii) }
        if below, rect.height > 0 {
            grid.draw(glyphs.scrollDown, column: column, row: rect.endRow - 1, style: theme.dim, ascii: ascii)
        }
    }

    /// Splits text into lines of at most `width` columns at spaces (long words are cut).
    public func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                let w = DisplayWidth.of(String(word), ascii: ascii)
                if lineWidth > 0, lineWidth + 1 + w > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                if lineWidth > 0 { line += " "; lineWidth += 1 }
                line += word
                lineWidth += w
            }
            lines.append(line)
        }
        return lines
    }

    /// The rows `wrap` would give from `first` on, at most `limit` of them, made without wrapping
    /// the rest of the text: rows before `first` are counted, not made, and wrapping stops once
    /// `limit` rows are made (a text of millions of lines or words is never held wrapped whole).
    /// `total` is how many rows the whole text wraps to, known when the window reached its end.
    public func wrap(_ text: String, width: Int, from first: Int, limit: Int) -> (rows: [String], total: Int?) {
        guard width > 0 else { return ([], 0) }
        var rows: [String] = []
        var row = 0
        var paragraphStart = text.startIndex
        while true {
            let paragraphEnd = text[paragraphStart...].firstIndex(of: "\n") ?? text.endIndex
            let complete = wrapRows(of: text[paragraphStart..<paragraphEnd], width: width, row: &row, first: first) { line in
                guard rows.count < limit else { return false }
                rows.append(line)
                return true
            }
            guard complete else { return (rows, nil) }
            guard paragraphEnd < text.endIndex else { break }
            paragraphStart = text.index(after: paragraphEnd)
        }
        return (rows, row)
    }

    /// Wraps one paragraph as `wrap` does, word by word: rows numbered below `first` are only
    /// counted; each later one goes to `take`, until it declines one (then `false`).
    private func wrapRows(of paragraph: Substring, width: Int, row: inout Int, first: Int,
                          take: (String) -> Bool) -> Bool {
        var line = ""
        var lineWidth = 0
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            guard paragraph[index] != " " else {
                index = paragraph.index(after: index)
                continue
            }
            let end = paragraph[index...].firstIndex(of: " ") ?? paragraph.endIndex
            let word = paragraph[index..<end]
            let w = DisplayWidth.of(String(word), ascii: ascii)
            if lineWidth > 0, lineWidth + 1 + w > width {
                if row >= first, !take(line) { return false }
                row += 1
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 {
                if row >= first { line += " " }
                lineWidth += 1
            }
            if row >= first { line += word }
            lineWidth += w
            index = end
        }
        if row >= first, !take(line) { return false }
        row += 1
        return true
    }

    /// `text` without its first `columns` display columns (a wide character cut in half goes whole).
    public func dropping(columns: Int, of text: String) -> String {
        var skipped = 0
        var result = ""
        for cell in TextCells(text, ascii: ascii) {
            if skipped < columns {
                skipped += cell.width
                continue
            }
            result += cell.text
        }
        return result
    }
}

extension PageCanvas {
    /// Copies a terminal's cells into the page, from its top-left corner, clipped to the page
    /// (a wide character cut by the edge is drawn as a space).
    package mutating func drawCells(_ cells: [Cell], columns: Int, rows: Int, noColor: Bool) {
        let width = min(columns, rect.width)
        let height = min(rows, rect.height)
        guard width > 0, height > 0, cells.count >= columns * rows else { return }
        grid.copyCells(cells, sourceColumns: columns, width: width, height: height,
                       column: rect.column, row: rect.row, noColor: noColor)
    }
}

extension PageCanvas {
    /// Each run of `spans` past the first `skipping` columns (the first one shown cut at its
    /// start), in the content's style with the run's added (colours dropped when `noColor`), until
    /// `body` returns false: what both directions of `drawStyled` draw.
    package func forEachShownRun(of spans: [StyledSpan], skipping: Int, noColor: Bool,
                                 _ body: (String, CellStyle) -> Bool) {
        var skip = skipping
        for span in spans {
            var text = span.text
            if skip > 0 {
                let width = DisplayWidth.of(text, ascii: ascii)
                if width <= skip { skip -= width; continue }
                text = dropping(columns: skip, of: text)
                skip = 0
            }
            var style = theme.contentText.adding(span.style)
            if noColor { style.foreground = nil; style.background = nil }
            guard body(text, style) else { return }
        }
    }

    /// `drawStyled`'s runs, right to left: the line's shown part measured first, then drawn from
    /// where it must start to end `column` columns from the right edge.
    package mutating func drawStyledRightToLeft(_ spans: [StyledSpan], row: Int, from column: Int, skipping: Int, noColor: Bool) {
        guard row >= 0, row < rect.height, column < rect.width else { return }
        var pieces: [(text: String, style: CellStyle)] = []
        var width = 0
        let room = rect.width - column
        forEachShownRun(of: spans, skipping: skipping, noColor: noColor) { text, style in
            var text = text
            let w = DisplayWidth.of(text, ascii: ascii)
            if width + w > room { text = TextCells.truncate(text, toWidth: room - width, ellipsis: glyphs.ellipsis, ascii: ascii) }
            width += min(w, room - width)
            pieces.append((text, style))
            return width < room
        }
        var x = gridColumn(column, width: width)
        let end = rect.endColumn - column
        for piece in pieces where x < end {
            x = grid.draw(piece.text, column: x, row: rect.row + row, style: piece.style, maxWidth: end - x, ascii: ascii)
        }
    }
}
