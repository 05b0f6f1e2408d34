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
        let added = addedTabs.contains { $0.id == id }
        let notAdded = "only tabs added here can be renamed or deleted"
        entries.append(PickerEntry("Rename…", refusal: added ? nil : notAdded, choice: .rename(id)))
        entries.append(PickerEntry("Delete…", refusal: added ? nil : notAdded, choice: .delete(id)))
        if let section = item.isSection ? id : model.hierarchy.parentID(of: id),
           let sectionItem = model.hierarchy.item(section) {
            let changed = model.customization.sectionOrder[section] != nil
            let why = !sectionItem.allowsReordering ? "\(sectionItem.title) doesn't allow reordering"
                : changed ? nil : "\(sectionItem.title) is in its default order"
            entries.append(PickerEntry("Reset the order of \(sectionItem.title)", refusal: why, choice: .resetOrder(section)))
            for action in sectionItem.actions {
                entries.append(PickerEntry(action.title + (action.addsTab ? "…" : ""), detail: sectionItem.title,
                                           choice: .action(section: section, action: action.id)))
            }
        }
        return entries
    }

    // MARK: Rename and delete (tabs added at run time)

    mutating func startRename(_ id: String) -> [AppEffect] {
        guard let tab = addedTabs.first(where: { $0.id == id }) else { return [] }
        var prompt = NamePrompt(section: tab.section, action: "")
        prompt.renaming = id
        prompt.field.insert(tab.title)
        mode = .naming(prompt, over: mode)
        return []
    }

    /// Gives a run-time tab a new name (kept with the state).
    mutating func rename(_ id: String, to name: String) -> [AppEffect] {
        guard let index = addedTabs.firstIndex(where: { $0.id == id }) else { return [] }
        let old = addedTabs[index].title
        addedTabs[index].title = name
        model.setTitle(name, for: id)
        hierarchyDidChange()
        say("Renamed \(old) to \(name)")
        return [.save]
    }

    mutating func askToDelete(_ id: String) -> [AppEffect] {
        mode = .confirmingDelete(id, over: mode)
        return []
    }

    /// `y` to "Delete …?": the run-time tab goes, with what was dropped on it. This cannot be
    /// undone, which is why it asks.
    mutating func confirmDelete(_ command: Command?, id: String, under: Mode) -> [AppEffect] {
        mode = under
        guard command == .confirm, let tab = addedTabs.first(where: { $0.id == id }) else {
            say("Kept")
            return []
        }
        let barBefore = model.tabBarIDs
        addedTabs.removeAll { $0.id == id }
        drops[id] = nil
        stacks[id] = nil
        shownTabs.remove(id)
        var customization = model.customization
        customization.tabBar.removeAll { $0 == id }
        customization.hidden.remove(id)
        for (section, order) in customization.sectionOrder { customization.sectionOrder[section] = order.filter { $0 != id } }
        if customization.selected == id { customization.selected = nil }
        var hierarchy = baseHierarchy
        for kept in addedTabs {
            let item = TabItem(id: kept.id, title: kept.title, icon: kept.icon, allowsHiding: true,
                               content: Self.newTabContent(in: hierarchy, section: kept.section))
            try? hierarchy.appendChild(item, to: kept.section)
        }
        model = TabNavModel(hierarchy: hierarchy, saved: customization)
        hierarchyDidChange()
        for tab in drops.keys { refreshDropBadge(tab) }
        if case .editing = mode { clampEditCursor() } else { clampSidebar() }
        say("Deleted \(tab.title)")
        var effects: [AppEffect] = [.emit(.displayOrderDidChange(group: tab.section, order: model.displayOrder(of: tab.section)))]
        if model.tabBarIDs != barBefore { effects.append(.emit(.tabBarDidChange(items: model.tabBarIDs))) }
        return effects + [.save] + loadIfNeeded(model.selectedID ?? "")
    }
}
