/// One item of the tab bar as composed from the hierarchy and the customization.
public struct TabBarEntry: Sendable, Equatable, Hashable {
    /// The three regions of SPEC §1: `[toggle][fixed…][customizable…][pinned…]`.
    public enum Region: Sendable, Equatable, Hashable { case fixed, customizable, pinned }

    public var id: String
    public var region: Region

    public init(id: String, region: Region) {
        self.id = id
        self.region = region
    }
}

/// One row of the sidebar: a tab, or a section header.
public struct SidebarRow: Sendable, Equatable, Hashable {
    /// Index of the item in `TabHierarchy.nodes` (cheaper to carry than its id).
    public var node: Int
    /// 0 for top-level items, 1 for children of a top-level section, 2 below that.
    public var depth: Int
    public var isSectionHeader: Bool
    /// Only in edit mode: the item is hidden (drawn with an unchecked box).
    public var isHidden: Bool
    /// For section headers: the children are folded away.
    public var isCollapsed: Bool

    public init(node: Int, depth: Int, isSectionHeader: Bool, isHidden: Bool = false, isCollapsed: Bool = false) {
        self.node = node
        self.depth = depth
        self.isSectionHeader = isSectionHeader
        self.isHidden = isHidden
        self.isCollapsed = isCollapsed
    }
}
