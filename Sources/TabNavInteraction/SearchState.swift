import TabNavCore

/// The search field and its ranked results (the field keeps its text when it loses the keys).
public struct SearchState: Sendable, Equatable {
    public var field = TextField()
    public var results: [SearchResult] = []
    public init() {}
}

/// One search hit: a tab, or an entry of a tab's page.
public struct SearchResult: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case tab(String)
        case entry(ContentEntry, tab: String)
    }
    public var kind: Kind
    public var title: String
    /// Where it lives ("in Library"), shown beside it.
    public var context: String
    public var score: Int
    /// The symbol drawn before it.
    public var icon: String
}
