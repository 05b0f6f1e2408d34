import TabNavCore

/// A list to choose one entry from, over the mode underneath: the `+` picker of items that
/// may join the tab bar, or the menu of one item (docs/behaviour.md, "Edit mode", "Item menu").
package struct Picker: Sendable, Equatable {
    package enum Purpose: Sendable, Equatable {
        /// `+`: every item that is not in the bar and may be brought there.
        case addToTabBar
        /// `.` or a right-click: what can be done to this item.
        case itemMenu(String)
    }

    package var purpose: Purpose
    /// The box's title.
    package var title: String
    package var entries: [PickerEntry]
    package var cursor: Int
    /// The first entry shown (the list scrolls when it is longer than the box).
    package var scroll = 0

    package init(purpose: Purpose, title: String, entries: [PickerEntry], cursor: Int = 0) {
        self.purpose = purpose
        self.title = title
        self.entries = entries
        self.cursor = cursor
    }
}

/// One entry: what it says, and what choosing it does; a refused entry is dimmed with the reason.
package struct PickerEntry: Sendable, Equatable {
    package var title: String
    /// Why the item is not in the bar, or why the entry is refused.
    package var detail: String
    package var refusal: String?
    package var choice: PickerChoice

    package init(_ title: String, detail: String = "", refusal: String? = nil, choice: PickerChoice) {
        self.title = title
        self.detail = refusal ?? detail
        self.refusal = refusal
        self.choice = choice
    }
}

/// What choosing an entry does.
package enum PickerChoice: Sendable, Equatable {
    /// Show the item where it is hidden, then add it to the bar (one undoable edit).
    case bring(String)
    /// An ordinary edit.
    case edit(TabEdit)
    /// Puts a section's children back in their declared order.
    case resetOrder(String)
    /// Renames a tab added at run time (asks for the name).
    case rename(String)
    /// Deletes a tab added at run time (asks first).
    case delete(String)
    /// Runs a section's action.
    case action(section: String, action: String)
    /// Adds a shell tab to a section (docs/terminal-tabs.md, "New Terminal").
    case newTerminal(section: String)
}
