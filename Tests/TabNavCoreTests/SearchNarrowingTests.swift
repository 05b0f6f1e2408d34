import TestSupport
import XCTest
@testable import TabNavCore
import TabNavDemo
@testable import TabNavInteraction

/// A search keystroke narrows the previous matches instead of scoring every title again, and the
/// ASCII fast path scores exactly as the general one (docs/behaviour.md, "Search").
final class SearchNarrowingTests: XCTestCase {
    func testTheASCIIPathScoresAsTheGeneralPath() {
        var random = SplitMix64(seed: 10)
        let alphabet = Array("aAbBcC xX1-_.eE")
        for _ in 0..<5000 {
            let candidate = String((0..<Int(random.next() % 14)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let query = String((0..<Int(1 + random.next() % 3)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let prepared = SearchMatcher.Query(query)
            let expected = prepared.isEmpty ? 0 : SearchMatcher.generalScore(prepared.characters, candidate)
            XCTAssertEqual(SearchMatcher.score(prepared, candidate), expected, "\(query.debugDescription) in \(candidate.debugDescription)")
        }
        XCTAssertEqual(SearchMatcher.score("caf", "Café Crème"), SearchMatcher.generalScore(Array("caf"), "Café Crème"))
    }

    func searching() throws -> AppState {
        var state = AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil, options: AppOptions(),
                             size: TerminalSize(columns: 120, rows: 40))
        _ = state.apply(.key(.character("/")))
        guard case .searching = state.mode else { throw XCTSkip("no search field in the demo") }
        return state
    }

    func testTypingANarrowingQueryGivesWhatAFullSearchGives() throws {
        for query in ["f", "fo", "for", "fore", "the", "ni", "a n", "lan", "xz"] {
            var typed = try searching()
            for character in query { _ = typed.apply(.key(.character(character))) }
            var whole = try searching()
            _ = whole.apply(.paste(query)) // one search over everything
            XCTAssertEqual(typed.search.results, whole.search.results, query)
        }
        var state = try searching()
        for character in "fore" { _ = state.apply(.key(.character(character))) }
        XCTAssertEqual(state.search.narrowings.map(\.query), ["f", "fo", "for", "fore"])
        let narrowed = try XCTUnwrap(state.search.narrowings.last)
        XCTAssertLessThan(narrowed.candidates.count, state.model.hierarchy.count,
                          "only the matches are kept as candidates")
        _ = state.apply(.key(.backspace))
        var whole = try searching()
        _ = whole.apply(.paste("for"))
        XCTAssertEqual(state.search.results, whole.search.results, "a shorter query uses its own earlier matches")
        XCTAssertEqual(state.search.narrowings.map(\.query), ["f", "fo", "for"])
        _ = state.apply(.key(.character("x")))
        _ = state.apply(.key(.backspace))
        _ = state.apply(.key(.backspace))
        var other = try searching()
        _ = other.apply(.paste("fo"))
        XCTAssertEqual(state.search.results, other.search.results)
    }
}
