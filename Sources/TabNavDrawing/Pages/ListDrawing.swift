/// The cursor and scroll position of a list page, kept by the page (view state outside the
/// drawing code, so the same page draws the same way every time).
public struct ListCursor: Sendable, Equatable {
    /// The row under the cursor.
    public var row = 0
    /// The first row on screen.
    public var top = 0

    public init(row: Int = 0) {
        self.row = row
    }

    /// Moves the cursor by `delta` rows within `count`, keeping it in view.
    public mutating func move(by delta: Int, count: Int, visibleRows: Int) {
        let clampedDelta = max(-Int.max / 2, min(delta, Int.max / 2))
        row = max(0, min(row + clampedDelta, count - 1))
        top = window(count: count, visibleRows: visibleRows).lowerBound
    }

    /// The rows on screen: from `top`, moved just enough to show the cursor.
    public func window(count: Int, visibleRows: Int) -> Range<Int> {
        let visible = max(1, visibleRows)
        var first = min(top, max(0, count - visible))
        if row < first { first = row }
        if row >= first + visible { first = row - visible + 1 }
        first = max(0, first)
        return first..<max(first, min(count, first + visible))
    }
}

/// One row of a list as `PageCanvas.drawList` draws it.
public struct ListRow: Sendable, Equatable {
    /// A glyph before the title (from `GlyphSet.icon(_:)`), or empty.
    public var icon: String
    public var title: String
    /// Shown at the right end (a duration, a count).
    public var detail: String

    public init(icon: String = "", title: String, detail: String = "") {
        self.icon = icon
        self.title = title
        self.detail = detail
    }
}

extension PageCanvas {
    /// Draws the rows of a list that are on screen, the cursor's row highlighted, and marks that
    /// more lies above or below. `row(i)` is asked only for the rows shown.
    public mutating func drawList(count: Int, cursor: ListCursor, showsCursor: Bool = true, row: (Int) -> ListRow) {
        let window = cursor.window(count: count, visibleRows: rect.height)
        for index in window {
            let item = row(index)
            let line = index - window.lowerBound
            let isCursor = showsCursor && index == cursor.row
            var rowStyle = theme.contentText
            if isCursor { rowStyle = isFocused ? theme.cursor : theme.sidebarSelected }
            fill(row: line, style: rowStyle)
            let measured = item.detail.isEmpty ? 0 : DisplayWidth.of(item.detail, ascii: ascii)
            let detailWidth = item.detail.isEmpty ? 0 : min(measured + 1, rect.width / 2)
            var x = 0
            if !item.icon.isEmpty {
                let iconWidth = DisplayWidth.of(item.icon, ascii: ascii)
                if iconWidth < rect.width {
                    // The icon, then the space after it (the row is already filled in its style).
                    x = text(item.icon, measuredWidth: iconWidth, row: line, column: 0, style: rowStyle) + 1
                } else {
                    // No room for the space: the two are cut as one text, as when they are joined.
                    x = text(item.icon + " ", row: line, style: rowStyle)
                }
            }
            text(item.title, row: line, column: x, width: rect.width - x - detailWidth, style: rowStyle)
            if isCursor { placeCursor(row: line, column: x) }
            if detailWidth > 0 {
                let detailStyle = isCursor && isFocused ? rowStyle : theme.dim
                if measured < detailWidth {
                    // It fits as it is (the usual case): drawn without measuring it again.
                    textAtEnd(item.detail, width: measured, row: line, style: detailStyle)
                } else {
                    textAtEnd(TextCells.truncate(item.detail, toWidth: detailWidth - 1, ellipsis: glyphs.ellipsis, ascii: ascii),
                              row: line, style: detailStyle)
                }
            }
        }
        scrollMarks(above: window.lowerBound > 0, below: window.upperBound < count)
    }
}
