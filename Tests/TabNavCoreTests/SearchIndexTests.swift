import TestSupport
import XCTest
@testable import TabNavCore
import TabNavDemo
@testable import TabNavInteraction

/// The search index (`SearchCorpus`) and the incremental search built on it give exactly what a
/// plain search over every title gives — the ranking of docs/behaviour.md, "Search" — whatever
/// is typed, deleted or pasted, and whatever was hidden, added, renamed or deleted meanwhile.
final class SearchIndexTests: XCTestCase {
    static let size = TerminalSize(columns: 120, rows: 40)

    /// The results as search always computed them: every title scored, hidden items left out,
    /// sorted by score, then title (ties in candidate order: tabs, then entries).
    func reference(_ state: AppState) -> [SearchResult] {
        let query = state.search.field.text
        guard !query.trimmingSpaces.isEmpty else { return [] }
        let prepared = SearchMatcher.Query(query)
        let nodes = state.model.hierarchy.nodes
        var results: [SearchResult] = []
        for node in nodes where !node.item.isSearch {
            guard let score = SearchMatcher.score(prepared, node.item.title), state.model.isVisible(node.item.id) else { continue }
            let parent = node.parent.map { nodes[$0].item.title }
            results.append(SearchResult(kind: .tab(node.item.id), title: node.item.title,
                                        context: parent.map { "in \($0)" } ?? (node.item.isSection ? "section" : "tab"),
                                        score: score + 3, icon: node.item.icon.isEmpty ? "folder" : node.item.icon))
        }
        for item in AppState.searchableEntries(of: state.model.hierarchy) {
            guard let score = SearchMatcher.score(prepared, item.entry.title), state.model.isVisible(item.tab) else { continue }
            let tabTitle = state.model.hierarchy.item(item.tab)?.title ?? item.tab
            results.append(SearchResult(kind: .entry(item.entry, tab: item.tab), title: item.entry.title,
                                        context: "in \(tabTitle)", score: score, icon: item.icon))
        }
        // Stable: equal score and title keep the order above.
        return results.enumerated().sorted {
            if $0.element.score != $1.element.score { return $0.element.score > $1.element.score }
            if $0.element.title != $1.element.title { return $0.element.title < $1.element.title }
            return $0.offset < $1.offset
        }.map(\.element)
    }

    /// A layout of sections whose titles share letters, cases, digits, punctuation, repeated
    /// titles and a few non-ASCII ones, with list entries to search too.
    static func randomLayout(_ random: inout SplitMix64) -> TabLayout {
        let words = ["Item", "item", "ITEM", "Forest", "fire", "Café", "Cafe\u{301}", "Crème", "a-b", "x_y", "Ärger", "lan", "51", "5.1", "é", "Ωμέγα", ";x"]
        func title() -> String {
            (0..<random.int(in: 1...3)).map { _ in random.pick(words) }.joined(separator: random.percent(70) ? " " : "")
        }
        var items: [TabItem] = [TabItem(id: "home", title: "Home"), TabItem(id: "search", title: "Search", role: .search)]
        var n = 0
        for s in 0..<random.int(in: 1...4) {
            var children: [TabItem] = []
            for _ in 0..<random.int(in: 1...12) {
                n += 1
                var content = TabContent.none
                if random.percent(30) {
                    content = .list((0..<random.int(in: 0...5)).map { e in ContentEntry(id: "e\(n)-\(e)", title: title()) }, acceptsDrops: false)
                }
                children.append(TabItem(id: "t\(n)", title: title(), allowsHiding: true, content: content))
            }
            items.append(TabItem(kind: .section, id: "s\(s)", title: title(), allowsHiding: true, children: children))
        }
        return TabLayout(id: "random", title: "Random", items: items)
    }

    func searching(_ layout: TabLayout) throws -> AppState {
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(), size: Self.size)
        _ = state.apply(.key(.character("/")))
        guard case .searching = state.mode else { throw XCTSkip("no search field") }
        return state
    }

    /// Typing, Backspace, deleting words, pasting and moving the field's cursor, at random:
    /// after every step the results are the plain search's, and those of one fresh search.
    func testIncrementalSearchEqualsAFullSearchUnderRandomEdits() throws {
        var random = SplitMix64(seed: 1010)
        let letters = Array("iteMm5 1.fFoOrReEsSaAéÉcC-xΩω\u{37E}e\u{301}")
        for round in 0..<25 {
            let layout = Self.randomLayout(&random)
            var state = try searching(layout)
            for step in 0..<60 {
                let action: AppAction
                switch random.below(10) {
                case 0...4: action = .key(.character(random.pick(letters)))
                case 5, 6: action = .key(.backspace)
                case 7: action = .paste(String((0..<random.int(in: 1...3)).map { _ in random.pick(letters) }))
                case 8:
                    // ← → only inside the field: at its edges they go on to the next tab.
                    let field = state.search.field
                    let inside = field.cursor > 0 && field.cursor < field.characters.count
                    action = .key(random.pick(inside ? [KeyEvent.left, .right, .home, .end, .delete] : [.home, .end, .delete]))
                default: action = .key(random.pick([KeyEvent.control("w"), .control("u"), .control("k")]))
                }
                _ = state.apply(action)
                guard case .searching = state.mode else { break }
                let context = "round \(round) step \(step): \(state.search.field.text.debugDescription)"
                XCTAssertEqual(Array(state.search.results), reference(state), context)
                var fresh = try searching(layout)
                _ = fresh.apply(.paste(state.search.field.text))
                XCTAssertEqual(state.search.results, fresh.search.results, context)
            }
        }
    }

    /// The demo's titles and entries, for every prefix of a few queries and back.
    func testTheDemoRanksAsThePlainSearch() throws {
        for query in ["frst", "first light", "the", "a n", "Lan", "xz", "é"] {
            var state = try searching(DemoCatalogue.layout)
            for character in query {
                _ = state.apply(.key(.character(character)))
                XCTAssertEqual(Array(state.search.results), reference(state), state.search.field.text)
            }
            while !state.search.field.text.isEmpty {
                _ = state.apply(.key(.backspace))
                XCTAssertEqual(Array(state.search.results), reference(state), state.search.field.text)
            }
            XCTAssertTrue(state.search.results.isEmpty)
        }
    }

    /// The scorer of a title's bytes agrees with the matcher.
    func testTheBytesScoreIsTheMatchersScore() {
        var random = SplitMix64(seed: 77)
        let alphabet = Array("aAbBcC xX1-_.eE9zZ")
        for _ in 0..<5000 {
            let candidate = String((0..<random.below(16)).map { _ in random.pick(alphabet) })
            let query = SearchMatcher.Query(String((0..<random.int(in: 1...4)).map { _ in random.pick(alphabet) }))
            guard let ascii = query.ascii else { continue }
            let bytes = Array(candidate.utf8)
            let score = ascii.withUnsafeBufferPointer { q in bytes.withUnsafeBufferPointer { SearchMatcher.asciiTitleScore(q, $0) } }
            XCTAssertEqual(score, SearchMatcher.score(query, candidate), "\(query.characters) in \(candidate.debugDescription)")
        }
    }

    /// A launch builds no index; the first search does, and later keystrokes reuse it.
    func testTheIndexIsBuiltWhenTheFieldOpens() throws {
        let launched = AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil, options: AppOptions(), size: Self.size)
        XCTAssertNil(launched.searchCorpus, "a launch builds no search index")
        var state = try searching(DemoCatalogue.layout)
        let corpus = try XCTUnwrap(state.searchCorpus, "/ makes the index of a small hierarchy on the spot")
        _ = state.apply(.key(.character("f")))
        XCTAssertTrue(state.searchCorpus === corpus, "the first key uses the index made when the field opened")
        _ = state.apply(.key(.character("o")))
        _ = state.apply(.key(.backspace))
        XCTAssertTrue(state.searchCorpus === corpus, "the index is kept between keystrokes")
        XCTAssertFalse(state.search.results.isEmpty)
    }

    /// Hiding an item (or its section) takes it out of the results at the next keystroke, even
    /// one that goes back to a query scored before.
    func testHiddenItemsLeaveTheResults() throws {
        let layout = TabLayout(id: "hide", title: "Hide", items: [
            TabItem(id: "home", title: "Home"),
            TabItem(id: "search", title: "Search", role: .search),
            TabItem(kind: .section, id: "woods", title: "Woods", allowsHiding: true, children: [
                TabItem(id: "forest", title: "Forest", allowsHiding: true, content: .list([ContentEntry(id: "fir", title: "Fir Forest")], acceptsDrops: false)),
                TabItem(id: "fore", title: "Foreground", allowsHiding: true),
            ]),
        ])
        var state = try searching(layout)
        for character in "fore" { _ = state.apply(.key(.character(character))) }
        XCTAssertEqual(Set(state.search.results.map(\.title)), ["Forest", "Foreground", "Fir Forest"])
        guard case .success = state.model.apply(.setHidden("forest", true)) else { return XCTFail("forest was not hidden") }
        _ = state.apply(.key(.backspace))
        XCTAssertEqual(Set(state.search.results.map(\.title)), ["Foreground"], "a hidden tab and its entries leave")
        XCTAssertEqual(Array(state.search.results), reference(state))
        guard case .success = state.model.apply(.setHidden("woods", true)) else { return XCTFail("woods was not hidden") }
        _ = state.apply(.key(.character("e")))
        XCTAssertTrue(state.search.results.isEmpty, "inside a hidden section: \(state.search.results.map(\.title))")
        _ = state.model.apply(.setHidden("woods", false))
        _ = state.model.apply(.setHidden("forest", false))
        _ = state.apply(.key(.backspace))
        XCTAssertEqual(Set(state.search.results.map(\.title)), ["Forest", "Foreground", "Fir Forest"], "shown again")
        XCTAssertEqual(Array(state.search.results), reference(state))
    }

    /// Tabs added, renamed and deleted at run time, and those changes undone and redone, are
    /// found as they are now.
    func testAddedRenamedAndDeletedTabsAreSearchedAsTheyAreNow() throws {
        var state = try searching(DemoCatalogue.layout)
        let section = try XCTUnwrap(state.model.hierarchy.nodes.first { $0.item.isSection }?.item.id)
        for character in "zebr" { _ = state.apply(.key(.character(character))) }
        XCTAssertTrue(state.search.results.isEmpty)
        _ = state.addTab(named: "Zebra Crossing", to: section, by: "")
        let added = try XCTUnwrap(state.addedTabs.last?.id)
        _ = state.apply(.key(.character("a")))
        XCTAssertEqual(state.search.results.map(\.kind), [.tab(added)], "a tab added after the index was built")
        _ = state.rename(added, to: "Quagga Crossing")
        _ = state.apply(.key(.backspace))
        XCTAssertTrue(state.search.results.isEmpty, "its old name no longer matches")
        _ = state.apply(.key(.control("u")))
        for character in "quag" { _ = state.apply(.key(.character(character))) }
        XCTAssertEqual(state.search.results.map(\.title), ["Quagga Crossing"])
        _ = state.deleteRunTimeTab(added)
        _ = state.apply(.key(.character("g")))
        XCTAssertTrue(state.search.results.isEmpty, "a deleted tab is not found")
        XCTAssertEqual(Array(state.search.results), reference(state))
        _ = state.undoEdit()
        _ = state.apply(.key(.backspace))
        XCTAssertEqual(state.search.results.map(\.title), ["Quagga Crossing"], "the delete undone")
        _ = state.undoEdit()
        _ = state.apply(.key(.character("g")))
        XCTAssertTrue(state.search.results.isEmpty, "the rename undone")
        XCTAssertEqual(Array(state.search.results), reference(state))
        _ = state.redoEdit()
        _ = state.apply(.key(.backspace))
        XCTAssertEqual(state.search.results.map(\.title), ["Quagga Crossing"], "the rename redone")
    }
}
