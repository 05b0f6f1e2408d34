import TabNavCore
import TabNavDrawing

extension AppState {
    // MARK: Entering and leaving

    mutating func enterEditMode() -> [AppEffect] {
        keepingSidebarCursor { $0.edit = EditSession(region: $0.sidebarShowing ? .sidebar : .tabBar) }
        let bar = model.tabBar
        let selectedIndex = model.selectedID.flatMap { id in bar.firstIndex { $0.id == id } }
        edit?.barCursor = selectedIndex ?? bar.firstIndex { $0.region == .customizable } ?? 0
        focus = sidebarShowing ? .sidebar : .tabBar
        say(sidebarShowing ? "Enter grabs, Space hides, ↑ past the top moves into the bar" : "Enter grabs, ← → move, ↓ removes")
        return [.emit(.editingDidChange(editing: true))]
    }

    mutating func leaveEditMode() -> [AppEffect] {
        keepingSidebarCursor { $0.edit = nil }
        focus = sidebarShowing ? .sidebar : .tabBar
        return [.emit(.editingDidChange(editing: false)), .save]
    }

    /// Runs a change of the sidebar's row set keeping the cursor on the same item when it is
    /// still listed.
    mutating func keepingSidebarCursor(_ change: (inout AppState) -> Void) {
        let node = sidebarRows[safe: sidebarCursor]?.node
        change(&self)
        if let node, let row = rowOfNode(node) { sidebarCursor = row }
        clampSidebar()
    }

    /// The item under the edit cursor.
    public var editCursorItemID: String? {
        guard let edit else { return nil }
        switch edit.region {
        case .tabBar: return model.tabBar[safe: edit.barCursor]?.id
        case .sidebar: return id(ofRow: sidebarCursor)
        }
    }

    // MARK: Keys

    mutating func handleEdit(_ key: KeyEvent) -> [AppEffect] {
        guard let session = edit else { return [] }
        if session.grab != nil { return handleGrab(key) }
        let rtl = options.rightToLeft
        switch key {
        case .character("e"), .escape:
            return leaveEditMode()
        case .character("q"):
            return leaveEditMode() + quit()
        case .character("u"):
            return undoEdit()
        case .character("R"):
            overlay = .confirmReset
            return []
        case .character("s"):
            let effects = toggleSidebar()
            let showing = sidebarShowing
            edit?.region = showing ? .sidebar : .tabBar
            focus = showing ? .sidebar : .tabBar
            clampSidebar()
            return effects
        case .left, .right, .character("h"), .character("l"):
            guard session.region == .tabBar else { return [] }
            var delta = (key == .left || key == .character("h")) ? -1 : 1
            if rtl { delta = -delta }
            let cursor = max(0, min(model.tabBar.count - 1, session.barCursor + delta))
            edit?.barCursor = cursor
            return []
        case .up, .character("k"):
            if session.region == .sidebar {
                if sidebarCursor == 0 {
                    moveEditCursorToBar()
                } else {
                    sidebarCursor -= 1
                    clampSidebar()
                }
            }
            return []
        case .down, .character("j"):
            if session.region == .tabBar {
                if sidebarShowing { edit?.region = .sidebar; focus = .sidebar; sidebarCursor = 0; clampSidebar() }
            } else {
                sidebarCursor = min(sidebarRows.count - 1, sidebarCursor + 1)
                clampSidebar()
            }
            return []
        case .tab, .backTab:
            guard sidebarShowing else { return [] }
            if session.region == .tabBar { edit?.region = .sidebar; focus = .sidebar } else { moveEditCursorToBar() }
            return []
        case .home:
            if session.region == .tabBar { edit?.barCursor = 0 } else { sidebarCursor = 0; clampSidebar() }
            return []
        case .end:
            if session.region == .tabBar { edit?.barCursor = max(0, model.tabBar.count - 1) } else {
                sidebarCursor = sidebarRows.count - 1
                clampSidebar()
            }
            return []
        case .enter:
            return grabUnderCursor()
        case .character(" "):
            guard let id = editCursorItemID else { return [] }
            return commit(.setHidden(id, !model.customization.hidden.contains(id)))
        case .character("x"), .delete:
            guard let id = editCursorItemID else { return [] }
            return commit(.removeFromTabBar(id))
        case .character("+"), .insert:
            guard let id = editCursorItemID else { return [] }
            return commit(.addToTabBar(id, at: nil))
        default:
            return []
        }
    }

    mutating func moveEditCursorToBar() {
        edit?.region = .tabBar
        focus = .tabBar
        let bar = model.tabBar
        let last = bar.lastIndex { $0.region == .customizable } ?? bar.count - 1
        edit?.barCursor = max(0, last)
    }

    /// Applies an edit, reporting a refusal in the footer. Saves after every committed change.
    mutating func commit(_ editToApply: TabEdit) -> [AppEffect] {
        var result: Result<[TabNavEvent], EditRefusal> = .success([])
        keepingSidebarCursor { result = $0.model.apply(editToApply) }
        switch result {
        case .failure(let refusal):
            say(refusal.message, error: true)
            return []
        case .success(let events):
            clampEditCursor()
            updateGrabPreview()  // a click can hide an item while another one is grabbed
            guard !events.isEmpty else { return [] }
            return events.map { .emit($0) } + [.save] + loadIfNeeded(model.selectedID ?? "")
        }
    }

    mutating func clampEditCursor() {
        guard let session = edit else { return }
        edit?.barCursor = max(0, min(session.barCursor, model.tabBar.count - 1))
        clampSidebar()
    }

    mutating func undoEdit() -> [AppEffect] {
        var events: [TabNavEvent]?
        keepingSidebarCursor { events = $0.model.undo() }
        guard let events else { say("Nothing to undo"); return [] }
        clampEditCursor()
        say("Undone")
        return events.map { .emit($0) } + [.save]
    }

    mutating func resetCustomization() -> [AppEffect] {
        var events: [TabNavEvent] = []
        let undoDepth = model.undoStack.count
        keepingSidebarCursor { events = $0.model.reset() }
        clampEditCursor()
        say(model.undoStack.count == undoDepth ? "Already at the defaults" : "Reset to the defaults (u undoes)")
        return events.map { .emit($0) } + [.save]
    }
}
