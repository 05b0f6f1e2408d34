import TabNavCore
import TabNavDemo
import TabNavDrawing
import TabNavInteraction
import TabNavRender
import XCTest

/// Over 2000 columns or 1000 rows the screen is a one-line notice, and the frame does not grow
/// with the terminal (docs/behaviour.md, "Adaptive layout").
final class TooLargeTerminalTests: XCTestCase {
    func frame(_ columns: Int, _ rows: Int) throws -> Frame {
        let state = AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil, options: AppOptions(),
                             size: TerminalSize(columns: columns, rows: rows))
        return render(state, style: RenderStyle.forTerminal(ascii: false, noColor: true, depth: .none))
    }

    func testTheLimitsAreInclusive() {
        XCTAssertEqual(LayoutClass(TerminalSize(columns: 2000, rows: 1000)), .wide)
        XCTAssertEqual(LayoutClass(TerminalSize(columns: 2001, rows: 30)), .tooLarge)
        XCTAssertEqual(LayoutClass(TerminalSize(columns: 100, rows: 1001)), .tooLarge)
    }

    func testAHugeTerminalGetsOneBoundedLine() throws {
        let grid = try frame(10_000, 10_000).grid
        XCTAssertEqual(grid.rows, 1)
        XCTAssertEqual(grid.columns, 2000)
        let line = grid.cells(inRow: 0).map(\.text).joined()
        XCTAssertTrue(line.hasPrefix("terminal too large (at most 2000×1000)"), String(line.prefix(60)))
        XCTAssertEqual(try frame(100, 5000).grid.cells.count, 100, "one row as wide as the terminal")
    }
}
