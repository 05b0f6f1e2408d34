extension AppState {
    /// The rows of a tab's root page (SPEC §7): videos, a section's overview of its children, the
    /// search results, or lines of text.
    public func contentRows(for id: String) -> [ContentRow] {
        guard let item = model.hierarchy.item(id) else { return [] }
        if item.isSearch {
            return search.results.map { ContentRow(kind: .result($0), title: $0.title, detail: $0.context) }
        }
        if item.isSection {
            return model.displayOrder(of: id).compactMap { child in
                guard model.isVisible(child), let c = model.hierarchy.item(child) else { return nil }
                let detail = c.isSection ? "\(model.displayOrder(of: child).count) items" : (c.badge?.text ?? "")
                return ContentRow(kind: .tab(child), title: c.title, detail: detail)
            }
        }
        switch item.content {
        case .none:
            return []
        case .text(let text):
            return TextLines.split(text).map { ContentRow(kind: .line, title: $0) }
        case .videos(let list):
            let dropped = (drops[id] ?? []).compactMap { videos[$0]?.video }
            return (list + dropped).map { ContentRow(kind: .video($0.id), title: $0.title, detail: $0.duration) }
        case .file, .command:
            switch loads[id] {
            case .none, .loading?: return [ContentRow(kind: .line, title: "Loading…")]
            case .loaded(let lines)?: return lines.map { ContentRow(kind: .line, title: $0) }
            case .failed(let lines)?: return lines.map { ContentRow(kind: .line, title: $0) }
            }
        }
    }

    /// The rows of the selected tab's visible page (empty on a detail page).
    public var currentRows: [ContentRow] {
        guard let id = model.selectedID else { return [] }
        if case .detail = stack(for: id).top.kind { return [] }
        return contentRows(for: id)
    }

    /// The page shown for the selected tab.
    public var currentPage: ContentPage {
        guard let id = model.selectedID else { return ContentPage(kind: .root) }
        return stack(for: id).top
    }

    /// Selects an item and asks for its content when it has never been loaded.
    mutating func selectItem(_ id: String) -> [AppEffect] {
        // The field belongs to the search tab: selecting anything else leaves it.
        if model.hierarchy.item(id)?.isSearch != true { search.isActive = false }
        var effects: [AppEffect] = []
        if let event = model.select(id) { effects.append(.emit(event)) }
        effects += loadIfNeeded(id)
        return effects
    }

    mutating func loadIfNeeded(_ id: String) -> [AppEffect] {
        guard loads[id] == nil, let item = model.hierarchy.item(id) else { return [] }
        switch item.content {
        case .file, .command:
            loads[id] = .loading
            return [.load(tab: id, content: item.content)]
        default:
            return []
        }
    }

    /// Moves the content cursor of the selected tab's page by `delta` rows, keeping it in view.
    mutating func moveContentCursor(_ delta: Int) {
        guard let id = model.selectedID else { return }
        var stack = self.stack(for: id)
        var page = stack.top
        let visible = max(1, geometry.contentListRows)
        if case .detail(let videoID) = page.kind {
            // A detail page has at most one line per word of the summary besides its title,
            // duration, blank and hint lines (the renderer wraps at spaces): scrolling stops
            // there, so `End` neither runs away nor overflows when pressed again.
            let words = videos[videoID]?.video.summary.split(separator: " ").count ?? 0
            page.scroll = max(0, min(page.scroll, words + 4) + max(-Int.max / 2, min(delta, Int.max / 2)))
            page.scroll = min(page.scroll, words + 4)
        } else {
            let count = contentRows(for: id).count
            page.cursor = max(0, min(page.cursor + delta, count - 1))
            if page.cursor < page.scroll { page.scroll = page.cursor }
            if page.cursor >= page.scroll + visible { page.scroll = page.cursor - visible + 1 }
        }
        stack.top = page
        stacks[id] = stack
    }

    /// `<` `>`: scroll text lines sideways, so the end of a long line (a command's output) can be
    /// read; lists of videos and tabs do not scroll sideways.
    mutating func scrollTextSideways(_ delta: Int) -> [AppEffect] {
        guard let id = model.selectedID else { return [] }
        let rows = currentRows
        guard rows.contains(where: { $0.kind == .line }) else {
            say("< and > scroll text sideways; this page has no text lines")
            return []
        }
        let widest = rows.lazy.filter { $0.kind == .line }.map { $0.title.count }.max() ?? 0
        var stack = self.stack(for: id)
        stack.top.column = max(0, min(stack.top.column + delta, max(0, widest - 8)))
        stacks[id] = stack
        return []
    }

    /// `Enter` on a content row: open a video, select a tab, or jump to a search result.
    mutating func openContentRow() -> [AppEffect] {
        guard let id = model.selectedID else { return [] }
        let rows = currentRows
        let page = stack(for: id).top
        guard rows.indices.contains(page.cursor) else { return [] }
        switch rows[page.cursor].kind {
        case .video(let videoID):
            push(.detail(videoID: videoID), on: id)
            return []
        case .tab(let tab):
            return selectItem(tab)
        case .result(let result):
            return jump(to: result)
        case .line:
            return []
        }
    }

    mutating func push(_ kind: ContentPage.Kind, on tab: String) {
        var stack = self.stack(for: tab)
        stack.pages.append(ContentPage(kind: kind))
        stacks[tab] = stack
    }

    /// `Backspace`: back in the selected tab's own stack.
    mutating func popContent() {
        guard let id = model.selectedID else { return }
        var stack = self.stack(for: id)
        guard stack.pages.count > 1 else { say("Already at the top of \(model.selectedItem?.title ?? "this tab")"); return }
        stack.pages.removeLast()
        stacks[id] = stack
    }

    mutating func jump(to result: SearchResult) -> [AppEffect] {
        switch result.kind {
        case .tab(let tab):
            let effects = selectItem(tab)
            syncSidebarCursorToSelection()
            return effects
        case .video(let videoID, let tab):
            let effects = selectItem(tab)
            var stack = self.stack(for: tab)
            stack.pages = [ContentPage(kind: .root)]
            stacks[tab] = stack
            if let row = contentRows(for: tab).firstIndex(where: { $0.kind == .video(videoID) }) {
                stack.top.cursor = row
                stacks[tab] = stack
            }
            push(.detail(videoID: videoID), on: tab)
            syncSidebarCursorToSelection()
            focus = .content
            return effects
        }
    }

    /// Recomputes the ranked search results for the field's text.
    mutating func runSearch() {
        let query = search.field.text
        var results: [SearchResult] = []
        guard !query.trimmingSpaces.isEmpty else { search.results = []; return }
        for node in model.hierarchy.nodes where !node.item.isSearch {
            let id = node.item.id
            guard let score = SearchMatcher.score(query, node.item.title), model.isVisible(id) else { continue }
            let parent = model.hierarchy.parentID(of: id).flatMap { model.hierarchy.item($0)?.title }
            results.append(SearchResult(kind: .tab(id), title: node.item.title,
                                        context: parent.map { "in \($0)" } ?? (node.item.isSection ? "section" : "tab"),
                                        score: score + 3))
        }
        for videoID in videoOrder {
            guard let entry = videos[videoID], let score = SearchMatcher.score(query, entry.video.title),
                  model.isVisible(entry.tab) else { continue }
            let tabTitle = model.hierarchy.item(entry.tab)?.title ?? entry.tab
            results.append(SearchResult(kind: .video(id: videoID, tab: entry.tab), title: entry.video.title,
                                        context: "in \(tabTitle)", score: score))
        }
        results.sort { $0.score != $1.score ? $0.score > $1.score : $0.title < $1.title }
        search.results = results
        if let searchID = model.selectedID, model.selectedItem?.isSearch == true {
            var stack = self.stack(for: searchID)
            stack.pages = [ContentPage(kind: .root)]
            stacks[searchID] = stack
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
