import TabNavCore
import TabNavDrawing

extension AppState {
    /// The rows of a tab's root page (SPEC §7): videos, a section's overview of its children, the
    /// search results, or lines of text. `window` limits them to the rows asked for: text pages
    /// can hold a whole log, and a frame or a key needs only the rows on screen or under the cursor.
    public func contentRows(for id: String, in window: Range<Int>? = nil) -> [ContentRow] {
        guard let item = model.hierarchy.item(id) else { return [] }
        if let lines = textLines(of: item) {
            let range = window.map { $0.clamped(to: lines.indices) } ?? lines.indices
            return lines[range].map { ContentRow(kind: .line, title: $0) }
        }
        let rows: [ContentRow]
        if item.isSearch {
            rows = search.results.map { ContentRow(kind: .result($0), title: $0.title, detail: $0.context) }
        } else if item.isSection {
            rows = model.displayOrder(of: id).compactMap { child in
                guard model.isVisible(child), let c = model.hierarchy.item(child) else { return nil }
                let detail = c.isSection ? "\(model.displayOrder(of: child).count) items" : (c.badge?.text ?? "")
                return ContentRow(kind: .tab(child), title: c.title, detail: detail)
            }
        } else if case .videos(let list) = item.content {
            let dropped = (drops[id] ?? []).compactMap { videos[$0]?.video }
            rows = (list + dropped).map { ContentRow(kind: .video($0.id), title: $0.title, detail: $0.duration) }
        } else {
            rows = []
        }
        guard let window else { return rows }
        return Array(rows[window.clamped(to: rows.indices)])
    }

    /// How many rows a tab's root page has, without building them.
    public func contentRowCount(for id: String) -> Int {
        guard let item = model.hierarchy.item(id) else { return 0 }
        if let lines = textLines(of: item) { return lines.count }
        if item.isSearch { return search.results.count }
        if case .videos(let list) = item.content, !item.isSection { return list.count + (drops[id]?.count ?? 0) }
        return contentRows(for: id).count
    }

    /// The lines of a text, file or command tab (text is split once, when the tab is first shown).
    func textLines(of item: TabItem) -> [String]? {
        guard !item.isSearch, !item.isSection else { return nil }
        switch item.content {
        case .text(let text):
            if case .loaded(let lines)? = loads[item.id] { return lines }
            return TextLines.split(text)
        case .file, .command:
            switch loads[item.id] {
            case .none, .loading?: return ["Loading…"]
            case .loaded(let lines)?, .failed(let lines)?: return lines
            }
        default:
            return nil
        }
    }

    /// Every row of the selected tab's visible page (empty on a detail page). Builds them all:
    /// the program itself asks for `rowUnderCursor` or a window.
    public var currentRows: [ContentRow] {
        guard let id = model.selectedID, case .root = stack(for: id).top.kind else { return [] }
        return contentRows(for: id)
    }

    /// The row under the selected tab's content cursor (`nil` on a detail page or an empty list).
    public var rowUnderCursor: ContentRow? {
        guard let id = model.selectedID, case .root = stack(for: id).top.kind else { return nil }
        let cursor = stack(for: id).top.cursor
        return contentRows(for: id, in: cursor..<(cursor + 1)).first
    }

    /// The page shown for the selected tab.
    public var currentPage: ContentPage {
        guard let id = model.selectedID else { return ContentPage(kind: .root) }
        return stack(for: id).top
    }

    /// Selects an item and asks for its content when it has never been loaded. Selecting the
    /// search tab gives its field the keys; selecting anything else takes them away.
    mutating func selectItem(_ id: String) -> [AppEffect] {
        let isSearch = model.hierarchy.item(id)?.isSearch == true
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

    mutating func loadIfNeeded(_ id: String) -> [AppEffect] {
        guard loads[id] == nil, let item = model.hierarchy.item(id) else { return [] }
        switch item.content {
        case .text(let text) where !item.isSearch:
            loads[id] = .loaded(TextLines.split(text))
            return []
        case .file, .command:
            loads[id] = .loading
            lastLoadID += 1
            let request = LoadRequest(id: LoadID(lastLoadID), tab: id, content: item.content)
            activeLoads[id] = request.id
            return [.startLoad(request)]
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
            let count = contentRowCount(for: id)
            page.cursor = max(0, min(page.cursor + delta, count - 1))
            if page.cursor < page.scroll { page.scroll = page.cursor }
            if page.cursor >= page.scroll + visible { page.scroll = page.cursor - visible + 1 }
        }
        stack.top = page
        stacks[id] = stack
    }

    /// The entry `m` would pick up: the video of a detail page, or the one under the content cursor.
    var draggableUnderCursor: DragItem? {
        var picked: String?
        if case .detail(let videoID) = currentPage.kind {
            picked = videoID
        } else if focus == .content || !sidebarShowing, case .video(let videoID)? = rowUnderCursor?.kind {
            picked = videoID
        } else if focus == .content, case .result(let result)? = rowUnderCursor?.kind,
                  case .video(let videoID, _) = result.kind {
            picked = videoID
        }
        guard let picked, let entry = videos[picked] else { return nil }
        return DragItem(id: picked, title: entry.video.title)
    }

    /// `<` `>`: scroll text lines sideways, so the end of a long line (a command's output) can be
    /// read; lists of videos and tabs do not scroll sideways.
    mutating func scrollTextSideways(_ delta: Int) -> [AppEffect] {
        guard let id = model.selectedID, case .root = currentPage.kind,
              let lines = model.hierarchy.item(id).flatMap(textLines(of:)) else {
            say("< and > scroll text sideways; this page has no text lines")
            return []
        }
        let widest = lines.lazy.map(\.count).max() ?? 0
        var stack = self.stack(for: id)
        stack.top.column = max(0, min(stack.top.column + delta, max(0, widest - 8)))
        stacks[id] = stack
        return []
    }

    /// `Enter` on a content row: open a video, select a tab, or jump to a search result.
    mutating func openContentRow() -> [AppEffect] {
        guard let id = model.selectedID, let row = rowUnderCursor else { return [] }
        switch row.kind {
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
            mode = .browsing(.content)
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
