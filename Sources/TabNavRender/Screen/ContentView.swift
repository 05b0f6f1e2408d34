import TabNavCore
import TabNavDrawing
import TabNavInteraction

extension RenderContext {
    /// The selected tab's content (SPEC §7): a title row, a rule, then its list, detail page,
    /// search field and results, or text.
    mutating func drawContent(in rect: Rect) {
        grid.fill(rect, with: Cell(style: theme.contentText))
        hits.add(rect, .contentArea)
        guard let id = model.selectedID, let item = model.hierarchy.item(id) else {
            text("Nothing is visible: press e, then unhide something", column: rect.column + 1, row: rect.row,
                 width: rect.width - 2, style: theme.dim)
            return
        }
        let page = state.stack(for: id).top
        let inner = Rect(column: rect.column + 1, row: rect.row, width: max(0, rect.width - 2), height: rect.height)
        drawContentTitle(item, page: page, in: Rect(column: inner.column, row: inner.row, width: inner.width, height: 1))
        if rect.height > 1 {
            let rule = String(repeating: glyphs.separatorHorizontal, count: max(0, inner.width))
            grid.draw(rule, column: inner.column, row: rect.row + 1, style: theme.dim, maxWidth: inner.width, ascii: ascii)
        }
        let body = Rect(column: inner.column, row: rect.row + 2, width: inner.width, height: geometry.contentListRows)
        switch page.kind {
        case .detail(let videoID):
            drawVideoDetail(videoID, page: page, in: body)
        case .root:
            let count = state.contentRowCount(for: id)
            if count == 0 {
                text(emptyMessage(for: item), column: body.column, row: body.row, width: body.width, style: theme.dim)
            } else {
                // Only the rows on screen are built: a text page can hold a whole log.
                let window = page.scroll..<(page.scroll + body.height)
                drawRows(state.contentRows(for: id, in: window), count: count, page: page, in: body)
            }
        }
    }

    mutating func drawContentTitle(_ item: TabItem, page: ContentPage, in r: Rect) {
        let focused = state.focus == .content
        let titleStyle = theme.contentTitle
        if item.isSearch {
            let field = state.search.field
            let label = item.title + ": "
            var x = grid.draw(label, column: r.column, row: r.row, style: titleStyle, maxWidth: r.width, ascii: ascii)
            let before = String(field.characters.prefix(field.cursor))
            let after = String(field.characters.dropFirst(field.cursor))
            let fieldStyle = state.mode == .searching ? theme.prompt : theme.contentText
            x = grid.draw(before, column: x, row: r.row, style: fieldStyle, maxWidth: r.endColumn - x, ascii: ascii)
            if state.mode == .searching {
                x = grid.draw(glyphs.textCursor, column: x, row: r.row, style: theme.editCursor, maxWidth: r.endColumn - x, ascii: ascii)
            }
            grid.draw(after, column: x, row: r.row, style: fieldStyle, maxWidth: r.endColumn - x, ascii: ascii)
            let count = state.search.field.text.isEmpty ? "" : "\(state.search.results.count) found"
            if !count.isEmpty { textRightAligned(count, endColumn: r.endColumn, row: r.row, style: theme.dim) }
            return
        }
        var title = item.title
        if case .detail(let videoID) = page.kind, let video = state.videos[videoID]?.video {
            title = glyphs.back + " " + item.title + " / " + video.title
        }
        text(title, column: r.column, row: r.row, width: r.width, style: focused ? titleStyle.with(.underline) : titleStyle)
    }

    func emptyMessage(for item: TabItem) -> String {
        if item.isSearch {
            if state.search.field.text.isEmpty {
                if case .text(let hint) = item.content { return hint.split(separator: "\n").first.map(String.init) ?? "" }
                return "Press / and type to search every tab and video"
            }
            return "Nothing matches \"\(state.search.field.text)\""
        }
        if item.acceptsDrops { return "Empty: pick up a video with m and drop it here" }
        if item.isSection { return "Nothing visible in this section" }
        return "Nothing here"
    }

    /// - Parameters:
    ///   - rows: the rows from `page.scroll` on (those that fit), out of `count` in all.
    mutating func drawRows(_ rows: [ContentRow], count: Int, page: ContentPage, in body: Rect) {
        let focused = state.focus == .content && state.mode.carry == nil
        let first = page.scroll
        let last = min(count, first + rows.count, first + body.height)
        guard first < last else { return }
        for index in first..<last {
            let row = rows[index - first]
            let r = Rect(column: body.column, row: body.row + index - first, width: body.width, height: 1)
            let isCursor = index == page.cursor
            var rowStyle = theme.contentText
            if isCursor, row.kind != .line { rowStyle = focused ? theme.cursor : theme.sidebarSelected }
            grid.fill(r, with: Cell(style: rowStyle))
            let marker: String
            switch row.kind {
            case .video: marker = glyphs.icon("play").outline + " "
            case .tab(let id): marker = (model.hierarchy.item(id).map { glyphs.icon($0.icon).outline } ?? " ") + " "
            case .result(let result):
                if case .video = result.kind { marker = glyphs.icon("play").outline + " " } else { marker = glyphs.icon("folder").outline + " " }
            case .line: marker = ""
            }
            let detailWidth = row.detail.isEmpty ? 0 : min(DisplayWidth.of(row.detail, ascii: ascii) + 1, r.width / 2)
            let x = grid.draw(marker, column: r.column, row: r.row, style: rowStyle, maxWidth: r.width, ascii: ascii)
            if row.kind == .line, page.column > 0 {
                // Scrolled sideways: the line from that column on, and a mark that more lies left.
                grid.draw(glyphs.overflowLeading, column: x, row: r.row, style: theme.dim, ascii: ascii)
                text(Self.dropping(columns: page.column, of: row.title, ascii: ascii), column: x + 1, row: r.row,
                     width: r.endColumn - x - 1, style: rowStyle)
            } else {
                text(row.title, column: x, row: r.row, width: r.endColumn - x - detailWidth, style: rowStyle)
            }
            if detailWidth > 0 {
                textRightAligned(TextCells.truncate(row.detail, toWidth: detailWidth - 1, ellipsis: glyphs.ellipsis, ascii: ascii),
                                 endColumn: r.endColumn, row: r.row, style: isCursor && focused ? rowStyle : theme.dim)
            }
            if row.kind != .line { hits.add(r, .contentRow(index)) }
        }
        if first > 0 { grid.draw(glyphs.scrollUp, column: body.endColumn, row: body.row, style: theme.dim, ascii: ascii) }
        if last < count, body.height > 0 {
            grid.draw(glyphs.scrollDown, column: body.endColumn, row: body.endRow - 1, style: theme.dim, ascii: ascii)
        }
    }

    mutating func drawVideoDetail(_ videoID: String, page: ContentPage, in body: Rect) {
        guard let entry = state.videos[videoID] else { return }
        var lines: [(String, CellStyle)] = [
            (entry.video.title, theme.contentTitle),
            (entry.video.duration.isEmpty ? "" : "Duration " + entry.video.duration, theme.dim),
            ("", theme.contentText),
        ]
        for line in wrap(entry.video.summary, width: body.width) { lines.append((line, theme.contentText)) }
        lines.append(("", theme.contentText))
        lines.append(("Backspace: back   m: pick up to drop on a collection", theme.dim))
        let first = min(page.scroll, max(0, lines.count - 1))
        for (offset, line) in lines.dropFirst(first).prefix(body.height).enumerated() {
            text(line.0, column: body.column, row: body.row + offset, width: body.width, style: line.1)
        }
    }

    /// `text` without its first `columns` display columns (a wide character cut in half goes whole).
    static func dropping(columns: Int, of text: String, ascii: Bool) -> String {
        var skipped = 0
        var result = ""
        for cell in TextCells(text, ascii: ascii) {
            if skipped < columns {
                skipped += cell.width
                continue
            }
            result += cell.text
        }
        return result
    }

    /// Splits text into lines of at most `width` columns at spaces (long words are cut).
    func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ") {
            let w = DisplayWidth.of(String(word), ascii: ascii)
            if lineWidth > 0, lineWidth + 1 + w > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 { line += " "; lineWidth += 1 }
            line += word
            lineWidth += w
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
