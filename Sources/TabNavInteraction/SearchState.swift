import TabNavCore

/// The search field and its ranked results (the field keeps its text when it loses the keys).
package struct SearchState: Sendable, Equatable {
    package var field = TextField()
    package var results: [SearchResult] = []
    /// What the last queries matched, shortest first, each query a prefix of the next: a longer
    /// query only looks at what the longest prefix matched (every match of `abc` is a match of
    /// `ab`), and `Backspace` finds the shorter query's matches here (docs/behaviour.md, "Search").
    package var narrowings: [SearchNarrowing] = []
    /// Most queries remembered; the shortest are forgotten first.
    package static let maximumNarrowings = 16
    package init() {}
}

/// The candidates a query matched: node indices of the hierarchy and indices of the search index.
package struct SearchNarrowing: Sendable, Equatable {
    package var query: String
    /// The hierarchy's size then: tabs added since are not among the candidates, so start over.
    package var nodeCount: Int
    package var nodes: [Int]
    package var entries: [Int]
}

/// One search hit: a tab, or an entry of a tab's page.
package struct SearchResult: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case tab(String)
        case entry(ContentEntry, tab: String)
    }
    package var kind: Kind
    package var title: String
    /// Where it lives ("in Library"), shown beside it.
    package var context: String
    package var score: Int
    /// The symbol drawn before it.
    package var icon: String
}
