import TabNavCore
import TabNavDrawing

/// A list of entries, each opening a page with its text (`Enter`); `m` picks an entry up to drop
/// it on another tab, and a list that accepts drops adds what is dropped on it.
public struct ListPage: TabPage {
    public private(set) var entries: [ContentEntry]
    public let acceptsDrops: Bool
    /// The symbol drawn before each entry (`play`, `doc`…).
    public let icon: String
    /// Said when the list is empty.
    public let emptyText: String
    var cursor = ListCursor()

    public init(_ entries: [ContentEntry], icon: String = "doc", acceptsDrops: Bool = false, emptyText: String? = nil) {
        self.entries = entries
        self.icon = icon
        self.acceptsDrops = acceptsDrops
        self.emptyText = emptyText ?? (acceptsDrops ? "Empty: pick up an entry with m and drop it here" : "Nothing here")
    }

    public func draw(in canvas: inout PageCanvas) {
        guard !entries.isEmpty else {
            canvas.text(emptyText, row: 0, style: canvas.theme.dim)
            return
        }
        let glyphs = canvas.glyphs
        let glyph = icon.isEmpty ? "" : glyphs.icon(icon).outline
        canvas.drawList(count: entries.count, cursor: cursor) { index in
            let entry = entries[index]
            return ListRow(icon: entry.icon.isEmpty ? glyph : glyphs.icon(entry.icon).outline, title: entry.title, detail: entry.detail)
        }
    }

    public mutating func handle(_ input: PageInput) -> PageResponse {
        if input.command == .open {
            guard let entry = entries[safe: cursor.row] else { return .ignored }
            return .push(EntryPage(entry))
        }
        return cursor.handleMove(input, count: entries.count) ? .handled : .ignored
    }

    public mutating func click(row: Int, isRepeat: Bool, visibleRows: Int) -> PageResponse {
        let index = cursor.window(count: entries.count, visibleRows: visibleRows).lowerBound + row
        guard entries.indices.contains(index) else { return .ignored }
        if isRepeat, index == cursor.row { return .push(EntryPage(entries[index])) }
        cursor.move(by: index - cursor.row, count: entries.count, visibleRows: visibleRows)
        return .handled
    }

    public mutating func scroll(by rows: Int, visibleRows: Int) {
        cursor.move(by: rows, count: entries.count, visibleRows: visibleRows)
    }

    public var draggableEntry: ContentEntry? { entries[safe: cursor.row] }

    public var keys: [PageKey] { entries.isEmpty ? [.move] : [.move, PageKey(.open, summary: "open")] }

    public func accepts(_ entry: ContentEntry) -> Bool { acceptsDrops }

    public mutating func accept(_ entry: ContentEntry) -> Bool {
        guard acceptsDrops, !entries.contains(where: { $0.id == entry.id }) else { return false }
        entries.append(entry)
        return true
    }

    public var searchEntries: [ContentEntry] { entries }

    public func page(for entry: ContentEntry) -> (any TabPage)? { EntryPage(entry) }
}

/// One entry's own page: its title, its detail and its text, wrapped to the width.
public struct EntryPage: TabPage {
    public let entry: ContentEntry
    var scroll = 0

    public init(_ entry: ContentEntry) {
        self.entry = entry
    }

    public var title: String? { entry.title }

    public func draw(in canvas: inout PageCanvas) {
        // Title, detail and a blank line, the body wrapped to the width, then a blank line and the
        // hint; only the rows on screen are made (a body of millions of lines is never wrapped whole).
        var head: [(String, CellStyle)] = [(entry.title, canvas.theme.contentTitle)]
        if !entry.detail.isEmpty { head.append((entry.detail, canvas.theme.dim)) }
        head.append(("", canvas.theme.contentText))
        let tail: [(String, CellStyle)] = [("", canvas.theme.contentText),
                                           ("Backspace: back   m: pick up to drop on a tab", canvas.theme.dim)]
        let height = canvas.rect.height
        func window(from scroll: Int) -> (rows: [String], total: Int?) {
            canvas.wrap(entry.body, width: canvas.rect.width, from: max(0, scroll - head.count),
                        limit: max(0, height - max(0, head.count - scroll)))
        }
        var scroll = self.scroll
        var body = window(from: scroll)
        if let total = body.total, scroll > max(0, head.count + total + tail.count - height) {
            // Scrolled past the last screenful (`End` goes by a bound, not by rows): show that one.
            scroll = max(0, head.count + total + tail.count - height)
            body = window(from: scroll)
        }
        var lines = Array(head.dropFirst(min(scroll, head.count)))
        lines += body.rows.map { ($0, canvas.theme.contentText) }
        if let total = body.total { lines += tail.dropFirst(max(0, scroll - head.count - total)) }
        for (offset, line) in lines.prefix(height).enumerated() {
            canvas.text(line.0, row: offset, style: line.1)
        }
    }

    /// At most one line per word of the text, and one per line feed (a blank line has no word),
    /// besides the title, detail, blank and hint lines: scrolling stops there, so `End` neither
    /// runs away nor overflows when pressed again. They are counted, not split out (a list of
    /// millions of pieces is not made to count them).
    private var most: Int {
        var rows = 0
        var inWord = false
        for byte in entry.body.utf8 {
            let separator = byte == 0x20 || byte == 0x0A
            if !separator, !inWord { rows += 1 }
            if byte == 0x0A { rows += 1 }
            inWord = !separator
        }
        return rows + 4
    }

    public mutating func handle(_ input: PageInput) -> PageResponse {
        let most = self.most
        let page = max(1, input.visibleRows - 1)
        let delta: Int
        switch input.command {
        case .up?: delta = -1
        case .down?: delta = 1
        case .pageUp?: delta = -page
        case .pageDown?: delta = page
        case .first?: delta = -most
        case .last?: delta = most
        default: return .ignored
        }
        if delta < 0, scroll == 0, input.command == .up { return .ignored }
        scroll = max(0, min(most, scroll + delta))
        return .handled
    }

    public mutating func scroll(by rows: Int, visibleRows: Int) {
        scroll = max(0, min(most, scroll + rows))
    }

    public var draggableEntry: ContentEntry? { entry }

    public var keys: [PageKey] { [.move] }
}
