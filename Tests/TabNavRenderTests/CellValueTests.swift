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
}
