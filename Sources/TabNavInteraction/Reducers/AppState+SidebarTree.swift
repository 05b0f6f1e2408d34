import TabNavCore

extension AppState {
    /// `←` with the sidebar focused, as in an outline view (docs/behaviour.md, "Keys"): folds
    /// an unfolded section; on a child, goes to its section's header.
    mutating func foldOrGoToSection() -> [AppEffect] {
        guard let row = sidebarRows[safe: sidebarCursor] else { return [] }
        if row.isSectionHeader, !row.isCollapsed { return toggleCollapse(row) }
        if let parent = model.hierarchy.nodes[row.node].parent, let header = rowOfNode(parent) {
            sidebarCursor = header
            clampSidebar()
            return []
        }
        let title = model.hierarchy.nodes[row.node].item.title
        say(row.isSectionHeader ? "\(title) is folded already" : "\(title) is not in a section")
        return []
    }

    /// `→` with the sidebar focused: unfolds a folded section; on an unfolded one, goes to its
    /// first child.
    mutating func unfoldOrGoToChild() -> [AppEffect] {
        guard let row = sidebarRows[safe: sidebarCursor] else { return [] }
        let title = model.hierarchy.nodes[row.node].item.title
        guard row.isSectionHeader else {
            say("\(title) has nothing to unfold")
            return []
        }
        if row.isCollapsed { return toggleCollapse(row) }
        guard let child = sidebarRows[safe: sidebarCursor + 1], child.depth > row.depth else {
            say("\(title) has nothing to show")
            return []
        }
        sidebarCursor += 1
        clampSidebar()
        return []
    }
}
