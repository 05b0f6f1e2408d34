import XCTest
import TabNavCore
import TabNavDemo
import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

/// A frame drawn with the memo the last frames left is the frame drawn without one
/// (docs/benchmark.md, "What a frame keeps for the next"); AppFuzzTests checks the same over
/// random walks.
final class RenderMemoTests: XCTestCase {
    private let style = RenderStyle(glyphs: .unicode, theme: .color256)

    private func demo(_ columns: Int = 100, _ rows: Int = 30) throws -> AppState {
        var state = AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil, options: AppOptions(),
                             size: TerminalSize(columns: columns, rows: rows))
        _ = state.apply(.launched)
        return state
    }

    /// Applies `actions` one by one, drawing each state with the memo and without: the frames match.
    private func assertSameFrames(_ start: AppState, _ actions: [AppAction], memo: RenderMemo = RenderMemo(),
                                  file: StaticString = #filePath, line: UInt = #line) {
        var state = start
        XCTAssertEqual(render(state, style: style, memo: memo), render(state, style: style), "first frame", file: file, line: line)
        for (step, action) in actions.enumerated() {
            _ = state.apply(action)
            let memoized = render(state, style: style, memo: memo)
            XCTAssertEqual(memoized, render(state, style: style), "after step \(step): \(action)", file: file, line: line)
        }
    }

    func testKeysThatChangeNothingOfTheBarOrTheFooterReuseThemAndDrawTheSame() throws {
        let memo = RenderMemo()
        let keys: [AppAction] = Array(repeating: .key(.right), count: 6) + Array(repeating: .key(.left), count: 6)
            + [.key(.tab)] + Array(repeating: .key(.down), count: 8) + [.key(.backTab), .key(.character("e")), .key(.right),
            .key(.escape), .key(.character("?")), .key(.escape), .key(.character("/"))]
        assertSameFrames(try demo(), keys, memo: memo)
        XCTAssertGreaterThan(memo.labelsReused, 50, "the bar's labels were made again at every frame")
        XCTAssertGreaterThan(memo.hintsReused, 5, "the footer's hints were drawn again at every frame")
    }

    func testABadgeTitleOrIconChangedFromCodeShowsAtOnce() throws {
        var state = try demo()
        let memo = RenderMemo()
        _ = render(state, style: style, memo: memo)
        let tab = state.model.tabBarIDs[1]
        for request: TabNavRequest in [.setBadge(.count(7), tab: tab), .setTitle("Renamed", tab: tab),
                                       .setSystemImage("star", tab: tab), .setBadge(nil, tab: tab)] {
            _ = state.apply(.request(request))
            XCTAssertEqual(render(state, style: style, memo: memo), render(state, style: style), "after \(request)")
        }
        let bar = String(render(state, style: style, memo: memo).grid.plainText().split(separator: "\n").first ?? "")
        XCTAssertTrue(bar.contains("Renamed"), bar)
    }

    func testAttentionAndStyleChangesAreNotTakenFromTheMemo() throws {
        var state = try demo()
        let memo = RenderMemo()
        _ = render(state, style: style, memo: memo)
        let tab = state.model.tabBarIDs[2]
        state.attention[tab] = [.failure]
        XCTAssertEqual(render(state, style: style, memo: memo), render(state, style: style))
        let ascii = RenderStyle(glyphs: .ascii, theme: .monochrome)
        XCTAssertEqual(render(state, style: ascii, memo: memo), render(state, style: ascii))
        state.options.screenReader = true
        XCTAssertEqual(render(state, style: ascii, memo: memo), render(state, style: ascii))
    }

    func testResizesAndNarrowFootersDrawTheSame() throws {
        let sizes: [AppAction] = [.resize(TerminalSize(columns: 40, rows: 15)), .key(.right), .resize(TerminalSize(columns: 200, rows: 60)),
                                  .key(.left), .resize(TerminalSize(columns: 61, rows: 20)), .key(.tab), .key(.down),
                                  .resize(TerminalSize(columns: 12, rows: 5)), .resize(TerminalSize(columns: 80, rows: 24))]
        assertSameFrames(try demo(), sizes)
    }
}

/// A section's overview is listed again when its children change, and only then.
final class OverviewRefreshTests: XCTestCase {
    func testASectionsOverviewShowsItsChildrenAsTheyAreNow() throws {
        let style = RenderStyle(glyphs: .unicode, theme: .monochrome)
        var state = AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil, options: AppOptions(),
                             size: TerminalSize(columns: 100, rows: 30))
        _ = state.apply(.launched)
        let section = DemoCatalogue.ID.collections
        let child = try XCTUnwrap(state.model.displayOrder(of: section).first)
        let other = try XCTUnwrap(state.model.tabBarIDs.first { $0 != section })
        _ = state.apply(.request(.select(section)))
        XCTAssertTrue(render(state, style: style).grid.plainText().contains(try XCTUnwrap(state.model.hierarchy.item(child)).title))
        // Away and back (the overview is not listed again), then a child renamed from code.
        _ = state.apply(.request(.select(other)))
        _ = state.apply(.request(.select(section)))
        _ = state.apply(.request(.setTitle("Renamed Shelf", tab: child)))
        XCTAssertTrue(render(state, style: style).grid.plainText().contains("Renamed Shelf"), "the overview kept the old title")
        // Away, renamed while away, and back.
        _ = state.apply(.request(.select(other)))
        _ = state.apply(.request(.setTitle("Shelf Again", tab: child)))
        _ = state.apply(.request(.select(section)))
        XCTAssertTrue(render(state, style: style).grid.plainText().contains("Shelf Again"), "the overview kept the old title")
    }
}
