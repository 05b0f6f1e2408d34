import Synchronization

/// One node of the tab hierarchy: a tab, or a section (tab group) holding further items.
///
/// A single type for both keeps the customization rules uniform: a section in the tab bar is one
/// item, can be hidden, added and moved exactly like a tab (as `UITabGroup` is a `UITab`).
public struct TabItem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case tab, section }

    public var kind: Kind
    /// The customization identifier: unique in the whole hierarchy and stable across launches.
    public var id: String
    public var title: String
    /// A symbol name such as `play`, `books.vertical` or `magnifyingglass`.
    public var icon: String
    public var badge: TabBadge?
    public var placement: TabPlacement
    public var allowsHiding: Bool
    public var isHiddenByDefault: Bool
    public var sidebarCustomization: CustomizationBehavior
    public var tabBarCustomization: CustomizationBehavior
    public var role: TabRole?
    /// This item's own default visibility in the tab bar; `.automatic` follows its placement (at
    /// the top level) or its section's `childrenTabBarVisibility` (inside a section).
    public var defaultTabBarVisibility: TabVisibility
    public var content: TabContent
    /// How a `command` or `file` content runs (time limit, folder, refresh, follow…).
    public var contentOptions: ContentOptions {
        get { contentOptionsStorage?.options ?? ContentOptions() }
        set { contentOptionsStorage = newValue.isDefault ? nil : ContentOptionsBox(newValue) }
    }
    /// Nil for the defaults (nearly every tab): the item stays small, as the hierarchy keeps one
    /// per tab (the settings take 72 bytes, the reference 8).
    private var contentOptionsStorage: ContentOptionsBox?

    // Section-only properties.
    public var children: [TabItem]
    public var allowsReordering: Bool
    public var actions: [SectionAction]
    /// Whether this section's children start in the tab bar (`.visible`) or not (anything else).
    public var childrenTabBarVisibility: TabVisibility

    public init(
        kind: Kind = .tab, id: String, title: String, icon: String = "",
        badge: TabBadge? = nil, placement: TabPlacement = .default, allowsHiding: Bool = false,
        isHiddenByDefault: Bool = false, sidebarCustomization: CustomizationBehavior = .enabled,
        tabBarCustomization: CustomizationBehavior = .enabled, role: TabRole? = nil,
        defaultTabBarVisibility: TabVisibility = .automatic, content: TabContent = .none,
        children: [TabItem] = [], allowsReordering: Bool = false, actions: [SectionAction] = [],
        childrenTabBarVisibility: TabVisibility = .automatic
    ) {
        self.kind = kind
        self.id = id
        self.title = title
        self.icon = icon
        self.badge = badge
        self.placement = placement
        self.allowsHiding = allowsHiding
        self.isHiddenByDefault = isHiddenByDefault
        self.sidebarCustomization = sidebarCustomization
        self.tabBarCustomization = tabBarCustomization
        self.role = role
        self.defaultTabBarVisibility = defaultTabBarVisibility
        self.content = content
        self.children = children
        self.allowsReordering = allowsReordering
        self.actions = actions
        self.childrenTabBarVisibility = childrenTabBarVisibility
    }

    public var isSection: Bool { kind == .section }
    public var isSearch: Bool { role == .search }

    /// Whether people may change this item in the given bar.
    public func isCustomizable(in bar: TabBarKind) -> Bool {
        switch bar {
        case .sidebar: return sidebarCustomization == .enabled
        case .tabBar: return tabBarCustomization == .enabled
        }
    }
}

/// Settings other than the defaults, kept out of line (see `TabItem.contentOptions`).
final class ContentOptionsBox: Sendable, Equatable {
    let options: ContentOptions

    init(_ options: ContentOptions) {
        self.options = options
    }

    static func == (a: ContentOptionsBox, b: ContentOptionsBox) -> Bool { a.options == b.options }
}

/// A small mark beside a tab's title: a count or a short text.
public enum TabBadge: Sendable, Equatable {
    case count(Int)
    case text(String)

    public var text: String {
        switch self {
        case .count(let n): return String(n)
        case .text(let s): return s
        }
    }
}

/// A command offered beside a section's header in the sidebar (e.g. "New Collection").
public struct SectionAction: Sendable, Equatable {
    public var id: String
    public var title: String
    public var icon: String
    /// What a tab added by this action shows: the action asks for a name and adds a tab with it
    /// to the section (a "New Collection"). Nil: it only reports that it ran (the delegate does
    /// the work).
    public var newTabContent: TabContent?
    /// A shell command the action runs (layout files; only once the file is trusted): its result
    /// shows in the footer, its output on a page.
    public var command: String?
    /// How `command` runs.
    public var commandOptions = ContentOptions()

    /// Makes what a tab added by this action shows, from the name typed and the tab's id (an
    /// action declared with `addsTab: { tab in … }`); used instead of `newTabContent`.
    package var newTabMaker: NewTabMaker?

    /// Whether the action adds a tab.
    public var addsTab: Bool { newTabContent != nil || newTabMaker != nil }

    /// What a tab this action adds shows: what the embedder makes of it, or the fixed content.
    package func content(for tab: NewTab) -> TabContent? {
        newTabMaker.map { $0.make(tab) } ?? newTabContent
    }

    /// Declares an action:
    /// `SectionAction("New Collection", systemImage: "plus", addsTab: .list([], acceptsDrops: true))`.
    ///
    /// - Parameters:
    ///   - title: What the sidebar and the footer show.
    ///   - systemImage: The symbol beside the section's header.
    ///   - id: Reported with `sectionActionInvoked`; derived from the title when left out.
    ///   - addsTab: What a tab added by the action shows; the action then asks for a name and
    ///     adds such a tab to the section (saved with the customization).
    public init(_ title: String, systemImage: String = "", id: String? = nil, addsTab: TabContent? = nil) {
        self.init(id: id ?? TabIdentifier.derived(fromTitle: title), title: title, icon: systemImage, newTabContent: addsTab)
    }

    /// Declares an action that adds a tab whose content your program makes, from the name the
    /// person typed and the id the tab gets (so a page of yours can know its tab):
    ///
    /// ```swift
    /// SectionAction("New Log", systemImage: "plus") { tab in
    ///     .page(LogPage(name: tab.name, tabID: tab.id))
    /// }
    /// ```
    ///
    /// The closure runs on the app's thread when the tab is added, and again at each launch for
    /// the tabs people added earlier (restored from the saved customization).
    public init(_ title: String, systemImage: String = "", id: String? = nil,
                addsTab makeContent: @escaping @Sendable (_ tab: NewTab) -> TabContent) {
        self.init(id: id ?? TabIdentifier.derived(fromTitle: title), title: title, icon: systemImage)
        newTabMaker = NewTabMaker(makeContent)
    }

    package init(id: String, title: String, icon: String = "", newTabContent: TabContent? = nil) {
        self.id = id
        self.title = title
        self.icon = icon
        self.newTabContent = newTabContent
    }
}

/// A tab a section action is adding: what the content of an action declared with
/// `SectionAction(_:systemImage:id:addsTab:)` is made from.
public struct NewTab: Sendable, Equatable {
    /// The name the person typed (the tab's title).
    public var name: String
    /// The id the tab gets (kept with the saved customization).
    public var id: String
    /// The section it is added to.
    public var section: String
    /// The action that adds it.
    public var action: String

    public init(name: String, id: String, section: String, action: String) {
        self.name = name
        self.id = id
        self.section = section
        self.action = action
    }
}

/// The embedder's closure behind an action that adds tabs; equal only to itself.
package struct NewTabMaker: Sendable, Equatable {
    package let make: @Sendable (NewTab) -> TabContent
    private let identity: Int

    private static let count = Atomic<Int>(0)

    init(_ make: @escaping @Sendable (NewTab) -> TabContent) {
        self.make = make
        identity = Self.count.add(1, ordering: .relaxed).newValue
    }

    package static func == (lhs: NewTabMaker, rhs: NewTabMaker) -> Bool { lhs.identity == rhs.identity }
}

/// An entry of a list: offered to search, opened as a page of its own, carried to other tabs.
public struct ContentEntry: Sendable, Equatable, Hashable {
    /// Stable across launches: drops are saved by id.
    public var id: String
    public var title: String
    /// A short note shown beside the title (a duration, a size).
    public var detail: String
    /// The text of the entry's own page.
    public var body: String
    /// A symbol drawn before the title in lists and search results (`play`); empty for the
    /// list's own.
    public var icon: String

    public init(id: String, title: String, detail: String = "", body: String = "", icon: String = "") {
        self.id = id
        self.title = title
        self.detail = detail
        self.body = body
        self.icon = icon
    }
}

/// Content that the app layer supplies (a page of the library's content protocol), carried
/// through the model unopened.
///
/// The page is held by a reference: an existential stored inline (`any Sendable`) made
/// `TabContent`, `TabItem` and the hierarchy's nodes address-only, so that reading any field of a
/// node in the table copied the whole node first (docs/benchmark.md, "Start-up of a large layout").
public struct ContentBox: Sendable, Equatable {
    private final class Storage: Sendable {
        let value: any Sendable
        init(_ value: any Sendable) { self.value = value }
    }

    /// One per boxing: copies of a box are equal, two boxings of the same page are not.
    private let storage: Storage

    public var value: any Sendable { storage.value }

    /// Boxes a page (the app layer's `TabContent.page(_:)` does this).
    package init(_ value: any Sendable) {
        storage = Storage(value)
    }

    public static func == (lhs: ContentBox, rhs: ContentBox) -> Bool { lhs.storage === rhs.storage }
}

/// What a tab shows when it is selected.
public enum TabContent: Sendable, Equatable {
    /// Nothing of its own (a section shows an overview of its children).
    case none
    /// Fixed text, shown as lines.
    case text(String)
    /// A file's text, read when the tab is first shown.
    case file(String)
    /// A shell command's output, run off the UI thread when the tab is first shown.
    case command(String)
    /// A list of entries, each opening a page with its text; `acceptsDrops` lets people drop
    /// entries of other tabs onto it, as onto a collection.
    case list([ContentEntry], acceptsDrops: Bool = false)
    /// A page given by the program that embeds the library.
    case custom(ContentBox)
    /// A program in a terminal of its own (docs/terminal-tabs.md): this command line run by
    /// `/bin/sh -c`, or the person's `$SHELL` when nil. It starts when the tab is first shown.
    case terminal(String?)
}

extension TabContent {
    /// Whether this runs a command; copies nothing.
    @inlinable package var isCommand: Bool {
        switch self {
        case .command, .terminal: return true
        default: return false
        }
    }

    /// Whether this is a `list` or a `custom` page: the contents that can offer entries to
    /// search. Asked of every tab when the search index is built, so it copies nothing.
    @inlinable package var mayOfferEntries: Bool {
        switch self {
        case .list, .custom: return true
        case .none, .text, .file, .command, .terminal: return false
        }
    }
}
