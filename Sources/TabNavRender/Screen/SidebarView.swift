import TabNavCore

extension RenderContext {
    /// The sidebar (SPEC §1, §5): a title row with the toggle, then the rows of the hierarchy.
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
            for row in rect.row..<rect.endRow {
                grid.draw(glyphs.separatorVertical, column: sepColumn, row: row, style: theme.dim, ascii: ascii)
            }
        }
        // Title row: the toggle and the layout's title.
        let toggle = " " + glyphs.sidebarToggle + " "
        let toggleWidth = DisplayWidth.of(toggle, ascii: ascii)
        let title = state.edit != nil ? "Edit \(model.hierarchy.title)" : model.hierarchy.title
        let titleRow = Rect(column: list.column, row: list.row, width: list.width, height: 1)
        grid.fill(titleRow, with: Cell(style: theme.sidebarHeader))
        if rtl {
            grid.draw(toggle, column: titleRow.endColumn - toggleWidth, row: titleRow.row, style: theme.barSelected, ascii: ascii)
            hits.add(Rect(column: titleRow.endColumn - toggleWidth, row: titleRow.row, width: toggleWidth, height: 1), .sidebarToggle)
            textRightAligned(title + " ", endColumn: titleRow.endColumn - toggleWidth, row: titleRow.row, style: theme.sidebarHeader)
        } else {
            grid.draw(toggle, column: titleRow.column, row: titleRow.row, style: theme.barSelected, ascii: ascii)
            hits.add(Rect(column: titleRow.column, row: titleRow.row, width: toggleWidth, height: 1), .sidebarToggle)
            text(title, column: titleRow.column + toggleWidth, row: titleRow.row,
                 width: titleRow.width - toggleWidth, style: theme.sidebarHeader)
        }

        let rows = state.edit?.grab?.previewRows ?? state.sidebarRows
        let listRows = geometry.sidebarListRows
        let first = state.sidebarScroll
        let last = min(rows.count, first + listRows)
        let body = Rect(column: list.column, row: list.row + 1, width: list.width, height: listRows)
        hits.add(body, .sidebarArea)
        if first < last {
            for index in first..<last {
                let r = Rect(column: body.column, row: body.row + index - first, width: body.width, height: 1)
                drawSidebarRow(rows[index], index: index, in: r)
            }
        }
        if first > 0 {
            grid.draw(glyphs.scrollUp, column: rtl ? body.column : body.endColumn - 1, row: body.row, style: theme.dim, ascii: ascii)
        }
        if last < rows.count, body.height > 0 {
            grid.draw(glyphs.scrollDown, column: rtl ? body.column : body.endColumn - 1, row: body.endRow - 1, style: theme.dim, ascii: ascii)
        }
    }

    mutating func drawSidebarRow(_ row: SidebarRow, index: Int, in r: Rect) {
        let item = model.hierarchy.nodes[row.node].item
        let editing = state.edit != nil
        let grab = state.edit?.grab
        let isGrabbed = grab?.itemID == item.id
        let isCursor = index == state.sidebarCursor && grab == nil
            && (state.focus == .sidebar || editing && state.edit?.region == .sidebar || state.drop != nil)
            && !(editing && state.edit?.region == .tabBar)
        var rowStyle = row.isSectionHeader ? theme.sidebarHeader : theme.sidebarRow
        if item.id == model.selectedID, !editing { rowStyle = theme.sidebarSelected }
        if row.isHidden { rowStyle = theme.hiddenItem }
        if isCursor { rowStyle = editing ? theme.editCursor : theme.cursor }
        if isGrabbed { rowStyle = theme.grabbed }
        if let drop = state.drop, isCursor {
            rowStyle = state.acceptsDrop(on: item.id) ? theme.dropAccepts : theme.dropRefuses
            _ = drop
        }
        grid.fill(r, with: Cell(style: rowStyle))

        // Leading part: grab/selection marker, indentation, checkbox, collapse marker, icon.
        var lead = ""
        if isGrabbed { lead += glyphs.grabMarker } else if item.id == model.selectedID && !editing { lead += glyphs.selectionBullet } else { lead += " " }
        lead += String(repeating: "  ", count: row.depth)
        var checkboxRange: (Int, Int)?
        // Fixed and pinned items never hide: no box, and no click target for one.
        let hasCheckbox = item.allowsHiding && item.placement != .fixed && item.placement != .pinned
        if editing {
            let box = hasCheckbox
                ? (row.isHidden ? glyphs.checkboxUnchecked : glyphs.checkboxChecked)
                : String(repeating: " ", count: DisplayWidth.of(glyphs.checkboxChecked, ascii: ascii))
            checkboxRange = (DisplayWidth.of(lead, ascii: ascii), DisplayWidth.of(box, ascii: ascii))
            lead += box + " "
        }
        var collapseRange: (Int, Int)?
        if row.isSectionHeader {
            let marker = row.isCollapsed ? glyphs.sectionCollapsed : glyphs.sectionExpanded
            collapseRange = (DisplayWidth.of(lead, ascii: ascii), DisplayWidth.of(marker, ascii: ascii))
            lead += marker + " "
        }
        if !item.icon.isEmpty { lead += glyphs.icon(item.icon).outline + " " }

        // Trailing part: drop verdict, membership of the bar in edit mode, then the section
        // actions or the badge. It leaves the title at least one column; actions that do not
        // fit whole are left out (so each one drawn is exactly where its click lands), and a
        // badge that does not fit is cut.
        let leadWidth = DisplayWidth.of(lead, ascii: ascii)
        let room = max(0, r.width - leadWidth - 1)
        var trail = ""
        if state.drop != nil, isCursor {
            trail = (state.acceptsDrop(on: item.id) ? glyphs.dropAccepts : glyphs.dropRefuses) + " "
        }
        if editing, model.isInTabBar(item.id), !isGrabbed { trail += glyphs.selectionBullet + " " }
        var actionSpans: [(String, Int)] = []
        if row.isSectionHeader && !editing {
            var used = DisplayWidth.of(trail, ascii: ascii)
            for action in item.actions {
                // Sanitized cell by cell, so a title starting with a combining mark keeps the
                // space it is drawn on instead of joining the separator before it.
                let raw = action.icon.isEmpty ? action.title : glyphs.icon(action.icon).outline
                let label = TextCells(raw, ascii: ascii).map(\.text).joined()
                let width = DisplayWidth.of(label, ascii: ascii)
                guard width > 0, used + width + 1 <= room else { break }
                actionSpans.append((action.id, width))
                trail += label + " "
                used += width + 1
            }
        } else if let badge = item.badge {
            trail += badge.text + " "
        }
        let fullTrailWidth = DisplayWidth.of(trail, ascii: ascii)
        let trailWidth = min(fullTrailWidth, room)
        if trailWidth < fullTrailWidth {
            trail = TextCells.truncate(trail, toWidth: trailWidth, ellipsis: glyphs.ellipsis, ascii: ascii)
        }
        let titleWidth = max(0, r.width - leadWidth - trailWidth)
        let rtl = state.options.rightToLeft
        if rtl {
            // Mirror: lead on the right, trail on the left.
            textRightAligned(lead, endColumn: r.endColumn, row: r.row, style: rowStyle)
            textRightAligned(TextCells.truncate(item.title, toWidth: titleWidth, ellipsis: glyphs.ellipsis, ascii: ascii),
                             endColumn: r.endColumn - leadWidth, row: r.row, style: rowStyle)
            // Mirrored, the trail's closing space goes first: the edge column stays free for
            // the scroll marker, as it does on the right without mirroring.
            let mirroredTrail = trail.hasSuffix(" ") ? " " + trail.dropLast() : trail
            text(mirroredTrail, column: r.column, row: r.row, width: trailWidth, style: rowStyle)
        } else {
            text(lead, column: r.column, row: r.row, width: r.width, style: rowStyle)
            text(item.title, column: r.column + leadWidth, row: r.row, width: titleWidth, style: rowStyle)
            if trailWidth > 0 { textRightAligned(trail, endColumn: r.endColumn, row: r.row, style: rowStyle) }
        }
        hits.add(r, .sidebarRow(index))
        // Click targets exactly where their glyphs are drawn: the lead (checkbox, fold marker)
        // starts at the row's leading edge, or ends at its right edge when mirrored; the actions
        // close the trail, which ends at the right edge, or starts at the left edge when mirrored.
        func leadSpan(_ start: Int, _ width: Int) -> Rect {
            let column = rtl ? r.endColumn - leadWidth + start : r.column + start
            return Rect(column: column, row: r.row, width: width, height: 1).intersection(r)
        }
        if let (start, width) = checkboxRange, hasCheckbox { hits.add(leadSpan(start, width), .sidebarCheckbox(index)) }
        if let (start, width) = collapseRange { hits.add(leadSpan(start, width), .sectionCollapse(item.id)) }
        let actionsWidth = actionSpans.reduce(0) { $0 + $1.1 + 1 }
        var column = rtl ? r.column + 1 + trailWidth - actionsWidth : r.endColumn - actionsWidth
        for (actionID, width) in actionSpans {
            hits.add(Rect(column: column, row: r.row, width: width, height: 1), .sectionAction(section: item.id, action: actionID))
            column += width + 1
        }
    }
}
