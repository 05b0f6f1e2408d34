import XCTest
@testable import TabNavCore
@testable import TabNavInteraction

/// The search index is made when the field opens — off the UI thread over a large hierarchy — so
/// the first key typed finds it ready (docs/behaviour.md, "Search").
final class SearchIndexPreparationTests: XCTestCase {
    static let size = TerminalSize(columns: 120, rows: 40)

    /// 1,200 tabs in 12 sections, above the size at which the index is made in the background.
    static func largeState() throws -> AppState {
        var items = [TabItem(id: "home", title: "Home"), TabItem(id: "search", title: "Search", role: .search)]
        for s in 0..<12 {
            let children = (0..<100).map { TabItem(id: "s\(s)-t\($0)", title: "Item \(s).\($0)", allowsHiding: true) }
            items.append(TabItem(kind: .section, id: "s\(s)", title: "Section \(s)", children: children))
        }
        let hierarchy = try TabHierarchy(TabLayout(id: "large", title: "Large", items: items))
        XCTAssertGreaterThanOrEqual(hierarchy.count, SearchLimits.backgroundTitles)
        return AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(), size: size)
    }

    /// The requests for the index among `effects`.
    func indexRequests(_ effects: [AppEffect], of state: AppState) -> [LoadRequest] {
        effects.compactMap { effect in
            guard case .startLoad(let request) = effect, request.id == state.searchIndexLoad else { return nil }
            return request
        }
    }

    func testOpeningTheFieldStartsTheIndexAndTheFirstKeyUsesIt() throws {
        var state = try Self.largeState()
        let requests = indexRequests(state.apply(.key(.character("/"))), of: state)
        guard case .searching = state.mode else { return XCTFail("/ opens the field") }
        XCTAssertEqual(requests.count, 1, "one request for the index")
        XCTAssertNil(state.searchCorpus, "the UI thread did not make the index")
        let request = try XCTUnwrap(requests.first)

        let result = request.work.runNow([:])!
        let built = try XCTUnwrap(result as? SearchCorpus)
        XCTAssertTrue(indexRequests(state.apply(.loadFinished(request.id, tab: request.tab, result: result)), of: state).isEmpty)
        XCTAssertTrue(state.searchCorpus === built, "the index made off the UI thread is kept")
        XCTAssertNil(state.searchIndexLoad)

        _ = state.apply(.key(.character("1")))
        _ = state.apply(.key(.character(".")))
        XCTAssertTrue(state.searchCorpus === built, "typing uses it rather than making another")
        XCTAssertEqual(state.search.results.count, 300, "Item 1.x, Item 10.x and Item 11.x: a 1, then a dot")
    }

    func testAQueryTypedBeforeTheIndexArrivesWaitsForItWithoutHoldingUpTheKeys() throws {
        var state = try Self.largeState()
        let request = try XCTUnwrap(indexRequests(state.apply(.key(.character("/"))), of: state).first)
        for character in "7.9" {
            XCTAssertTrue(indexRequests(state.apply(.key(.character(character))), of: state).isEmpty)
        }
        XCTAssertEqual(state.search.field.text, "7.9", "the keys went into the field")
        XCTAssertNil(state.searchCorpus, "no key made the index itself")
        XCTAssertTrue(state.search.isWaitingForIndex)
        XCTAssertTrue(state.search.results.isEmpty)
        _ = state.apply(.key(.enter))
        XCTAssertEqual(state.message?.text, "Still indexing the titles: the results come in a moment")

        let result = request.work.runNow([:])!
        let effects = state.apply(.loadFinished(request.id, tab: request.tab, result: result))
        XCTAssertTrue(indexRequests(effects, of: state).isEmpty)
        XCTAssertTrue(state.searchCorpus === (result as? SearchCorpus))
        XCTAssertFalse(state.search.isWaitingForIndex)
        XCTAssertEqual(state.search.results.count, 19, "Item 7.T for the 19 T with a 9: a 7, a dot, a 9")
    }

    func testAQueryWaitingForAnIndexOfAHierarchyThatChangedWaitsForTheNextOne() throws {
        var state = try Self.largeState()
        let first = try XCTUnwrap(indexRequests(state.apply(.key(.character("/"))), of: state).first)
        _ = state.apply(.key(.character("L")))
        try state.model.appendTab(TabItem(id: "late", title: "Late arrival"), to: "s3")
        let effects = state.apply(.loadFinished(first.id, tab: first.tab, result: first.work.runNow([:])!))
        let again = try XCTUnwrap(indexRequests(effects, of: state).first, "another index is asked for")
        XCTAssertTrue(state.search.isWaitingForIndex, "the query goes on waiting")
        XCTAssertNil(state.searchCorpus)
        _ = state.apply(.loadFinished(again.id, tab: again.tab, result: again.work.runNow([:])!))
        XCTAssertFalse(state.search.isWaitingForIndex)
        XCTAssertEqual(state.search.results.map(\.title), ["Late arrival"])
    }

    func testAnIndexOfAHierarchyThatChangedMeanwhileIsDroppedAndMadeAgain() throws {
        var state = try Self.largeState()
        let first = try XCTUnwrap(indexRequests(state.apply(.key(.character("/"))), of: state).first)
        // A tab added while the index was being made.
        try state.model.appendTab(TabItem(id: "late", title: "Late arrival"), to: "s3")
        let stale = first.work.runNow([:])!
        let effects = state.apply(.loadFinished(first.id, tab: first.tab, result: stale))
        XCTAssertNil(state.searchCorpus, "an index of the old hierarchy is not kept")
        let again = try XCTUnwrap(indexRequests(effects, of: state).first, "the field is open: a new index is asked for")
        XCTAssertNotEqual(again.id, first.id)

        let fresh = again.work.runNow([:])!
        _ = state.apply(.loadFinished(again.id, tab: again.tab, result: fresh))
        XCTAssertTrue(state.searchCorpus === (fresh as? SearchCorpus))
        for character in "arrival" { _ = state.apply(.key(.character(character))) }
        XCTAssertEqual(state.search.results.map(\.title), ["Late arrival"], "the new tab is found")
    }

    func testNothingIsIndexedOutsideTheField() throws {
        var state = try Self.largeState()
        for key: KeyEvent in [.character("l"), .character("s"), .character("j"), .character("e"), .character("e")] {
            XCTAssertTrue(indexRequests(state.apply(.key(key)), of: state).isEmpty)
        }
        XCTAssertNil(state.searchIndexLoad)
        XCTAssertNil(state.searchCorpus)
        // Once open, leaving the field while the index is made still keeps it for next time.
        let request = try XCTUnwrap(indexRequests(state.apply(.key(.character("/"))), of: state).first)
        _ = state.apply(.key(.escape))
        let result = request.work.runNow([:])!
        _ = state.apply(.loadFinished(request.id, tab: request.tab, result: result))
        XCTAssertTrue(state.searchCorpus === (result as? SearchCorpus))
    }
    /// The runtime reports work it could not start (no thread to be had) as a failed load: the
    /// index is then made on the spot, not asked for again at every turn of the run loop while
    /// the query waits for good.
    func testAnIndexThatCouldNotBeMadeOffTheUIThreadIsMadeOnTheSpot() throws {
        let failed = ContentLoad.failed(["cannot start a thread to load this tab"])
        var state = try Self.largeState()
        let request = try XCTUnwrap(indexRequests(state.apply(.key(.character("/"))), of: state).first)
        for character in "7.9" { _ = state.apply(.key(.character(character))) }
        XCTAssertTrue(state.search.isWaitingForIndex)
        let effects = state.apply(.loadFinished(request.id, tab: request.tab, result: failed))
        XCTAssertTrue(indexRequests(effects, of: state).isEmpty, "not asked for again")
        XCTAssertNil(state.searchIndexLoad)
        XCTAssertFalse(state.search.isWaitingForIndex, "the query no longer waits")
        XCTAssertNotNil(state.searchCorpus)
        XCTAssertEqual(state.search.results.count, 19, "the same results as from an index made off the UI thread")

        // The field open with nothing typed: not asked for again either.
        var open = try Self.largeState()
        let first = try XCTUnwrap(indexRequests(open.apply(.key(.character("/"))), of: open).first)
        XCTAssertTrue(indexRequests(open.apply(.loadFinished(first.id, tab: first.tab, result: failed)), of: open).isEmpty)
        XCTAssertNil(open.searchIndexLoad)
        XCTAssertNotNil(open.searchCorpus)
    }

    /// A few tabs holding long lists: their entries count too, so the index is made off the UI thread.
    func testLongListsCountTowardsMakingTheIndexOffTheUIThread() throws {
        func state(entries: Int) throws -> AppState {
            let list = (0..<entries).map { ContentEntry(id: "e\($0)", title: "Entry \($0)") }
            let items = [TabItem(id: "home", title: "Home"), TabItem(id: "search", title: "Search", role: .search),
                         TabItem(id: "books", title: "Books", content: .list(list, acceptsDrops: false))]
            let hierarchy = try TabHierarchy(TabLayout(id: "lists", title: "Lists", items: items))
            return AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(), size: Self.size)
        }
        var short = try state(entries: 10)
        XCTAssertTrue(indexRequests(short.apply(.key(.character("/"))), of: short).isEmpty)
        XCTAssertNotNil(short.searchCorpus, "a few titles: made on the spot")

        var long = try state(entries: 5_000)
        let request = try XCTUnwrap(indexRequests(long.apply(.key(.character("/"))), of: long).first,
                                    "three tabs, but 5,000 entries: made off the UI thread")
        XCTAssertNil(long.searchCorpus)
        _ = long.apply(.loadFinished(request.id, tab: request.tab, result: request.work.runNow([:])!))
        for character in "4999" { _ = long.apply(.key(.character(character))) }
        XCTAssertEqual(long.search.results.first?.title, "Entry 4999")
    }
}
