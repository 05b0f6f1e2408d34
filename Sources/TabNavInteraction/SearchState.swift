import TabNavCore

/// The search field and its ranked results (the field keeps its text when it loses the keys).
package struct SearchState: Sendable, Equatable {
    package var field = TextField()
    package var results = SearchResults()
    /// What the last queries matched, shortest first, each query a prefix of the next: a longer
    /// query only looks at what the longest prefix matched (every match of `abc` is a match of
    /// `ab`), and `Backspace` finds the shorter query's matches here (docs/behaviour.md, "Search").
    package var narrowings: [SearchNarrowing] = []
    /// Most queries remembered; the shortest are forgotten first.
    package static let maximumNarrowings = 16
    /// The query waits for the search index, which is being made off the UI thread: it runs when
    /// the index arrives (a key never waits for it).
    package var isWaitingForIndex = false
    package init() {}
}

/// The candidates of the search index (`SearchCorpus`) a query matched, in title order, with
/// their scores: enough to rank them again without scoring a title.
package struct SearchNarrowing: Sendable, Equatable {
    package var query: String
    package var candidates: [Int32]
    var scores: [Int32]
}

/// One search hit: a tab, or an entry of a tab's page.
package struct SearchResult: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case tab(String)
        /// An entry of a tab's page, and the page that offered it (nil: the tab's declared list).
        case entry(ContentEntry, tab: String, offeredBy: (any TabPage)? = nil)
        /// Line `line` (from 0) of a tab's page.
        case line(tab: String, line: Int)

        package static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case (.tab(let x), .tab(let y)): return x == y
            case (.entry(let x, let s, _), .entry(let y, let t, _)): return x == y && s == t
            case (.line(let s, let m), .line(let t, let n)): return s == t && m == n
            default: return false
            }
        }
    }
    package var kind: Kind
    package var title: String
    /// Where it lives ("in Library"), shown beside it.
    package var context: String
    package var score: Int
    /// The symbol drawn before it.
    package var icon: String
}
