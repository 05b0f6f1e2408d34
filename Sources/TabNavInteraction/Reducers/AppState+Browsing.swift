import TabNavCore
import TabNavDrawing

extension AppState {
    /// Normal mode (docs/behaviour.md, "Keys"): moving between tabs, the sidebar and the content.
    mutating func browse(_ command: Command?, key: KeyEvent?, focus: Focus) -> [AppEffect] {
        // The page with the focus sees every key first (it may use keys the app leaves unbound);
        // a key bound to one of the page's own keys goes to it as that key's name.
        if focus == .content {
            let action = key.flatMap { keymap.pageAction(for: $0, among: shown.keys) }
            if let effects = sendToPage(key, command: command, action: action) { return effects }
            if action != nil { return [] }
        }
        let table = keymap, rightToLeft = options.rightToLeft, ascii = options.ascii
        // What only some commands read is found for them alone (`BrowseMode.Context`).
        let inSidebar = focus == .sidebar
        let row = inSidebar ? sidebarRows[safe: sidebarCursor] : nil
        let context = BrowseMode.Context(
            tabBar: command.map(Command.selectTabs.contains) == true ? model.tabBar.map(\.id) : [], sidebarShowing: sidebarShowing, compact: layoutClass == .compact,
            sidebarCursor: sidebarCursor, sidebarRowCount: inSidebar ? sidebarRows.count : 0,
            itemUnderSidebarCursor: inSidebar ? id(ofRow: sidebarCursor) : nil,
            sectionUnderSidebarCursor: row?.isSectionHeader ?? false, selectedID: model.selectedID,
            pageRows: command == .pageUp || command == .pageDown ? pageRows : 0,
            depth: focus == .content ? currentDepth : 1, searchResult: focus == .content && command == .open ? currentSearchResult : nil,
            findShown: command == .back && shownFind != nil,
            keyName: { AppState.keyName($0, in: .normal, keymap: table, rightToLeft: rightToLeft, ascii: ascii) })
        return land(BrowseMode.reduce(focus, command, context), under: .browsing(focus)) { .browsing($0) }
    }

    /// ← → : the previous or next tab of the bar, selected at once.
    mutating func stepTab(_ delta: Int) -> [AppEffect] {
        let bar = model.tabBar
        guard !bar.isEmpty else { return [] }
        let current = model.barSelectionID.flatMap { id in model.tabBarPosition(of: id) }
        let next: Int
        if let current {
            next = max(0, min(bar.count - 1, current + delta))
            if next == current {
                // The bar does not wrap: say so rather than do nothing.
                say(delta < 0 ? "Already at the start of the tab bar" : "Already at the end of the tab bar")
                return []
            }
        } else {
            next = delta > 0 ? 0 : bar.count - 1
        }
        let effects = selectItem(bar[next].id)
        syncSidebarCursorToSelection()
        return effects
    }

    /// Tab / Shift-Tab: the bar (or the sidebar) ↔ the content.
    mutating func cycleFocus() {
        let current = focus
        let next = BrowseMode.cycled(current, sidebarShowing: sidebarShowing, compact: layoutClass == .compact)
        // The compact layout's sidebar keeps the focus, and the mode as it is.
        guard next != current else { return }
        mode = .browsing(next)
    }

    /// Shows or hides the sidebar; the focus follows it (in edit mode, the edit cursor does).
    mutating func toggleSidebar() -> [AppEffect] {
        guard sidebarAvailable else {
            say(options.mode == .tabbar ? "No sidebar in tab-bar mode" : "This layout has no sections, so no sidebar")
            return []
        }
        if let grab = mode.grab {
            let title = model.hierarchy.item(grab.itemID)?.title ?? grab.itemID
            say("Drop \(title) first (\(keyName(.drop, in: .grab))) or put it back (\(keyName(.cancel, in: .grab)))")
            return []
        }
        let visible = !sidebarShowing
        var effects: [AppEffect] = []
        if let event = model.setSidebarVisible(visible) { effects.append(.emit(event)) }
        switch mode {
        case .editing(var session):
            session.region = visible ? .sidebar : .tabBar
            mode = .editing(session)
        case .browsing, .searching:
            mode = .browsing(visible ? .sidebar : .tabBar)
        default:
            break
        }
        if visible { syncSidebarCursorToSelection() }
        clampSidebar()
        effects.append(.save)
        return effects
    }

    mutating func toggleCollapse(_ row: SidebarRow) -> [AppEffect] {
        let id = model.hierarchy.nodes[row.node].item.id
        model.setCollapsed(id, !row.isCollapsed)
        if let index = rowOfNode(row.node) { sidebarCursor = index }
        clampSidebar()
        updateGrabPreview()  // a click can fold a section while an item is grabbed
        return [.save]
    }
}
