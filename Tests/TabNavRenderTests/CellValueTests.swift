import TabNavDrawing
import XCTest

/// Cells and styles are plain values packed into a few words: each field reads back what was
/// written, whatever the others hold.
final class CellValueTests: XCTestCase {
    func testEachStyleFieldIsIndependentOfTheOthers() {
        let attributes: [CellStyle.Attributes] = [[], .bold, [.dim, .underline], [.reverse, .italic, .bold]]
        let colours: [UInt8?] = [nil, 0, 7, 117, 255]
        for attribute in attributes {
            for foreground in colours {
                for background in colours {
                    var style = CellStyle(attribute, foreground: foreground, background: background)
                    XCTAssertEqual(style.attributes, attribute)
                    XCTAssertEqual(style.foreground, foreground)
                    XCTAssertEqual(style.background, background)
                    style.foreground = nil
                    XCTAssertEqual(style.background, background, "clearing the text colour keeps the background")
                    XCTAssertEqual(style.attributes, attribute)
                    style.background = 200
                    style.attributes = .underline
                    XCTAssertEqual(style, CellStyle(.underline, background: 200))
                    XCTAssertEqual(style.hashValue, CellStyle(.underline, background: 200).hashValue)
                }
            }
        }
    }

    func testACellGivesBackItsText() {
        for text in [" ", "a", "é", "e\u{301}", "日", "😀", "", "a\u{301}\u{302}"] {
            XCTAssertEqual(Cell(text: text).text.unicodeScalars.map(\.value), text.unicodeScalars.map(\.value), text)
        }
        XCTAssertEqual(Cell(text: "e\u{301}"), Cell(text: "e\u{301}"), "the same cluster is the same cell")
        XCTAssertNotEqual(Cell(text: "e\u{301}"), Cell(text: "é"))
        var cell = Cell(text: "x", style: CellStyle(.bold))
        cell.text = "日"
        XCTAssertEqual(cell.text, "日")
        XCTAssertEqual(cell.style, CellStyle(.bold))
    }

    /// The frame encoder compares rows of cells as memory, which is only right while a cell is
    /// two words with no padding bytes (whose contents Swift leaves undefined).
    func testACellIsTwoWordsWithoutPadding() {
        XCTAssertEqual(MemoryLayout<Cell>.size, 8)
        XCTAssertEqual(MemoryLayout<Cell>.stride, 8)
    }

    func testTheWidthAndTheTextOfACellAreIndependent() {
        for text in [" ", "~", "\u{10FFFF}", "日", "e\u{301}", ""] {
            for width: UInt8 in [0, 1, 2] {
                var cell = Cell(text: text, width: width, style: CellStyle(.bold, foreground: 255, background: 0))
                XCTAssertEqual(cell.width, width)
                XCTAssertEqual(cell.text.unicodeScalars.map(\.value), text.unicodeScalars.map(\.value))
                cell.width = 2 - width
                XCTAssertEqual(cell.width, 2 - width)
                XCTAssertEqual(cell.text.unicodeScalars.map(\.value), text.unicodeScalars.map(\.value), "setting the width keeps the text")
                cell.text = "Z"
                XCTAssertEqual(cell.width, 2 - width, "setting the text keeps the width")
                XCTAssertEqual(cell.style, CellStyle(.bold, foreground: 255, background: 0))
            }
        }
    }
}
