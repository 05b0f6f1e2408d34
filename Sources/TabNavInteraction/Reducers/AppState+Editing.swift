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

    /// Edit mode: its own reducer (`EditMode`), given the bar, the sidebar and the item under the cursor.
    mutating func edit(_ command: Command?, session: EditSession) -> [AppEffect] {
        let id = editCursorItemID
        let keymap = keymap, rightToLeft = options.rightToLeft, ascii = options.ascii
        let context = EditMode.Context(tabBar: model.tabBar, sidebarRowCount: sidebarRows.count, sidebarCursor: sidebarCursor,
                                       sidebarShowing: sidebarShowing, sidebarAvailable: sidebarAvailable, itemUnderCursor: id,
                                       itemIsHidden: id.map { model.customization.hidden.contains($0) } ?? false,
                                       keyName: { AppState.keyName($0, in: .edit, keymap: keymap, rightToLeft: rightToLeft, ascii: ascii) })
        return land(EditMode.reduce(session, command, context), under: .editing(session)) { .editing($0) }
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
