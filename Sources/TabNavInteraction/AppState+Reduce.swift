import TabNavCore
import TabNavDrawing

/// The reducer in its functional form: the new state and the effects to perform.
public func reduce(_ state: AppState, _ action: AppAction) -> (AppState, [AppEffect]) {
    var next = state
    let effects = next.apply(action)
    return (next, effects)
}

extension AppState {
    /// Applies one action: the Update step of Model/Update/View.
    public mutating func apply(_ action: AppAction) -> [AppEffect] {
        switch action {
        case .key(let key):
            return handle(key)
        case .mouse(let event, let target):
            message = nil
            return handleMouse(event, target)
        case .contentLoaded(let tab, let load):
            loads[tab] = load
            return []
        }
    }

    mutating func handle(_ key: KeyEvent) -> [AppEffect] {
        if case .resize(let columns, let rows) = key {
            resize(to: TerminalSize(columns: columns, rows: rows))
            return []
        }
        message = nil
        if key == .control("c") { return quit() }
        if key == .control("z") { return [.suspend] }
        if key == .control("l") { return [.redraw] }
        switch overlay {
        case .help:
            // "any key closes": `q` too, as in less and man (Ctrl-C above still quits).
            overlay = .none
            return []
        case .confirmReset:
            overlay = .none
            return key == .character("y") || key == .character("Y") ? resetCustomization() : { say("Reset cancelled"); return [] }()
        case .chooseAction(let section):
            return handleActionChoice(key, section: section)
        case .newTabPrompt(let section, let action, var field):
            return handlePrompt(key, section: section, action: action, field: &field)
        case .none:
            break
        }
        // In the search field `?` is text like any other character; F1 still opens help.
        if key == .function(1) || (key == .character("?") && mode != .search) {
            overlay = .help(mode)
            return []
        }
        if drop != nil { return handleDrop(key) }
        if edit != nil { return handleEdit(key) }
        if search.isActive { return handleSearchField(key) }
        return handleNormal(key)
    }

    mutating func resize(to newSize: TerminalSize) {
        size = newSize
        if !sidebarShowing, focus == .sidebar { focus = .tabBar }
        if sidebarShowing, focus == .tabBar, edit == nil { focus = .sidebar }
        clampSidebar()
        moveContentCursor(0)
    }

    mutating func quit() -> [AppEffect] {
        [.emit(.willTerminate), .save, .quit]
    }

    // MARK: Normal mode (SPEC §6)

    mutating func handleNormal(_ key: KeyEvent) -> [AppEffect] {
        switch key {
        case .left, .character("h"):
            return stepTab(options.rightToLeft ? 1 : -1)
        case .right, .character("l"):
            return stepTab(options.rightToLeft ? -1 : 1)
        case .up, .character("k"):
            return moveVertically(-1)
        case .down, .character("j"):
            return moveVertically(1)
        case .pageUp: return moveVertically(-max(1, pageRows - 1))
        case .pageDown: return moveVertically(max(1, pageRows - 1))
        case .home: return moveVertically(-Int.max / 2)
        case .end: return moveVertically(Int.max / 2)
        case .tab: cycleFocus(); return []
        case .backTab: cycleFocus(); return []
        case .character(let c) where c.isNumber && c != "0":
            let n = Int(String(c)) ?? 1
            let bar = model.tabBar
            guard n <= bar.count else { say("No tab \(n) in the tab bar"); return [] }
            let effects = selectItem(bar[n - 1].id)
            syncSidebarCursorToSelection()
            return effects
        case .enter:
            switch focus {
            case .sidebar:
                guard let id = id(ofRow: sidebarCursor) else { return [] }
                var effects = selectItem(id)
                if layoutClass == .compact {
                    effects += toggleSidebar()
                }
                return effects
            case .content:
                return openContentRow()
            case .tabBar:
                focus = .content
                return []
            }
        case .character(" "):
            guard focus == .sidebar, let row = sidebarRows[safe: sidebarCursor], row.isSectionHeader else {
                say("Space folds a section: put the cursor on a section header")
                return []
            }
            return toggleCollapse(row)
        case .backspace:
            popContent()
            return []
        case .character("s"):
            return toggleSidebar()
        case .character("e"):
            return enterEditMode()
        case .character("/"):
            return startSearch()
        case .character("a"):
            return runSectionAction()
        case .character("m"):
            return pickUpForDrop()
        case .character("<"), .character(">"):
            return scrollTextSideways(key == .character(">") ? 8 : -8)
        case .character("r"):
            return reloadContent()
        case .character("q"):
            return quit()
        case .escape:
            if focus == .content, currentPage.kind != .root { popContent() }
            return []
        default:
            return []
        }
    }

    var pageRows: Int { focus == .sidebar ? geometry.sidebarListRows : geometry.contentListRows }

    /// ← → : the previous or next tab of the bar, selected at once.
    mutating func stepTab(_ delta: Int) -> [AppEffect] {
        let bar = model.tabBar
        guard !bar.isEmpty else { return [] }
        let current = model.selectedID.flatMap { id in bar.firstIndex { $0.id == id } }
        let next: Int
        if let current {
            next = max(0, min(bar.count - 1, current + delta))
            if next == current { return [] }
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
            if delta < 0, currentPage.kind == .root, currentPage.cursor == 0, !sidebarShowing {
                focus = .tabBar
            } else {
                moveContentCursor(delta)
            }
        case .tabBar:
            if delta > 0 { focus = .content }
        }
        return []
    }

    /// Tab / Shift-Tab: the bar (or the sidebar) ↔ the content.
    mutating func cycleFocus() {
        switch focus {
        case .content: focus = sidebarShowing ? .sidebar : .tabBar
        case .sidebar, .tabBar:
            if sidebarShowing && layoutClass == .compact { return }
            focus = .content
        }
    }

    mutating func toggleSidebar() -> [AppEffect] {
        guard sidebarAvailable else {
            say(options.mode == .tabbar ? "No sidebar in tab-bar mode" : "This layout has no sections, so no sidebar")
            return []
        }
        let visible = !sidebarShowing
        var effects: [AppEffect] = []
        if let event = model.setSidebarVisible(visible) { effects.append(.emit(event)) }
        focus = visible ? .sidebar : .tabBar
        if visible { syncSidebarCursorToSelection() }
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

    mutating func reloadContent() -> [AppEffect] {
        guard let id = model.selectedID, let item = model.hierarchy.item(id) else { return [] }
        switch item.content {
        case .command, .file:
            loads[id] = nil
            say("Reloading \(item.title)…")
            return loadIfNeeded(id)
        default:
            say("Nothing to reload in \(item.title)")
            return []
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
