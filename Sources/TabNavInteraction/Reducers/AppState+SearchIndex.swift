import TabNavCore

/// The search index is made when the search field opens, not on the first key typed into it
/// (docs/behaviour.md, "Search"), from the hierarchy and from the pages as they are now (their
/// entries and loaded lines), and made again when either changed. A large one (many titles, or
/// much text: one title of megabytes counts) is made off the UI thread, as slow work whose result
/// comes back as `AppAction.loadFinished`: the field shows at once, and a key never waits.
///
/// - A query typed before there is any index of this hierarchy waits for it ("indexing…"), and
///   runs when it comes.
/// - When only the pages changed (a command's output arrived, a task was ticked), the index there
///   is keeps answering while the new one is made; results are run again when it arrives.
/// - A rebuild for a hierarchy that changed meanwhile is cancelled and another started.
extension AppState {
    /// Whether the index of `hierarchy` and `pages` is worth making off the UI thread: its titles
    /// (items, entries of the layout's lists, lines of the pages) and their bytes, counted until
    /// there are enough. Entries of pages made in code are not counted: they are known only by
    /// asking the page, which the worker thread does.
    static func searchIndexIsLarge(_ hierarchy: TabHierarchy, pages: [String: any TabPage] = [:]) -> Bool {
        var titles = hierarchy.count + pages.count
        guard titles < SearchLimits.backgroundTitles else { return true }
        var bytes = 0
        let large = hierarchy.nodes.withUnsafeBufferPointer { nodes -> Bool in
            for node in nodes.indices {
                bytes += nodes[node].item.title.utf8.count
                guard case .list(let entries, _) = nodes[node].item.content else { continue }
                titles += entries.count
                for entry in entries { bytes += entry.title.utf8.count }
                if titles >= SearchLimits.backgroundTitles || bytes >= SearchLimits.backgroundBytes { return true }
            }
            return bytes >= SearchLimits.backgroundBytes
        }
        guard !large else { return true }
        // The lines of the pages shown, counted as far as the threshold.
        for page in pages.values {
            for line in page.searchLines(limit: SearchLimits.backgroundTitles - titles) {
                titles += 1
                bytes += min(line.utf8.count, SearchLimits.lineBytes)
            }
            if titles >= SearchLimits.backgroundTitles || bytes >= SearchLimits.backgroundBytes { return true }
        }
        return false
    }

    /// Whether the index there is describes the hierarchy and the pages as they are now.
    var searchIndexIsCurrent: Bool {
        guard let corpus = searchCorpus else { return false }
        return corpus.describes(model.hierarchy) && corpus.pagesVersion == pagesVersion
    }

    /// Starts making the index of the hierarchy and pages as they are now, unless it exists or
    /// is being made. A rebuild under way for another hierarchy is cancelled.
    mutating func prepareSearchIndex() -> [AppEffect] {
        var effects: [AppEffect] = []
        if let load = searchIndexLoad {
            guard let building = searchIndexHierarchy, !SearchCorpus.sameNodes(building, model.hierarchy) else {
                return []  // on its way; if the pages changed meanwhile, another follows it
            }
            searchIndexLoad = nil
            searchIndexHierarchy = nil
            effects.append(.cancelLoad(load))
        }
        guard !searchIndexIsCurrent else { return effects }
        let pages = searchablePages
        guard Self.searchIndexIsLarge(model.hierarchy, pages: pages) else {
            _ = rebuiltSearchCorpus()
            if !search.field.text.trimmingSpaces.isEmpty { runSearch() }
            return effects
        }
        lastLoadID += 1
        let id = LoadID(lastLoadID)
        searchIndexLoad = id
        let hierarchy = model.hierarchy
        searchIndexHierarchy = hierarchy
        let version = pagesVersion
        let work = PageWork(label: "Indexing titles for search") { _ in
            SearchCorpus(hierarchy: hierarchy, pages: pages, pagesVersion: version)
        }
        return effects + [.startLoad(LoadRequest(id: id, tab: model.selectedID ?? "", work: work))]
    }

    /// Whether `request` is the search index being made (for `tabnav-bench`, which times it).
    package func isSearchIndexRequest(_ request: LoadRequest) -> Bool {
        request.id == searchIndexLoad
    }

    /// An index made off the UI thread arrived: kept if it still describes the hierarchy and is
    /// newer than the one there. A query runs again on it; if the hierarchy or the pages changed
    /// meanwhile, another index is asked for while the search field is open.
    mutating func adoptSearchIndex(_ result: any Sendable) -> [AppEffect] {
        searchIndexLoad = nil
        searchIndexHierarchy = nil
        guard let corpus = result as? SearchCorpus else {
            _ = rebuiltSearchCorpus()
            if search.isWaitingForIndex { runSearch() }
            return []
        }
        var adopted = false
        if corpus.describes(model.hierarchy),
           searchCorpus?.describes(model.hierarchy) != true || corpus.pagesVersion &- (searchCorpus?.pagesVersion ?? 0) > 0 {
            searchCorpus = corpus
            search.narrowings = []
            adopted = true
        }
        let wasWaiting = search.isWaitingForIndex
        guard case .searching = mode else {
            if wasWaiting || adopted, !search.field.text.trimmingSpaces.isEmpty { runSearch() }
            return []
        }
        // In search mode, `apply` asks for the next index if this one is already stale.
        if wasWaiting || adopted, searchCorpus?.describes(model.hierarchy) == true,
           !search.field.text.trimmingSpaces.isEmpty {
            runSearch()
        }
        return []
    }
}
