import XCTest
import TabNavCore
import TabNavDrawing
import TabNavDemo
@testable import TabNavInteraction
@testable import TabNavRender

/// Right to left mirrors the content and the footer too, not only the bar and the sidebar
/// (docs/behaviour.md, "Right to left"): text ends at the right edge, columns swap sides, scroll
/// marks move to the left, the footer's pieces swap; the characters of every text keep their
/// order. Before, content and footer stayed left to right under `--rtl`.
final class RightToLeftContentTests: XCTestCase {
    private let rtl = AppOptions(rightToLeft: true)

    private func lines(_ frame: Frame) -> [String] {
        frame.grid.plainText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func frame(layout: TabLayout = DemoCatalogue.layout, options: AppOptions, _ columns: Int, _ rows: Int,
                       keys: String = "") throws -> Frame {
        let scene = Scene(layout: layout, options: options, columns, rows, keys: keys)
        return render(try scene.state(), style: scene.style())
    }

    func testAListRowHasItsIconAtTheRightAndItsDetailAtTheLeft() throws {
        let screen = lines(try frame(options: AppOptions(mode: .tabbar, rightToLeft: true), 80, 12))
        let row = try XCTUnwrap(screen.first { $0.contains("Harbour at Dusk") }, screen.joined(separator: "\n"))
        XCTAssertTrue(row.hasSuffix("Harbour at Dusk ▷"), "the icon at the right edge, the title beside it: [\(row)]")
        XCTAssertTrue(row.hasPrefix(" 6:05 "), "the duration at the left: [\(row)]")
        XCTAssertTrue(screen[1].hasSuffix("Watch Now"), "the title row ends at the right: [\(screen[1])]")
        let ltr = lines(try frame(options: AppOptions(mode: .tabbar), 80, 12))
        XCTAssertTrue(ltr.contains { $0.hasPrefix(" ▷ Harbour at Dusk") }, "left to right as before")
    }

    func testTextEndsAtTheRightEdgeWithItsCharactersInOrder() throws {
        let layout = TabLayout(id: "t", title: "T") {
            Tab("Log", id: "log", content: .text((0..<30).map { "line \($0) ok" }.joined(separator: "\n")))
        }
        let screen = lines(try frame(layout: layout, options: AppOptions(mode: .tabbar, rightToLeft: true), 60, 10))
        XCTAssertTrue(screen[3].hasSuffix("line 0 ok"), "[\(screen[3])]")
        XCTAssertTrue(screen[3].hasPrefix("       "), "right-aligned: [\(screen[3])]")
        XCTAssertTrue(screen[8].hasPrefix(GlyphSet.unicode.scrollDown), "more below: the mark at the left edge: [\(screen[8])]")
        XCTAssertFalse(screen[8].hasSuffix(GlyphSet.unicode.scrollDown), "not at the right")
    }

    func testRunsOfColourStayInTheirOrder() {
        let style = RenderStyle.forTerminal(ascii: false, noColor: true, depth: .none)
        var canvas = PageCanvas(columns: 20, rows: 1, style: style, rightToLeft: true)
        canvas.drawStyled([StyledSpan("red "), StyledSpan("green", style: CellStyle([.bold]))], row: 0, column: 0,
                          skipping: 0, noColor: true)
        XCTAssertEqual(canvas.text, "           red green")
        XCTAssertTrue(canvas.grid[19, 0].style.attributes.contains(.bold))
        canvas.textAtEnd("4:12", row: 0, style: .plain)
        XCTAssertTrue(canvas.text.hasPrefix("4:12"), "the end of a row right to left is its left edge")
    }

    func testTheFooterPiecesSwapSidesAndKeepTheirClicks() throws {
        let ltr = try frame(options: AppOptions(mode: .tabbar), 80, 12)
        let mirrored = try frame(options: AppOptions(mode: .tabbar, rightToLeft: true), 80, 12)
        let footer = lines(mirrored)[11]
        XCTAssertTrue(footer.hasSuffix("NORMAL"), "the mode at the right: [\(footer)]")
        XCTAssertTrue(footer.hasPrefix(" ?: help"), "the help at the left: [\(footer)]")
        XCTAssertTrue(footer.contains("/: search  e: edit"), "each hint reads as before, the order mirrored: [\(footer)]")
        XCTAssertTrue(lines(ltr)[11].contains("e: edit  /: search"))
        let column = try XCTUnwrap(footer.range(of: "e: edit")).lowerBound.utf16Offset(in: footer)
        XCTAssertEqual(mirrored.hits.target(column: column + 1, row: 11), .footerHint(.edit), "a click on the hint runs it")
        let mode = try XCTUnwrap(footer.range(of: "NORMAL")).lowerBound.utf16Offset(in: footer)
        XCTAssertEqual(mirrored.hits.target(column: mode, row: 11), .footerMode)
    }

    func testTheCursorSitsWhereTheFocusedRowsTextBegins() throws {
        let frame = try frame(options: AppOptions(mode: .tabbar, rightToLeft: true), 80, 12, keys: "down")
        let cursor = try XCTUnwrap(frame.cursor)
        let row = lines(frame)[cursor.row]
        XCTAssertTrue(row.contains("First Light over the Dunes"), row)
        XCTAssertEqual(cursor.column, row.firstIndex { $0 != " " }.map { row.distance(from: row.startIndex, to: $0) })
    }

    func testTheFindFieldIsAtTheRightOfTheFooter() throws {
        let layout = TabLayout(id: "t", title: "T") { Tab("Log", id: "log", content: .text("one\ntwo")) }
        let frame = try frame(layout: layout, options: AppOptions(mode: .tabbar, rightToLeft: true), 60, 8, keys: "down,f,o")
        let footer = lines(frame)[7]
        XCTAssertTrue(footer.hasSuffix("Find: o▏   FIND"), "[\(footer)]")
        let cursor = try XCTUnwrap(frame.cursor)
        XCTAssertEqual(cursor.row, 7)
        XCTAssertEqual(cursor.column, try XCTUnwrap(footer.range(of: "▏")).lowerBound.utf16Offset(in: footer), "on the field cursor")
    }
}
