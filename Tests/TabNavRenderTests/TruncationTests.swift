import TestSupport
import XCTest
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

final class TruncationTests: XCTestCase {
    func testTextThatFitsIsUnchanged() {
        XCTAssertEqual(TextCells.truncate("Library", toWidth: 7), "Library")
        XCTAssertEqual(TextCells.truncate("Library", toWidth: 20), "Library")
        XCTAssertEqual(TextCells.truncate("日本", toWidth: 4), "日本")
    }

    func testEllipsisOnlyWhenNeeded() {
        XCTAssertEqual(TextCells.truncate("Hello World", toWidth: 8), "Hello W…")
        XCTAssertEqual(TextCells.truncate("Hello World", toWidth: 8, ellipsis: "...", ascii: true), "Hello...")
        XCTAssertEqual(TextCells.truncate("Hello", toWidth: 1), "…")
    }

    func testNothingForNoRoom() {
        XCTAssertEqual(TextCells.truncate("Hello", toWidth: 0), "")
        XCTAssertEqual(TextCells.truncate("Hello", toWidth: -3), "")
    }

    func testHardCutWhenTheEllipsisDoesNotFit() {
        XCTAssertEqual(TextCells.truncate("Hello", toWidth: 2, ellipsis: "...", ascii: true), "He")
    }

    func testNeverSplitsAWideCharacter() {
        XCTAssertEqual(TextCells.truncate("日本語テキスト", toWidth: 5), "日本…")
        XCTAssertEqual(TextCells.truncate("日本語テキスト", toWidth: 4), "日…")
        XCTAssertEqual(TextCells.truncate("日本語", toWidth: 1), "…")
        XCTAssertEqual(TextCells.truncate("a😀b", toWidth: 3), "a…")
    }

    func testKeepsMarksWithTheirBase() {
        XCTAssertEqual(TextCells.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2), "e\u{301}…")
        XCTAssertEqual(TextCells.truncate("ab\u{301}\u{302}cd", toWidth: 3), "ab\u{301}\u{302}…")
    }

    func testResultIsSanitized() {
        XCTAssertEqual(TextCells.truncate("a\u{1B}[2Jxyz", toWidth: 4), "a␛[…")
        XCTAssertEqual(TextCells.truncate("\u{1B}", toWidth: 4), "␛")
    }

    func testRandomResultsFitAndArePrefixes() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            let text = HostileText.string(length: Int.random(in: 0...16, using: &generator), using: &generator)
            let width = Int.random(in: 0...12, using: &generator)
            for ascii in [false, true] {
                let ellipsis = ascii ? "..." : "…"
                let result = TextCells.truncate(text, toWidth: width, ellipsis: ellipsis, ascii: ascii)
                let shown = DisplayWidth.of(result, ascii: ascii)
                XCTAssertLessThanOrEqual(shown, max(0, width))
                let full = TextCells.sanitize(text, ascii: ascii)
                if DisplayWidth.of(text, ascii: ascii) <= width {
                    XCTAssertEqual(result, full)
                } else if result.hasSuffix(ellipsis) {
                    let kept = result.unicodeScalars.dropLast(ellipsis.unicodeScalars.count)
                    XCTAssertTrue(full.unicodeScalars.starts(with: kept))
                    // Nothing more of the text would have fitted before the ellipsis.
                    XCTAssertGreaterThan(shown + 2, width)
                }
            }
        }
    }
}
