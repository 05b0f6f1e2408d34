import TestSupport
import XCTest
import TabNavCore
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

final class CellGridDrawingTests: XCTestCase {
    private let bold = CellStyle([.bold])

    private func row(_ grid: CellGrid, _ row: Int) -> [String] {
        grid.cells(inRow: row).map(\.text)
    }

    func testDrawsASCIIAndReturnsTheNextColumn() {
        var grid = CellGrid(columns: 10, rows: 2)
        let end = grid.draw("Hello", column: 2, row: 1, style: bold, ascii: false)
        XCTAssertEqual(end, 7)
        XCTAssertEqual(grid.plainText(), "\n  Hello")
        XCTAssertEqual(grid[2, 1].style, bold)
        XCTAssertEqual(grid[7, 1].style, .plain)
    }

    func testClipsAtTheRightEdge() {
        var grid = CellGrid(columns: 5, rows: 1)
        XCTAssertEqual(grid.draw("Hello", column: 3, row: 0, style: .plain, ascii: false), 5)
        XCTAssertEqual(grid.plainText(), "   He")
    }

    func testClipsAtMaxWidth() {
        var grid = CellGrid(columns: 10, rows: 1)
        XCTAssertEqual(grid.draw("Hello", column: 1, row: 0, style: .plain, maxWidth: 3, ascii: false), 4)
        XCTAssertEqual(grid.plainText(), " Hel")
        XCTAssertEqual(grid.draw("xyz", column: 6, row: 0, style: .plain, maxWidth: 0, ascii: false), 6)
        XCTAssertEqual(grid.plainText(), " Hel")
    }

    func testClipsAtTheLeftEdge() {
        var grid = CellGrid(columns: 5, rows: 1)
        XCTAssertEqual(grid.draw("Hello", column: -2, row: 0, style: .plain, ascii: false), 3)
        XCTAssertEqual(grid.plainText(), "llo")
    }

    func testRowsOutsideTheGridDrawNothingButStillAdvance() {
        var grid = CellGrid(columns: 5, rows: 1)
        XCTAssertEqual(grid.draw("abc", column: 0, row: 3, style: .plain, ascii: false), 3)
        XCTAssertEqual(grid.draw("日本", column: 0, row: -1, style: .plain, ascii: false), 4)
        XCTAssertEqual(grid, CellGrid(columns: 5, rows: 1))
    }

    func testZeroSizedGrids() {
        for (columns, rows) in [(0, 0), (0, 3), (3, 0)] {
            var grid = CellGrid(columns: columns, rows: rows)
            grid.draw("日本 text", column: 0, row: 0, style: .plain, ascii: false)
            grid.fill(Rect(column: 0, row: 0, width: 9, height: 9), with: Cell(text: "x"))
            grid.setStyle(bold, in: grid.bounds)
            XCTAssertEqual(grid.cells.count, 0)
            XCTAssertEqual(grid.plainText(), String(repeating: "\n", count: max(0, rows - 1)))
        }
        XCTAssertEqual(CellGrid(columns: -4, rows: 2).columns, 0)
    }

    func testWideCharactersTakeTwoCells() {
        var grid = CellGrid(columns: 6, rows: 1)
        XCTAssertEqual(grid.draw("日本", column: 1, row: 0, style: bold, ascii: false), 5)
        XCTAssertEqual(grid[1, 0], Cell(text: "日", width: 2, style: bold))
        XCTAssertEqual(grid[2, 0], Cell.continuation(bold))
        XCTAssertEqual(grid.plainText(), " 日本")
        XCTAssertTrue(grid.isConsistent)
    }

    func testWideCharacterAtTheRightEdgeBecomesASpace() {
        var grid = CellGrid(columns: 5, rows: 1, filledWith: Cell(text: "."))
        XCTAssertEqual(grid.draw("ab日", column: 2, row: 0, style: bold, ascii: false), 5)
        XCTAssertEqual(row(grid, 0), [".", ".", "a", "b", " "])
        XCTAssertEqual(grid[4, 0].style, bold)
        XCTAssertEqual(grid[4, 0].width, 1)
        XCTAssertTrue(grid.isConsistent)
    }

    func testWideCharacterCutByMaxWidthBecomesASpace() {
        var grid = CellGrid(columns: 8, rows: 1, filledWith: Cell(text: "."))
        XCTAssertEqual(grid.draw("日本", column: 0, row: 0, style: .plain, maxWidth: 3, ascii: false), 3)
        XCTAssertEqual(row(grid, 0), ["日", "", " ", ".", ".", ".", ".", "."])
        XCTAssertTrue(grid.isConsistent)
    }

    func testWideCharacterCutByTheLeftEdgeBecomesASpace() {
        var grid = CellGrid(columns: 4, rows: 1, filledWith: Cell(text: "."))
        XCTAssertEqual(grid.draw("日本", column: -1, row: 0, style: .plain, ascii: false), 3)
        XCTAssertEqual(row(grid, 0), [" ", "本", "", "."])
        XCTAssertTrue(grid.isConsistent)
    }

    func testOverwritingTheLeadBlanksTheContinuation() {
        var grid = CellGrid(columns: 6, rows: 1)
        grid.draw("日本語", column: 0, row: 0, style: bold, ascii: false)
        grid.draw("x", column: 2, row: 0, style: .plain, ascii: false)
        XCTAssertEqual(row(grid, 0), ["日", "", "x", " ", "語", ""])
        XCTAssertEqual(grid[3, 0].style, bold)  // the blanked half keeps its style
        XCTAssertTrue(grid.isConsistent)
    }

    func testOverwritingTheContinuationBlanksTheLead() {
        var grid = CellGrid(columns: 6, rows: 1)
        grid.draw("日本語", column: 0, row: 0, style: .plain, ascii: false)
        grid.draw("x", column: 3, row: 0, style: .plain, ascii: false)
        XCTAssertEqual(row(grid, 0), ["日", "", " ", "x", "語", ""])
        XCTAssertTrue(grid.isConsistent)
        XCTAssertEqual(grid.plainText(), "日 x語")
    }

    func testWideOverWideAtAnOffset() {
        var grid = CellGrid(columns: 6, rows: 1)
        grid.draw("日本", column: 0, row: 0, style: .plain, ascii: false)
        grid.draw("語", column: 1, row: 0, style: .plain, ascii: false)
        XCTAssertEqual(row(grid, 0), [" ", "語", "", " ", " ", " "])
        XCTAssertTrue(grid.isConsistent)
    }

    func testCombiningMarksShareTheirBaseCell() {
        var grid = CellGrid(columns: 4, rows: 1)
        XCTAssertEqual(grid.draw("e\u{301}x", column: 0, row: 0, style: .plain, ascii: false), 2)
        XCTAssertEqual(grid[0, 0].text, "e\u{301}")
        XCTAssertEqual(grid[1, 0].text, "x")
    }

    func testControlsAreDrawnAsStandIns() {
        var grid = CellGrid(columns: 8, rows: 1)
        grid.draw("\u{1B}[2J\u{7}", column: 0, row: 0, style: .plain, ascii: false)
        XCTAssertEqual(grid.plainText(), "␛[2J␇")
        grid.draw("\u{1B}\u{9B}日", column: 0, row: 0, style: .plain, ascii: true)
        XCTAssertEqual(grid.plainText(), "???J␇")
    }

    func testFillClipsAndKeepsWideCharactersWhole() {
        var grid = CellGrid(columns: 6, rows: 2)
        grid.draw("日本語", column: 0, row: 0, style: .plain, ascii: false)
        grid.fill(Rect(column: 1, row: 0, width: 2, height: 5), with: Cell(text: "#", style: bold))
        XCTAssertEqual(row(grid, 0), [" ", "#", "#", " ", "語", ""])
        XCTAssertEqual(row(grid, 1), [" ", "#", "#", " ", " ", " "])
        XCTAssertEqual(grid[1, 1].style, bold)
        XCTAssertTrue(grid.isConsistent)
    }

    func testFillWithAWideOrControlCellUsesABlank() {
        var grid = CellGrid(columns: 3, rows: 1)
        grid.fill(grid.bounds, with: Cell(text: "日", width: 2, style: bold))
        XCTAssertEqual(row(grid, 0), [" ", " ", " "])
        grid.fill(grid.bounds, with: Cell(text: "\u{1B}", style: bold))
        XCTAssertEqual(row(grid, 0), ["␛", "␛", "␛"])
        XCTAssertTrue(grid.isConsistent)
    }

    func testStyleChangesCoverTheRectOnly() {
        var grid = CellGrid(columns: 4, rows: 2)
        grid.draw("abcd", column: 0, row: 0, style: CellStyle(foreground: 3), ascii: false)
        grid.addAttributes([.underline], in: Rect(column: 1, row: 0, width: 2, height: 1))
        XCTAssertEqual(grid[0, 0].style, CellStyle(foreground: 3))
        XCTAssertEqual(grid[1, 0].style, CellStyle([.underline], foreground: 3))
        XCTAssertEqual(grid[3, 0].style, CellStyle(foreground: 3))
        grid.setStyle(bold, in: Rect(column: 2, row: 0, width: 9, height: 9))
        XCTAssertEqual(grid[2, 0].style, bold)
        XCTAssertEqual(grid[3, 1].style, bold)
        XCTAssertEqual(grid[1, 1].style, .plain)
        grid.removeAttributes([.underline], in: grid.bounds)
        XCTAssertEqual(grid[1, 0].style, CellStyle(foreground: 3))
        XCTAssertEqual(grid[2, 0].text, "c")
    }

    func testClearResetsEveryCell() {
        var grid = CellGrid(columns: 3, rows: 2)
        grid.draw("日x", column: 0, row: 1, style: bold, ascii: false)
        grid.clear(style: CellStyle(background: 4))
        XCTAssertTrue(grid.cells.allSatisfy { $0 == Cell(text: " ", width: 1, style: CellStyle(background: 4)) })
    }

    func testOutOfRangeReadsAreBlank() {
        let grid = CellGrid(columns: 2, rows: 2)
        XCTAssertEqual(grid[-1, 0], .blank)
        XCTAssertEqual(grid[0, 5], .blank)
        XCTAssertTrue(grid.cells(inRow: 9).isEmpty)
    }

    /// Random text at random places over random earlier text: the grid never holds half a wide
    /// character, and what a draw reports agrees with `DisplayWidth`.
    func testRandomDrawingKeepsTheGridConsistent() {
        var generator = SplitMix64(seed: 2024)
        var grid = CellGrid(columns: 13, rows: 3)
        for _ in 0..<4000 {
            let text = HostileText.string(length: Int.random(in: 0...10, using: &generator), using: &generator)
            let column = Int.random(in: -4...14, using: &generator)
            let row = Int.random(in: -1...3, using: &generator)
            let maxWidth: Int? = Bool.random(using: &generator) ? Int.random(in: 0...8, using: &generator) : nil
            let ascii = Int.random(in: 0..<4, using: &generator) == 0
            let end = grid.draw(text, column: column, row: row, style: .plain, maxWidth: maxWidth, ascii: ascii)
            var limit = grid.columns
            if let maxWidth { limit = min(limit, column + maxWidth) }
            let expected = column >= limit ? column : min(column + DisplayWidth.of(text, ascii: ascii), limit)
            XCTAssertEqual(end, expected)
            if Int.random(in: 0..<10, using: &generator) == 0 {
                let rect = Rect(column: Int.random(in: -2...12, using: &generator), row: Int.random(in: -1...2, using: &generator),
                                width: Int.random(in: 0...6, using: &generator), height: 2)
                grid.fill(rect, with: Cell(text: "·"))
            }
            XCTAssertTrue(grid.isConsistent, "after \(text.unicodeScalars.map(\.value)) at \(column)")
            for cell in grid.cells {
                XCTAssertFalse(cell.text.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
            }
        }
    }

    /// The path for text without combining marks makes exactly the cells and the end column the
    /// general path makes, over random text drawn on random earlier text; it refuses (drawing
    /// nothing) exactly when the text has a mark. Checks its own coverage.
    func testTheUnmarkedPathAgreesWithTheGeneralOne() {
        var generator = SplitMix64(seed: 77)
        var grid = CellGrid(columns: 11, rows: 2)
        var taken = 0
        var refused = 0
        var wideCut = 0
        for _ in 0..<6000 {
            var text = HostileText.string(length: Int.random(in: 0...9, using: &generator), using: &generator)
            if Bool.random(using: &generator) {
                // Mostly without marks, or the path would hardly ever be taken.
                text = String(String.UnicodeScalarView(text.unicodeScalars.filter { DisplayWidth.wcwidth($0) != 0 }))
            }
            let column = Int.random(in: -3...12, using: &generator)
            let row = Int.random(in: -1...2, using: &generator)
            let limit = min(grid.columns, column + Int.random(in: 0...12, using: &generator))
            let ascii = Int.random(in: 0..<4, using: &generator) == 0
            let style = CellStyle(.bold, foreground: UInt8.random(in: 0...255, using: &generator))
            let visible = row >= 0 && row < grid.rows
            var general = grid
            let generalEnd = general.drawCells(text, from: column, row: row, limit: limit, style: style, visible: visible, ascii: ascii)
            var fast = grid
            if let fastEnd = fast.drawUnmarked(text, from: column, row: row, limit: limit, style: style, visible: visible, ascii: ascii) {
                taken += 1
                XCTAssertEqual(fastEnd, generalEnd, "\(text.unicodeScalars.map(\.value)) at \(column)")
                XCTAssertEqual(fast, general, "\(text.unicodeScalars.map(\.value)) at \(column) limit \(limit)")
                if TextCells(text, ascii: ascii).contains(where: { $0.width == 2 }), generalEnd == limit { wideCut += 1 }
            } else {
                refused += 1
                XCTAssertEqual(fast, grid, "a refused text draws nothing")
                XCTAssertTrue(TextCells(text, ascii: ascii).contains { $0.text.unicodeScalars.count > 1 },
                              "refused only for a mark: \(text.unicodeScalars.map(\.value))")
            }
            grid = general
        }
        XCTAssertGreaterThan(taken, 2000)
        XCTAssertGreaterThan(refused, 500)
        XCTAssertGreaterThan(wideCut, 100)
    }

    /// A vertical rule drawn at once is the glyph drawn on each row, over wide characters too.
    func testAVerticalRuleIsTheGlyphDrawnOnEachRow() {
        for glyph in ["│", "|", "日", "e\u{301}", "", "\u{1B}"] {
            for column in [-1, 0, 2, 4, 5] {
                for rows in [0..<3, -1..<2, 2..<6, 1..<1] {
                    var base = CellGrid(columns: 5, rows: 4)
                    base.draw("日本語", column: 0, row: 1, style: .plain, ascii: false)
                    var once = base
                    once.drawVertical(glyph, column: column, rows: rows, style: CellStyle(.dim), ascii: false)
                    var each = base
                    for row in rows { each.draw(glyph, column: column, row: row, style: CellStyle(.dim), ascii: false) }
                    XCTAssertEqual(once, each, "\(glyph.unicodeScalars.map(\.value)) at \(column) rows \(rows)")
                }
            }
        }
    }
}
