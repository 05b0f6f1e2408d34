import TabNavCore

extension AppState {
    /// Selecting the tab that is already selected returns it to its root page, as iOS does
    /// (docs/behaviour.md, "Where am I"). From the bar, the item that stands for a selected
    /// child (its group) selects the group itself: the group's own root.
    mutating func reselect(_ id: String) -> [AppEffect] {
        guard id == model.selectedID else {
            let effects = selectItem(id)
            syncSidebarCursorToSelection()
            return effects
        }
        return returnToRoot(id)
    }

    /// Drops every page above a tab's root page.
    mutating func returnToRoot(_ id: String) -> [AppEffect] {
        guard var stack = stacks[id], stack.count > 1 else { return [] }
        stack.removeSubrange(1...)
        stacks[id] = stack
        if model.hierarchy.item(id)?.isSearch == true, case .browsing = mode { mode = .searching }
        return cancelLoads(of: id, above: 0)
    }
}
