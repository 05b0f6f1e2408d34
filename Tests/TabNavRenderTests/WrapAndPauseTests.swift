import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// `w` wraps a text page's long lines; `p` holds a followed file or command still while lines keep
/// arriving (docs/keys.md). Neither existed before.
final class WrapAndPauseTests: XCTestCase {
    private let style = RenderStyle.forTerminal(ascii: false, noColor: true, depth: .none)

    private func draw(_ page: some TabPage, width: Int = 30, height: Int = 4) -> [String] {
        var canvas = PageCanvas(grid: CellGrid(columns: width, rows: height),
                                rect: Rect(column: 0, row: 0, width: width, height: height), style: style, isFocused: true)
        page.draw(in: &canvas)
        return canvas.grid.plainText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func press(_ page: inout some TabPage, action: String? = nil, command: Command? = nil) -> PageResponse {
        page.handle(PageInput(key: nil, command: command, action: action, visibleRows: 4))
    }

    func testWrapShowsEveryCharacterOfALongLine() throws {
        let long = "one two three four five six seven eight nine ten eleven twelve"
        var page = TextPage("first\n" + long + "\nlast")
        XCTAssertTrue(draw(page)[1].hasSuffix("…"), "cut before")
        XCTAssertTrue(page.keys.contains { $0.action == .named("wrap", defaultKey: .character("w")) }, "the page's own key")
        _ = press(&page, action: "wrap")
        let rows = draw(page)
        XCTAssertEqual(rows[0], "first")
        let wrapped = rows[1...].prefix { !$0.hasPrefix("last") }.map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertGreaterThan(wrapped.count, 1)
        XCTAssertEqual(wrapped.joined(separator: " "), long,
                       "the line continues on the rows below:\n\(rows.joined(separator: "\n"))")
        XCTAssertFalse(rows.contains { $0.contains("…") })
        _ = press(&page, action: "wrap")
        XCTAssertTrue(draw(page)[1].hasSuffix("…"), "and back")
    }

    private func lines(_ range: ClosedRange<Int>) -> ChildProgress {
        ChildProgress(events: [.output(Array(range.map { "line \($0)\n" }.joined().utf8), stderr: false)], isFinal: false)
    }

    func testPauseHoldsAFollowedFileStill() throws {
        var page = FilePage(path: "log", options: ContentOptions(follow: true))
        _ = page.appear()
        page.receive(lines(1...10))
        XCTAssertTrue(draw(page).contains("line 10"), "following: the bottom")
        _ = press(&page, action: "pause")
        page.receive(lines(11...20))
        let held = draw(page)
        XCTAssertTrue(held.contains("line 10"), "held where it was:\n\(held.joined(separator: "\n"))")
        XCTAssertFalse(held.contains("line 20"))
        XCTAssertTrue(held[0].contains("paused · 10 more below"), "marked: \(held[0])")
        XCTAssertTrue(page.keys.contains { $0.summary == "resume" })
        _ = press(&page, command: .last)
        page.receive(lines(21...22))
        XCTAssertFalse(draw(page).contains("line 22"), "End does not resume a pause")
        _ = press(&page, action: "pause")
        XCTAssertTrue(draw(page).contains("line 22"), "resumed: the bottom again")
    }

    func testPauseHoldsAFollowedCommandStill() throws {
        var page = CommandPage(command: "tail -f x", options: ContentOptions(follow: true))
        _ = page.appear()
        page.receive(lines(1...10))
        _ = press(&page, action: "pause")
        XCTAssertEqual(page.statusText(ascii: false, now: nil).text, "paused · 10 lines")
        page.receive(lines(11...20))
        XCTAssertFalse(draw(page).contains("line 20"))
        _ = press(&page, action: "pause")
        XCTAssertTrue(draw(page).contains("line 20"))
    }
}
