import TabNavCore

/// The search field and its ranked results (the field keeps its text when it loses the keys).
package struct SearchState: Sendable, Equatable {
    package var field = TextField()
    package var results: [SearchResult] = []
    package init() {}
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
