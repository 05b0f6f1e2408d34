import TabNavCore
import TabNavDrawing
import TabNavInteraction

extension RenderContext {
    /// The selected tab's content (docs/behaviour.md, "Content"): a title row, a rule, then the
    /// top page of the tab's stack, drawn into the rectangle below.
    mutating func drawContent(in rect: Rect) {
        // The content is drawn first, on a grid that starts blank: in the usual theme, whose
        // content style is the terminal's own, there is nothing to fill.
        let background = Cell(style: theme.contentText)
        if background != .blank { grid.fill(rect, with: background) }
        hits.add(rect, .contentArea)
        guard let id = model.selectedID, let item = model.hierarchy.item(id) else {
            text("Nothing is visible: press \(state.keyName(.edit, in: .normal)), then \(state.keyName(.add, in: .edit)) to show a tab",
                 column: rect.column + 1, row: rect.row,
                 width: rect.width - 2, style: theme.dim)
            return
        }
        let page = state.currentPage
        let inner = Rect(column: rect.column + 1, row: rect.row, width: max(0, rect.width - 2), height: rect.height)
        drawContentTitle(item, in: Rect(column: inner.column, row: inner.row, width: inner.width, height: 1))
        if rect.height > 1 {
            // The focused pane's heading and rule are in the accent colour (docs/themes.md, "Focus").
            let focused = state.focus == .content && state.mode.carry == nil
            let rule = focused ? CellStyle(foreground: theme.focusAccent.foreground) : theme.dim
            grid.drawRepeated(glyphs.separatorHorizontal, count: inner.width, column: inner.column, row: rect.row + 1,
                              style: rule, ascii: ascii)
        }
        let body = Rect(column: inner.column, row: rect.row + 2, width: inner.width, height: geometry.contentListRows)
        guard !body.isEmpty else { return }
        for row in 0..<body.height {
            hits.add(Rect(column: body.column, row: body.row + row, width: body.width, height: 1), .contentRow(row))
        }
        var canvas = PageCanvas(grid: grid, rect: body, style: style,
                                isFocused: state.focus == .content && state.mode.carry == nil, now: state.clock,
                                rightToLeft: state.options.rightToLeft && !state.shown.isTerminal)
        canvas.trustKeyName = state.keyName(.trust, in: .normal)
        grid = CellGrid(columns: 0, rows: 0)  // the canvas holds the only copy while the page draws
        page.draw(in: &canvas)
        grid = canvas.grid
        // Find in page: what is found is marked where it shows (docs/behaviour.md, "Find in page").
        if let found = state.findHighlight, state.shown.findsText {
            grid.markMatches(of: found, in: body, adding: theme.found)
        }
        if canvas.isFocused, state.mode != .searching {  // while typing, the field has the cursor
            let place = canvas.cursor ?? (column: 0, row: 0)
            let row = body.row + max(0, min(place.row, body.height - 1))
            if canvas.rightToLeft {
                // Right to left the row's text ends at the right edge: a reader starts where it
                // begins, its leftmost cell that shows something.
                let start = (body.column..<body.endColumn).first { grid[$0, row].text != " " && grid[$0, row].width > 0 }
                placeCursor(column: start ?? body.endColumn - 1, row: row)
            } else {
                placeCursor(column: body.column + max(0, min(place.column, body.width - 1)), row: row)
            }
        }
    }

    mutating func drawContentTitle(_ item: TabItem, in r: Rect) {
        let focused = state.focus == .content
        let titleStyle = theme.contentTitle
        if item.isSearch, state.currentDepth == 1 {
            let field = state.search.field
            let label = item.title + ": "
            let x = grid.draw(label, column: r.column, row: r.row, style: titleStyle, maxWidth: r.width, ascii: ascii)
            let typing = state.mode == .searching
            let fieldStyle = typing ? theme.prompt : theme.contentText
            let count = state.search.field.text.isEmpty ? ""
                : state.search.isWaitingForIndex ? "indexing" + glyphs.ellipsis : "\(state.search.results.count) found"
            // The count keeps its place at the end, a space apart: a long query scrolls beside it
            // (the cursor stays in view) instead of running under it. Where both do not fit, the
            // query keeps up to 10 columns and the count goes.
            let countWidth = count.isEmpty ? 0 : DisplayWidth.of(count, ascii: ascii) + 1
            let typed = DisplayWidth.of(field.text, ascii: ascii) + (typing ? DisplayWidth.of(glyphs.textCursor, ascii: ascii) : 0)
            let countFits = r.endColumn - x - countWidth >= min(typed, 10)
            drawField(field, column: x, row: r.row, width: max(0, r.endColumn - x - (countFits ? countWidth : 0)),
                      style: fieldStyle, showsCursor: typing)
            if !count.isEmpty, countFits { textRightAligned(count, endColumn: r.endColumn, row: r.row, style: theme.dim) }
            // Right to left: the field at the right, the count at the left.
            if state.options.rightToLeft { mirrorRow(r.row, in: r, gap: Cell(style: theme.contentText)) }
            return
        }
        // Where am I: a section's child reads as a breadcrumb (`Animations › Ocean`).
        var title = model.breadcrumb(of: item.id, mark: glyphs.breadcrumb) ?? item.title
        // The page's title as read after the last action: drawing calls nothing of the page but `draw`.
        if let pageTitle = state.shown.title { title = glyphs.back + " " + title + " / " + pageTitle }
        // A terminal's program names its window (OSC 0/2, sanitized): shown beside the tab's title.
        if let program = state.shown.terminalTitle, !program.isEmpty {
            title += " " + glyphs.separatorVertical + " " + program
        }
        let style = focused ? theme.focusAccent : titleStyle
        if state.options.rightToLeft {
            textRightAligned(TextCells.truncate(title, toWidth: r.width, ellipsis: glyphs.ellipsis, ascii: ascii),
                             endColumn: r.endColumn, row: r.row, style: style)
        } else {
            text(title, column: r.column, row: r.row, width: r.width, style: style)
        }
    }
}
