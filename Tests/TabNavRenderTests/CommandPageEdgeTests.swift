import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// The command page's rough edges a newcomer hit: each test failed before its fix.
final class CommandPageEdgeTests: XCTestCase {
    private let style = RenderStyle.forTerminal(ascii: false, noColor: true, depth: .none)

    private func draw(_ page: CommandPage, width: Int, height: Int = 6) -> [String] {
        var canvas = PageCanvas(grid: CellGrid(columns: width, rows: height),
                                rect: Rect(column: 0, row: 0, width: width, height: height), style: style, isFocused: true)
        page.draw(in: &canvas)
        return canvas.grid.plainText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A header too long for the row is cut with `…` before the status, which stays whole.
    func testALongCommandIsCutWithAnEllipsisBeforeItsStatus() throws {
        var page = CommandPage(command: "printf 'a very long line of output for the test %s\\n' FAIL; exit 1")
        _ = page.appear()
        page.receive(ChildProgress(events: [.exited(.status(1), milliseconds: 0)], isFinal: true))
        let header = draw(page, width: 44)[0]
        XCTAssertTrue(header.hasSuffix(" exit status 1 · 0.00 s") || header.contains("exit status 1"), header)
        XCTAssertTrue(header.contains("… exit status 1") || header.contains("…  exit status 1"), "cut with an ellipsis: \(header)")
    }

    func testOneLineIsOneLine() throws {
        var page = CommandPage(command: "tail -f x", options: ContentOptions(follow: true))
        _ = page.appear()
        page.receive(ChildProgress(events: [.output(Array("one\n".utf8), stderr: false)], isFinal: false))
        XCTAssertEqual(page.statusText(ascii: false, now: nil).text, "following · 1 line")
        page.receive(ChildProgress(events: [.output(Array("two\n".utf8), stderr: false)], isFinal: false))
        XCTAssertEqual(page.statusText(ascii: false, now: nil).text, "following · 2 lines")
    }

    /// The trust screen breaks command lines at spaces, keeping every character.
    func testTheTrustListWrapsAtSpaces() throws {
        let command = "printf '%s\\n' 'FAIL test 4' 'ok test 5' && exit 1"
        let lines = PageCanvas.wrappedWhole(command, width: 14, ascii: false)
        XCTAssertEqual(lines.joined(), command, "every character, in order")
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0, ascii: false) <= 14 }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasSuffix("'FA") }, "not mid-word: \(lines)")
        for line in lines.dropLast() { XCTAssertTrue(line.hasSuffix(" "), "broken after a space: \(lines)") }
        XCTAssertEqual(PageCanvas.wrappedWhole("abcdefghij", width: 4, ascii: false), ["abcd", "efgh", "ij"], "a long word is cut")
        // One cluster wider than the line is placed scalar by scalar: 120 Malayalam dot rephs
        // (a "prepend" letter) joined the `;` after them into one cluster, which was cut with
        // an ellipsis on the trust screen and hid the `;` that made `touch` a second command.
        let prepended = "echo " + String(repeating: "\u{D4E}", count: 120) + "; touch PWN"
        let wrapped = PageCanvas.wrappedWhole(prepended, width: 96, ascii: false)
        XCTAssertEqual(wrapped.joined().unicodeScalars.count, prepended.unicodeScalars.count, "every scalar, in order")
        XCTAssertTrue(wrapped.allSatisfy { DisplayWidth.of($0, ascii: false) <= 96 }, "\(wrapped.map { DisplayWidth.of($0) })")
        XCTAssertTrue(wrapped.last?.unicodeScalars.contains(";") == true, "\(wrapped)")
        var grid = CellGrid(columns: 100, rows: 1)
        grid.draw(try XCTUnwrap(wrapped.last), column: 0, row: 0, style: .plain, ascii: false)
        XCTAssertTrue(grid.plainText().contains("; touch PWN"), grid.plainText())
    }
}
