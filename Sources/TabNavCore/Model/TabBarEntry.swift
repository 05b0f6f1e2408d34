/// One item of the tab bar as composed from the hierarchy and the customization.
package struct TabBarEntry: Sendable, Equatable, Hashable {
    /// The three regions of docs/behaviour.md, "Model and customization": `[toggle][fixed…][customizable…][pinned…]`.
    package enum Region: Sendable, Equatable, Hashable { case fixed, customizable, pinned }

    package var id: String
    package var region: Region

    package init(id: String, region: Region) {
        self.id = id
        self.region = region
    }
}

/// One row of the sidebar: a tab, or a section header.
package struct SidebarRow: Sendable, Equatable, Hashable {
    /// Index of the item in `TabHierarchy.nodes` (cheaper to carry than its id).
    package var node: Int
    /// 0 for top-level items, 1 for children of a top-level section, 2 below that.
    package var depth: Int
    package var isSectionHeader: Bool
    /// Only in edit mode: the item is hidden (drawn with an unchecked box).
    package var isHidden: Bool
    /// For section headers: the children are folded away.
    package var isCollapsed: Bool

    package init(node: Int, depth: Int, isSectionHeader: Bool, isHidden: Bool = false, isCollapsed: Bool = false) {
        self.node = node
        self.depth = depth
        self.isSectionHeader = isSectionHeader
        self.isHidden = isHidden
        self.isCollapsed = isCollapsed
    }
}
