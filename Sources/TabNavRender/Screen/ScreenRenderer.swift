import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// The View step of Model/Update/View: the whole screen for a state, as a cell grid plus a hit
/// map. Pure: the same state and style always give the same frame, which is what the snapshot
/// tests and `tabnav-tui render` rely on.
package func render(_ state: AppState, style: RenderStyle) -> Frame {
    var context = RenderContext(state: state, style: style)
    context.drawScreen()
    return Frame(grid: context.grid, hits: context.hits)
}

/// The state of one frame being drawn; each widget is an extension drawing into a rectangle.
struct RenderContext {
    let state: AppState
    let style: RenderStyle
    var grid: CellGrid
    var hits = HitMap()
    let geometry: ScreenGeometry

    init(state: AppState, style: RenderStyle) {
        self.state = state
        self.style = style
        geometry = state.geometry
        if geometry.layoutClass == .tooLarge {
            // One row of the notice only: the painter blanks the rest of the window.
            grid = CellGrid(columns: min(state.size.columns, LayoutClass.maximumColumns), rows: 1)
        } else {
            grid = CellGrid(columns: state.size.columns, rows: state.size.rows)
        }
    }

    var theme: Theme { style.theme }
    var glyphs: GlyphSet { style.glyphs }
    var ascii: Bool { style.ascii }
    var model: TabNavModel { state.model }

    mutating func drawScreen() {
        if geometry.layoutClass == .tooSmall {
            drawTooSmall()
            return
        }
        if geometry.layoutClass == .tooLarge {
            drawTooLarge()
            return
        }
        if !geometry.content.isEmpty { drawContent(in: geometry.content) }
        if !geometry.sidebar.isEmpty { drawSidebar(in: geometry.sidebar) }
        if !geometry.tabBar.isEmpty { drawTabBar(in: geometry.tabBar) }
        drawFooter(in: geometry.footer)
        if case .help(let scroll, let under) = state.mode { drawHelp(for: under, scroll: scroll) }
    }

    mutating func drawTooSmall() {
        guard state.size.rows > 0, state.size.columns > 0 else { return }
        let text = TextCells.truncate("terminal too small", toWidth: state.size.columns, ellipsis: glyphs.ellipsis, ascii: ascii)
        grid.draw(text, column: 0, row: 0, style: theme.error, ascii: ascii)
    }

    mutating func drawTooLarge() {
        let limit = "\(LayoutClass.maximumColumns)\(ascii ? "x" : "×")\(LayoutClass.maximumRows)"
        let text = TextCells.truncate("terminal too large (at most \(limit))", toWidth: grid.columns,
                                      ellipsis: glyphs.ellipsis, ascii: ascii)
        grid.draw(text, column: 0, row: 0, style: theme.error, ascii: ascii)
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
    func barLabel(_ item: TabItem, pinned: Bool) -> String {
        let icon = item.icon.isEmpty ? "" : glyphs.icon(item.icon).filled
        if pinned {
            // Icon only; without one, the title's first character that shows (not a space, not
            // a character that draws nothing).
            guard icon.isEmpty else { return icon }
            let shown = item.title.first { !$0.isWhitespace && DisplayWidth.of(String($0), ascii: ascii) > 0 }
            return shown.map(String.init) ?? String(item.title.prefix(1))
        }
        var label = icon.isEmpty ? item.title : icon + " " + item.title
        if let badge = item.badge { label += " " + badge.text }
        return label
    }
}
