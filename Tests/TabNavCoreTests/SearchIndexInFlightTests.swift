import TestSupport
import XCTest
@testable import TabNavCore
@testable import TabNavInteraction

/// A search index made off the UI thread (over 1,000 items, docs/behaviour.md, "Search") that
/// arrives late, after keys, edits of run-time tabs and their undoing: whatever runs gives the
/// plain search's results, and a query never waits once the last index asked for has arrived.
final class SearchIndexInFlightTests: XCTestCase {
    /// The random layout of `SearchIndexTests` with enough filler sections to be indexed off the
    /// UI thread, and a section that takes run-time tabs.
    static func largeLayout(_ random: inout SplitMix64) -> TabLayout {
        var layout = SearchIndexTests.randomLayout(&random)
        for s in 0..<11 {
            let children = (0..<100).map { TabItem(id: "f\(s)-\($0)", title: "Filler \(s).\($0)") }
            layout.items.append(TabItem(kind: .section, id: "f\(s)", title: "Filler \(s)", children: children))
        }
        return layout
    }

    func testALateIndexNeverGivesOtherResultsThanThePlainSearch() throws {
        var random = SplitMix64(seed: 0x1A7E)
        let letters = Array("fielrtmaZQé 1")
        let plain = SearchIndexTests(name: "reference", testClosure: { _ in })
        for round in 0..<25 {
            var state = AppState(hierarchy: try TabHierarchy(Self.largeLayout(&random)), saved: nil,
                                 options: AppOptions(), size: SearchIndexTests.size)
            XCTAssertGreaterThanOrEqual(state.model.hierarchy.count, SearchLimits.backgroundTitles)
            let section = try XCTUnwrap(state.model.hierarchy.nodes.first { $0.item.isSection }?.item.id)
            // The index asked for and not handed back yet, as the runtime holds it.
            var pending: LoadRequest?
            func take(_ effects: [AppEffect]) {
                // An index of a hierarchy that changed meanwhile is cancelled before the next starts.
                for case .cancelLoad(let id) in effects where id == pending?.id { pending = nil }
                for case .startLoad(let request) in effects where state.isSearchIndexRequest(request) {
                    XCTAssertNil(pending, "one index at a time")
                    pending = request
                }
            }
            func deliver() {
                guard let request = pending else { return }
                pending = nil
                let waited = state.search.isWaitingForIndex
                take(state.apply(.loadFinished(request.id, tab: request.tab, result: request.work.runNow([:])!)))
                if waited, !state.search.isWaitingForIndex {
                    XCTAssertEqual(Array(state.search.results), plain.reference(state), "the query that waited: \(state.search.field.text)")
                }
            }
            for step in 0..<100 {
                let context = "round \(round) step \(step)"
                var typed = false
                switch random.below(12) {
                case 0:
                    if case .searching = state.mode { break }
                    take(state.apply(.key(.character("/"))))
                case 1:
                    if case .searching = state.mode { take(state.apply(.key(.escape))) }
                case 2...5:
                    if case .searching = state.mode {
                        // Short queries, which match something.
                        let key = state.search.field.text.count >= 3 ? KeyEvent.control("u") : .character(random.pick(letters))
                        take(state.apply(.key(key)))
                        typed = true
                    }
                case 6:
                    if case .searching = state.mode {
                        take(state.apply(.key(.backspace)))
                        typed = true
                    }
                case 7: take(state.addTab(named: "Zebra \(step)", to: section, by: ""))
                case 8:
                    if let added = state.addedTabs.randomElement(using: &random)?.id {
                        take(state.rename(added, to: "Quagga \(step)"))
                    }
                case 9:
                    if let added = state.addedTabs.randomElement(using: &random)?.id {
                        take(state.deleteRunTimeTab(added))
                    }
                case 10: take(random.percent(50) ? state.undoEdit() : state.redoEdit())
                default: deliver()
                }
                if typed, !state.search.isWaitingForIndex {
                    XCTAssertEqual(Array(state.search.results), plain.reference(state), "\(context): \(state.search.field.text)")
                }
            }
            // Every index asked for arrives: nothing waits any more.
            for _ in 0..<4 where pending != nil { deliver() }
            XCTAssertNil(pending, "round \(round): the index settles")
            XCTAssertNil(state.searchIndexLoad)
            XCTAssertFalse(state.search.isWaitingForIndex, "round \(round)")
        }
    }
}
