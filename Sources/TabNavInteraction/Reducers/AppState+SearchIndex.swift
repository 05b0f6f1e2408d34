import TabNavCore

/// The search index is made when the search field opens, not on the first key typed into it
/// (docs/behaviour.md, "Search"). Over a large hierarchy it is made off the UI thread, as slow
/// work whose result comes back as `AppAction.loadFinished`: the field shows at once, and the
/// index is there by the time a person types (about 25 ms for 100,000 tabs on the development
/// machine). A query typed sooner waits for it without holding up the keys: the count says
/// "indexing…" and the results come with the index.
extension AppState {
    /// Below this many titles (items, and entries of the layout's lists) the index is made on
    /// the spot: it takes well under a millisecond, less than starting a thread for it.
    static let searchIndexBackgroundThreshold = 1_000

    /// Whether the index of `hierarchy` has enough titles to be made off the UI thread: its items
    /// and the entries of its lists (a few tabs can hold long lists), counted until there are
    /// enough. Entries of pages made in code are not counted: they are known only by asking.
    static func searchIndexIsLarge(_ hierarchy: TabHierarchy) -> Bool {
        var titles = hierarchy.count
        guard titles < searchIndexBackgroundThreshold else { return true }
        return hierarchy.nodes.withUnsafeBufferPointer { nodes in
            for node in nodes.indices {
                guard case .list(let entries, _) = nodes[node].item.content else { continue }
                titles += entries.count
                if titles >= searchIndexBackgroundThreshold { return true }
            }
            return false
        }
    }

    /// Starts making the index of the hierarchy as it is now, unless it exists or is being made.
    mutating func prepareSearchIndex() -> [AppEffect] {
        guard searchIndexLoad == nil else { return [] }
        if let corpus = searchCorpus, corpus.describes(model.hierarchy) { return [] }
        guard Self.searchIndexIsLarge(model.hierarchy) else {
            _ = preparedSearchCorpus()
            return []
        }
        lastLoadID += 1
        let id = LoadID(lastLoadID)
        searchIndexLoad = id
        let hierarchy = model.hierarchy
        let work = PageWork(label: "Indexing titles for search") { _ in SearchCorpus(hierarchy: hierarchy) }
        return [.startLoad(LoadRequest(id: id, tab: model.selectedID ?? "", work: work))]
    }

    /// Whether `request` is the search index being made (for `tabnav-bench`, which times it).
    package func isSearchIndexRequest(_ request: LoadRequest) -> Bool {
        request.id == searchIndexLoad
    }

    /// An index made off the UI thread arrived: kept if it still describes the hierarchy and none
    /// was made meanwhile. A query waiting for it runs now; if the hierarchy changed meanwhile,
    /// another index is asked for and the query goes on waiting.
    ///
    /// Work that did not run (no thread could be started for it) brings no index: asking again
    /// would fail again, at every turn of the run loop, with the query waiting all the while, so
    /// the index is made here instead, as it is below the threshold.
    mutating func adoptSearchIndex(_ result: any Sendable) -> [AppEffect] {
        searchIndexLoad = nil
        guard let corpus = result as? SearchCorpus else {
            _ = preparedSearchCorpus()
            if search.isWaitingForIndex { runSearch() }
            return []
        }
        if corpus.describes(model.hierarchy),
           searchCorpus?.describes(model.hierarchy) != true {
            searchCorpus = corpus
            search.narrowings = []
        }
        guard search.isWaitingForIndex else { return [] }
        let effects = prepareSearchIndex()
        if searchIndexLoad == nil { runSearch() }
        return effects
    }
}
