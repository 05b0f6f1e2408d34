import TabNavDrawing
import TabNavRender
@testable import TabNavTerminal
import XCTest

final class FrameDiffTests: XCTestCase {
    private func row(_ text: String) -> [Cell] {
        text.map { Cell(text: String($0)) }
    }

    private func wide(_ text: String) -> [Cell] {
        [Cell(text: text, width: 2), .continuation(.plain)]
    }

    func testFirstFrameWritesEverythingButCoveredHalves() {
        let frame = row("ab") + wide("日") + row("c")
        XCTAssertEqual(FrameDiff.cellsToWrite(previous: nil, current: frame, columns: 5), [0, 1, 2, 4])
    }

    func testUnchangedFrameWritesNothing() {
        let frame = row("abcd")
        XCTAssertEqual(FrameDiff.cellsToWrite(previous: frame, current: frame, columns: 2), [])
    }

    func testOnlyChangedCellsAreWritten() {
        let old = row("abcdef")
        var new = old
        new[4] = Cell(text: "X")
        new[1].style = CellStyle(.reverse)
        XCTAssertEqual(FrameDiff.cellsToWrite(previous: old, current: new, columns: 3), [1, 4])
    }

    func testChangedContinuationRedrawsItsWideCharacter() {
        let old = row("a") + wide("日")
        var new = old
        new[2] = Cell(text: "", width: 0, style: CellStyle(.bold)) // only the right half differs
        XCTAssertEqual(FrameDiff.cellsToWrite(previous: old, current: new, columns: 3), [1])
    }

    func testWideCharacterReplacingNarrowOnesIsWrittenOnce() {
        let old = row("abc")
        let new = row("a") + wide("日")
        XCTAssertEqual(FrameDiff.cellsToWrite(previous: old, current: new, columns: 3), [1])
    }

    func testOrphanContinuationIsWrittenItself() {
        // A continuation at column 0 has no wide character to its left on that row.
        let frame = row("ab") + [Cell.continuation(.plain), Cell(text: "c")]
        XCTAssertEqual(FrameDiff.cellsToWrite(previous: nil, current: frame, columns: 2), [0, 1, 2, 3])
    }

    func testFrameOfAnotherSizeIsWrittenInFull() {
        XCTAssertEqual(FrameDiff.cellsToWrite(previous: row("ab"), current: row("abc"), columns: 3), [0, 1, 2])
    }
}
