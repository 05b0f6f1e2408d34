import TabNavCore
import TabNavDrawing

/// A section's own page (selected from the tab bar): its visible children; `Enter` selects one.
struct OverviewPage: TabPage {
    struct Row: Sendable, Equatable {
        var id: String
        var title: String
        var icon: String
        var detail: String
    }

    /// Filled in by the app from the model each time the page is used.
    var rows: [Row] = []
    var cursor = ListCursor()

    func draw(in canvas: inout PageCanvas) {
        guard !rows.isEmpty else {
            canvas.text("Nothing visible in this section", row: 0, style: canvas.theme.dim)
            return
        }
        let glyphs = canvas.glyphs
        canvas.drawList(count: rows.count, cursor: cursor) { index in
            ListRow(icon: glyphs.icon(rows[index].icon).outline, title: rows[index].title, detail: rows[index].detail)
        }
    }

    mutating func handle(_ input: PageInput) -> PageResponse {
        if input.command == .open {
            guard let row = rows[safe: cursor.row] else { return .ignored }
            return .selectTab(row.id)
        }
        return cursor.handleMove(input, count: rows.count) ? .handled : .ignored
    }

    mutating func click(row: Int, isRepeat: Bool, visibleRows: Int) -> PageResponse {
        let index = cursor.window(count: rows.count, visibleRows: visibleRows).lowerBound + row
        guard let target = rows[safe: index] else { return .ignored }
        if isRepeat, index == cursor.row { return .selectTab(target.id) }
        cursor.move(by: index - cursor.row, count: rows.count, visibleRows: visibleRows)
        return .handled
    }

    mutating func scroll(by rows: Int, visibleRows: Int) {
        cursor.move(by: rows, count: self.rows.count, visibleRows: visibleRows)
    }

    var keys: [PageKey] { rows.isEmpty ? [.move] : [.move, PageKey(.open, summary: "open")] }
}

/// The search tab's page: the ranked results of the field's text (the field itself is drawn in
/// the title row).
struct SearchResultsPage: TabPage {
    /// Shown while the field is empty.
    var hint: String
    /// Filled in by the app each time the page is used.
    var results = SearchResults()
    /// The query waits for the search index (filled in by the app too).
    var isWaitingForIndex = false
    var cursor = ListCursor()

    init(hint: String) {
        self.hint = hint
    }

    func draw(in canvas: inout PageCanvas) {
        guard !results.isEmpty else {
            let text = isWaitingForIndex ? "Indexing the titles" + canvas.glyphs.ellipsis
                : hint.isEmpty ? "Type to search every tab and entry" : hint
            canvas.text(text, row: 0, style: canvas.theme.dim)
            return
        }
        let glyphs = canvas.glyphs
        canvas.drawList(count: results.count, cursor: cursor) { index in
            let result = results[index]
            return ListRow(icon: glyphs.icon(result.icon).outline, title: result.title, detail: result.context)
        }
    }

    /// The result under the cursor.
    var current: SearchResult? { results[safe: cursor.row] }

    /// An entry found by search can be picked up and dropped on a tab like any other.
    var draggableEntry: ContentEntry? {
        if case .entry(let entry, _, _)? = current?.kind { return entry }
        return nil
    }

    mutating func handle(_ input: PageInput) -> PageResponse {
        cursor.handleMove(input, count: results.count) ? .handled : .ignored
    }

    mutating func click(row: Int, isRepeat: Bool, visibleRows: Int) -> PageResponse {
        let index = cursor.window(count: results.count, visibleRows: visibleRows).lowerBound + row
        guard results.indices.contains(index) else { return .ignored }
        cursor.move(by: index - cursor.row, count: results.count, visibleRows: visibleRows)
        return .handled
    }

    mutating func scroll(by rows: Int, visibleRows: Int) {
        cursor.move(by: rows, count: results.count, visibleRows: visibleRows)
    }

    var keys: [PageKey] { current == nil ? [.move] : [.move, PageKey(.open, summary: "open")] }
}

extension ListCursor {
    /// ↑ ↓ PgUp PgDn Home End on a list of `count` rows; false for other commands, and for ↑ on
    /// the first row (so the app can move the focus up to the tab bar).
    public mutating func handleMove(_ input: PageInput, count: Int) -> Bool {
        let page = max(1, input.visibleRows - 1)
        switch input.command {
        case .up?:
            guard row > 0 else { return false }
            move(by: -1, count: count, visibleRows: input.visibleRows)
        case .down?: move(by: 1, count: count, visibleRows: input.visibleRows)
        case .pageUp?: move(by: -page, count: count, visibleRows: input.visibleRows)
        case .pageDown?: move(by: page, count: count, visibleRows: input.visibleRows)
        case .first?: move(by: -Int.max, count: count, visibleRows: input.visibleRows)
        case .last?: move(by: Int.max, count: count, visibleRows: input.visibleRows)
        default: return false
        }
        return true
    }
}

extension OverviewPage {
    var report: PageReport { PageReport(cursor: cursor) }
}

extension SearchResultsPage {
    /// Its cursor: `Enter` (and a second click) opens the result under it.
    var report: PageReport { PageReport(cursor: cursor) }
}
