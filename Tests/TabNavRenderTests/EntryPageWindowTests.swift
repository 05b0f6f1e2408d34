import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// An entry's page wraps only the rows it shows: the screen must be the one wrapping the whole
/// body gives (title, detail, a blank row, the body, a blank row, the hint; scrolled by `scroll`
/// rows, never past the last screenful), at every scroll position, including past the end.
final class EntryPageWindowTests: XCTestCase {
    private func reference(_ entry: ContentEntry, scroll: Int, on canvas: inout PageCanvas) {
        var lines: [(String, CellStyle)] = [(entry.title, canvas.theme.contentTitle)]
        if !entry.detail.isEmpty { lines.append((entry.detail, canvas.theme.dim)) }
        lines.append(("", canvas.theme.contentText))
        for line in canvas.wrap(entry.body, width: canvas.rect.width) { lines.append((line, canvas.theme.contentText)) }
        lines.append(("", canvas.theme.contentText))
        lines.append(("Backspace: back   m: pick up to drop on a tab", canvas.theme.dim))
        let first = min(scroll, max(0, lines.count - canvas.rect.height))
        for (offset, line) in lines.dropFirst(first).prefix(canvas.rect.height).enumerated() {
            canvas.text(line.0, row: offset, style: line.1)
        }
    }

    func testEveryScrollPositionShowsWhatWrappingTheWholeBodyShows() {
        let style = RenderStyle.forTerminal(ascii: false, noColor: false, depth: .full256)
        let words = ["a", "word", "longerword", "\n", "\n\n", " ", "é", "wrapping-is-hard"]
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 3, 10, 40] {
            for _ in 0..<6 {
                let body = (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
                for detail in ["", "detail"] {
                    let entry = ContentEntry(id: "e", title: "Title", detail: detail, body: body)
                    for (width, height) in [(1, 1), (1, 4), (8, 3), (12, 6), (30, 10)] {
                        let rect = Rect(column: 1, row: 1, width: width, height: height)
                        for scroll in 0...(count * 2 + 8) {
                            var page = EntryPage(entry)
                            page.scroll = scroll
                            var drawn = PageCanvas(grid: CellGrid(columns: width + 2, rows: height + 2), rect: rect, style: style, isFocused: true)
                            page.draw(in: &drawn)
                            var expected = PageCanvas(grid: CellGrid(columns: width + 2, rows: height + 2), rect: rect, style: style, isFocused: true)
                            reference(entry, scroll: scroll, on: &expected)
                            XCTAssertEqual(drawn.grid, expected.grid, "body \(body.debugDescription) \(width)×\(height) scroll \(scroll):\n\(drawn.grid.plainText())\n--\n\(expected.grid.plainText())")
                        }
                    }
                }
            }
        }
    }
}

/// `End` on an entry's page reaches the end of its text, blank lines included: the scroll limit
/// counted words only, so a text of more blank lines than words never showed its last line.
final class EntryPageEndTests: XCTestCase {
    func testEndShowsTheLastLineAfterManyBlankLines() {
        let style = RenderStyle.forTerminal(ascii: false, noColor: false, depth: .full256)
        var page = EntryPage(ContentEntry(id: "e", title: "Title", body: "top" + String(repeating: "\n", count: 60) + "bottom"))
        for _ in 0..<3 { _ = page.handle(PageInput(key: nil, command: .last, visibleRows: 20)) }
        var canvas = PageCanvas(grid: CellGrid(columns: 40, rows: 20), rect: Rect(column: 0, row: 0, width: 40, height: 20), style: style, isFocused: true)
        page.draw(in: &canvas)
        XCTAssertTrue(canvas.grid.plainText().contains("bottom"), canvas.grid.plainText())
    }
}

/// A text page draws a screen's width of each line: a line of megabytes is not made whole at
/// every frame, and what shows is what the whole line shows, scrolled sideways or not.
final class LongTextLineTests: XCTestCase {
    func testALongLineIsDrawnFromItsStartAsTheWholeLineWouldBe() {
        let style = RenderStyle.forTerminal(ascii: false, noColor: false, depth: .full256)
        let line = "\t" + (0..<20_000).map { "w\($0) é日" }.joined(separator: " ")
        let lines = TextLines(text: line + "\nshort\n")
        XCTAssertEqual(lines.line(0, prefixBytes: 10), TextLines.split(String(line.utf8.prefix(10))!)[0])
        XCTAssertEqual(lines.line(1, prefixBytes: 3), "sho")
        XCTAssertEqual(lines[0], TextLines.split(line)[0], "no prefix: the whole line")
        for column in [0, 8, 16] {
            var page = TextPage(line + "\nshort\n")
            for _ in 0..<(column / 8) { _ = page.handle(PageInput(key: nil, command: .scrollRight, visibleRows: 5)) }
            var drawn = PageCanvas(grid: CellGrid(columns: 42, rows: 7), rect: Rect(column: 1, row: 1, width: 40, height: 5), style: style, isFocused: true)
            page.draw(in: &drawn)
            var expected = PageCanvas(grid: CellGrid(columns: 42, rows: 7), rect: Rect(column: 1, row: 1, width: 40, height: 5), style: style, isFocused: true)
            let whole = TextLines.split(line)[0]
            if column > 0 {
                expected.text(expected.glyphs.overflowLeading, row: 0, style: expected.theme.dim)
                expected.text(expected.dropping(columns: column, of: whole), row: 0, column: 1, style: expected.theme.contentText)
                expected.text(expected.glyphs.overflowLeading, row: 1, style: expected.theme.dim)
            } else {
                expected.text(whole, row: 0, style: expected.theme.contentText)
                expected.text("short", row: 1, style: expected.theme.contentText)
            }
            XCTAssertEqual(drawn.grid.plainText(), expected.grid.plainText(), "scrolled \(column) columns")
        }
    }
}
