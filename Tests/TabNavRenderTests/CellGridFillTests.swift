import TestSupport
import XCTest
@testable import TabNavDrawing

/// `fill` over grids full of wide characters: the whole buffer after each fill is what the rule
/// says — the rectangle holds the filler; outside it only the half of a wide character cut by an
/// edge changes, to a blank in its own style; everything else is untouched.
final class CellGridFillTests: XCTestCase {
    private let styles = [CellStyle.plain, CellStyle([.bold]), CellStyle(foreground: 3, background: 4)]

    private func expectedFill(_ before: CellGrid, _ rect: Rect, _ filler: Cell) -> [Cell] {
        var cells = before.cells
        let area = rect.intersection(before.bounds)
        guard !area.isEmpty else { return cells }
        for row in area.row..<area.endRow {
            let first = row * before.columns + area.column
            let last = first + area.width - 1
            if before.cells[first].width == 0 {
                cells[first - 1] = Cell(code: 0x20, width: 1, style: before.cells[first - 1].style)
            }
            if before.cells[last].width == 2 {
                cells[last + 1] = Cell(code: 0x20, width: 1, style: before.cells[last + 1].style)
            }
            for index in first...last { cells[index] = filler }
        }
        return cells
    }

    func testFillKeepsEverythingOutsideItsRectangleButTheCutHalves() {
        var generator = SplitMix64(seed: 2024)
        var grid = CellGrid(columns: 13, rows: 4)
        var cutHalves = 0
        for _ in 0..<3000 {
            let text = ["日本", "ab日", "x", "語語語", "é", "  "].randomElement(using: &generator)!
            grid.draw(text, column: Int.random(in: -1...12, using: &generator), row: Int.random(in: 0...3, using: &generator),
                      style: styles.randomElement(using: &generator)!, ascii: false)
            guard Int.random(in: 0..<3, using: &generator) == 0 else { continue }
            let rect = Rect(column: Int.random(in: -3...13, using: &generator), row: Int.random(in: -2...4, using: &generator),
                            width: Int.random(in: 0...8, using: &generator), height: Int.random(in: 0...3, using: &generator))
            let filler = Cell(text: ["·", " ", "#"].randomElement(using: &generator)!, style: styles.randomElement(using: &generator)!)
            let before = grid
            let expected = expectedFill(before, rect, filler)
            grid.fill(rect, with: filler)
            XCTAssertEqual(grid.cells, expected, "fill \(rect)")
            XCTAssertTrue(grid.isConsistent)
            if zip(before.cells, expected).enumerated().contains(where: { index, pair in
                pair.0 != pair.1 && !rect.contains(column: index % 13, row: index / 13)
            }) { cutHalves += 1 }
        }
        XCTAssertGreaterThan(cutHalves, 20, "the walk cuts wide characters at the edges")
    }
}
