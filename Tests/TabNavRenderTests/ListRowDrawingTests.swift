import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// `PageCanvas.drawList` draws a row's icon without joining a space to it and a detail that fits
/// without measuring it again; the cells must be those of the row drawn the plain way (the icon
/// and a space as one text, the detail cut to its room), at every page width, narrow ones too.
final class ListRowDrawingTests: XCTestCase {
    /// The row as `drawList` drew it before those shortcuts: the reference.
    private func plainRow(_ row: ListRow, on canvas: inout PageCanvas, cursor: Bool) {
        let width = canvas.rect.width
        let rowStyle = cursor ? (canvas.isFocused ? canvas.theme.cursor : canvas.theme.sidebarSelected) : canvas.theme.contentText
        canvas.fill(row: 0, style: rowStyle)
        let detailWidth = row.detail.isEmpty ? 0 : min(DisplayWidth.of(row.detail, ascii: canvas.ascii) + 1, width / 2)
        var x = 0
        if !row.icon.isEmpty { x = canvas.text(row.icon + " ", row: 0, style: rowStyle) }
        canvas.text(row.title, row: 0, column: x, width: width - x - detailWidth, style: rowStyle)
        if detailWidth > 0 {
            canvas.textAtEnd(TextCells.truncate(row.detail, toWidth: detailWidth - 1, ellipsis: canvas.glyphs.ellipsis, ascii: canvas.ascii),
                             row: 0, style: cursor && canvas.isFocused ? rowStyle : canvas.theme.dim)
        }
    }

    func testRowsDrawAsTheirPlainDrawingAtEveryWidth() {
        let icons = ["", "*", "🐟", "ab", "abcd", "🐟🐟", "a\u{301}", "\u{301}", "\u{200B}"]
        let titles = ["Title", "", "日本語のタイトル", "x"]
        let details = ["", "3", "12 s", "1234567", "二三", "\u{301}", "a\u{301}b"]
        var checked = 0
        for ascii in [false, true] {
            let style = RenderStyle.forTerminal(ascii: ascii, noColor: false, depth: .full256)
            for width in 1...12 {
                // The page sits inside a wider grid, so drawing past its edges would show.
                let rect = Rect(column: 2, row: 1, width: width, height: 1)
                for icon in icons {
                    for title in titles {
                        for detail in details {
                            for cursor in [false, true] {
                                let row = ListRow(icon: icon, title: title, detail: detail)
                                var drawn = PageCanvas(grid: CellGrid(columns: width + 4, rows: 3), rect: rect, style: style, isFocused: true)
                                drawn.drawList(count: 1, cursor: ListCursor(row: 0), showsCursor: cursor) { _ in row }
                                var expected = PageCanvas(grid: CellGrid(columns: width + 4, rows: 3), rect: rect, style: style, isFocused: true)
                                plainRow(row, on: &expected, cursor: cursor)
                                XCTAssertEqual(drawn.grid, expected.grid,
                                               "icon \(icon.debugDescription) title \(title.debugDescription) detail \(detail.debugDescription) width \(width) ascii \(ascii):\n\(drawn.grid.plainText())\n\(expected.grid.plainText())")
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(checked, 2 * 12 * 9 * 4 * 7 * 2)
    }
}
