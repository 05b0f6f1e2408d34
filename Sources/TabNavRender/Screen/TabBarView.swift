import TabNavCore
import TabNavDrawing
import TabNavInteraction

extension RenderContext {
    /// The tab bar (docs/behaviour.md, "The tab bar"): `[☰][fixed…][customizable…][pinned…]`, scrolled so the
    /// focused item is whole; in edit mode with the edit cursor, the grabbed item where it would
    /// land, and fixed items marked as such.
    mutating func drawTabBar(in rect: Rect) {
        grid.fill(rect, with: Cell(style: theme.barBackground))
        let edit = state.edit
        let grab = state.mode.grab
        let allEntries = grab.map { $0.previewTabBar } ?? model.tabBar
        // Without a grab the bar is the model's, whose index answers without scanning it.
        let pinnedCount = grab == nil ? model.pinnedCount : allEntries.filter { $0.region == .pinned }.count

        var focusIndex = model.barSelectionID.flatMap { id in
            grab == nil ? model.tabBarPosition(of: id) : allEntries.firstIndex { $0.id == id }
        }
        if let grab { focusIndex = allEntries.firstIndex { $0.id == grab.itemID } ?? focusIndex }
        else if let edit, edit.region == .tabBar { focusIndex = edit.barCursor }
        else if let drop = state.mode.carry, let target = drop.targetID { focusIndex = allEntries.firstIndex { $0.id == target } ?? focusIndex }

        // Only the entries that can appear are labelled and measured, so a bar of 1,000 sections
        // costs what a bar of 50 does (docs/behaviour.md, "Quality bars": render cost grows with the screen size).
        let firstShown = grab == nil && edit == nil ? state.barFirstShown : nil
        let window = Self.barWindow(count: allEntries.count, pinnedCount: pinnedCount, focus: firstShown ?? focusIndex,
                                    width: rect.width)
        let entries = window.map { allEntries[$0] }
        let items = entries.compactMap { model.hierarchy.item($0.id) }
        guard items.count == entries.count else { return }
        // A loop, not `map`: a closure in this mutating method copied the whole context per label.
        var labels: [String] = []
        labels.reserveCapacity(items.count)
        for (entry, item) in zip(entries, items) { labels.append(barLabel(item, pinned: entry.region == .pinned)) }

        let layout = TabBarLayout(
            labels: labels, pinnedCount: pinnedCount, focus: focusIndex.flatMap { window.firstIndex(of: $0) },
            toggleLabel: state.sidebarAvailable && !state.sidebarShowing ? glyphs.sidebarToggle : nil, width: rect.width,
            ellipsis: glyphs.ellipsis, ascii: ascii, rightToLeft: state.options.rightToLeft,
            firstShown: firstShown.flatMap { window.firstIndex(of: $0) })

        if let toggle = layout.toggle {
            let r = Rect(column: rect.column + toggle.column, row: rect.row, width: toggle.width, height: 1)
            grid.draw(" " + toggle.label + " ", column: r.column, row: r.row, style: theme.barControl, maxWidth: r.width, ascii: ascii)
            hits.add(r, .sidebarToggle)
        }
        for slot in layout.items {
            let entry = entries[slot.index]
            let item = items[slot.index]
            let r = Rect(column: rect.column + slot.column, row: rect.row, width: slot.width, height: 1)
            var cellStyle = barItemStyle(entry, item: item, index: window[slot.index])
            if grab?.itemID == entry.id { cellStyle = theme.grabbed }
            grid.fill(r, with: Cell(style: cellStyle))
            text(slot.label, column: r.column + 1, row: r.row, width: max(0, r.width - 2), style: cellStyle)
            if grab?.itemID == entry.id {
                // The drop position: a marker on the leading edge of where the item would land.
                let markerColumn = state.options.rightToLeft ? r.endColumn - 1 : r.column
                grid.draw(glyphs.dropPosition, column: markerColumn, row: r.row, style: theme.dropPosition, ascii: ascii)
            }
            if let drop = state.mode.carry, drop.targetID == entry.id {
                let accepts = state.acceptsDrop(on: entry.id)
                grid.setStyle(accepts ? theme.dropAccepts : theme.dropRefuses, in: r)
                let mark = accepts ? glyphs.dropAccepts : glyphs.dropRefuses
                grid.draw(mark, column: state.options.rightToLeft ? r.column : r.endColumn - 1, row: r.row,
                          style: accepts ? theme.dropAccepts : theme.dropRefuses, ascii: ascii)
            }
            hits.add(r, .tabBarItem(entry.id))
        }
        if let c = layout.leftMarker {
            grid.draw(glyphs.overflowLeading, column: rect.column + c, row: rect.row, style: theme.barControl, ascii: ascii)
            hits.add(Rect(column: rect.column + c, row: rect.row, width: 1, height: 1), .tabBarOverflow(forward: state.options.rightToLeft))
        }
        if let c = layout.rightMarker {
            grid.draw(glyphs.overflowTrailing, column: rect.column + c, row: rect.row, style: theme.barControl, ascii: ascii)
            hits.add(Rect(column: rect.column + c, row: rect.row, width: 1, height: 1), .tabBarOverflow(forward: !state.options.rightToLeft))
        }
        let endStart = state.options.rightToLeft ? rect.column : rect.column + layout.endColumn
        let endWidth = state.options.rightToLeft ? layout.endColumn : rect.width - layout.endColumn
        if state.edit != nil { hits.add(Rect(column: endStart, row: rect.row, width: max(0, endWidth), height: 1), .tabBarEnd) }
    }

    /// Indices of the bar entries that can be on screen: the scrolling ones around the one
    /// `TabBarLayout` keeps whole (the focus, or the first when the focus is pinned or absent)
    /// and every pinned one.
    ///
    /// Every item is at least 2 columns wide (its padding), so no more than `width / 2` of them fit
    /// on either side of the focus. When the window cuts entries off on a side, the entries it
    /// keeps there are already wider than the bar, so `TabBarLayout` scrolls and stops inside the
    /// window exactly where it would have stopped with every entry: the result is the same.
    static func barWindow(count: Int, pinnedCount: Int, focus: Int?, width: Int) -> [Int] {
        let scrolling = count - pinnedCount
        let anchor = focus.map { $0 >= 0 && $0 < scrolling ? $0 : 0 } ?? 0
        let reach = max(0, width) / 2 + 1
        let lower = max(0, anchor - reach)
        let upper = min(scrolling, anchor + reach + 1)
        return Array(lower..<max(lower, upper)) + Array(scrolling..<count)
    }

    func barItemStyle(_ entry: TabBarEntry, item: TabItem, index: Int) -> CellStyle {
        if let edit = state.edit {
            if edit.region == .tabBar, state.mode.grab == nil, index == edit.barCursor { return theme.editCursor }
            let base = entry.region != .customizable || item.tabBarCustomization == .disabled ? theme.fixedItem : theme.barItem
            return entry.id == model.barSelectionID ? base.adding(theme.barSelected) : base
        }
        if entry.id == model.barSelectionID {
            return state.focus == .tabBar && state.mode.carry == nil ? theme.barFocused : theme.barSelected
        }
        return entry.region == .pinned ? theme.pinnedItem : theme.barItem
    }
}
