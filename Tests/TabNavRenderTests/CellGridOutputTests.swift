import XCTest
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

final class CellGridOutputTests: XCTestCase {
    private func scene() -> CellGrid {
        var grid = CellGrid(columns: 12, rows: 3)
        grid.fill(grid.bounds.row(0), with: Cell(text: " ", style: CellStyle(foreground: 252, background: 236)))
        var column = grid.draw("☰", column: 0, row: 0, style: CellStyle(foreground: 110, background: 236), ascii: false)
        column = grid.draw(" Now", column: column, row: 0, style: CellStyle([.bold, .underline], foreground: 117, background: 236), ascii: false)
        grid.draw("日本", column: column + 1, row: 0, style: CellStyle(foreground: 252, background: 236), ascii: false)
        grid.draw("plain  ", column: 1, row: 1, style: .plain, ascii: false)
        grid.draw("x", column: 0, row: 2, style: CellStyle([.reverse]), ascii: false)
        return grid
    }

    func testPlainTextTrimsTrailingSpacesAndSkipsContinuations() {
        XCTAssertEqual(scene().plainText(), "☰ Now 日本\n plain\nx")
    }

    func testANSIText256() {
        let expected = [
            "\u{1B}[0;38;5;110;48;5;236m☰\u{1B}[0;1;4;38;5;117;48;5;236m Now\u{1B}[0;38;5;252;48;5;236m 日本  \u{1B}[0m",
            " plain",
            "\u{1B}[0;7mx\u{1B}[0m",
        ].joined(separator: "\n")
        XCTAssertEqual(scene().ansiText(colors: .full256), expected)
    }

    func testANSIText8() {
        let expected = [
            "\u{1B}[0;36;40m☰\u{1B}[0;1;4;36;40m Now\u{1B}[0;37;40m 日本  \u{1B}[0m",
            " plain",
            "\u{1B}[0;7mx\u{1B}[0m",
        ].joined(separator: "\n")
        XCTAssertEqual(scene().ansiText(colors: .eight), expected)
    }

    func testANSITextWithoutColourKeepsAttributesAndTrimsInvisibleBlanks() {
        let expected = [
            "☰\u{1B}[0;1;4m Now\u{1B}[0m 日本",
            " plain",
            "\u{1B}[0;7mx\u{1B}[0m",
        ].joined(separator: "\n")
        XCTAssertEqual(scene().ansiText(colors: .none), expected)
    }

    func testANSITextNeverContainsAControlButESC() {
        var grid = CellGrid(columns: 10, rows: 1)
        grid.draw("\u{1B}]0;pwned\u{7}", column: 0, row: 0, style: CellStyle([.bold]), ascii: false)
        let output = grid.ansiText(colors: .full256)
        // Every ESC in the output starts one of our SGR sequences.
        let escapes = output.unicodeScalars.filter { $0.value == 0x1B }.count
        let sequences = output.components(separatedBy: "\u{1B}[0").count - 1
        XCTAssertEqual(escapes, sequences)
        XCTAssertFalse(output.unicodeScalars.contains { $0.value == 0x07 })
        XCTAssertTrue(output.contains("␛]0;pwned"))
    }

    func testSGRSequences() {
        XCTAssertEqual(SGR.sequence(for: .plain, colors: .full256), "\u{1B}[0m")
        let style = CellStyle([.bold, .dim, .italic, .underline, .reverse], foreground: 196, background: 21)
        XCTAssertEqual(SGR.sequence(for: style, colors: .full256), "\u{1B}[0;1;2;3;4;7;38;5;196;48;5;21m")
        XCTAssertEqual(SGR.sequence(for: style, colors: .eight), "\u{1B}[0;1;2;3;4;7;31;44m")
        XCTAssertEqual(SGR.sequence(for: style, colors: .none), "\u{1B}[0;1;2;3;4;7m")
    }
}
