import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
import TabNavRender

/// A command page on screen (docs/layout-files.md, "Commands"): the elapsed time comes from the
/// frame's clock only, so a frame without one is the same whenever it is drawn.
final class CommandPageRenderTests: XCTestCase {
    func testElapsedTimeComesFromTheFramesClock() throws {
        let hierarchy = try TabHierarchy(TabLayout(id: "c", title: "C") {
            Tab("Run", content: .command("sleep 5"))
        })
        var state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(), size: TerminalSize(columns: 80, rows: 12))
        _ = state.apply(.launched)
        let style = RenderStyle.forTerminal(ascii: true, noColor: true, depth: .none)
        let timeless = render(state, style: style).grid.plainText()
        XCTAssertTrue(timeless.contains("running"), timeless)
        XCTAssertEqual(render(state, style: style).grid.plainText(), timeless)
        _ = state.apply(.setClock(ContinuousClock.now.advanced(by: .seconds(2))))
        let timed = render(state, style: style).grid.plainText()
        XCTAssertTrue(timed.contains("running 2."), timed)
    }
}
