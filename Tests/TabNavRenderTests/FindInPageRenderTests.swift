import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
@testable import TabNavRender

/// Find in page as drawn: the field at the bottom while it is typed, what is found marked on the
/// page (reversed), and nothing marked once the find ends. None of it existed before.
final class FindInPageRenderTests: XCTestCase {
    static let log = TabLayout(id: "t", title: "T") {
        Tab("Log", id: "log", content: .text((0..<40).map { i in
            "line \(i): " + (i % 10 == 3 ? "error in harbour" : "all is well")
        }.joined(separator: "\n")))
    }

    private func frame(_ keys: String, _ columns: Int = 60, _ rows: Int = 10) throws -> Frame {
        let scene = Scene(layout: Self.log, options: AppOptions(mode: .tabbar), columns, rows, keys: keys)
        return render(try scene.state(), style: scene.style())
    }

    private func rows(_ frame: Frame) -> [String] {
        frame.grid.plainText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The columns of `row` drawn reversed.
    private func reversed(_ frame: Frame, row: Int) -> [Int] {
        (0..<frame.grid.columns).filter { frame.grid[$0, row].style.attributes.contains(.reverse) }
    }

    func testTheFieldIsAtTheBottomAndWhatIsTypedIsMarked() throws {
        let typing = try frame("down,f,e,r,r")
        let lines = rows(typing)
        XCTAssertTrue(lines[9].contains("Find: err▏"), lines[9])
        XCTAssertTrue(lines[9].contains("Enter: find"), lines[9])
        XCTAssertEqual(typing.cursor?.row, 9, "the cursor is in the field")
        let row = try XCTUnwrap(lines.firstIndex { $0.contains("line 3: error") })
        let column = try XCTUnwrap(lines[row].range(of: "err")).lowerBound.utf16Offset(in: lines[row])
        XCTAssertEqual(reversed(typing, row: row), [column, column + 1, column + 2])
        XCTAssertEqual(reversed(typing, row: row + 1), [], "a line without it is not marked")
    }

    func testEnterShowsTheLineFoundAndNMovesOn() throws {
        let found = try frame("down,f,e,r,r,o,r,enter")
        var lines = rows(found)
        XCTAssertTrue(lines[3].hasPrefix(" line 3: error"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines[9].contains("\"error\" on line 4, 1 of 4"), lines[9])
        XCTAssertEqual(reversed(found, row: 3).count, 5)
        lines = rows(try frame("down,f,e,r,r,o,r,enter,n,n,n,n"))
        XCTAssertTrue(lines[3].hasPrefix(" line 3: error"), "wrapped to the first:\n" + lines.joined(separator: "\n"))
        XCTAssertTrue(lines[9].contains("search wrapped"), lines[9])
        let ended = try frame("down,f,e,r,r,o,r,enter,esc")
        XCTAssertEqual((3..<9).flatMap { reversed(ended, row: $0) }, [], "Esc ends the find: nothing is marked")
        XCTAssertTrue(rows(ended)[9].contains("f: find"), rows(ended)[9])
    }

    func testMarkMatchesKeepsWideCharactersWhole() {
        var grid = CellGrid(columns: 12, rows: 1)
        grid.draw("a日本b日本", column: 0, row: 0, style: .plain, ascii: false)
        XCTAssertEqual(grid.markMatches(of: "日本", in: grid.bounds, adding: CellStyle([.reverse])), 2)
        XCTAssertEqual((0..<12).filter { grid[$0, 0].style.attributes.contains(.reverse) }, [1, 2, 3, 4, 6, 7, 8, 9])
        XCTAssertEqual(grid.markMatches(of: "B", in: grid.bounds, adding: CellStyle([.bold])), 0, "a capital: case counts")
    }
}
