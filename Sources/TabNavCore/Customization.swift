/// Everything a person changed about one hierarchy: what is persisted and restored.
///
/// It stores complete choices (the whole customizable region of the bar, every hidden id) rather
/// than differences from the defaults, so a file read back means exactly what was on screen.
/// `knownIDs` records every id that existed when it was saved, which is how a later launch tells a
/// tab that is new (it takes its default place) from one the person removed (it stays out).
public struct Customization: Sendable, Equatable {
    /// The customizable middle region of the tab bar, in order (fixed and pinned items excluded).
    public var tabBar: [String]
    /// Items hidden from the sidebar (and therefore from the bar).
    public var hidden: Set<String>
    /// Display order of each section's children, by section id. Absent: declared order.
    public var sectionOrder: [String: [String]]
    /// Sections whose children are folded away in the sidebar.
    public var collapsed: Set<String>
    /// Whether the sidebar is showing; `nil` until the person or the layout class decides.
    public var sidebarVisible: Bool?
    /// The selected item's id, or `nil` for "the first tab of the bar".
    public var selected: String?
    /// Every item id of the hierarchy when this customization was made.
    public var knownIDs: Set<String>

    public init(
        tabBar: [String] = [], hidden: Set<String> = [], sectionOrder: [String: [String]] = [:],
        collapsed: Set<String> = [], sidebarVisible: Bool? = nil, selected: String? = nil,
        knownIDs: Set<String> = []
    ) {
        self.tabBar = tabBar
        self.hidden = hidden
        self.sectionOrder = sectionOrder
        self.collapsed = collapsed
        self.sidebarVisible = sidebarVisible
        self.selected = selected
        self.knownIDs = knownIDs
    }
}

/// A tab people added at run time (the demo's "New Collection"), persisted with the state so it is
/// there after a restart.
public struct AddedTab: Sendable, Equatable {
    public var section: String
    public var id: String
    public var title: String
    public var icon: String

    public init(section: String, id: String, title: String, icon: String = "") {
        self.section = section
        self.id = id
        self.title = title
        self.icon = icon
    }
}

/// The whole content of a state file: the customization plus what people created at run time.
public struct SavedState: Sendable, Equatable {
    /// Bumped when the file format changes incompatibly.
    public static let formatVersion = 1

    public var customization: Customization
    /// Tabs added at run time, in the order they were added.
    public var addedTabs: [AddedTab]
    /// Items dropped onto tabs (tab id → dropped item ids, in drop order).
    public var drops: [String: [String]]

    public init(customization: Customization = Customization(), addedTabs: [AddedTab] = [],
                drops: [String: [String]] = [:]) {
        self.customization = customization
        self.addedTabs = addedTabs
        self.drops = drops
    }
}

// Swift's own coding, for programs that keep the customization in their own storage (with
// Foundation's JSONEncoder, a property list, …). tabnav-tui itself writes the state file with its
// own JSON (`SavedStateCoding`), which needs no Foundation.
extension Customization: Codable {}
extension AddedTab: Codable {}
extension SavedState: Codable {}
