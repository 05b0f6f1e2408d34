import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
import TabNavRender

/// A query typed before the search index arrives (docs/behaviour.md, "Search"): the screen says
/// the titles are being indexed, then shows the results the index found.
final class SearchIndexWaitRenderTests: XCTestCase {
    func testTheScreenSaysIndexingUntilTheIndexArrives() throws {
        var items = [TabItem(id: "home", title: "Home"), TabItem(id: "search", title: "Search", role: .search)]
        for s in 0..<11 {
            let children = (0..<100).map { TabItem(id: "s\(s)-t\($0)", title: "Item \(s).\($0)") }
            items.append(TabItem(kind: .section, id: "s\(s)", title: "Section \(s)", children: children))
        }
        let hierarchy = try TabHierarchy(TabLayout(id: "large", title: "Large", items: items))
        var state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(), size: TerminalSize(columns: 80, rows: 12))
        _ = state.apply(.launched)
        let effects = state.apply(.key(.character("/")))
        let request = try XCTUnwrap(effects.compactMap { effect -> LoadRequest? in
            if case .startLoad(let request) = effect, state.isSearchIndexRequest(request) { return request }
            return nil
        }.first)
        for character in "10.99" { _ = state.apply(.key(.character(character))) }
        let style = RenderStyle.forTerminal(ascii: true, noColor: true, depth: .none)
        let waiting = render(state, style: style).grid.plainText()
        XCTAssertTrue(waiting.contains("Search: 10.99"), waiting)
        XCTAssertTrue(waiting.contains("indexing..."), "the count says so:\n\(waiting)")
        XCTAssertTrue(waiting.contains("Indexing the titles..."), "and the page:\n\(waiting)")

        _ = state.apply(.loadFinished(request.id, tab: request.tab, result: request.work.runNow([:])!))
        let found = render(state, style: style).grid.plainText()
        XCTAssertTrue(found.contains("1 found"), found)
        XCTAssertTrue(found.contains("Item 10.99"), found)
        XCTAssertFalse(found.contains("ndexing"), found)
    }
}
