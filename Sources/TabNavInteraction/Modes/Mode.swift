import TabNavCore
import TabNavDrawing

/// What the person is doing now. One value with the state each activity needs, so no two
/// activities can be under way at once (docs/behaviour.md, "Modes"). Each case has its own
/// reducer, a function of its own state and what it is given (`BrowseMode`, `SearchMode`,
/// `EditMode`, `GrabMode`, `CarryMode`, and the overlays' in `ModeStep.swift`).
package indirect enum Mode: Sendable, Equatable {
    /// Moving around; the arrow keys act on the focused region.
    case browsing(Focus)
    /// The search tab's field takes every printable key.
    case searching
    /// Edit mode: a cursor over the tab bar or the sidebar.
    case editing(EditSession)
    /// Edit mode with an item picked up, and where it would land.
    case grabbing(EditSession, GrabSession)
    /// Carrying a content entry to drop it on a tab.
    case carrying(Carry)
    /// The key bindings of the mode underneath, scrolled this many lines.
    case help(scroll: Int, over: Mode)
    /// "Reset all customization?" (edit mode's reset).
    case confirmingReset(over: Mode)
    /// "Delete …?" for a tab added at run time (the item menu's Delete).
    case confirmingDelete(String, over: Mode)
    /// "2 programs are running: quit?" (programs of terminal tabs end with the app).
    case confirmingQuit(over: Mode)
    /// A section with several actions: a digit picks one.
    case choosingAction(section: String, over: Mode)
    /// A name is typed for a tab that a section action adds.
    case naming(NamePrompt, over: Mode)
    /// A list to choose from over the mode underneath: the `+` picker or an item's menu.
    case picking(Picker, over: Mode)
    /// The text to find in the page shown is typed at the bottom (`f`, docs/behaviour.md, "Find
    /// in page").
    case finding(FindPrompt, over: Mode)

    /// The table of `Keymap` that dispatches keys now.
    package var keymapMode: Keymap.Mode {
        switch self {
        case .browsing: return .normal
        case .searching: return .search
        case .editing: return .edit
        case .grabbing: return .grab
        case .carrying: return .carry
        case .help: return .help
        case .confirmingReset, .confirmingDelete, .confirmingQuit: return .confirm
        case .choosingAction: return .menu
        case .naming: return .prompt
        case .picking: return .picker
        case .finding: return .find
        }
    }

    /// The word the footer shows (`NORMAL`, `EDIT`, `GRAB`, `SEARCH`, `FIND`).
    package var label: InteractionMode {
        switch self {
        case .browsing: return .normal
        case .searching: return .search
        case .finding: return .find
        case .editing: return .edit
        case .grabbing, .carrying: return .grab
        case .help(_, let under), .confirmingReset(let under), .confirmingDelete(_, let under), .confirmingQuit(let under), .choosingAction(_, let under), .naming(_, let under),
             .picking(_, let under):
            return under.label
        }
    }

    /// The mode under an overlay (itself when there is none).
    package var base: Mode {
        switch self {
        case .help(_, let under), .confirmingReset(let under), .confirmingDelete(_, let under), .confirmingQuit(let under), .choosingAction(_, let under), .naming(_, let under),
             .picking(_, let under), .finding(_, let under):
            return under.base
        default:
            return self
        }
    }

    /// The edit cursor, in edit mode (grabbing included, and under an overlay).
    package var editSession: EditSession? {
        switch base {
        case .editing(let session), .grabbing(let session, _): return session
        default: return nil
        }
    }

    /// The grabbed item, while grabbing.
    package var grab: GrabSession? {
        if case .grabbing(_, let grab) = base { return grab }
        return nil
    }

    /// What is being carried, while carrying.
    package var carry: Carry? {
        if case .carrying(let carry) = base { return carry }
        return nil
    }
}

/// Which part of the screen receives the arrow keys.
package enum Focus: Sendable, Equatable {
    case tabBar, sidebar, content
}

/// Edit mode's cursor: over the bar or the sidebar.
package struct EditSession: Sendable, Equatable {
    package enum Region: Sendable, Equatable { case tabBar, sidebar }

    package var region: Region
    /// Index into the model's `tabBar` while the cursor is in the bar.
    package var barCursor: Int

    package init(region: Region, barCursor: Int = 0) {
        self.region = region
        self.barCursor = barCursor
    }
}

/// An item picked up with `Enter` (or the mouse) in edit mode, and where it would land.
package struct GrabSession: Sendable, Equatable {
    /// Where a grabbed item would be dropped now.
    package enum Target: Sendable, Equatable {
        /// At this index of the bar's customizable region.
        case tabBar(Int)
        /// At this index of its section's display order.
        case section(Int)
        /// Out of the bar (dragged down from it): dropping removes it from the bar.
        case outOfTabBar
        /// Where it came from: dropping changes nothing.
        case origin
    }

    package var itemID: String
    package var from: EditSession.Region
    package var target: Target
    /// The bar as it would look after the drop (drawn while grabbing).
    package var previewTabBar: [TabBarEntry] = []
    /// The sidebar rows as they would look after the drop.
    package var previewRows: [SidebarRow] = []

    package init(itemID: String, from: EditSession.Region, target: Target) {
        self.itemID = itemID
        self.from = from
        self.target = target
    }
}

/// A content entry picked up with `m`, to be dropped on a tab (docs/behaviour.md, "Drops").
package struct Carry: Sendable, Equatable {
    package var item: ContentEntry
    /// The tab under the drop cursor, if any.
    package var targetID: String?
    /// Where the focus goes back to when the entry is dropped or put back.
    package var returnFocus: Focus

    package init(item: ContentEntry, targetID: String? = nil, returnFocus: Focus = .content) {
        self.item = item
        self.targetID = targetID
        self.returnFocus = returnFocus
    }
}

/// The name typed for a tab that a section action adds.
package struct NamePrompt: Sendable, Equatable {
    package var section: String
    package var action: String
    /// The run-time tab being renamed (nil: naming a new tab).
    package var renaming: String?
    package var field = TextField()

    package init(section: String, action: String) {
        self.section = section
        self.action = action
    }
}

/// A footer message that lasts until the next key.
package struct FooterMessage: Sendable, Equatable {
    package var text: String
    package var isError: Bool
    /// Shorter ways to say the same, longest first: the footer shows the first form that fits
    /// its width, and cuts the last one only when none does (docs/behaviour.md, "Footer").
    package var shorter: [String]
    package init(_ text: String, isError: Bool = false, shorter: [String] = []) {
        self.text = text
        self.isError = isError
        self.shorter = shorter
    }
}
