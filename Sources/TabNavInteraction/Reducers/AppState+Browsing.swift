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
        guard let command else { return [] }
        switch command {
        // With the sidebar focused, ← and → fold and unfold as in an outline view.
        case .previousTab: return focus == .sidebar ? foldOrGoToSection() : stepTab(-1)
        case .nextTab: return focus == .sidebar ? unfoldOrGoToChild() : stepTab(1)
        case .up: return moveVertically(-1)
        case .down: return moveVertically(1)
        case .pageUp: return moveVertically(-max(1, pageRows - 1))
        case .pageDown: return moveVertically(max(1, pageRows - 1))
        case .first: return moveVertically(-Int.max / 2)
        case .last: return moveVertically(Int.max / 2)
        case .focusNext, .focusPrevious:
            cycleFocus()
            return []
        case .selectTab1, .selectTab2, .selectTab3, .selectTab4, .selectTab5, .selectTab6, .selectTab7,
             .selectTab8, .selectTab9:
            let n = command.number ?? 1
            let bar = model.tabBar
            guard n <= bar.count else { say("No tab \(n) in the tab bar"); return [] }
            let effects = selectItem(bar[n - 1].id)
            syncSidebarCursorToSelection()
            return effects
        case .open:
            switch focus {
            case .sidebar:
                guard let id = id(ofRow: sidebarCursor) else { return [] }
                if id == model.selectedID, layoutClass != .compact {
                    // Already showing: back to its root page, and go into it.
                    let effects = reselect(id)
                    mode = .browsing(.content)
                    return effects
                }
                var effects = selectItem(id)
                if layoutClass == .compact, sidebarShowing { effects += toggleSidebar() }
                return effects
            case .content:
                guard let result = currentSearchResult else { return [] }
                return open(result)
            case .tabBar:
                let effects = model.barSelectionID.map { reselect($0) } ?? []
                if case .browsing = mode { mode = .browsing(.content) }
                return effects
            }
        case .fold:
            guard focus == .sidebar, let row = sidebarRows[safe: sidebarCursor], row.isSectionHeader else {
                say("\(keyName(.fold, in: .normal)) folds a section: put the cursor on a section header")
                return []
            }
            return toggleCollapse(row)
        case .back:
            // A find highlighted on the page ends first (as lazygit's search does).
            if shownFind != nil {
                pageFind = nil
                return []
            }
            // The compact full-screen sidebar closes on Esc and Backspace (docs/behaviour.md).
            if focus == .sidebar, layoutClass == .compact, sidebarShowing { return toggleSidebar() }
            return popContent()
        case .toggleSidebar: return toggleSidebar()
        case .edit: return enterEditMode()
        case .search: return startSearch()
        case .sectionAction: return runSectionAction()
        case .itemMenu: return openItemMenu()
        case .pickUp: return pickUp()
        case .scrollLeft, .scrollRight:
            let keys = keyName(.scrollLeft, in: .normal) + " and " + keyName(.scrollRight, in: .normal)
            say(focus == .content ? keys + " scroll text sideways; this page has no text lines"
                : keys + " scroll text sideways: \(keyName(.focusNext, in: .normal)) moves to the content")
            return []
        case .find: return startFind()
        case .findNext: return findAgain(1)
        case .findPrevious: return findAgain(-1)
        case .reload: return reloadContent()
        case .trust: return trustLayout()
        case .undo: return undoEdit()
        case .redo: return redoEdit()
        default: return []
        }
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

    mutating func moveVertically(_ delta: Int) -> [AppEffect] {
        switch focus {
        case .sidebar:
            sidebarCursor = max(0, min(sidebarRows.count - 1, sidebarCursor &+ delta))
            clampSidebar()
        case .content:
            // Only reached when the page did not move (↑ on its first row).
            if delta < 0, currentDepth == 1, !sidebarShowing { mode = .browsing(.tabBar) }
        case .tabBar:
            if delta > 0 { mode = .browsing(.content) }
        }
        return []
    }

    /// Tab / Shift-Tab: the bar (or the sidebar) ↔ the content.
    mutating func cycleFocus() {
        switch focus {
        case .content: mode = .browsing(sidebarShowing ? .sidebar : .tabBar)
        case .sidebar, .tabBar:
            if sidebarShowing && layoutClass == .compact { return }
            mode = .browsing(.content)
        }
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
