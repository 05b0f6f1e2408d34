/// Where a tab may live in the tab bar, mirroring UIKit's `UITab.Placement`.
///
/// The placement decides the rules of customization: whether an item starts in the bar, whether
/// people can move it inside the bar, and whether they can take it out again.
public enum TabPlacement: String, Sendable, CaseIterable, Hashable {
    /// Always in the bar, in the leading region; never moves, never leaves.
    case fixed
    /// In the bar by default (at the top level); can move and can be removed.
    case `default`
    /// In the bar by default; can move but cannot be removed.
    case movable
    /// Not in the bar by default; people can add it, then move or remove it.
    case optional
    /// Always in the bar, in the trailing region, drawn as its icon alone.
    case pinned
    /// Never in the bar; reachable only from the sidebar.
    case sidebarOnly

    /// Whether a top-level item with this placement starts in the tab bar.
    public var isInTabBarByDefault: Bool {
        switch self {
        case .fixed, .default, .movable, .pinned: return true
        case .optional, .sidebarOnly: return false
        }
    }

    /// Whether the item lives in the customizable middle region of the bar (when it is in the bar).
    public var isCustomizable: Bool {
        switch self {
        case .default, .movable, .optional: return true
        case .fixed, .pinned, .sidebarOnly: return false
        }
    }

    /// Whether people can take the item out of the bar.
    public var canBeRemovedFromTabBar: Bool {
        self == .default || self == .optional
    }

    /// Whether the item may ever appear in the bar.
    public var canAppearInTabBar: Bool { self != .sidebarOnly }

    /// The list the loader and error messages show for an unknown value.
    public static let namesForMessages = "fixed, default, movable, optional, pinned, sidebarOnly"
}

/// What a tab is for, when it is more than a plain destination.
public enum TabRole: String, Sendable, Hashable {
    /// The search tab: default title "Search", magnifying-glass icon, pinned.
    case search
}

/// The two bars an item can be customized in.
public enum TabBarKind: String, Sendable, Hashable, CaseIterable {
    case sidebar
    case tabBar
}

/// Whether people may change an item in one bar (`UITab.allowsHiding`-like, per bar).
public enum CustomizationBehavior: String, Sendable, Hashable {
    case enabled
    case disabled
}

/// A default visibility, as in SwiftUI's `Visibility`.
public enum TabVisibility: String, Sendable, Hashable {
    case automatic
    case visible
    case hidden
}
