import TabNavCore
import TabNavDrawing
import TabNavInteraction

extension RenderContext {
    /// The `+` picker or an item's menu: a framed list over the middle of the screen, the cursor
    /// on one entry, refused entries dimmed with the reason (docs/behaviour.md, "Item menu").
    mutating func drawPicker(_ picker: Picker) {
        let entries = picker.entries
        let titleWidth = entries.map { DisplayWidth.of($0.title, ascii: ascii) }.max() ?? 0
        let detailWidth = entries.map { DisplayWidth.of($0.detail, ascii: ascii) }.max() ?? 0
        let wanted = max(DisplayWidth.of(picker.title, ascii: ascii) + 6, titleWidth + detailWidth + 7)
        let width = min(state.size.columns, wanted)
        let height = min(state.size.rows - 1, entries.count + 2)
        guard width > 8, height > 2 else { return }
        let box = drawOverlayBox(width: width, height: height)
        let frameStyle = theme.helpOverlay.with(.bold)
        text(" \(picker.title) ", column: box.column + 2, row: box.row, width: box.width - 4, style: frameStyle)
        let room = box.height - 2
        let first = max(0, min(picker.cursor - room + 1, entries.count - room))
        if entries.count > room {
            let position = " \(picker.cursor + 1)/\(entries.count) "
            text(position, column: box.endColumn - 2 - DisplayWidth.of(position, ascii: ascii), row: box.endRow - 1,
                 width: box.width - 4, style: frameStyle)
        }
        let inner = Rect(column: box.column + 1, row: box.row + 1, width: box.width - 2, height: room)
        for (offset, entry) in entries.dropFirst(first).prefix(room).enumerated() {
            let index = first + offset
            let row = inner.row + offset
            let r = Rect(column: inner.column, row: row, width: inner.width, height: 1)
            let isCursor = index == picker.cursor
            var style = entry.refusal == nil ? theme.helpOverlay : theme.helpOverlay.adding(theme.dim)
            if isCursor { style = theme.editCursor }
            grid.fill(r, with: Cell(style: style))
            let marker = isCursor ? glyphs.selectionBullet : " "
            grid.draw(marker, column: r.column, row: row, style: style, ascii: ascii)
            let titleRoom = min(titleWidth, r.width - 2)
            text(entry.title, column: r.column + 1, row: row, width: titleRoom, style: style)
            if isCursor { placeCursor(column: r.column + 1, row: row) }
            let detailColumn = r.column + 2 + titleRoom + 1
            if !entry.detail.isEmpty, detailColumn < r.endColumn - 1 {
                text(entry.detail, column: detailColumn, row: row, width: r.endColumn - 1 - detailColumn,
                     style: isCursor ? style : theme.helpOverlay.adding(theme.dim))
            }
            hits.add(r, .pickerRow(index))
        }
    }
}
