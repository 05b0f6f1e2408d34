import XCTest
import TabNavCore
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

final class GeometryAndColorTests: XCTestCase {
    func testRectBasics() {
        let rect = Rect(column: 2, row: 1, width: 4, height: 3)
        XCTAssertEqual(rect.endColumn, 6)
        XCTAssertEqual(rect.endRow, 4)
        XCTAssertEqual(rect.area, 12)
        XCTAssertTrue(rect.contains(column: 5, row: 3))
        XCTAssertFalse(rect.contains(column: 6, row: 3))
        XCTAssertTrue(Rect(column: 0, row: 0, width: -3, height: 2).isEmpty)
        XCTAssertEqual(Rect(column: 0, row: 0, width: -3, height: 2).width, 0)
    }

    func testIntersection() {
        let a = Rect(column: 0, row: 0, width: 5, height: 5)
        XCTAssertEqual(a.intersection(Rect(column: 3, row: -2, width: 10, height: 4)), Rect(column: 3, row: 0, width: 2, height: 2))
        XCTAssertTrue(a.intersection(Rect(column: 5, row: 0, width: 2, height: 2)).isEmpty)
    }

    func testInsets() {
        let a = Rect(column: 0, row: 0, width: 10, height: 4)
        XCTAssertEqual(a.inset(left: 1, top: 1), Rect(column: 1, row: 1, width: 9, height: 3))
        XCTAssertEqual(a.inset(columns: 2, rows: 1), Rect(column: 2, row: 1, width: 6, height: 2))
        XCTAssertTrue(a.inset(columns: 6).isEmpty)
        XCTAssertEqual(a.row(2), Rect(column: 0, row: 2, width: 10, height: 1))
        XCTAssertTrue(a.row(4).isEmpty)
    }

    func testColourDepthForTerminal() {
        XCTAssertEqual(ColorDepth.forTerminal(colors: 256), .full256)
        XCTAssertEqual(ColorDepth.forTerminal(colors: 16_777_216), .full256)
        XCTAssertEqual(ColorDepth.forTerminal(colors: 8), .eight)
        XCTAssertEqual(ColorDepth.forTerminal(colors: 16), .eight)
        XCTAssertEqual(ColorDepth.forTerminal(colors: 2), ColorDepth.none)
        XCTAssertEqual(ColorDepth.forTerminal(colors: -1), ColorDepth.none)
    }

    func testNearestEightColours() {
        XCTAssertEqual(ColorDepth.eight.map(1), 1)
        XCTAssertEqual(ColorDepth.eight.map(9), 1)      // bright red → red
        XCTAssertEqual(ColorDepth.eight.map(196), 1)    // red
        XCTAssertEqual(ColorDepth.eight.map(46), 2)     // green
        XCTAssertEqual(ColorDepth.eight.map(21), 4)     // blue
        XCTAssertEqual(ColorDepth.eight.map(117), 6)    // light blue → cyan
        XCTAssertEqual(ColorDepth.eight.map(214), 3)    // orange → yellow
        XCTAssertEqual(ColorDepth.eight.map(16), 0)     // black
        XCTAssertEqual(ColorDepth.eight.map(231), 7)    // white
        XCTAssertEqual(ColorDepth.eight.map(236), 0)    // dark grey
        XCTAssertEqual(ColorDepth.eight.map(250), 7)    // light grey
        XCTAssertNil(ColorDepth.eight.map(nil))
        XCTAssertNil(ColorDepth.none.map(3))
        XCTAssertEqual(ColorDepth.full256.map(200), 200)
        for index in 0...255 { XCTAssertLessThan(ColorDepth.eight.map(UInt8(index))!, 8) }
    }
}
