import TabNavCore
import TabNavDrawing

/// Case-insensitive subsequence matching with a score, best matches first (docs/behaviour.md, "Search").
///
/// A query matches when its characters appear in order in the candidate; the score rewards
/// matches at word starts, consecutive runs and an early first match, and shorter candidates,
/// so "frst" ranks "Forest" above "Fire Starters".
package enum SearchMatcher {
    /// The score of `candidate` for `query`, or `nil` when it does not match.
    package static func score(_ query: String, _ candidate: String) -> Int? {
        let q = Array(query.lowercased().filter { $0 != " " })
        guard !q.isEmpty else { return 0 }
        let c = Array(candidate.lowercased())
        var score = 0
        var qi = 0
        var previousMatch = -2
        var firstMatch = -1
        for (ci, ch) in c.enumerated() where qi < q.count {
            guard ch == q[qi] else { continue }
            if firstMatch < 0 { firstMatch = ci }
            var points = 1
            if ci == 0 || !(c[ci - 1].isLetter || c[ci - 1].isNumber) { points += 8 }
            if previousMatch == ci - 1 { points += 5 }
            score += points
            previousMatch = ci
            qi += 1
        }
        guard qi == q.count else { return nil }
        score += 10 * q.count / max(1, c.count)
        score -= min(firstMatch, 20)
        score -= min(c.count, 60) / 10
        return score
    }
}
