import TabNavCore
import TabNavDrawing
import TabNavInteraction

extension RenderContext {
    /// The tab bar (docs/behaviour.md, "The tab bar"): `[≡][fixed…][customizable…][pinned…]`, scrolled so the
    /// focused item is whole; in edit mode with the edit cursor, the grabbed item where it would
    /// land, and fixed items marked as such.
    mutating func drawTabBar(in rect: Rect) {
        let edit = state.edit
        let grab = state.mode.grab
        // Edit mode and a grab show across the whole bar, in the mode's colour (docs/themes.md).
        let rowStyle = grab != nil ? theme.grabBar : edit != nil ? theme.editBar : theme.barBackground
        grid.fill(rect, with: Cell(style: rowStyle))
        let allEntries = grab.map { $0.previewTabBar } ?? model.tabBar
        // Without a grab the bar is the model's, whose index answers without scanning it.
        let pinnedCount = grab == nil ? model.pinnedCount : allEntries.filter { $0.region == .pinned }.count
        // The fixed items lead the bar (the model keeps them first) and never scroll away.
        var fixedCount = 0
        while fixedCount < allEntries.count, allEntries[fixedCount].region == .fixed { fixedCount += 1 }

        let selectionID = model.barSelectionID
        let carry = state.mode.carry
        var focusIndex = selectionID.flatMap { id in
            grab == nil ? model.tabBarPosition(of: id) : allEntries.firstIndex { $0.id == id }
        }
        if let grab { focusIndex = allEntries.firstIndex { $0.id == grab.itemID } ?? focusIndex }
        else if let edit, edit.region == .tabBar { focusIndex = edit.barCursor }
        else if let drop = carry, let target = drop.targetID { focusIndex = allEntries.firstIndex { $0.id == target } ?? focusIndex }

        // Only the entries that can appear are labelled and measured, so a bar of 1,000 sections
        // costs what a bar of 20 does (docs/behaviour.md, "Quality bars": render cost grows with the screen size).
        let firstShown = state.barFirstShown
        var (window, layout, badges) = barLayout(allEntries, pinnedCount: pinnedCount, fixedCount: fixedCount, focus: focusIndex,
                                                 firstShown: firstShown, width: rect.width)
        if edit != nil, firstShown != nil, let focusIndex,
           !layout.items.contains(where: { window[$0.index] == focusIndex }) {
            // In edit mode the bar stays where the pointer left it only while its cursor (or the
            // grabbed item) is on screen.
            (window, layout, badges) = barLayout(allEntries, pinnedCount: pinnedCount, fixedCount: fixedCount, focus: focusIndex,
                                                 firstShown: nil, width: rect.width)
        }
        // The first scrolling item on screen: where the wheel and `‹` `›` scroll from.
        hits.barFirstShown = layout.items.lazy.map { window[$0.index] }.filter { $0 >= fixedCount && $0 < allEntries.count - pinnedCount }.min()
        let entries = window.map { allEntries[$0] }
        let grabbedID = grab?.itemID
        let facts = BarStyleFacts(theme: theme, selectionID: selectionID, editCursor: edit.map { ($0.region, $0.barCursor) },
                                  grabbing: grab != nil, focused: state.focus == .tabBar && carry == nil)
        // The terminal's cursor goes on the focused item when the bar has the focus (or edit
        // mode's cursor, or what is carried over it).
        let barHasFocus = edit.map { $0.region == .tabBar } ?? (state.focus == .tabBar)

        if let toggle = layout.toggle {
            let r = Rect(column: rect.column + toggle.column, row: rect.row, width: toggle.width, height: 1)
            grid.draw(" " + toggle.label + " ", column: r.column, row: r.row, style: edit != nil ? rowStyle : theme.barControl,
                      maxWidth: r.width, ascii: ascii)
            hits.add(r, .sidebarToggle)
        }
        for slot in layout.items {
            let entry = entries[slot.index]
            let r = Rect(column: rect.column + slot.column, row: rect.row, width: slot.width, height: 1)
            // Only edit mode tells fixed items apart, so only it looks the item up.
            let fixedInBar = edit != nil && model.hierarchy.isFixedInTabBar(entry.id)
            var cellStyle = facts.style(of: entry, fixedInBar: fixedInBar, index: window[slot.index])
            if grabbedID == entry.id { cellStyle = theme.grabBarItem }
            grid.fill(r, with: Cell(style: cellStyle))
            let labelEnd = text(slot.label, column: r.column + 1, row: r.row, width: max(0, r.width - 2), style: cellStyle)
            let labelFits = DisplayWidth.of(slot.label, ascii: ascii) <= r.width - 2
            var markWidth = 0
            if !state.attention.isEmpty, let reason = state.attentionMark(of: entry.id), grabbedID != entry.id {
                // The mark in its own colour, where the label ends with it (a cut label lost it).
                let mark = attentionGlyph(reason)
                if slot.label.hasSuffix(mark) {
                    markWidth = DisplayWidth.of(mark, ascii: ascii) + 1
                    let column = r.column + 1 + DisplayWidth.of(slot.label, ascii: ascii) - DisplayWidth.of(mark, ascii: ascii)
                    grid.draw(mark, column: column, row: r.row, style: attentionStyle(reason, over: cellStyle), ascii: ascii)
                }
            }
            if facts.drawsBadge(cellStyle), labelFits,
               let badgeText = badges.first(where: { $0.index == window[slot.index] })?.text {
                let badge = spelled(badge: badgeText)
                // The badge as the sidebar draws it (`New 3`: the 3 in the badge's colour).
                let badgeWidth = DisplayWidth.of(badge, ascii: ascii)
                grid.draw(badge, column: labelEnd - markWidth - badgeWidth, row: r.row, style: cellStyle.adding(theme.badge),
                          maxWidth: badgeWidth, ascii: ascii)
            }
            if grabbedID == entry.id {
                // The drop position: a marker on the leading edge of where the item would land.
                let markerColumn = state.options.rightToLeft ? r.endColumn - 1 : r.column
                grid.draw(glyphs.dropPosition, column: markerColumn, row: r.row, style: theme.dropPosition, ascii: ascii)
            }
            if let drop = carry, drop.targetID == entry.id {
                let accepts = state.acceptsDrop(on: entry.id)
                grid.setStyle(accepts ? theme.dropAccepts : theme.dropRefuses, in: r)
                let mark = accepts ? glyphs.dropAccepts : glyphs.dropRefuses
                grid.draw(mark, column: state.options.rightToLeft ? r.column : r.endColumn - 1, row: r.row,
                          style: accepts ? theme.dropAccepts : theme.dropRefuses, ascii: ascii)
            }
            hits.add(r, .tabBarItem(entry.id))
            if barHasFocus, window[slot.index] == focusIndex { placeCursor(column: r.column + 1, row: r.row) }
        }
        let controlStyle = edit != nil ? rowStyle : theme.barControl
        if let c = layout.leftMarker {
            grid.draw(glyphs.overflowLeading, column: rect.column + c, row: rect.row, style: controlStyle, ascii: ascii)
            hits.add(Rect(column: rect.column + c, row: rect.row, width: 1, height: 1), .tabBarOverflow(forward: state.options.rightToLeft))
        }
        if let c = layout.rightMarker {
            grid.draw(glyphs.overflowTrailing, column: rect.column + c, row: rect.row, style: controlStyle, ascii: ascii)
            hits.add(Rect(column: rect.column + c, row: rect.row, width: 1, height: 1), .tabBarOverflow(forward: !state.options.rightToLeft))
        }
        let endStart = state.options.rightToLeft ? rect.column : rect.column + layout.endColumn
        let endWidth = state.options.rightToLeft ? layout.endColumn : rect.width - layout.endColumn
        if state.edit != nil { hits.add(Rect(column: endStart, row: rect.row, width: max(0, endWidth), height: 1), .tabBarEnd) }
    }

    /// The bar laid out from the entries that can be on screen (see `windowedBarLayout`), each
    /// labelled once. Non-mutating, so the labelling closure borrows the context instead of
    /// copying it.
    func barLayout(_ all: [TabBarEntry], pinnedCount: Int, fixedCount: Int = 0, focus: Int?, firstShown: Int?, width: Int)
        -> (window: [Int], layout: TabBarLayout, badges: [(index: Int, text: String)]) {
        let scrolling = all.count - pinnedCount
        // The badges of the entries labelled, by their index in `all`, read with the label (the
        // item is looked up once a frame).
        var badges: [(index: Int, text: String)] = []
        // The labels of the last frame serve while the bar, its items and what else they show
        // are the same (a grab's preview is a new bar at every frame: no memo then).
        let memo = state.mode.grab == nil ? self.memo : nil
        memo?.useLabels(madeFrom: RenderMemo.LabelSource(
            revision: state.model.hierarchy.revision, ascii: ascii, icons: glyphs.icons, screenReader: state.options.screenReader,
            ellipsis: glyphs.ellipsis, attention: state.attention, entries: all))
        let (window, layout) = Self.windowedBarLayout(
            count: all.count, pinnedCount: pinnedCount, fixedCount: fixedCount, focus: focus, firstShown: firstShown, width: width,
            toggleLabel: state.sidebarAvailable && !state.sidebarShowing ? glyphs.sidebarToggle : nil,
            ellipsis: glyphs.ellipsis, ascii: ascii, rightToLeft: state.options.rightToLeft
        ) { index -> (text: String, width: Int) in
            if let kept = memo?.label(at: index) {
                if let badge = kept.badge { badges.append((index, badge)) }
                return (kept.text, kept.width)
            }
            // Every bar entry is an item of the hierarchy (the model's rule); nothing is drawn otherwise.
            guard let node = state.model.hierarchy.index(of: all[index].id) else { return ("", 0) }
            var badge = state.model.hierarchy.nodes[node].item.badge?.text
            if badge?.isEmpty == true { badge = nil }
            if let badge { badges.append((index, badge)) }
            let text = barLabel(node: node, pinned: index >= scrolling)
            let measured = DisplayWidth.of(text, ascii: ascii)
            memo?.keep(RenderMemo.Label(text: text, width: measured, badge: badge), at: index)
            return (text, measured)
        }
        return (window, layout, badges)
    }

    /// Lays out the bar as `TabBarLayout` does over every entry, labelling and measuring only the
    /// entries that can be on screen (`barWindow`), so a bar of 1,000 sections costs what a bar of
    /// 20 does. The focus outside them (the bar scrolled away from it by hand) still keeps its
    /// room beside the pinned items, and a first entry past the scrolling ones is the last one,
    /// as in the whole layout. Returns the entries labelled, and the layout over them (its slots'
    /// indices are positions in that window).
    static func windowedBarLayout(
        count: Int, pinnedCount: Int, fixedCount: Int = 0, focus: Int?, firstShown: Int?, width: Int, toggleLabel: String?,
        ellipsis: String, ascii: Bool, rightToLeft: Bool, label: (Int) -> String
    ) -> (window: [Int], layout: TabBarLayout) {
        windowedBarLayout(count: count, pinnedCount: pinnedCount, fixedCount: fixedCount, focus: focus, firstShown: firstShown,
                          width: width, toggleLabel: toggleLabel, ellipsis: ellipsis, ascii: ascii, rightToLeft: rightToLeft) {
            let text = label($0)
            return (text, DisplayWidth.of(text, ascii: ascii))
        }
    }

    /// `windowedBarLayout` with each label given with its width (a memo of the last frame knows both).
    static func windowedBarLayout(
        count: Int, pinnedCount: Int, fixedCount: Int = 0, focus: Int?, firstShown: Int?, width: Int, toggleLabel: String?,
        ellipsis: String, ascii: Bool, rightToLeft: Bool, labelled: (Int) -> (text: String, width: Int)
    ) -> (window: [Int], layout: TabBarLayout) {
        let scrolling = count - pinnedCount
        var fixedCount = max(0, min(fixedCount, scrolling))
        // The fixed entries are always in the window, labelled first.
        var labels: [String] = []
        var widths: [Int] = []
        labels.reserveCapacity(fixedCount + 16)
        widths.reserveCapacity(fixedCount + 16)
        var fixedWidth = toggleLabel.map { DisplayWidth.of($0, ascii: ascii) + 2 } ?? 0
        for index in 0..<fixedCount {
            let (text, measured) = labelled(index)
            labels.append(text)
            widths.append(measured)
            fixedWidth += measured + 2
        }
        // Fixed entries that would leave no room for the pinned ones and a focused scrolling one
        // whole (or do not fit at all) scroll with the others: the focus is always shown.
        if fixedCount > 0 {
            for index in scrolling..<count { fixedWidth += labelled(index).width + 2 }
            if let focus, focus >= fixedCount, focus < scrolling {
                fixedWidth += labelled(focus).width + 2 + 2
            } else if scrolling > fixedCount {
                fixedWidth += TabBarLayout.focusReserve
            }
        }
        if fixedCount > 0, fixedWidth > width {
            fixedCount = 0
            labels.removeAll()
            widths.removeAll()
        }
        let first = scrolling > fixedCount ? firstShown.map { max(fixedCount, min($0, scrolling - 1)) } : nil
        // `barWindow` measures from the anchor outwards: the trailing side first, in order, then
        // the leading side, backwards. Each entry is labelled once, as it is measured.
        let start = barAnchor(count: count, pinnedCount: pinnedCount, fixedCount: fixedCount, anchor: first ?? focus)
        var trailing: [(label: String, width: Int)] = []
        var leading: [(label: String, width: Int)] = []
        let window = barWindow(count: count, pinnedCount: pinnedCount, fixedCount: fixedCount, anchor: first ?? focus,
                               width: width) { index in
            let (text, measured) = labelled(index)
            if index >= start { trailing.append((text, measured)) } else { leading.append((text, measured)) }
            return measured + 2
        }
        for (text, measured) in leading.reversed() {
            labels.append(text)
            widths.append(measured)
        }
        for (text, measured) in trailing {
            labels.append(text)
            widths.append(measured)
        }
        for index in window.dropFirst(labels.count) {
            let (text, measured) = labelled(index)
            labels.append(text)
            widths.append(measured)
        }
        let focusInWindow = focus.flatMap { window.firstIndex(of: $0) }
        var focusWidth: Int?
        if let focus, focus >= 0, focus < scrolling, focusInWindow == nil {
            focusWidth = labelled(focus).width
        }
        let layout = TabBarLayout(
            labels: labels, pinnedCount: pinnedCount, focus: focusInWindow, toggleLabel: toggleLabel, width: width,
            ellipsis: ellipsis, ascii: ascii, rightToLeft: rightToLeft,
            firstShown: first.flatMap { window.firstIndex(of: $0) }, widths: widths, focusOutside: focusWidth,
            fixedCount: fixedCount)
        return (window, layout)
    }

    /// The scrolling entry the window grows from: the anchor, or the first entry when the anchor
    /// is pinned or absent.
    static func barAnchor(count: Int, pinnedCount: Int, fixedCount: Int = 0, anchor: Int?) -> Int {
        let scrolling = count - pinnedCount
        let low = min(fixedCount, max(0, scrolling))
        return anchor.map { $0 >= low && $0 < scrolling ? $0 : low } ?? low
    }

    /// Indices of the bar entries that can be on screen: the scrolling ones around the one
    /// `TabBarLayout` keeps whole (the focus, or the first when the focus is pinned or absent)
    /// and every pinned one. `measure` gives a scrolling entry's width with its padding; it is
    /// asked only for the entries the window takes, so a bar of 1,000 sections costs what a bar
    /// of 20 does.
    ///
    /// From the anchor, entries are taken on each side until those taken there are wider than the
    /// bar (and one more on the trailing side). When the window cuts entries off on a side, the ones it keeps there already overflow
    /// the bar, so `TabBarLayout` scrolls and stops inside the window exactly where it would have
    /// stopped with every entry: the result is the same (TabBarWindowTests).
    static func barWindow(count: Int, pinnedCount: Int, fixedCount: Int = 0, anchor: Int?, width: Int,
                          measure: (Int) -> Int) -> [Int] {
        let scrolling = count - pinnedCount
        let low = min(fixedCount, max(0, scrolling))
        let start = barAnchor(count: count, pinnedCount: pinnedCount, fixedCount: low, anchor: anchor)
        var upper = start
        var used = 0
        while upper < scrolling && used <= width {
            used += measure(upper)
            upper += 1
        }
        // One more past the overflow: the layout shows `›` when anything lies beyond the last item
        // it placed, even when the anchor alone overflows.
        if upper < scrolling {
            _ = measure(upper)
            upper += 1
        }
        var lower = start
        used = 0
        while lower > low && used <= width {
            lower -= 1
            used += measure(lower)
        }
        return Array(0..<low) + Array(lower..<max(lower, upper)) + Array(max(0, scrolling)..<count)
    }
}

/// What a bar item's style depends on, found once per frame: a method of the context called per
/// item made the compiler copy the whole context each time.
struct BarStyleFacts {
    let theme: Theme
    let selectionID: String?
    /// In edit mode: the region with the edit cursor and the cursor's place in the bar.
    let editCursor: (region: EditSession.Region, index: Int)?
    let grabbing: Bool
    /// The bar has the focus (and nothing is being carried).
    let focused: Bool

    /// - Parameter fixedInBar: the item's place in the bar cannot be customized.
    func style(of entry: TabBarEntry, fixedInBar: Bool, index: Int) -> CellStyle {
        if let editCursor {
            // On the bar underlined across in the mode's colour: fixed items lean, the selection
            // is bold, the cursor is reversed.
            if editCursor.region == .tabBar, !grabbing, index == editCursor.index { return theme.editBarCursor }
            let row = grabbing ? theme.grabBar : theme.editBar
            let base = entry.region != .customizable || fixedInBar ? row.with(.italic) : row
            return entry.id == selectionID ? base.with(.bold) : base
        }
        if entry.id == selectionID {
            return focused ? theme.barFocused : theme.barSelected
        }
        return entry.region == .pinned ? theme.pinnedItem : theme.barItem
    }

    /// Whether a badge shows in its own colour on an item drawn in `style`: not on the focused
    /// item, nor on the bar in edit mode, where the item's highlight must read as one.
    func drawsBadge(_ style: CellStyle) -> Bool {
        editCursor == nil && !style.attributes.contains(.reverse)
    }
}
