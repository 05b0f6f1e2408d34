import XCTest
import TabNav

/// An embedder tests its pages through the public API alone (docs/library.md, "Testing pages"):
/// a page drawn into a canvas made in the test, and the whole app driven by keys, with styles.
final class PublicTestAPITests: XCTestCase {
    /// A page with a key of its own whose work comes back typed.
    struct Counter: TabPage {
        var count = 0
        func draw(in canvas: inout PageCanvas) {
            canvas.text("count \(count)", row: 0, style: canvas.theme.contentTitle)
        }
        var keys: [PageKey] { [PageKey("add", key: .character("+"), summary: "add one")] }
        mutating func handle(_ input: PageInput) -> PageResponse {
            guard input.action == "add" else { return .ignored }
            return .startWork(PageWork(label: "adding") { _ async -> Int in
                await Task.yield()
                return 1
            })
        }
        mutating func receive(_ result: Int) { count += result }
    }

    func testAPageDrawsIntoACanvasMadeInATest() {
        var canvas = PageCanvas(columns: 20, rows: 2)
        Counter(count: 3).draw(in: &canvas)
        XCTAssertEqual(canvas.text.split(separator: "\n").first, "count 3")
        XCTAssertEqual(canvas.grid[0, 0].style, canvas.theme.contentTitle)
        XCTAssertEqual(canvas.grid[0, 1].style, Cell.blank.style)
    }

    func testTheWholeAppRunsHeadlesslyAfterKeysWithStyles() throws {
        let layout = TabLayout(id: "counter", title: "Counter") {
            Tab("Counter", systemImage: "number") { Counter() }
            Tab("Notes", systemImage: "doc", content: .text("a note"))
        }
        let app = try HeadlessApp(layout, columns: 60, rows: 12)
        try app.press("down,+,+")
        let text = app.text
        XCTAssertTrue(text.contains("count 2"), text)
        XCTAssertTrue(text.contains("+: add one"), text)
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try XCTUnwrap(rows.firstIndex { $0.contains("count 2") })
        let column = try XCTUnwrap(rows[row].range(of: "count 2")).lowerBound.utf16Offset(in: rows[row])
        XCTAssertEqual(app.screen[column, row].style, app.style.theme.contentTitle)
        XCTAssertTrue(app.ansiText.contains("\u{1B}["), "colours and attributes are there too")
        XCTAssertThrowsError(try app.press("nokey"))
        app.press(.character("q"))
        XCTAssertFalse(app.isRunning)
    }
}
