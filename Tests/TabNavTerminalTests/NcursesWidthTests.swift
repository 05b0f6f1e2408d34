import TabNavTerminal
import XCTest

/// ncurses' own cursor advance, which the renderer's widths must match.
final class NcursesWidthTests: XCTestCase {
    func testNarrowWideAndZeroWidth() {
        XCTAssertEqual(NcursesWidth.columns(of: ""), 0)
        XCTAssertEqual(NcursesWidth.columns(of: "Watch Now"), 9)
        XCTAssertEqual(NcursesWidth.columns(of: "日本"), 4)
        XCTAssertEqual(NcursesWidth.columns(of: "😀"), 2)
        XCTAssertEqual(NcursesWidth.columns(of: "e\u{301}"), 1, "a combining mark stays with its base")
        XCTAssertEqual(NcursesWidth.columns(of: "☰ Library"), 9)
    }

    func testControlCharactersAreWhatNcursesWouldDraw() {
        // ncurses shows a C0 control as ^X: two columns. The renderer must never pass one through.
        XCTAssertEqual(NcursesWidth.columns(of: "\u{01}"), 2)
    }

    func testLongTextGrowsThePad() {
        XCTAssertEqual(NcursesWidth.columns(of: String(repeating: "日", count: 600)), 1200)
    }
}
