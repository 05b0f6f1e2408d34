import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// Search reads the pages as they are now (docs/behaviour.md, "Search"): entries that appeared
/// after launch, the loaded lines of text pages, results opened by the page that offered them and
/// naming their own tab; a huge title is indexed off the UI thread and in part.
final class LiveSearchTests: XCTestCase {
    /// A list whose entries grow with `+` and whose result pages say how many it had then.
    struct Growing: TabPage {
        var names: [String]
        func draw(in canvas: inout PageCanvas) {}
        var keys: [PageKey] { [PageKey("grow", key: .character("+"), summary: "add")] }
        mutating func handle(_ input: PageInput) -> PageResponse {
            guard input.action == "grow" else { return .ignored }
            names.append("Tmux session \(names.count)")
            return .handled
        }
        var searchEntries: [ContentEntry] { names.map { ContentEntry(id: $0, title: $0) } }
        func page(for entry: ContentEntry) -> (any TabPage)? { TextPage("opened by a page of \(names.count)") }
    }

    private func state(_ layout: TabLayout) throws -> AppState {
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(mode: .tabbar),
                             size: TerminalSize(columns: 100, rows: 20))
        _ = state.apply(.launched)
        return state
    }

    /// The index the field asked for, made and handed back, or nothing when it was made at once.
    private func search(_ query: String, in state: inout AppState) {
        let effects = state.apply(.key(.character("/")))
        for case .startLoad(let request) in effects where state.isSearchIndexRequest(request) {
            _ = state.apply(.loadFinished(request.id, tab: request.tab, result: request.work.runNow([:])!))
        }
        for character in query { _ = state.apply(.key(.character(character))) }
    }

    func testEntriesThatAppearedAfterLaunchAreFoundAndOpenedByTheirPage() throws {
        var state = try state(TabLayout(id: "live", title: "Live") {
            Tab("Processes") { Growing(names: ["bash"]) }
            Tab(role: .search)
        })
        search("tmux", in: &state)
        XCTAssertTrue(state.search.results.isEmpty, "nothing yet")
        _ = state.apply(.key(.escape))
        _ = state.apply(.key(.left))  // back on Processes
        _ = state.apply(.key(.down))
        _ = state.apply(.key(.character("+")))
        _ = state.apply(.key(.character("+")))
        search("", in: &state)
        XCTAssertEqual(state.search.results.map(\.title), ["Tmux session 1", "Tmux session 2"], "the field kept the query")
        XCTAssertEqual(state.search.results.first?.context, "in Processes")
        _ = state.apply(.key(.enter))
        var canvas = PageCanvas(columns: 40, rows: 3)
        state.currentPage.draw(in: &canvas)
        XCTAssertTrue(canvas.text.contains("opened by a page of 3"), canvas.text)
    }

    func testAnEntryInTwoTabsNamesEachTab() throws {
        let shared = ContentEntry(id: "v1", title: "Harbour at Dusk")
        var state = try state(TabLayout(id: "two", title: "Two") {
            Tab("All", content: .list([shared], acceptsDrops: false))
            Tab("Favourites", content: .list([shared], acceptsDrops: false))
            Tab(role: .search)
        })
        search("harb", in: &state)
        XCTAssertEqual(Set(state.search.results.map(\.context)), ["in All", "in Favourites"])
    }

    func testLoadedLinesOfATextTabAreFoundAndOpenTheTabAtTheLine() throws {
        let weather = (1...60).map { "Line \($0)" }.joined(separator: "\n") + "\nAmsterdam 12°C, rain\nBerlin 9°C"
        var state = try state(TabLayout(id: "lines", title: "Lines") {
            Tab("Home", content: .text("home"))
            Tab("Weather", content: .text(weather))
            Tab(role: .search)
        })
        search("Amst", in: &state)
        XCTAssertTrue(state.search.results.isEmpty, "a tab never shown has loaded nothing")
        _ = state.apply(.key(.escape))
        _ = state.apply(.key(.character("2")))  // Weather shown
        search("", in: &state)  // the field kept "Amst"
        let result = try XCTUnwrap(state.search.results.first)
        XCTAssertEqual(result.title, "Amsterdam 12°C, rain")
        XCTAssertEqual(result.context, "in Weather, line 61")
        _ = state.apply(.key(.enter))
        XCTAssertEqual(state.model.selectedID, "weather")
        XCTAssertEqual(state.focus, .content)
        var canvas = PageCanvas(columns: 40, rows: 5)
        state.currentPage.draw(in: &canvas)
        XCTAssertTrue(canvas.text.contains("Amsterdam 12°C, rain"), "the line is on screen: \(canvas.text)")
        XCTAssertFalse(canvas.text.contains("Line 1\n"), canvas.text)
    }

    func testAHugeTitleIsIndexedOffTheUIThreadAndOnlyInPart() throws {
        let huge = "Marks" + String(repeating: "\u{301}", count: 2_000_000)
        var state = try state(TabLayout(id: "huge", title: "Huge") {
            Tab(huge, id: "huge", content: .text("x"))
            Tab(role: .search)
        })
        let effects = state.apply(.key(.character("/")))
        let request = try XCTUnwrap(effects.compactMap { effect -> LoadRequest? in
            if case .startLoad(let request) = effect, state.isSearchIndexRequest(request) { return request }
            return nil
        }.first, "one title of megabytes is made off the UI thread")
        XCTAssertNil(state.searchCorpus, "not made on the UI thread")
        _ = state.apply(.loadFinished(request.id, tab: request.tab, result: request.work.runNow([:])!))
        let corpus = try XCTUnwrap(state.searchCorpus)
        XCTAssertLessThanOrEqual(corpus.bytes.count, 2 * SearchLimits.lineBytes, "each title is searched up to its first KB")
        _ = state.apply(.key(.character("m")))
        XCTAssertLessThanOrEqual(try XCTUnwrap(state.search.results.first).title.utf8.count, SearchLimits.lineBytes)
    }
}
