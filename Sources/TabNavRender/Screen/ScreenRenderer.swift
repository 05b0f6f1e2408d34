import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// The View step of Model/Update/View: the whole screen for a state, as a cell grid plus a hit
/// map. Pure: the same state and style always give the same frame, which is what the snapshot
/// tests and `tabnav-tui render` rely on.
///
/// The state is consumed: a caller that is done with its copy hands it over, and the context keeps
/// it without copying it again (each copy retains every field of the state, and the copy's end
/// releases them: two per frame were ~4 % of a keystroke, docs/benchmark.md).
///
/// `memo` keeps what this frame made for the next one to use again (`RenderMemo`); the frame is
/// the same with or without it.
package func render(_ state: consuming AppState, style: RenderStyle, memo: RenderMemo? = nil) -> Frame {
    var context = RenderContext(state: state, style: style, memo: memo)
    context.drawScreen()
    // Overlays (help, menus) cover a terminal's cursor; so does the prefix waiting for its key.
    let overlay = context.state.mode != context.state.mode.base
    let shown = overlay ? nil : context.state.terminalCursor
    return Frame(grid: context.grid, hits: context.hits, cursor: context.cursorPlace, shownCursor: shown)
}

/// The state of one frame being drawn; each widget is an extension drawing into a rectangle.
struct RenderContext {
    let state: AppState
    let style: RenderStyle
    var grid: CellGrid
    var hits = HitMap()
    let geometry: ScreenGeometry
    /// What the last frame made, to use again where it was made from the same things.
    let memo: RenderMemo?
    /// Where the terminal's cursor goes: set by whatever draws the focused item (the last one
    /// drawn wins, so an overlay takes it from what lies beneath).
    var cursor: CellPosition?

    init(state: consuming AppState, style: RenderStyle, memo: RenderMemo? = nil) {
        self.memo = memo
        geometry = state.geometry
        let size = state.size
        self.state = state
        self.style = style
        if geometry.layoutClass == .tooLarge {
            // One row of the notice only: the painter blanks the rest of the window.
            grid = CellGrid(columns: min(size.columns, LayoutClass.maximumColumns), rows: 1)
        } else {
            grid = CellGrid(columns: size.columns, rows: size.rows)
        }
    }

    var theme: Theme { style.theme }
    var glyphs: GlyphSet { style.glyphs }
    var ascii: Bool { style.ascii }
    var model: TabNavModel { state.model }

    /// The cursor's cell, kept inside the grid.
    var cursorPlace: CellPosition? {
        guard let cursor, grid.columns > 0, grid.rows > 0 else { return nil }
        return CellPosition(column: max(0, min(cursor.column, grid.columns - 1)), row: max(0, min(cursor.row, grid.rows - 1)))
    }

    /// Puts the terminal's cursor at a cell (see `cursor`).
    mutating func placeCursor(column: Int, row: Int) {
        cursor = CellPosition(column: column, row: row)
    }

    mutating func drawScreen() {
        if geometry.layoutClass == .tooSmall {
            drawTooSmall()
            return
        }
        if geometry.layoutClass == .tooLarge {
            drawTooLarge()
            return
        }
        if !geometry.content.isEmpty { drawContent(in: geometry.content) }  // first: it relies on a blank grid
        if !geometry.sidebar.isEmpty { drawSidebar(in: geometry.sidebar) }
        if !geometry.tabBar.isEmpty { drawTabBar(in: geometry.tabBar) }
        drawFooter(in: geometry.footer)
        if case .help(let scroll, let under) = state.mode { drawHelp(for: under, scroll: scroll) }
        if case .picking(let picker, _) = state.mode { drawPicker(picker) }
    }

    mutating func drawTooSmall() {
        guard state.size.rows > 0, state.size.columns > 0 else { return }
        let minimum = ascii ? "20x5" : "20×5"
        let full = "terminal too small: needs \(minimum)"
        // The minimum is the words that matter: they stay when the whole notice doesn't fit.
        let notice = DisplayWidth.of(full, ascii: ascii) <= state.size.columns ? full : "needs \(minimum)"
        let text = TextCells.truncate(notice, toWidth: state.size.columns, ellipsis: glyphs.ellipsis, ascii: ascii)
        grid.draw(text, column: 0, row: 0, style: theme.error, ascii: ascii)
    }

    mutating func drawTooLarge() {
        let limit = "\(LayoutClass.maximumColumns)\(ascii ? "x" : "×")\(LayoutClass.maximumRows)"
        let text = TextCells.truncate("terminal too large (at most \(limit))", toWidth: grid.columns,
                                      ellipsis: glyphs.ellipsis, ascii: ascii)
        grid.draw(text, column: 0, row: 0, style: theme.error, ascii: ascii)
    }

    /// Right to left, mirrors a row of `rect` piece by piece (`CellGrid.mirrorRuns`: the pieces
    /// swap sides, the text inside each keeps its order), and the clicks and the cursor on it.
    mutating func mirrorRow(_ row: Int, in rect: Rect, gap: Cell) {
        let moves = grid.mirrorRuns(row: row, in: rect, gap: gap)
        hits.move(row: row, moves)
        if let place = cursor, place.row == row,
           let move = moves.first(where: { place.column >= $0.from && place.column < $0.from + $0.width }) {
            cursor = CellPosition(column: place.column - move.from + move.to, row: row)
        }
    }

    /// Draws `text` cut to `width` columns with the glyph set's ellipsis.
    @discardableResult
    mutating func text(_ text: String, column: Int, row: Int, width: Int, style: CellStyle) -> Int {
        guard width > 0 else { return column }
        let fitted = DisplayWidth.of(text, ascii: ascii) <= width
            ? text : TextCells.truncate(text, toWidth: width, ellipsis: glyphs.ellipsis, ascii: ascii)
        return grid.draw(fitted, column: column, row: row, style: style, maxWidth: width, ascii: ascii)
    }

    /// Draws `text` so that it ends at `endColumn` (right-aligned).
    mutating func textRightAligned(_ text: String, endColumn: Int, row: Int, style: CellStyle) {
        let w = DisplayWidth.of(text, ascii: ascii)
        grid.draw(text, column: endColumn - w, row: row, style: style, ascii: ascii)
    }

    /// The item's label for the tab bar: filled icon, title, badge (`Inbox 2`).
    /// The most columns a pinned item's title takes in ASCII, where it has no icon to show.
    static let pinnedTitleWidth = 10

    /// The label of the item at `node` of the hierarchy. Each field is read where it lies: a
    /// copy of the item (or a closure handed it) retained and released every field of it.
    func barLabel(node: Int, pinned: Bool) -> String {
        let iconName = state.model.hierarchy.nodes[node].item.icon
        let icon = iconName.isEmpty ? "" : glyphs.icon(iconName).filled
        let title = state.model.hierarchy.nodes[node].item.title
        if pinned {
            // Icon only; without one, the title's first character that shows (not a space, not
            // a character that draws nothing).
            guard icon.isEmpty else { return icon }
            // In ASCII no letter stands in for an icon: the title, cut to a few columns (pinned
            // items never scroll away, so they stay short).
            if ascii, !title.isEmpty {
                return TextCells.truncate(title, toWidth: Self.pinnedTitleWidth, ellipsis: glyphs.ellipsis, ascii: true)
            }
            let shown = title.first { !$0.isWhitespace && DisplayWidth.of(String($0), ascii: ascii) > 0 }
            return shown.map(String.init) ?? String(title.prefix(1))
        }
        // A closure, not the method as a value: that would capture a copy of the whole context
        // (the state and the grid with it) for every label.
        let mark = state.attention.isEmpty ? nil
            : state.attentionMark(of: state.model.hierarchy.nodes[node].item.id).map { Self.attentionGlyph($0, ascii: ascii) }
        let badge = state.model.hierarchy.nodes[node].item.badge?.text
        guard !icon.isEmpty || badge != nil || mark != nil else { return title }
        // One string grown in place (joining the pieces made a string for each step). Each
        // piece as drawn: a text that ends early (`TextCells.maximumZeroWidthRun`) ends there,
        // not the pieces after it.
        var label = icon
        label.reserveCapacity(icon.utf8.count + title.utf8.count + (badge?.utf8.count ?? 0) + 2)
        if !icon.isEmpty { label += " " }
        label += TextCells.sanitize(title, ascii: ascii)
        if let badge {
            label += " "
            label += spelled(badge: TextCells.sanitize(badge, ascii: ascii))
        }
        if let mark {
            label += " "
            label += mark
        }
        return label
    }

    /// A badge as drawn: with `--screen-reader` a count is spelled as words (`3 new`), so a
    /// reader does not read "New 3" as a title.
    func spelled(badge text: String) -> String {
        guard state.options.screenReader, !text.isEmpty, text.allSatisfy(\.isNumber) else { return text }
        return text + " new"
    }

    /// A mark as drawn: with `--screen-reader` the words (`hidden`, `in bar`) instead of the glyph.
    func spelled(_ glyph: String, as words: String) -> String {
        state.options.screenReader ? words : glyph
    }

    /// The mark of a tab that wants attention (docs/behaviour.md, "Attention"): a failure, a
    /// change, activity, a bell or an exit each have their own, in Unicode and ASCII alike, none
    /// of them a digit or a word as a badge is.
    func attentionGlyph(_ reason: AttentionReason) -> String { Self.attentionGlyph(reason, ascii: ascii) }

    static func attentionGlyph(_ reason: AttentionReason, ascii: Bool) -> String {
        switch reason {
        case .failure: return ascii ? "!" : "✗"
        case .change: return ascii ? "*" : "●"
        case .activity: return ascii ? "+" : "◦"
        case .bell: return ascii ? "^G" : "♪"
        case .exited: return ascii ? "$" : "■"
        }
    }

    /// Its style: failures and exits as errors, the rest as the bar's badges but bold.
    func attentionStyle(_ reason: AttentionReason, over base: CellStyle) -> CellStyle {
        switch reason {
        case .failure, .exited: return base.adding(theme.error).with(.bold)
        default: return base.adding(theme.badge).with(.bold)
        }
    }
}
