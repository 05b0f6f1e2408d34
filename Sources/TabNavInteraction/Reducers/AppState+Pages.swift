import TabNavCore
import TabNavDrawing

/// One page of one tab's stack: where slow work is delivered.
struct PageSlot: Hashable, Sendable {
    var tab: String
    /// 0 for the root page.
    var depth: Int
}

/// An entry a tab's page offers to search, or a line its page holds.
struct SearchableEntry: Sendable {
    var entry: ContentEntry
    var tab: String
    /// The tab's index in the hierarchy.
    var node: Int
    /// The symbol its list draws before it.
    var icon: String
    /// For a line of the tab's page: its number (from 0); nil for an entry.
    var line: Int?
    /// The page that offered the entry, as it was when the index was made: asked for the page a
    /// result opens. Nil for the entries of a declared list.
    var offeredBy: (any TabPage)?

    init(entry: ContentEntry, tab: String, node: Int, icon: String, line: Int? = nil, offeredBy: (any TabPage)? = nil) {
        self.entry = entry
        self.tab = tab
        self.node = node
        self.icon = icon
        self.line = line
        self.offeredBy = offeredBy
    }
}

extension AppState {
    /// What a tab added at run time to a section shows when restored at a launch: what the
    /// section's first action that adds tabs makes of it (a list that takes drops when there is none).
    static func newTabContent(in hierarchy: TabHierarchy, section: String, name: String, id: String) -> TabContent {
        guard let action = hierarchy.item(section)?.actions.first(where: \.addsTab) else { return .list([], acceptsDrops: true) }
        return action.content(for: NewTab(name: name, id: id, section: section, action: action.id)) ?? .list([], acceptsDrops: true)
    }

    // MARK: Pages

    /// A tab's root page as its content describes it (not yet shown: nothing loaded).
    func makeRootPage(for item: TabItem) -> any TabPage {
        if let page = appFilledRoot(for: item, cursor: ListCursor()) { return page }
        switch item.content {
        case .none: return TextPage("")
        case .text(let text): return TextPage(text)
        case .file(let path): return FilePage(path: path, options: item.contentOptions)
        case .command(let command): return CommandPage(command: command, options: item.contentOptions)
        case .list(let entries, let acceptsDrops): return ListPage(entries, icon: Self.listIcon, acceptsDrops: acceptsDrops)
        case .custom(let box): return box.value as? any TabPage ?? TextPage("")
        case .terminal(let command):
            return TerminalPage(command: command, options: item.contentOptions,
                                fromLayout: !model.runTimeTabs.contains(item.id))
        }
    }

    /// The symbol drawn before the entries of lists that layout files describe.
    static let listIcon = "play"

    /// A tab's stack of pages, its root page first (a fresh root page if never visited).
    func pages(of id: String) -> [any TabPage] {
        if let stack = stacks[id] { return stack }
        guard let item = model.hierarchy.item(id) else { return [TextPage("")] }
        return [makeRootPage(for: item)]
    }

    /// The page a tab shows now. For the selected tab, the rows the app keeps for its built-in
    /// pages (a section's children, the search results) were filled in at the end of the last
    /// action (`refreshShownPage`): reading it changes nothing.
    func topPage(of id: String) -> any TabPage {
        pages(of: id).last ?? TextPage("")
    }

    /// The page the selected tab shows now.
    package var currentPage: any TabPage {
        guard let id = model.selectedID else { return TextPage("") }
        return topPage(of: id)
    }

    /// How deep the selected tab's stack is (1: its root page).
    package var currentDepth: Int {
        // A tab never shown has its root page alone (`pages(of:)` would make it, to count one).
        guard let id = model.selectedID, let stack = stacks[id] else { return 1 }
        return stack.count
    }

    /// At the end of each action: the rows the app keeps for the selected tab's own root page
    /// are filled in, and what the screen needs of the page shown is read from it, once
    /// (`ShownPage`).
    mutating func refreshShownPage() {
        guard let id = model.selectedID, let node = model.hierarchy.index(of: id) else {
            shown = ShownPage()
            shownSource = nil
            return
        }
        // The kind of tab first (read in place, the item not copied): for any other, asking
        // `appFilledRoot` (a method of the whole state) copied the state and read the page's
        // report once more at every action.
        let isSearch = model.hierarchy.nodes[node].item.isSearch
        let isOverview = !isSearch && model.hierarchy.nodes[node].item.isSection && model.hierarchy.nodes[node].item.content == .none
        // A page changes only through its tab's stack, an overview also with the items: the
        // same page is not filled or read again at every key (`ShownSource`).
        var source: ShownSource?
        let overview = isOverview ? OverviewSource(revision: model.hierarchy.revision, hidden: model.customization.hidden,
                                                   sectionOrder: model.customization.sectionOrder) : nil
        if isOverview {
            source = ShownSource(tab: id, pagesVersion: pagesVersion, overview: overview)
        } else if !isSearch, stacks[id] != nil {
            source = ShownSource(tab: id, pagesVersion: pagesVersion)
        }
        if let source {
            if source == shownSource { return }
            if let kept = shownPages[id], kept.source == source {
                shown = kept.page
                shownSource = source
                return
            }
        }
        // A section's rows are listed again only when what they are made from changed.
        let rowsAreCurrent = isOverview && stacks[id] != nil && overviewSources[id] == overview
        if isOverview { overviewSources[id] = overview }
        if isSearch || (isOverview && !rowsAreCurrent), let item = model.hierarchy.item(id) {
            var stack = pages(of: id)
            if let filled = appFilledRoot(for: item, cursor: stack[0].report.cursor ?? ListCursor()) {
                stack[0] = filled
                // Rows the app keeps are no page's own: the search index stays current.
                let version = pagesVersion
                stacks[id] = stack
                pagesVersion = version
            }
        }
        shown = ShownPage(topPage(of: id))
        // Read after the filling, which keeps `pagesVersion` as it was.
        shownSource = source
        if let source {
            // One entry per tab visited; a walk through thousands of tabs starts the table over.
            if shownPages.count >= 256 { shownPages.removeAll(keepingCapacity: true) }
            shownPages[id] = (source, shown)
        }
    }

    /// Whether a tab's root page shows rows the app keeps (`appFilledRoot`): the search tab, and
    /// a section without content of its own (`refreshShownPage` asks the same of the item where
    /// it lies).
    static func hasAppFilledRoot(_ item: borrowing TabItem) -> Bool {
        item.isSearch || (item.isSection && item.content == .none)
    }

    /// The root page of a tab whose rows are the app's own, filled in as they are now: the search
    /// tab's results, the children of a section without content of its own. The page's place
    /// (its list cursor, as it reports it) is kept. Nil for every other tab: the kind of tab,
    /// not the type of its page, decides.
    func appFilledRoot(for item: TabItem, cursor: ListCursor) -> (any TabPage)? {
        if item.isSearch {
            var hint = ""
            if case .text(let text) = item.content { hint = text.split(separator: "\n").first.map(String.init) ?? "" }
            var page = SearchResultsPage(hint: hint)
            page.results = search.results
            page.isWaitingForIndex = search.isWaitingForIndex
            page.cursor = cursor
            return page
        }
        if item.isSection, item.content == .none {
            var page = OverviewPage()
            page.rows = overviewRows(of: item.id)
            page.cursor = cursor
            return page
        }
        return nil
    }

    /// The result under the cursor of the search tab's results, while they are the page shown.
    var currentSearchResult: SearchResult? {
        guard let id = model.selectedID, model.hierarchy.item(id)?.isSearch == true, pages(of: id).count == 1,
              let cursor = currentPage.report.cursor, search.results.indices.contains(cursor.row) else { return nil }
        return search.results[cursor.row]
    }

    /// Changes the top page of a tab's stack (a root page of the app's own rows filled in first).
    mutating func updateTopPage<Result>(of id: String, _ change: (inout any TabPage) -> Result) -> Result {
        var stack = pages(of: id)
        var page = stack.removeLast()
        if stack.isEmpty, let item = model.hierarchy.item(id), Self.hasAppFilledRoot(item),
           let filled = appFilledRoot(for: item, cursor: page.report.cursor ?? ListCursor()) {
            page = filled
        }
        let result = change(&page)
        stack.append(page)
        stacks[id] = stack
        return result
    }

    /// A section's children as its overview lists them.
    func overviewRows(of id: String) -> [OverviewPage.Row] {
        model.displayOrder(of: id).compactMap { child in
            guard model.isVisible(child), let c = model.hierarchy.item(child) else { return nil }
            let detail = c.isSection ? "\(model.displayOrder(of: child).count) items" : (c.badge?.text ?? "")
            return OverviewPage.Row(id: child, title: c.title, icon: c.icon, detail: detail)
        }
    }

    /// Rows of the content area below its title and rule.
    var pageRows: Int { focus == .sidebar ? geometry.sidebarListRows : geometry.contentListRows }

    // MARK: Showing a tab

    /// Selects an item and asks for its content when it has never been shown. Selecting the
    /// search tab gives its field the keys; selecting anything else takes them away.
    mutating func selectItem(_ id: String) -> [AppEffect] {
        // Read where it lies: `item(_:)` copies the whole item.
        let isSearch = model.hierarchy.index(of: id).map { model.hierarchy.nodes[$0].item.isSearch } == true
        switch mode {
        case .browsing where isSearch: mode = .searching
        case .searching where !isSearch: mode = .browsing(.content)
        default: break
        }
        var effects: [AppEffect] = []
        if let event = model.select(id) { effects.append(.emit(event)) }
        effects += loadIfNeeded(id)
        return effects
    }

    /// The first time a tab is shown, its root page may ask for slow work (a file, a command).
    mutating func loadIfNeeded(_ id: String) -> [AppEffect] {
        guard !shownTabs.contains(id), model.hierarchy.contains(id) else { return [] }
        shownTabs.insert(id)
        var stack = pages(of: id)
        let work = stack[0].appear()
        stacks[id] = stack
        return work.map { start($0, for: id) } ?? []
    }

    /// Slow work for the top page of a tab. Older work of the same page is cancelled: its result,
    /// should it still arrive, is recognised by its id and dropped.
    mutating func start(_ work: PageWork, for id: String) -> [AppEffect] {
        var work = work
        if case .command(let command, var options)? = work.child, options.pty {
            // A pseudo-terminal as wide as the page (docs/layout-files.md, "Commands").
            options.environment["COLUMNS"] = options.environment["COLUMNS"] ?? String(max(20, geometry.content.width - 2))
            options.environment["LINES"] = options.environment["LINES"] ?? String(max(5, geometry.contentListRows))
            work.child = .command(command, options: options)
        }
        if case .terminal(var spec)? = work.child {
            // The pseudo-terminal starts the size of the content area.
            let area = terminalArea
            spec.columns = max(1, area.width)
            spec.rows = max(1, area.height)
            work.child = .terminal(spec)
        }
        let key = PageSlot(tab: id, depth: pages(of: id).count - 1)
        if work.child?.runsCommand == true, case .needed(let commands) = commandConsent {
            refuseUntrusted(on: id, commands: commands)
            return activeLoads.removeValue(forKey: key).map { [AppEffect.cancelLoad($0)] } ?? []
        }
        var effects = activeLoads[key].map { [AppEffect.cancelLoad($0)] } ?? []
        lastLoadID += 1
        let request = LoadRequest(id: LoadID(lastLoadID), tab: id, work: work, readsKernelFiles: kernelFilesAllowed)
        activeLoads[key] = request.id
        effects.append(.startLoad(request))
        return effects
    }

    /// The result of slow work reaches the page that asked for it, if that page is still there.
    /// A run of a hidden tab that ends may mark it (its `alert`).
    mutating func finishLoad(_ id: LoadID, tab: String, result: any Sendable) -> [AppEffect] {
        guard let key = activeLoads.first(where: { $0.key.tab == tab && $0.value == id })?.key else { return [] }
        let progress = result as? ChildProgress
        if let update = result as? TerminalUpdate {
            // A terminal's program goes on until it ends.
            if update.exit != nil || update.failure != nil { activeLoads[key] = nil }
        } else if progress?.isFinal != false {
            activeLoads[key] = nil  // a command or followed file goes on
        }
        guard var stack = stacks[tab], stack.indices.contains(key.depth) else { return [] }
        _ = deliver(result, to: &stack[key.depth])
        stacks[tab] = stack
        if Self.waitsForTrust(stack[key.depth]), case .needed(let items) = commandConsent {
            // A file tab found its file on a kernel file system: it shows what trusting allows.
            refuseUntrusted(on: tab, commands: items)
        }
        if let update = result as? TerminalUpdate {
            // A hidden terminal's program wrote, rang or ended: its tab is marked until shown.
            var effects: [AppEffect] = []
            if update.activity { effects += markAttention(tab, .activity) }
            if update.bell { effects += markAttention(tab, .bell) }
            if update.exit != nil { effects += markAttention(tab, .exited) }
            return effects
        }
        guard progress?.isFinal == true else { return [] }
        reportAction(stack[key.depth])
        return alertIfHidden(stack[key.depth], tab: tab)
    }

    /// Cancels the work of pages above `depth` of a tab (they were popped).
    mutating func cancelLoads(of tab: String, above depth: Int) -> [AppEffect] {
        let gone = activeLoads.filter { $0.key.tab == tab && $0.key.depth > depth }
        for key in gone.keys { activeLoads[key] = nil }
        return gone.values.sorted { $0.value < $1.value }.map { .cancelLoad($0) }
    }

    /// Cancels the work of tabs no longer in the hierarchy.
    mutating func cancelLoadsOfRemovedTabs() -> [AppEffect] {
        let gone = activeLoads.filter { !model.hierarchy.contains($0.key.tab) }
        guard !gone.isEmpty else { return [] }
        for key in gone.keys { activeLoads[key] = nil }
        return gone.values.sorted { $0.value < $1.value }.map { .cancelLoad($0) }
    }

    /// `r`: read the file or run the command of the selected tab's page again.
    mutating func reloadContent() -> [AppEffect] {
        guard let id = model.selectedID, let item = model.hierarchy.item(id) else { return [] }
        let shown = loadIfNeeded(id)
        // A page waiting for trust runs nothing on `r`, also where `t` waits for a larger screen.
        if waitsForTrustHere {
            let trust = keyName(.trust, in: .normal)
            say(canTrustHere ? "Not run: \(trust) trusts this layout file and runs its commands"
                             : "Not run until trusted: enlarge the terminal, then press \(trust)", error: true)
            return shown
        }
        guard let work = updateTopPage(of: id, { $0.reload() }) else {
            say("Nothing to reload in \(item.title)")
            return shown
        }
        say("Reloading \(item.title)…")
        return shown + start(work, for: id)
    }

    // MARK: Keys and clicks for the page

    /// Offers a key to the page with the focus (as the page's own key `action`, or as the
    /// keymap's `command`); nil when the page leaves it to the app.
    mutating func sendToPage(_ key: KeyEvent?, command: Command?, action: String? = nil) -> [AppEffect]? {
        guard let id = model.selectedID else { return nil }
        let shown = loadIfNeeded(id)
        let input = PageInput(key: key, command: action == nil ? command : nil, action: action,
                              visibleRows: geometry.contentListRows)
        let response = updateTopPage(of: id) { $0.handle(input) }
        return perform(response, on: id).map { shown + $0 } ?? (shown.isEmpty ? nil : shown)
    }

    /// Carries out what a page answered; nil for `.ignored`.
    mutating func perform(_ response: PageResponse, on id: String) -> [AppEffect]? {
        switch response {
        case .ignored:
            return nil
        case .handled:
            return []
        case .push(let page):
            return push(page, on: id)
        case .pop:
            return popContent()
        case .say(let text):
            say(text)
            return []
        case .startWork(let work):
            return start(work, for: id)
        case .selectTab(let tab):
            let effects = selectItem(tab)
            syncSidebarCursorToSelection()
            return effects
        }
    }

    /// Pushes a page on a tab's stack; it may ask for work at once.
    mutating func push(_ page: any TabPage, on id: String) -> [AppEffect] {
        var page = page
        let work = page.appear()
        var stack = pages(of: id)
        stack.append(page)
        stacks[id] = stack
        return work.map { start($0, for: id) } ?? []
    }

    /// `Backspace`: back in the selected tab's own stack (work the page asked for is cancelled).
    mutating func popContent() -> [AppEffect] {
        guard let id = model.selectedID else { return [] }
        var stack = pages(of: id)
        guard stack.count > 1 else {
            say("Already at the top of \(model.selectedItem?.title ?? "this tab")")
            return []
        }
        stack.removeLast()
        stacks[id] = stack
        // Back on the search results, the query kept, the focus on the list (not on the field:
        // the keys that follow act as usual, `/` types again).
        return cancelLoads(of: id, above: stack.count - 1)
    }

    /// Moves the content of the selected tab by `rows` (the wheel), keeping what is possible.
    mutating func scrollContent(by rows: Int) {
        guard let id = model.selectedID else { return }
        let visible = geometry.contentListRows
        updateTopPage(of: id) { $0.scroll(by: rows, visibleRows: visible) }
    }

    /// The entry `m` would pick up: the one under the content cursor.
    var draggableUnderCursor: ContentEntry? {
        guard focus == .content || !sidebarShowing else { return nil }
        return currentPage.draggableEntry
    }

    // MARK: Search

    /// Every entry offered to search by the tabs' root pages as they are now (`pages`: the root
    /// page of each tab that has been shown; the others as declared), then the lines those pages
    /// hold, in the hierarchy's order. An entry is listed once per tab that offers it, so each
    /// result names its own tab.
    static func searchableEntries(of hierarchy: TabHierarchy, pages: [String: any TabPage] = [:]) -> [SearchableEntry] {
        var index: [SearchableEntry] = []
        var seen = Set<String>()
        // Read in place: a `for … in nodes` would copy every node (and retain all it holds).
        hierarchy.nodes.withUnsafeBufferPointer { nodes in
            for node in nodes.indices {
                if pages.isEmpty || nodes[node].item.role == .search {
                    // Most tabs offer nothing: told apart without copying their content.
                    guard nodes[node].item.content.mayOfferEntries else { continue }
                }
                if Task.isCancelled { return }  // a stale index's work stops early
                let id = nodes[node].item.id
                var entries: [ContentEntry] = []
                var icon = listIcon
                var offeredBy: (any TabPage)?
                var lines: [String] = []
                if let page = pages[id] {
                    entries = page.searchEntries
                    offeredBy = page
                    if case .custom = nodes[node].item.content { icon = "doc" }
                    lines = page.searchLines(limit: SearchLimits.linesPerPage)
                } else {
                    switch nodes[node].item.content {
                    case .list(let list, _): entries = list
                    case .custom(let box):
                        guard let page = box.value as? any TabPage else { continue }
                        entries = page.searchEntries
                        offeredBy = page
                        icon = "doc"
                    default: continue
                    }
                }
                seen.removeAll(keepingCapacity: true)
                for entry in entries where seen.insert(entry.id).inserted {
                    index.append(SearchableEntry(entry: entry, tab: id, node: node,
                                                 icon: entry.icon.isEmpty ? icon : entry.icon, offeredBy: offeredBy))
                }
                for (number, line) in lines.enumerated() where !line.isEmpty {
                    index.append(SearchableEntry(entry: ContentEntry(id: "", title: line), tab: id, node: node,
                                                 icon: "doc.text", line: number))
                }
            }
        }
        return index
    }

    /// The root pages of the tabs shown so far, for the search index (the search tab's own left out).
    var searchablePages: [String: any TabPage] {
        var pages: [String: any TabPage] = [:]
        for (id, stack) in stacks {
            guard let root = stack.first, model.hierarchy.item(id)?.isSearch == false else { continue }
            pages[id] = root
        }
        return pages
    }

    /// Recomputes the ranked search results for the field's text.
    mutating func runSearch() {
        let query = search.field.text
        guard !query.trimmingSpaces.isEmpty else {
            search.results = SearchResults()
            search.narrowings = []
            search.isWaitingForIndex = false
            resetSearchPage()
            return
        }
        if searchIndexLoad != nil, searchCorpus?.describes(model.hierarchy) != true {
            // The index is on its way (AppState+SearchIndex.swift): the query runs when it comes.
            search.isWaitingForIndex = true
            search.results = SearchResults()
            resetSearchPage()
            return
        }
        search.isWaitingForIndex = false
        let corpus = preparedSearchCorpus()
        // A query that grows only narrows: look at what the shorter one matched, not at everything.
        while let last = search.narrowings.last, !query.hasPrefix(last.query) {
            search.narrowings.removeLast()
        }
        let narrowing: SearchNarrowing
        if let previous = search.narrowings.last, previous.query == query {
            narrowing = previous  // back to a query already scored (Backspace)
        } else {
            let found = corpus.match(SearchMatcher.Query(query), among: search.narrowings.last?.candidates)
            narrowing = SearchNarrowing(query: query, candidates: found.candidates, scores: found.scores)
            search.narrowings.append(narrowing)
            if search.narrowings.count > SearchState.maximumNarrowings { search.narrowings.removeFirst() }
        }
        search.results = corpus.ranked(narrowing.candidates, scores: narrowing.scores, hidden: model.customization.hidden)
        resetSearchPage()
    }

    /// The search index of the hierarchy as it is now, built on the first search after a launch
    /// or after any change of the hierarchy (a tab added, renamed or deleted, an undo or a redo
    /// of that); what earlier queries matched is forgotten then.
    mutating func preparedSearchCorpus() -> SearchCorpus {
        if let corpus = searchCorpus, corpus.describes(model.hierarchy) { return corpus }
        return rebuiltSearchCorpus()
    }

    /// The search index of the hierarchy and the pages as they are now, made here.
    mutating func rebuiltSearchCorpus() -> SearchCorpus {
        let corpus = SearchCorpus(hierarchy: model.hierarchy, pages: searchablePages, pagesVersion: pagesVersion)
        searchCorpus = corpus
        search.narrowings = []
        return corpus
    }

    /// New results start at the top, on the results page.
    mutating func resetSearchPage() {
        guard let searchID = model.selectedID, model.selectedItem?.isSearch == true,
              let item = model.selectedItem else { return }
        // The search tab's own page offers nothing to search: the index stays current.
        let version = pagesVersion
        stacks[searchID] = [makeRootPage(for: item)]
        pagesVersion = version
    }

    /// Opens a search result: a tab is selected; an entry opens as a page on the search tab's
    /// own stack (`Backspace` returns to the results), made by the page that offered it; a line
    /// selects its tab, at its root page, scrolled to it.
    mutating func open(_ result: SearchResult) -> [AppEffect] {
        switch result.kind {
        case .tab(let tab):
            let effects = selectItem(tab)
            syncSidebarCursorToSelection()
            return effects
        case .entry(let entry, let tab, let offeredBy):
            guard let searchID = model.selectedID else { return [] }
            let offering = offeredBy ?? model.hierarchy.item(tab).map { makeRootPage(for: $0) }
            let page = offering?.page(for: entry) ?? EntryPage(entry)
            mode = .browsing(.content)
            return push(page, on: searchID)
        case .line(let tab, let line):
            guard model.hierarchy.contains(tab) else { return [] }
            var effects = selectItem(tab)
            syncSidebarCursorToSelection()
            var stack = pages(of: tab)
            if stack.count > 1 {
                stack.removeSubrange(1...)
                stacks[tab] = stack
                effects += cancelLoads(of: tab, above: 0)
            }
            updateTopPage(of: tab) { $0.reveal(line: line) }
            mode = .browsing(.content)
            return effects
        }
    }

    // MARK: Drops

    /// Gives saved drops back to the pages that took them (an entry is found by its id among
    /// the entries offered to search).
    mutating func restoreDrops(_ saved: [String: [String]]) {
        guard !saved.isEmpty else { return }
        var byID: [String: ContentEntry] = [:]
        for item in Self.searchableEntries(of: model.hierarchy) where byID[item.entry.id] == nil { byID[item.entry.id] = item.entry }
        for (tab, ids) in saved {
            guard model.hierarchy.contains(tab) else { continue }
            var stack = pages(of: tab)
            var kept: [String] = []
            for id in ids {
                guard let entry = byID[id], stack[0].accepts(entry), stack[0].accept(entry) else { continue }
                kept.append(id)
            }
            guard !kept.isEmpty else { continue }
            stacks[tab] = stack
            drops[tab] = kept
            refreshDropBadge(tab)
        }
    }
}

extension String {
    var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
