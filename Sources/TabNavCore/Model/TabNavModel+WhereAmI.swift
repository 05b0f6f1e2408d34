extension TabNavModel {
    /// The bar item that stands for the selection (docs/behaviour.md, "Where am I"): the selected
    /// item itself when it is in the bar, else the nearest section above it that is — a group
    /// shows as one item in the bar, so selecting one of its children keeps it selected there.
    /// `nil` when neither the item nor any section above it is in the bar.
    package var barSelectionID: String? {
        var current = customization.selected
        while let id = current {
            if isInTabBar(id) { return id }
            current = hierarchy.parentID(of: id)
        }
        return nil
    }

    /// The titles from the top-level section down to the item (`["Animations", "Ocean"]`): the
    /// title row's breadcrumb.
    package func titlePath(of id: String) -> [String] {
        // Up the parents by index: one id lookup, and no item copied on the way.
        guard var index = hierarchy.index(of: id) else { return [] }
        return hierarchy.nodes.withUnsafeBufferPointer { nodes in
            var titles = [nodes[index].item.title]
            while let parent = nodes[index].parent {
                titles.append(nodes[parent].item.title)
                index = parent
            }
            return titles.reversed()
        }
    }
}
