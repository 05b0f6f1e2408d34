/// Renaming and deleting tabs added at run time (docs/behaviour.md, "Item menu"): edits like any
/// other, checked by `check`, made by `apply`, undone by `undo`.
extension TabNavModel {
    /// Whether `id` is a tab added at run time.
    package func isRunTimeTab(_ id: String) -> Bool {
        runTimeTabs.contains(id)
    }

    /// Whether a new tab may take `id`: no item has it, and no deleted tab that undo can bring
    /// back had it.
    package func isIDTaken(_ id: String) -> Bool {
        if hierarchy.contains(id) { return true }
        return (undoStack + redoStack).contains { $0.runTimeTabs.contains { $0.id == id } }
    }

    /// The refusal of a rename or a delete, if any.
    func runTimeTabRefusal(_ edit: TabEdit, _ item: TabItem) -> EditRefusal? {
        guard isRunTimeTab(item.id) else { return EditRefusal("only tabs added here can be renamed or deleted") }
        switch edit {
        case .renameTab(_, let title) where title.isEmpty:
            return EditRefusal("\(item.title) needs a name")
        case .deleteTab(let id) where !hierarchy.declaredChildren(of: id).isEmpty:
            return EditRefusal("\(item.title) holds other tabs")
        default:
            return nil
        }
    }

    /// Makes a rename or a delete (already checked).
    mutating func performOnRunTimeTab(_ edit: TabEdit) {
        switch edit {
        case .renameTab(let id, let title):
            hierarchy.setTitle(title, for: id)
        case .deleteTab(let id):
            let section = hierarchy.parentID(of: id)
            guard changeHierarchy({ $0.removeChild(id) }) != nil else { return }
            runTimeTabs.removeAll { $0 == id }
            customization.tabBar.removeAll { $0 == id }
            customization.hidden.remove(id)
            customization.collapsed.remove(id)
            if let section, let order = customization.sectionOrder[section] {
                let kept = order.filter { $0 != id }
                // Only an order that differs from the declared one is kept.
                customization.sectionOrder[section] = kept == hierarchy.declaredChildren(of: section) ? nil : kept
            }
            if customization.selected == id { customization.selected = nil }
        default:
            return
        }
    }

    /// The run-time tabs an edit changes, as they are now (what undo returns to).
    func runTimeTabStates(for edits: [TabEdit]) -> [RunTimeTabState] {
        var ids: [String] = []
        for edit in edits {
            switch edit {
            case .renameTab(let id, _), .deleteTab(let id):
                if !ids.contains(id) { ids.append(id) }
            default:
                continue
            }
        }
        return ids.map(runTimeTabState)
    }

    /// One run-time tab as it is now.
    func runTimeTabState(_ id: String) -> RunTimeTabState {
        guard let item = hierarchy.item(id), let section = hierarchy.parentID(of: id),
              let position = hierarchy.declaredChildren(of: section).firstIndex(of: id),
              let order = runTimeTabs.firstIndex(of: id) else { return RunTimeTabState(id: id, place: nil) }
        return RunTimeTabState(id: id, place: .init(item: item, section: section, position: position, order: order))
    }

    /// Returns run-time tabs to how an undo step kept them: deleted ones come back at their
    /// place, renamed ones take their old title, restored ones go again. The customization
    /// (bar, hidden, orders, selection) is restored by the caller.
    mutating func restoreRunTimeTabs(_ states: [RunTimeTabState]) {
        for state in states where state.place == nil && hierarchy.contains(state.id) {
            changeHierarchy { $0.removeChild(state.id) }
            runTimeTabs.removeAll { $0 == state.id }
        }
        let present = states.compactMap { state in state.place.map { (state.id, $0) } }
        for (id, place) in present.sorted(by: { $0.1.position < $1.1.position }) {
            if hierarchy.contains(id) {
                hierarchy.setTitle(place.item.title, for: id)
                continue
            }
            let inserted = changeHierarchy { hierarchy in
                (try? hierarchy.insertChild(place.item, into: place.section, at: place.position)) != nil
            }
            guard inserted else { continue }
            runTimeTabs.insert(id, at: max(0, min(place.order, runTimeTabs.count)))
        }
    }

    /// Sections whose children changed between two lists of run-time tab states (for the
    /// `displayOrderDidChange` events).
    func sectionsChanged(from before: [RunTimeTabState]) -> [String] {
        var sections: [String] = []
        for state in before {
            let now = runTimeTabState(state.id)
            guard (state.place == nil) != (now.place == nil), let section = (state.place ?? now.place)?.section,
                  !sections.contains(section) else { continue }
            sections.append(section)
        }
        return sections
    }
}
