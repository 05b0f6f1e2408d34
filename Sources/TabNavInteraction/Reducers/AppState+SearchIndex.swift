import TabNavCore

/// The search index is made when the search field opens, not on the first key typed into it
/// (docs/behaviour.md, "Search"). Over a large hierarchy it is made off the UI thread, as slow
/// work whose result comes back as `AppAction.loadFinished`: the field shows at once and the
/// index is there by the time a person types (about 25 ms for 100,000 tabs on the development
/// machine). A key that arrives sooner makes the index itself, as every key did before.
extension AppState {
    /// Below this many items the index is made on the spot: it takes well under a millisecond,
    /// less than starting a thread for it.
    static let searchIndexBackgroundThreshold = 1_000

    /// Starts making the index of the hierarchy as it is now, unless it exists or is being made.
    mutating func prepareSearchIndex() -> [AppEffect] {
        guard searchIndexLoad == nil else { return [] }
        if let corpus = searchCorpus, corpus.describes(model.hierarchy) { return [] }
        guard model.hierarchy.count >= Self.searchIndexBackgroundThreshold else {
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
    /// was made meanwhile (a key typed first makes its own; then this one is dropped).
    mutating func adoptSearchIndex(_ result: any Sendable) {
        searchIndexLoad = nil
        guard let corpus = result as? SearchCorpus, corpus.describes(model.hierarchy) else { return }
        if let current = searchCorpus, current.describes(model.hierarchy) { return }
        searchCorpus = corpus
        search.narrowings = []
    }
}
