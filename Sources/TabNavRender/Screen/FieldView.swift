import TabNavDrawing
import TabNavInteraction

extension RenderContext {
    /// Draws a one-line text field (the search field, the name prompt) in `width` columns from
    /// `column`, with the cursor when `showsCursor`. A text longer than the room scrolls: the
    /// characters just before the cursor stay, so the cursor and what was typed last are always
    /// seen. Returns the column after what was drawn.
    @discardableResult
    mutating func drawField(_ field: TextField, column: Int, row: Int, width: Int, style: CellStyle,
                            showsCursor: Bool) -> Int {
        guard width > 0 else { return column }
        let end = column + width
        let cursorWidth = showsCursor ? DisplayWidth.of(glyphs.textCursor, ascii: ascii) : 0
        // The characters before the cursor that fit beside the cursor and some of what follows
        // it (up to half the room): the last ones.
        let after = String(field.characters[field.cursor...])
        var start = field.cursor
        var used = cursorWidth + min(DisplayWidth.of(after, ascii: ascii), max(0, width - cursorWidth) / 2)
        while start > 0 {
            let w = DisplayWidth.of(String(field.characters[start - 1]), ascii: ascii)
            if used + w > width { break }
            used += w
            start -= 1
        }
        let before = String(field.characters[start..<field.cursor])
        var x = grid.draw(before, column: column, row: row, style: style, maxWidth: width, ascii: ascii)
        if showsCursor {
            placeCursor(column: min(x, max(column, end - 1)), row: row)
            x = grid.draw(glyphs.textCursor, column: x, row: row, style: theme.editCursor, maxWidth: max(0, end - x), ascii: ascii)
        }
        return grid.draw(after, column: x, row: row, style: style, maxWidth: max(0, end - x), ascii: ascii)
    }
}
