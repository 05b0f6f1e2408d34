extension TabNavModel {
    /// Applies one edit of docs/behaviour.md, "Rules of customization", or refuses it with a reason and changes nothing.
    ///
    /// Returns the events describing what changed (empty when the edit was a no-op, which is
    /// also not recorded for undo).
    package mutating func apply(_ edit: TabEdit) -> Result<[TabNavEvent], EditRefusal> {
        var before = snapshot
        before.runTimeTabs = runTimeTabStates(for: [edit])
        switch check(edit) {
        case .failure(let refusal): return .failure(refusal)
        case .success: break
        }
        perform(edit)
        rebuild()
        guard snapshot(keeping: before.runTimeTabs) != before else { return .success([]) }
        record(before)
        return .success(events(from: before))
    }

    /// Applies several edits as one: all are accepted or none is, and one undo takes them all
    /// back (the `+` picker's "show and add to the tab bar").
    package mutating func apply(all edits: [TabEdit]) -> Result<[TabNavEvent], EditRefusal> {
        var before = snapshot
        before.runTimeTabs = runTimeTabStates(for: edits)
        var trial = self
        for edit in edits {
            if case .failure(let refusal) = trial.check(edit) { return .failure(refusal) }
            trial.perform(edit)
            trial.rebuild()
        }
        self = trial
        guard snapshot(keeping: before.runTimeTabs) != before else { return .success([]) }
        record(before)
        return .success(events(from: before))
    }

    /// Whether an edit would be accepted, and if not, why. Used for previews while grabbing.
    package func check(_ edit: TabEdit) -> Result<Void, EditRefusal> {
        let id = edit.itemID
        guard let node = hierarchy.node(id) else { return .failure(EditRefusal("No item \"\(id)\"")) }
        let item = node.item
        let name = item.title
        switch edit {
        case .moveInTabBar:
            if let r = barRegionRefusal(item) { return .failure(r) }
            guard customization.tabBar.contains(id) else { return .failure(EditRefusal("\(name) is not in the tab bar")) }
            if item.tabBarCustomization == .disabled { return .failure(EditRefusal("\(name) can't be changed in the tab bar")) }
        case .removeFromTabBar:
            if let r = barRegionRefusal(item) { return .failure(r) }
            guard customization.tabBar.contains(id) else { return .failure(EditRefusal("\(name) is not in the tab bar")) }
            if item.tabBarCustomization == .disabled { return .failure(EditRefusal("\(name) can't be changed in the tab bar")) }
            if item.placement == .movable { return .failure(EditRefusal("\(name) can't be removed from the tab bar")) }
        case .addToTabBar:
            if item.placement == .sidebarOnly { return .failure(EditRefusal("\(name) is only in the sidebar")) }
            if let r = barRegionRefusal(item) { return .failure(r) }
            if customization.tabBar.contains(id) { return .failure(EditRefusal("\(name) is already in the tab bar")) }
            if item.tabBarCustomization == .disabled { return .failure(EditRefusal("\(name) can't be changed in the tab bar")) }
            if isEffectivelyHidden(id) { return .failure(EditRefusal("\(name) is hidden")) }
        case .moveInSection:
            guard let parent = node.parent else { return .failure(EditRefusal("\(name) is not in a section")) }
            let section = hierarchy.nodes[parent].item
            if !section.allowsReordering { return .failure(EditRefusal("\(section.title) doesn't allow reordering")) }
            if item.sidebarCustomization == .disabled { return .failure(EditRefusal("\(name) can't be changed in the sidebar")) }
        case .setHidden(_, let hide):
            if let r = barRegionRefusal(item) { return .failure(r) }
            if !item.allowsHiding { return .failure(EditRefusal("\(name) can't be hidden")) }
            if item.sidebarCustomization == .disabled { return .failure(EditRefusal("\(name) can't be changed in the sidebar")) }
            if hide, !customization.hidden.contains(id), !hasVisibleItem(outside: id) {
                return .failure(EditRefusal("\(name) is the last visible item"))
            }
        case .renameTab, .deleteTab:
            if let r = runTimeTabRefusal(edit, item) { return .failure(r) }
        }
        return .success(())
    }

    /// Fixed and pinned items never move, leave the bar or hide.
    private func barRegionRefusal(_ item: TabItem) -> EditRefusal? {
        switch item.placement {
        case .fixed: return EditRefusal("\(item.title) is fixed")
        case .pinned: return EditRefusal("\(item.title) is pinned")
        default: return nil
        }
    }

    /// Whether something stays visible when `id` (and everything under it) is hidden: any other
    /// top-level item that is not hidden itself (an item's own top-level section stays visible
    /// when only the item is hidden).
    private func hasVisibleItem(outside id: String) -> Bool {
        guard let start = hierarchy.index(of: id) else { return true }
        return hierarchy.roots.contains { $0 != start && !customization.hidden.contains(hierarchy.nodes[$0].item.id) }
    }


    private mutating func perform(_ edit: TabEdit) {
        switch edit {
        case .moveInTabBar(let id, let to):
            guard let from = customization.tabBar.firstIndex(of: id) else { return }
            customization.tabBar.remove(at: from)
            customization.tabBar.insert(id, at: clamp(to, customization.tabBar.count))
        case .removeFromTabBar(let id):
            customization.tabBar.removeAll { $0 == id }
        case .addToTabBar(let id, let at):
            customization.tabBar.insert(id, at: clamp(at ?? customization.tabBar.count, customization.tabBar.count))
        case .moveInSection(let id, let to):
            guard let section = hierarchy.parentID(of: id) else { return }
            var order = displayOrder(of: section)
            guard let from = order.firstIndex(of: id) else { return }
            order.remove(at: from)
            order.insert(id, at: clamp(to, order.count))
            if order == hierarchy.declaredChildren(of: section) {
                customization.sectionOrder[section] = nil
            } else {
                customization.sectionOrder[section] = order
            }
        case .setHidden(let id, let hide):
            if hide {
                customization.hidden.insert(id)
                let stillShown = customization.tabBar.filter { !isEffectivelyHidden($0) }
                customization.tabBar = stillShown
            } else {
                customization.hidden.remove(id)
                returnMovableItemsToTabBar(under: id)
            }
        case .renameTab, .deleteTab:
            performOnRunTimeTab(edit)
        }
        if let selected = customization.selected, !isVisible(selected) || removedSelectionFromBar(edit, selected) {
            customization.selected = nil
        }
    }

    /// Items that must be in the bar return to it when they reappear: a movable item can leave
    /// the bar only by being hidden, so when it shows again — itself or inside a section being
    /// unhidden — it comes back (at the end) if its defaults put it in the bar.
    private mutating func returnMovableItemsToTabBar(under id: String) {
        var inBar = Set(customization.tabBar)
        for candidate in hierarchy.subtreeIDs(of: id) {
            guard let node = hierarchy.node(candidate), node.item.placement == .movable,
                  !inBar.contains(candidate), Self.belongsInTabBar(node, hierarchy: hierarchy),
                  !isEffectivelyHidden(candidate) else { continue }
            customization.tabBar.append(candidate)
            inBar.insert(candidate)
        }
    }

    /// docs/behaviour.md, "Model and customization": a selected tab that is removed from the bar hands the selection to the first tab.
    private func removedSelectionFromBar(_ edit: TabEdit, _ selected: String) -> Bool {
        if case .removeFromTabBar(let id) = edit { return id == selected }
        return false
    }

    private func clamp(_ value: Int, _ count: Int) -> Int { max(0, min(value, count)) }

    // MARK: Undo and reset

    var snapshot: EditSnapshot {
        EditSnapshot(tabBar: customization.tabBar, hidden: customization.hidden,
                     sectionOrder: customization.sectionOrder, selected: customization.selected)
    }

    /// The snapshot with the current state of the run-time tabs `kept` names.
    func snapshot(keeping kept: [RunTimeTabState]) -> EditSnapshot {
        var now = snapshot
        now.runTimeTabs = kept.map { runTimeTabState($0.id) }
        return now
    }

    package var canUndo: Bool { !undoStack.isEmpty }

    /// Returns to the state before the last edit (or reset); `nil` when there is nothing to undo.
    package mutating func undo() -> [TabNavEvent]? {
        guard let previous = undoStack.popLast() else { return nil }
        var before = snapshot(keeping: previous.runTimeTabs)
        if previous.collapsed != nil { before.collapsed = customization.collapsed }
        redoStack.append(before)
        restore(previous)
        return events(from: before)
    }

    package var canRedo: Bool { !redoStack.isEmpty }

    /// Makes the last undone edit again (`U`); `nil` when nothing was undone since the last edit.
    package mutating func redo() -> [TabNavEvent]? {
        guard let next = redoStack.popLast() else { return nil }
        var before = snapshot(keeping: next.runTimeTabs)
        if next.collapsed != nil { before.collapsed = customization.collapsed }
        record(before, keepingRedo: true)
        restore(next)
        return events(from: before)
    }

    /// Puts the bar, hidden items, section orders and folded sections back to their defaults.
    /// The reset itself can be undone, folded sections included.
    package mutating func reset() -> [TabNavEvent] {
        var before = snapshot
        before.collapsed = customization.collapsed
        let defaults = Self.defaultCustomization(for: hierarchy)
        customization.tabBar = defaults.tabBar
        customization.hidden = defaults.hidden
        customization.sectionOrder = [:]
        customization.collapsed = []
        rebuild()
        var after = snapshot
        after.collapsed = customization.collapsed
        guard after != before else { return [] }
        record(before)
        return events(from: before)
    }

    private mutating func record(_ before: EditSnapshot, keepingRedo: Bool = false) {
        if !keepingRedo { redoStack.removeAll() }
        undoStack.append(before)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
    }

    private mutating func restore(_ s: EditSnapshot) {
        restoreRunTimeTabs(s.runTimeTabs)
        customization.tabBar = s.tabBar
        customization.hidden = s.hidden
        customization.sectionOrder = s.sectionOrder
        customization.selected = s.selected
        if let collapsed = s.collapsed { customization.collapsed = collapsed }
        rebuild()
    }

    // MARK: Events

    /// The delegate events that describe the change from `before` to now.
    func events(from before: EditSnapshot) -> [TabNavEvent] {
        var events: [TabNavEvent] = []
        let now = snapshot
        let oldBar = TabNavModel.composeTabBar(
            hierarchy: hierarchy,
            customization: Customization(tabBar: before.tabBar, hidden: before.hidden))
        if oldBar != tabBar { events.append(.tabBarDidChange(items: tabBarIDs)) }
        let newlyHidden = now.hidden.subtracting(before.hidden)
        let newlyShown = before.hidden.subtracting(now.hidden)
        if !newlyHidden.isEmpty { events.append(.visibilityDidChange(tabs: ordered(newlyHidden), hidden: true)) }
        if !newlyShown.isEmpty { events.append(.visibilityDidChange(tabs: ordered(newlyShown), hidden: false)) }
        let sections = Set(before.sectionOrder.keys).union(now.sectionOrder.keys)
        for section in ordered(sections) where before.sectionOrder[section] != now.sectionOrder[section] {
            events.append(.displayOrderDidChange(group: section, order: displayOrder(of: section)))
        }
        for section in sectionsChanged(from: before.runTimeTabs) where before.sectionOrder[section] == now.sectionOrder[section] {
            events.append(.displayOrderDidChange(group: section, order: displayOrder(of: section)))
        }
        if before.selected != now.selected, let selected = now.selected {
            events.append(.selectionDidChange(tab: selected))
        }
        return events
    }

    /// Ids in declared order, so events are deterministic.
    private func ordered(_ ids: Set<String>) -> [String] {
        ids.sorted { (hierarchy.index(of: $0) ?? Int.max) < (hierarchy.index(of: $1) ?? Int.max) }
    }
}

extension TabEdit {
    /// The item the edit is about.
    package var itemID: String {
        switch self {
        case .moveInTabBar(let id, _), .removeFromTabBar(let id), .addToTabBar(let id, _),
             .moveInSection(let id, _), .setHidden(let id, _), .renameTab(let id, _), .deleteTab(let id):
            return id
        }
    }
}

extension TabNavModel {
    /// The model as it would be after `edit`, without touching this one or copying its undo
    /// history: what the grab preview draws on every arrow key.
    package func previewing(_ edit: TabEdit) -> TabNavModel {
        var preview = self
        preview.undoStack = []
        preview.redoStack = []
        _ = preview.apply(edit)
        return preview
    }
}
