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
        returnToRoot(id)
        return []
    }

    /// Drops every page above a tab's root page.
    mutating func returnToRoot(_ id: String) {
        guard var stack = stacks[id], stack.count > 1 else { return }
        stack.removeSubrange(1...)
        stacks[id] = stack
    }
}
