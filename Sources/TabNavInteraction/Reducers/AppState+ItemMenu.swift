import TabNavCore

extension AppState {
    /// The item the menu is about: the edit cursor's item in edit mode, the sidebar row under
    /// the cursor with the sidebar focused, else the selected tab.
    var menuItemID: String? {
        if let id = editCursorItemID { return id }
        if focus == .sidebar, let id = id(ofRow: sidebarCursor) { return id }
        return model.selectedID
    }

    /// `.` or a right-click: the menu of an item (docs/behaviour.md, "Item menu").
    mutating func openItemMenu(for id: String? = nil) -> [AppEffect] {
        guard let id = id ?? menuItemID, model.hierarchy.contains(id) else {
            say("No item under the cursor")
            return []
        }
        let picker = Picker(purpose: .itemMenu(id), title: model.hierarchy.item(id)?.title ?? id,
                            entries: itemMenuEntries(id))
        mode = .picking(picker, over: mode)
        return []
    }

    /// Every entry of an item's menu; the ones the rules refuse carry the reason.
    func itemMenuEntries(_ id: String) -> [PickerEntry] {
        guard let item = model.hierarchy.item(id) else { return [] }
        func refusal(_ edit: TabEdit) -> String? {
            if case .failure(let r) = model.check(edit) { return r.message }
            return nil
        }
        var entries: [PickerEntry] = []
        if model.isInTabBar(id) {
            entries.append(PickerEntry("Remove from tab bar", refusal: refusal(.removeFromTabBar(id)),
                                       choice: .edit(.removeFromTabBar(id))))
        } else {
            var why: String?
            if case .failure(let r) = model.checkBringing(id) { why = r.message }
            entries.append(PickerEntry("Add to tab bar", refusal: why, choice: .bring(id)))
        }
        let hidden = model.customization.hidden.contains(id)
        entries.append(PickerEntry(hidden ? "Show" : "Hide", refusal: refusal(.setHidden(id, !hidden)),
                                   choice: .edit(.setHidden(id, !hidden))))
        if let section = model.hierarchy.parentID(of: id) {
            let order = model.displayOrder(of: section)
            let index = order.firstIndex(of: id) ?? 0
            let sectionTitle = model.hierarchy.item(section)?.title ?? section
            let up = refusal(.moveInSection(id, to: index - 1)) ?? (index == 0 ? "\(item.title) is first in \(sectionTitle)" : nil)
            let down = refusal(.moveInSection(id, to: index + 1))
                ?? (index == order.count - 1 ? "\(item.title) is last in \(sectionTitle)" : nil)
            entries.append(PickerEntry("Move up", refusal: up, choice: .edit(.moveInSection(id, to: index - 1))))
            entries.append(PickerEntry("Move down", refusal: down, choice: .edit(.moveInSection(id, to: index + 1))))
        }
        entries.append(PickerEntry("Rename…", refusal: refusal(.renameTab(id, to: item.title)), choice: .rename(id)))
        entries.append(PickerEntry("Delete…", refusal: refusal(.deleteTab(id)), choice: .delete(id)))
        if let section = item.isSection ? id : model.hierarchy.parentID(of: id),
           let sectionItem = model.hierarchy.item(section) {
            let changed = model.customization.sectionOrder[section] != nil
            let why = !sectionItem.allowsReordering ? "\(sectionItem.title) doesn't allow reordering"
                : changed ? nil : "\(sectionItem.title) is in its default order"
            entries.append(PickerEntry("Reset the order of \(sectionItem.title)", refusal: why, choice: .resetOrder(section)))
            entries.append(PickerEntry("New Terminal", detail: sectionItem.title, choice: .newTerminal(section: section)))
            for action in sectionItem.actions {
                entries.append(PickerEntry(action.title + (action.addsTab ? "…" : ""), detail: sectionItem.title,
                                           choice: .action(section: section, action: action.id)))
            }
        }
        return entries
    }

    // MARK: Rename and delete (tabs added at run time)

    mutating func startRename(_ id: String) -> [AppEffect] {
        guard model.isRunTimeTab(id), let item = model.hierarchy.item(id),
              let section = model.hierarchy.parentID(of: id) else { return [] }
        var prompt = NamePrompt(section: section, action: "")
        prompt.renaming = id
        prompt.field.insert(item.title)
        mode = .naming(prompt, over: mode)
        return []
    }

    /// Gives a run-time tab a new name: an undoable edit, kept with the state.
    mutating func rename(_ id: String, to name: String) -> [AppEffect] {
        let old = model.hierarchy.item(id)?.title ?? id
        var result: Result<[TabNavEvent], EditRefusal> = .success([])
        keepingSidebarCursor { result = $0.model.apply(.renameTab(id, to: name)) }
        switch result {
        case .failure(let refusal):
            say(refusal.message, error: true)
            return []
        case .success(let events):
            guard old != name else { return [] }
            say("Renamed \(old) to \(name) (u undoes)")
            return events.map { .emit($0) } + [.save]
        }
    }

    mutating func askToDelete(_ id: String) -> [AppEffect] {
        mode = .confirmingDelete(id, over: mode)
        return []
    }

    /// `y` to "Delete …?": the run-time tab goes, with what was dropped on it; `u` brings both
    /// back.
    mutating func deleteRunTimeTab(_ id: String) -> [AppEffect] {
        guard let title = model.hierarchy.item(id)?.title else { return [] }
        var effects = commit(.deleteTab(id))
        guard !model.hierarchy.contains(id) else { return effects }
        // A deleted terminal tab's program ends with it.
        effects += cancelLoads(of: id, above: -1)
        followRunTimeTabs(before: model.runTimeTabs)
        say("Deleted \(title) (u undoes)")
        return effects
    }

    /// After a delete, an undo or a redo: what was dropped on a deleted run-time tab is put
    /// aside (its pages go), and a tab that came back gets its dropped items again and the
    /// sidebar cursor (`before`: the run-time tabs there were).
    mutating func followRunTimeTabs(before: [String]) {
        for (tab, items) in drops where !model.hierarchy.contains(tab) {
            deletedDrops[tab] = items
            drops[tab] = nil
        }
        for tab in stacks.keys where !model.hierarchy.contains(tab) { stacks[tab] = nil }
        shownTabs = shownTabs.filter { model.hierarchy.contains($0) }
        let back = deletedDrops.filter { model.hierarchy.contains($0.key) }
        for tab in back.keys { deletedDrops[tab] = nil }
        restoreDrops(back)
        guard model.runTimeTabs.count > before.count else { return }
        let known = Set(before)
        if let returned = model.runTimeTabs.first(where: { !known.contains($0) }),
           let node = model.hierarchy.index(of: returned), let row = rowOfNode(node) {
            sidebarCursor = row
            clampSidebar()
        }
    }
}
