import TabNavCore

extension AppState {
    /// `+` in edit mode: the item under the cursor joins the bar when it may; otherwise the
    /// picker of every item that may opens, so no item is ever lost for good (a layout without a
    /// sidebar included; docs/behaviour.md, "Edit mode").
    mutating func addOrPick() -> [AppEffect] {
        if let id = editCursorItemID, !model.isInTabBar(id) {
            if case .success = model.check(.addToTabBar(id, at: nil)) { return commit(.addToTabBar(id, at: nil)) }
            let refusal: EditRefusal? = { if case .failure(let r) = model.check(.addToTabBar(id, at: nil)) { return r } else { return nil } }()
            openTabBarPicker()
            if let refusal { say(refusal.message, error: true) }
            return []
        }
        openTabBarPicker()
        return []
    }

    /// Opens the `+` picker (or says that every item that may be in the bar is there).
    mutating func openTabBarPicker() {
        let candidates = model.tabBarCandidates
        guard !candidates.isEmpty else {
            say("Every item that can be in the tab bar is there")
            return
        }
        let entries = candidates.map { candidate -> PickerEntry in
            let path = model.titlePath(of: candidate.id)
            let reason: String
            switch candidate.reason {
            case .removed: reason = "removed"
            case .optional: reason = "not in the bar by default"
            case .hidden: reason = "hidden"
            }
            let place = path.count > 1 ? " · in " + path.dropLast().joined(separator: " › ") : ""
            return PickerEntry(path.last ?? candidate.id, detail: reason + place, choice: .bring(candidate.id))
        }
        let cursor = editCursorItemID.flatMap { id in candidates.firstIndex { $0.id == id } } ?? 0
        mode = .picking(Picker(purpose: .addToTabBar, title: "Add to the tab bar", entries: entries, cursor: cursor), over: mode)
    }

    mutating func perform(_ choice: PickerChoice) -> [AppEffect] {
        switch choice {
        case .bring(let id):
            let effects = commit(all: model.bringingEdits(id))
            if let index = model.tabBar.firstIndex(where: { $0.id == id }), case .editing = mode {
                updateEdit { $0.region = .tabBar; $0.barCursor = index }
            }
            if model.isInTabBar(id), let title = model.hierarchy.item(id)?.title { say("Added \(title) to the tab bar (u undoes)") }
            return effects
        case .edit(let edit):
            return commit(edit)
        case .resetOrder(let section):
            let declared = model.hierarchy.declaredChildren(of: section)
            return commit(all: declared.enumerated().map { .moveInSection($0.element, to: $0.offset) })
        case .rename(let id):
            return startRename(id)
        case .delete(let id):
            return askToDelete(id)
        case .action(let section, let action):
            return invoke(action: action, in: section)
        case .newTerminal(let section):
            return addTerminal(to: section)
        }
    }
}
