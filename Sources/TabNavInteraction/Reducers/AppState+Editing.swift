import TabNavCore
import TabNavDrawing

extension AppState {
    // MARK: Entering and leaving

    mutating func enterEditMode() -> [AppEffect] {
        let bar = model.tabBar
        let selectedIndex = model.selectedID.flatMap { id in bar.firstIndex { $0.id == id } }
        let session = EditSession(region: sidebarShowing ? .sidebar : .tabBar,
                                  barCursor: selectedIndex ?? bar.firstIndex { $0.region == .customizable } ?? 0)
        keepingSidebarCursor { $0.mode = .editing(session) }
        let grabs = "\(keyName(.grab, in: .edit)) grabs"
        // Shorter forms for a narrow footer: the first sentence that fits shows, never a cut one.
        notify(sidebarShowing
            ? "\(grabs), \(keyName(.hide, in: .edit)) hides, \(keyName(.up, in: .edit)) past the top moves into the bar"
            : "\(grabs), \(keyName(.left, in: .edit)) \(keyName(.right, in: .edit)) move, \(keyName(.down, in: .edit)) removes",
            shorter: [sidebarShowing ? "\(grabs), \(keyName(.hide, in: .edit)) hides" : "\(grabs), \(keyName(.down, in: .edit)) removes", grabs])
        return [.emit(.editingDidChange(editing: true))]
    }

    mutating func leaveEditMode() -> [AppEffect] {
        keepingSidebarCursor { $0.mode = .browsing($0.sidebarShowing ? .sidebar : .tabBar) }
        return [.emit(.editingDidChange(editing: false)), .save]
    }

    /// Runs a change of the sidebar's row set keeping the cursor on the same item when it is
    /// still listed.
    mutating func keepingSidebarCursor(_ change: (inout AppState) -> Void) {
        // By id: deleting a run-time tab renumbers the nodes after it.
        let id = id(ofRow: sidebarCursor)
        change(&self)
        if let id, let node = model.hierarchy.index(of: id), let row = rowOfNode(node) { sidebarCursor = row }
        clampSidebar()
    }

    /// Changes the edit cursor, in edit mode (grabbing included).
    mutating func updateEdit(_ change: (inout EditSession) -> Void) {
        switch mode {
        case .editing(var session):
            change(&session)
            mode = .editing(session)
        case .grabbing(var session, let grab):
            change(&session)
            mode = .grabbing(session, grab)
        default:
            break
        }
    }

    /// The item under the edit cursor.
    package var editCursorItemID: String? {
        guard let edit else { return nil }
        switch edit.region {
        case .tabBar: return model.tabBar[safe: edit.barCursor]?.id
        case .sidebar: return id(ofRow: sidebarCursor)
        }
    }

    // MARK: Keys

    /// Edit mode (docs/behaviour.md, "Edit mode"): every key either changes something or says
    /// in the footer why it cannot.
    mutating func edit(_ command: Command?, session: EditSession) -> [AppEffect] {
        guard let command else {
            say(notAKeyOfEditMode)
            return []
        }
        let inBar = session.region == .tabBar
        switch command {
        case .done:
            return leaveEditMode()
        case .undo:
            return undoEdit()
        case .reset:
            mode = .confirmingReset(over: mode)
            return []
        case .toggleSidebar:
            return toggleSidebar()
        case .left, .right:
            guard inBar else {
                say("\(keyName(.left, in: .edit)) \(keyName(.right, in: .edit)) move along the tab bar: \(keyName(.up, in: .edit)) from the top of the sidebar reaches it")
                return []
            }
            let count = model.tabBar.count
            let cursor = max(0, min(count - 1, session.barCursor + (command == .left ? -1 : 1)))
            guard cursor != session.barCursor else {
                say(command == .left ? "Already at the start of the tab bar" : "Already at the end of the tab bar")
                return []
            }
            updateEdit { $0.barCursor = cursor }
        case .up:
            if inBar {
                say("Already in the tab bar")
            } else if sidebarCursor == 0 {
                moveEditCursorToBar()
            } else {
                sidebarCursor -= 1
                clampSidebar()
            }
        case .down:
            if !inBar {
                guard sidebarCursor < sidebarRows.count - 1 else { say("Already at the end of the sidebar"); return [] }
                sidebarCursor += 1
                clampSidebar()
            } else if sidebarShowing {
                updateEdit { $0.region = .sidebar }
                sidebarCursor = 0
                clampSidebar()
            } else {
                say(sidebarAvailable ? "\(keyName(.down, in: .edit)) reaches the sidebar: press \(keyName(.toggleSidebar, in: .edit)) to show it" : "This layout has no sidebar")
            }
        case .switchRegion:
            guard sidebarShowing else {
                say(sidebarAvailable ? "\(keyName(.switchRegion, in: .edit)) switches to the sidebar: press \(keyName(.toggleSidebar, in: .edit)) to show it" : "This layout has no sidebar")
                return []
            }
            if inBar { updateEdit { $0.region = .sidebar } } else { moveEditCursorToBar() }
        case .first, .last:
            let target = command == .first ? 0 : (inBar ? model.tabBar.count : sidebarRows.count) - 1
            guard target != (inBar ? session.barCursor : sidebarCursor) else {
                say(command == .first ? "Already at the first item" : "Already at the last item")
                return []
            }
            if inBar { updateEdit { $0.barCursor = max(0, target) } } else { sidebarCursor = max(0, target); clampSidebar() }
        case .grab:
            return grabUnderCursor()
        case .hide:
            guard let id = editCursorItemID else { say("No item under the cursor"); return [] }
            return commit(.setHidden(id, !model.customization.hidden.contains(id)))
        case .remove:
            guard let id = editCursorItemID else { say("No item under the cursor"); return [] }
            return commit(.removeFromTabBar(id))
        case .add:
            return addOrPick()
        case .redo:
            return redoEdit()
        case .itemMenu:
            return openItemMenu()
        default:
            say(notAKeyOfEditMode)
        }
        return []
    }

    var notAKeyOfEditMode: String {
        "Not a key of edit mode: \(keyName(.help, in: .edit)) lists them, \(keyName(.done, in: .edit)) leaves"
    }

    mutating func moveEditCursorToBar() {
        let bar = model.tabBar
        let last = bar.lastIndex { $0.region == .customizable } ?? bar.count - 1
        updateEdit {
            $0.region = .tabBar
            $0.barCursor = max(0, last)
        }
    }

    /// Applies an edit, reporting a refusal in the footer. Saves after every committed change.
    mutating func commit(_ editToApply: TabEdit) -> [AppEffect] {
        commit { $0.apply(editToApply) }
    }

    /// Several edits as one undoable change, reported like `commit(_:)`.
    mutating func commit(all edits: [TabEdit]) -> [AppEffect] {
        commit { $0.apply(all: edits) }
    }

    /// Runs a model mutation (one of `TabNavModel.apply`'s forms) with the sidebar cursor kept,
    /// says a refusal in the footer, and turns committed events into effects plus a save.
    private mutating func commit(_ apply: (inout TabNavModel) -> Result<[TabNavEvent], EditRefusal>) -> [AppEffect] {
        var result: Result<[TabNavEvent], EditRefusal> = .success([])
        keepingSidebarCursor { result = apply(&$0.model) }
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
        let count = model.tabBar.count
        updateEdit { $0.barCursor = max(0, min($0.barCursor, count - 1)) }
        clampSidebar()
    }

    mutating func undoEdit() -> [AppEffect] {
        var events: [TabNavEvent]?
        let tabsBefore = model.runTimeTabs
        keepingSidebarCursor { events = $0.model.undo() }
        guard let events else { say("Nothing to undo"); return [] }
        followRunTimeTabs(before: tabsBefore)
        clampEditCursor()
        say("Undone")
        return events.map { .emit($0) } + [.save] + loadIfNeeded(model.selectedID ?? "")
    }

    mutating func redoEdit() -> [AppEffect] {
        var events: [TabNavEvent]?
        let tabsBefore = model.runTimeTabs
        keepingSidebarCursor { events = $0.model.redo() }
        guard let events else { say("Nothing to redo"); return [] }
        followRunTimeTabs(before: tabsBefore)
        clampEditCursor()
        say("Redone")
        return events.map { .emit($0) } + [.save] + loadIfNeeded(model.selectedID ?? "")
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
