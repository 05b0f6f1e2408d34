import TabNavCore
import TabNavDrawing

/// Which part of the screen receives the arrow keys.
public enum Focus: Sendable, Equatable {
    case tabBar, sidebar, content
}

/// Edit mode (SPEC §2): a cursor over the bar or the sidebar, and perhaps a grabbed item.
public struct EditSession: Sendable, Equatable {
    public enum Region: Sendable, Equatable { case tabBar, sidebar }

    public var region: Region
    /// Index into the model's `tabBar` while the cursor is in the bar.
    public var barCursor: Int
    public var grab: GrabSession?

    public init(region: Region, barCursor: Int = 0, grab: GrabSession? = nil) {
        self.region = region
        self.barCursor = barCursor
        self.grab = grab
    }
}

/// An item picked up with `Enter` (or the mouse) in edit mode, and where it would land.
public struct GrabSession: Sendable, Equatable {
    /// Where a grabbed item would be dropped now.
    public enum Target: Sendable, Equatable {
        /// At this index of the bar's customizable region.
        case tabBar(Int)
        /// At this index of its section's display order.
        case section(Int)
        /// Out of the bar (dragged down from it): dropping removes it from the bar.
        case outOfTabBar
        /// Where it came from: dropping changes nothing.
        case origin
    }

    public var itemID: String
    public var from: EditSession.Region
    public var target: Target
    /// The bar as it would look after the drop (drawn while grabbing).
    public var previewTabBar: [TabBarEntry] = []
    /// The sidebar rows as they would look after the drop.
    public var previewRows: [SidebarRow] = []

    public init(itemID: String, from: EditSession.Region, target: Target) {
        self.itemID = itemID
        self.from = from
        self.target = target
    }
}

/// A content item picked up with `m` to be dropped onto a tab (SPEC §7 "Drops").
public struct DropSession: Sendable, Equatable {
    public var itemIDs: [String]
    public var title: String
    /// The tab under the drop cursor, if any.
    public var targetID: String?

    public init(itemIDs: [String], title: String, targetID: String? = nil) {
        self.itemIDs = itemIDs
        self.title = title
        self.targetID = targetID
    }
}

/// Something drawn over the screen that takes the keys until it closes.
public enum Overlay: Sendable, Equatable {
    case none
    /// The key bindings of the mode that was active when `?` was pressed.
    case help(InteractionMode)
    /// `R` in edit mode: "Reset all customization?" y/n.
    case confirmReset
    /// `a` on a section with several actions: a digit picks one.
    case chooseAction(section: String)
    /// A name is being typed for a new tab in `section` (a section action that adds tabs).
    case newTabPrompt(section: String, action: String, field: TextField)
}

/// A footer message that lasts until the next key.
public struct FooterMessage: Sendable, Equatable {
    public var text: String
    public var isError: Bool
    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}

/// The search field and its ranked results.
public struct SearchState: Sendable, Equatable {
    public var field = TextField()
    /// The field takes the keys (after `/`); `Esc` leaves it, the results stay.
    public var isActive = false
    public var results: [SearchResult] = []
    public init() {}
}

/// One search hit: a tab or a video.
public struct SearchResult: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case tab(String)
        case video(id: String, tab: String)
    }
    public var kind: Kind
    public var title: String
    /// Where it lives ("in Library"), shown beside it.
    public var context: String
    public var score: Int
}
