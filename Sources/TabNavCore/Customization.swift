/// Everything a person changed about one hierarchy: what is persisted and restored.
///
/// It stores complete choices (the whole customizable region of the bar, every hidden id) rather
/// than differences from the defaults, so a file read back means exactly what was on screen.
/// `knownIDs` records every id that existed when it was saved, which is how a later launch tells a
/// tab that is new (it takes its default place) from one the person removed (it stays out).
package struct Customization: Sendable, Equatable {
    /// The customizable middle region of the tab bar, in order (fixed and pinned items excluded).
    package var tabBar: [String]
    /// Items hidden from the sidebar (and therefore from the bar).
    package var hidden: Set<String>
    /// Display order of each section's children, by section id. Absent: declared order.
    package var sectionOrder: [String: [String]]
    /// Sections whose children are folded away in the sidebar.
    package var collapsed: Set<String>
    /// Whether the sidebar is showing; `nil` until the person or the layout class decides.
    package var sidebarVisible: Bool?
    /// The selected item's id, or `nil` for "the first tab of the bar".
    package var selected: String?
    /// Every item id of the hierarchy when this customization was made.
    package var knownIDs: KnownIDs

    package init(
        tabBar: [String] = [], hidden: Set<String> = [], sectionOrder: [String: [String]] = [:],
        collapsed: Set<String> = [], sidebarVisible: Bool? = nil, selected: String? = nil,
        knownIDs: KnownIDs = []
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
package struct AddedTab: Sendable, Equatable {
    package var section: String
    package var id: String
    package var title: String
    package var icon: String
    /// A shell tab ("New Terminal", docs/terminal-tabs.md) rather than what the section adds.
    package var isTerminal: Bool

    package init(section: String, id: String, title: String, icon: String = "", isTerminal: Bool = false) {
        self.section = section
        self.id = id
        self.title = title
        self.icon = icon
        self.isTerminal = isTerminal
    }
}

/// The whole content of a state file: the customization plus what people created at run time.
package struct SavedState: Sendable, Equatable {
    /// Bumped when the file format changes incompatibly.
    package static let formatVersion = 1

    package var customization: Customization
    /// Tabs added at run time, in the order they were added.
    package var addedTabs: [AddedTab]
    /// Items dropped onto tabs (tab id → dropped item ids, in drop order).
    package var drops: [String: [String]]

    package init(customization: Customization = Customization(), addedTabs: [AddedTab] = [],
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
