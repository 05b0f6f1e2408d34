/// A change the embedding program makes to the hierarchy while it runs (through `TabNavProxy`),
/// as opposed to an edit the person makes (`TabEdit`). Checked like an edit and refused with a
/// reason, but not undoable: the person's undo never takes back what the program did.
package enum ProgramChange: Sendable, Equatable {
    case setTitle(String, to: String)
    case setIcon(String, to: String)
    case setBadge(String, to: TabBadge?)
    /// Add an item (a tab, or a section with its children) at the end of a section, or of the
    /// top level when `section` is nil.
    case addTab(TabItem, section: String?)
    /// Remove an item and everything under it.
    case removeTab(String)
}

extension TabNavModel {
    /// Applies a change of the embedding program, or refuses it with a reason and changes
    /// nothing. Returns the events describing what changed.
    ///
    /// The person's undo history is kept consistent: an added item takes its default places in
    /// every kept step too (as a tab added by a section action does), and a removed item leaves
    /// them all, so no undo can bring back an id the hierarchy no longer has.
    package mutating func apply(_ change: ProgramChange) -> Result<[TabNavEvent], EditRefusal> {
        switch change {
        case .setTitle(let id, let title):
            guard hierarchy.contains(id) else { return .failure(Self.noItem(id)) }
            guard !title.isEmpty else { return .failure(EditRefusal("a title cannot be empty")) }
            if hierarchy.item(id)?.title != title { hierarchy.setTitle(title, for: id) }
            return .success([])
        case .setIcon(let id, let icon):
            guard hierarchy.contains(id) else { return .failure(Self.noItem(id)) }
            if hierarchy.item(id)?.icon != icon { hierarchy.setIcon(icon, for: id) }
            return .success([])
        case .setBadge(let id, let badge):
            guard hierarchy.contains(id) else { return .failure(Self.noItem(id)) }
            if hierarchy.item(id)?.badge != badge { setBadge(badge, for: id) }
            return .success([])
        case .addTab(let item, let section):
            return addProgramTab(item, to: section)
        case .removeTab(let id):
            return removeProgramTab(id)
        }
    }

    private static func noItem(_ id: String) -> EditRefusal { EditRefusal("no such tab") }

    private mutating func addProgramTab(_ item: TabItem, to section: String?) -> Result<[TabNavEvent], EditRefusal> {
        let barBefore = tabBarIDs
        if let section {
            guard hierarchy.item(section)?.isSection == true else {
                return .failure(EditRefusal(hierarchy.contains(section) ? "\"\(section)\" is not a section" : "no section \"\(section)\""))
            }
            do {
                try appendTab(item, to: section)
            } catch {
                return .failure(EditRefusal(error.reasonText))
            }
            // Added by the program, not by the person: not theirs to rename or delete, and not saved.
            runTimeTabs.removeAll { $0 == item.id }
        } else {
            do {
                try changeHierarchy { hierarchy throws(HierarchyError) in try hierarchy.appendRoot(item) }
            } catch {
                return .failure(EditRefusal(error.reasonText))
            }
            placeAppendedRoot(item.id)
        }
        var events: [TabNavEvent] = []
        if let section { events.append(.displayOrderDidChange(group: section, order: displayOrder(of: section))) }
        if tabBarIDs != barBefore { events.append(.tabBarDidChange(items: tabBarIDs)) }
        return .success(events)
    }

    /// Gives a new top-level item (and what it holds) its default places, in the customization
    /// and in every kept undo step.
    private mutating func placeAppendedRoot(_ id: String) {
        let added = hierarchy.subtreeIDs(of: id)
        let hierarchy = self.hierarchy
        let defaultBar = Self.defaultTabBar(for: hierarchy)
        func place(tabBar: inout [String], hidden: inout Set<String>) {
            for id in added where hierarchy.item(id)?.isHiddenByDefault == true { hidden.insert(id) }
            let joining = added.filter { id in
                guard let node = hierarchy.node(id), node.item.placement != .fixed, node.item.placement != .pinned,
                      Self.startsInTabBar(node, hierarchy: hierarchy) else { return false }
                return !Self.isEffectivelyHidden(id, hidden: hidden, in: hierarchy)
            }
            tabBar = Self.inserting(joining, into: tabBar, following: defaultBar)
        }
        place(tabBar: &customization.tabBar, hidden: &customization.hidden)
        for index in undoStack.indices {
            var kept = undoStack[index]
            place(tabBar: &kept.tabBar, hidden: &kept.hidden)
            undoStack[index] = kept
        }
        for index in redoStack.indices {
            var kept = redoStack[index]
            place(tabBar: &kept.tabBar, hidden: &kept.hidden)
            redoStack[index] = kept
        }
        rebuild()
    }

    private mutating func removeProgramTab(_ id: String) -> Result<[TabNavEvent], EditRefusal> {
        guard hierarchy.contains(id) else { return .failure(Self.noItem(id)) }
        let section = hierarchy.parentID(of: id)
        let selectedBefore = selectedID
        let barBefore = tabBarIDs
        var trial = self
        let gone = Set(trial.changeHierarchy { $0.removeSubtree(id) })
        func forget(_ step: inout EditSnapshot) {
            step.tabBar.removeAll { gone.contains($0) }
            step.hidden.subtract(gone)
            for key in step.sectionOrder.keys {
                if gone.contains(key) { step.sectionOrder[key] = nil } else { step.sectionOrder[key]?.removeAll { gone.contains($0) } }
            }
            if let chosen = step.selected, gone.contains(chosen) { step.selected = nil }
            step.runTimeTabs.removeAll { gone.contains($0.id) }
            step.collapsed?.subtract(gone)
        }
        var now = trial.snapshot
        forget(&now)
        trial.customization.tabBar = now.tabBar
        trial.customization.hidden = now.hidden
        trial.customization.sectionOrder = now.sectionOrder
        trial.customization.selected = now.selected
        trial.customization.collapsed.subtract(gone)
        if let section, trial.customization.sectionOrder[section] == trial.hierarchy.declaredChildren(of: section) {
            trial.customization.sectionOrder[section] = nil
        }
        trial.runTimeTabs.removeAll { gone.contains($0) }
        func forget(in steps: inout [EditSnapshot]) {
            for index in steps.indices { forget(&steps[index]) }
        }
        forget(in: &trial.undoStack)
        forget(in: &trial.redoStack)
        trial.rebuild()
        guard trial.selectedID != nil else {
            return .failure(EditRefusal("nothing would be left to show"))
        }
        self = trial
        var events: [TabNavEvent] = []
        if let section { events.append(.displayOrderDidChange(group: section, order: displayOrder(of: section))) }
        if tabBarIDs != barBefore { events.append(.tabBarDidChange(items: tabBarIDs)) }
        if selectedBefore != selectedID, let selected = selectedID { events.append(.selectionDidChange(tab: selected)) }
        return .success(events)
    }
}
