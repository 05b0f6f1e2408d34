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

    /// The titles from the top-level section down to the item (`["Animations", "Ocean"]`).
    package func titlePath(of id: String) -> [String] {
        // Up the parents by index: one id lookup, and no item copied on the way.
        guard let index = hierarchy.index(of: id) else { return [] }
        return titlePath(ofNode: index)
    }

    /// The title row's text: a top-level item's title, or the path down to a section's child with
    /// `mark` between the titles (`Animations › Ocean`). Nil for an unknown id. One id lookup; a
    /// top-level item, the usual case at every frame, joins nothing.
    package func breadcrumb(of id: String, mark: String) -> String? {
        guard let index = hierarchy.index(of: id) else { return nil }
        // Read in place: `nodes[index].parent` through the array would copy the whole node.
        let topLevel = hierarchy.nodes.withUnsafeBufferPointer { $0[index].parent == nil ? $0[index].item.title : nil }
        return topLevel ?? titlePath(ofNode: index).joined(separator: " " + mark + " ")
    }

    private func titlePath(ofNode start: Int) -> [String] {
        hierarchy.nodes.withUnsafeBufferPointer { nodes in
            var index = start
            var titles = [nodes[index].item.title]
            while let parent = nodes[index].parent {
                titles.append(nodes[parent].item.title)
                index = parent
            }
            return titles.reversed()
        }
    }
}
