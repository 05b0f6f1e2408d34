import TabNavCore
import TabNavDrawing
import TabNavInteraction

extension RenderContext {
    /// The sidebar (docs/behaviour.md, "Sidebar"): a title row with the toggle, then the rows of the hierarchy.
    /// Only the rows in view are drawn, so 100,000 tabs cost what 100 do.
    mutating func drawSidebar(in rect: Rect) {
        grid.fill(rect, with: Cell(style: theme.sidebarRow))
        let rtl = state.options.rightToLeft
        let fullScreen = geometry.layoutClass == .compact
        // The separator between the sidebar and the content.
        var list = rect
        if !fullScreen {
            list.width -= 1
            let sepColumn = rtl ? rect.column : rect.endColumn - 1
            if rtl { list.column += 1 }
            // The focused pane's divider is in the accent colour (docs/themes.md, "Focus").
            let focused = state.focus == .sidebar && state.mode.carry == nil && state.edit == nil
            let divider = focused ? CellStyle([.bold], foreground: theme.focusAccent.foreground) : theme.dim
            grid.drawVertical(glyphs.separatorVertical, column: sepColumn, rows: rect.row..<rect.endRow, style: divider, ascii: ascii)
        }
        // Title row: the toggle and the layout's title; in edit mode and while an item is
        // grabbed it takes the mode's colour across, as the bar does.
        let toggle = " " + glyphs.sidebarToggle + " "
        let title = state.edit != nil ? "Edit \(model.hierarchy.title)" : model.hierarchy.title
        let titleRow = Rect(column: list.column, row: list.row, width: list.width, height: 1)
        let headingStyle: CellStyle
        if state.mode.grab != nil {
            headingStyle = theme.grabBar
        } else if state.edit != nil {
            headingStyle = theme.editBar
        } else if state.focus == .sidebar && state.mode.carry == nil {
            headingStyle = theme.focusAccent
        } else {
            headingStyle = theme.sidebarHeader
        }
        let modeRow = state.edit != nil || state.mode.grab != nil
        grid.fill(titleRow, with: Cell(style: modeRow ? headingStyle : theme.sidebarHeader))
        var header = RowWriter(rect: titleRow, rightToLeft: rtl, ascii: ascii)
        let toggleStyle = modeRow ? headingStyle : theme.barControl
        hits.add(header.lead(toggle, &grid, style: toggleStyle), .sidebarToggle)
        header.lead(TextCells.truncate(title, toWidth: header.remaining, ellipsis: glyphs.ellipsis, ascii: ascii),
                    &grid, style: headingStyle)

        let rows = state.sidebarRows
        let listRows = geometry.sidebarListRows
        let first = state.sidebarScroll
        let last = min(rows.count, first + listRows)
        let body = Rect(column: list.column, row: list.row + 1, width: list.width, height: listRows)
        hits.add(body, .sidebarArea)
        if first < last {
            let facts = SidebarFacts(edit: state.edit, grab: state.mode.grab, carrying: state.mode.carry != nil,
                                     focus: state.focus, selectedID: state.model.selectedID, cursor: state.sidebarCursor)
            // Outside edit mode, a grab and a carry, a row is drawn from its own key and what
            // every row shares: the last frame's cells serve for it (`RenderMemo`).
            let memo = facts.editing || facts.carrying || facts.grabbedID != nil ? nil : self.memo
            memo?.useSidebarRows(madeFrom: RenderMemo.SidebarSource(
                revision: model.hierarchy.revision, column: body.column, width: body.width, rightToLeft: rtl, ascii: ascii,
                icons: glyphs.icons, screenReader: state.options.screenReader, ellipsis: glyphs.ellipsis,
                attention: state.attention, theme: theme))
            for index in first..<last {
                let r = Rect(column: body.column, row: body.row + index - first, width: body.width, height: 1)
                guard let memo else {
                    drawSidebarRow(rows[index], index: index, in: r, facts: facts)
                    continue
                }
                let key = RenderMemo.SidebarRowKey(
                    row: rows[index], isSelected: model.hierarchy.nodes[rows[index].node].item.id == facts.selectedID,
                    isCursor: index == facts.cursor && facts.cursorShows)
                if let kept = memo.sidebarRow(key), kept.cells.count == r.width {
                    grid.replaceCells(inRow: r.row, from: r.column, with: kept.cells)
                    hits.add(r, .sidebarRow(index))
                    for region in kept.regions {
                        hits.add(Rect(column: region.column, row: r.row, width: region.width, height: 1), region.target)
                    }
                    if key.isCursor { placeCursor(column: kept.titleColumn, row: r.row) }
                    continue
                }
                let firstRegion = hits.regions.count
                let titleColumn = drawSidebarRow(rows[index], index: index, in: r, facts: facts)
                // The row's own region is added again on use (its index is the line's).
                let regions = hits.regions.dropFirst(firstRegion + 1).map { (column: $0.rect.column, width: $0.rect.width, target: $0.target) }
                let drawn = grid.cells(inRow: r.row)
                let start = drawn.startIndex + r.column
                guard r.column >= 0, start + r.width <= drawn.endIndex else { continue }
                memo.keep(RenderMemo.SidebarRowCells(key: key, cells: Array(drawn[start ..< start + r.width]),
                                                     regions: regions, titleColumn: titleColumn))
            }
        }
        if first > 0 {
            grid.draw(glyphs.scrollUp, column: rtl ? body.column : body.endColumn - 1, row: body.row, style: theme.dim, ascii: ascii)
        }
        if last < rows.count, body.height > 0 {
            grid.draw(glyphs.scrollDown, column: rtl ? body.column : body.endColumn - 1, row: body.endRow - 1, style: theme.dim, ascii: ascii)
        }
    }

    /// What every row of one frame needs to know about the state, found once per frame rather
    /// than once per row (each look into the mode copies its payload).
    struct SidebarFacts {
        let editing: Bool
        let grabbedID: String?
        let cursorShows: Bool
        let carrying: Bool
        let selectedID: String?
        let cursor: Int

        /// From what the state says, read where it lies: passing the render context, or the
        /// state itself, copied it once a frame.
        init(edit: EditSession?, grab: GrabSession?, carrying: Bool, focus: Focus, selectedID: String?, cursor: Int) {
            editing = edit != nil
            grabbedID = grab?.itemID
            self.carrying = carrying
            cursorShows = grab == nil
                && (focus == .sidebar || edit?.region == .sidebar || carrying)
                && !(edit?.region == .tabBar)
            self.selectedID = selectedID
            self.cursor = cursor
        }
    }

    /// Draws one row; returns the column its title starts at.
    @discardableResult
    mutating func drawSidebarRow(_ row: SidebarRow, index: Int, in r: Rect, facts: SidebarFacts) -> Int {
        let item = model.hierarchy.nodes[row.node].item
        let editing = facts.editing
        let isGrabbed = facts.grabbedID == item.id
        let isCursor = index == facts.cursor && facts.cursorShows
        let isSelected = item.id == facts.selectedID
        var rowStyle = row.isSectionHeader ? theme.sidebarHeader : theme.sidebarRow
        if isSelected { rowStyle = theme.sidebarSelected }
        if row.isHidden { rowStyle = theme.hiddenItem }
        if isCursor { rowStyle = editing ? theme.editCursor : theme.cursor }
        if isGrabbed { rowStyle = theme.grabbed }
        if facts.carrying, isCursor {
            rowStyle = state.acceptsDrop(on: item.id) ? theme.dropAccepts : theme.dropRefuses
        }
        grid.fill(r, with: Cell(style: rowStyle))
        // The whole row first: the finer targets added below (checkbox, fold marker, actions) win.
        hits.add(r, .sidebarRow(index))
        var line = RowWriter(rect: r, rightToLeft: state.options.rightToLeft, ascii: ascii)

        // From the leading edge: marker, indentation, checkbox, fold marker, icon, title.
        let marker = isGrabbed ? glyphs.grabMarker : (isSelected ? glyphs.selectionBullet : " ")
        line.lead(marker, &grid, style: rowStyle)
        if row.depth > 0 { line.lead(String(repeating: "  ", count: row.depth), &grid, style: rowStyle) }
        if editing {
            let hideable = item.allowsHiding && item.placement != .fixed && item.placement != .pinned
            let box = hideable ? (row.isHidden ? spelled(glyphs.checkboxUnchecked, as: "hidden") : spelled(glyphs.checkboxChecked, as: "shown"))
                : String(repeating: " ", count: DisplayWidth.of(glyphs.checkboxChecked, ascii: ascii))
            let span = line.lead(box, &grid, style: rowStyle)
            if hideable { hits.add(span, .sidebarCheckbox(index)) }
            line.lead(" ", &grid, style: rowStyle)
        }
        if row.isSectionHeader {
            let span = line.lead(row.isCollapsed ? glyphs.sectionCollapsed : glyphs.sectionExpanded, &grid, style: rowStyle)
            hits.add(span, .sectionCollapse(item.id))
            line.lead(" ", &grid, style: rowStyle)
        }
        let icon = item.icon.isEmpty ? "" : glyphs.icon(item.icon).outline
        if !icon.isEmpty || !ascii {
            line.lead(icon.isEmpty ? " " : icon, &grid, style: rowStyle)
            line.lead(" ", &grid, style: rowStyle)
        }

        // From the trailing edge: a space, then the badge or the section's actions, the in-bar
        // mark in edit mode, and the drop verdict.
        line.trail(" ", &grid, style: rowStyle)
        if row.isSectionHeader && !editing {
            // Actions that do not fit whole are left out, so each one drawn is exactly where its
            // click lands; the title keeps at least one column.
            // Where the sidebar is wide enough for the section's whole title and every action's,
            // the actions read `⊕ New Collection`; elsewhere their glyph alone.
            let glyphs = self.glyphs // a closure over `self` in a mutating method would copy the context
            // In ASCII an icon has no stand-in: the action is its title.
            func glyph(_ action: SectionAction) -> String { action.icon.isEmpty ? "" : glyphs.icon(action.icon).outline }
            let titled = item.actions.map { glyph($0).isEmpty ? $0.title : glyph($0) + " " + $0.title }
            let titledWidth = titled.reduce(0) { $0 + DisplayWidth.of($1, ascii: ascii) + 1 }
            let withTitles = titledWidth + DisplayWidth.of(item.title, ascii: ascii) + 1 <= line.remaining
            var fitting: [(action: SectionAction, label: String)] = []
            var used = 0
            for (index, action) in item.actions.enumerated() {
                let label = withTitles ? titled[index] : glyph(action).isEmpty ? action.title : glyph(action)
                let width = DisplayWidth.of(label, ascii: ascii)
                guard width > 0, used + width + 1 < line.remaining else { break }
                fitting.append((action, label))
                used += width + 1
            }
            for (action, label) in fitting.reversed() {
                let span = line.trail(label, &grid, style: rowStyle)
                hits.add(span, .sectionAction(section: item.id, action: action.id))
                line.trail(" ", &grid, style: rowStyle)
            }
        } else if let badge = item.badge {
            // The badge stands out, except where the row's own highlight must read as one.
            line.trail(spelled(badge: badge.text), &grid, style: isCursor || isGrabbed ? rowStyle : rowStyle.adding(theme.badge))
            line.trail(" ", &grid, style: rowStyle)
        }
        if !row.isSectionHeader || editing, let reason = state.attentionMark(of: item.id) {
            // Left of the badge: something happened in this tab while it was not shown.
            line.trail(attentionGlyph(reason), &grid, style: isCursor || isGrabbed ? rowStyle.with(.bold) : attentionStyle(reason, over: rowStyle))
            line.trail(" ", &grid, style: rowStyle)
        }
        if editing, model.isInTabBar(item.id) {
            line.trail(spelled(glyphs.selectionBullet, as: "in bar"), &grid, style: rowStyle)
            line.trail(" ", &grid, style: rowStyle)
        }
        if facts.carrying {
            // Every tab says whether it would take what is carried; the one under the cursor says so loudly.
            let accepts = state.acceptsDrop(on: item.id)
            if isCursor || accepts {
                line.trail(accepts ? glyphs.dropAccepts : glyphs.dropRefuses, &grid, style: isCursor ? rowStyle : theme.dropAccepts)
                line.trail(" ", &grid, style: rowStyle)
            }
        }
        let title = line.lead(TextCells.truncate(item.title, toWidth: line.remaining, ellipsis: glyphs.ellipsis, ascii: ascii),
                              &grid, style: rowStyle)
        if isCursor || isGrabbed { placeCursor(column: title.column, row: r.row) }
        return title.column
    }
}

/// Places the pieces of one row from its leading and trailing edges, mirrored in right-to-left
/// layouts, so the sidebar is a true mirror image rather than right-aligned text.
struct RowWriter {
    let rect: Rect
    let rightToLeft: Bool
    let ascii: Bool
    private(set) var leadUsed = 0
    private(set) var trailUsed = 0

    init(rect: Rect, rightToLeft: Bool, ascii: Bool) {
        self.rect = rect
        self.rightToLeft = rightToLeft
        self.ascii = ascii
    }

    var remaining: Int { max(0, rect.width - leadUsed - trailUsed) }

    /// Draws `text` next to what is already on the leading side; returns where it went.
    @discardableResult
    mutating func lead(_ text: String, _ grid: inout CellGrid, style: CellStyle) -> Rect {
        if !rightToLeft {
            // Drawn where it starts, the text measures itself: `draw` returns where it ended.
            let column = rect.column + leadUsed
            let w = grid.draw(text, column: column, row: rect.row, style: style, maxWidth: remaining, ascii: ascii) - column
            leadUsed += w
            return Rect(column: column, row: rect.row, width: w, height: 1)
        }
        let w = min(DisplayWidth.of(text, ascii: ascii), remaining)
        let column = rightToLeft ? rect.endColumn - leadUsed - w : rect.column + leadUsed
        grid.draw(text, column: column, row: rect.row, style: style, maxWidth: w, ascii: ascii)
        leadUsed += w
        return Rect(column: column, row: rect.row, width: w, height: 1)
    }

    /// Draws `text` next to what is already on the trailing side; returns where it went.
    @discardableResult
    mutating func trail(_ text: String, _ grid: inout CellGrid, style: CellStyle) -> Rect {
        if rightToLeft {
            let column = rect.column + trailUsed
            let w = grid.draw(text, column: column, row: rect.row, style: style, maxWidth: max(0, remaining - 1), ascii: ascii) - column
            trailUsed += w
            return Rect(column: column, row: rect.row, width: w, height: 1)
        }
        let w = min(DisplayWidth.of(text, ascii: ascii), max(0, remaining - 1))
        let column = rightToLeft ? rect.column + trailUsed : rect.endColumn - trailUsed - w
        grid.draw(text, column: column, row: rect.row, style: style, maxWidth: w, ascii: ascii)
        trailUsed += w
        return Rect(column: column, row: rect.row, width: w, height: 1)
    }
}
