/// Modifiers every declaration understands. Each returns a changed copy and leaves `self` alone,
/// so they chain: `Tab("New", systemImage: "sparkles").badge(3).allowsHiding()`.
extension TabItemConvertible {
    /// Returns a copy with `change` applied to its item; the one place the modifiers write through.
    func modified(_ change: (inout TabItem) -> Void) -> Self {
        var copy = self
        change(&copy.tabItem)
        return copy
    }

    /// Sets where the item may live in the tab bar.
    ///
    /// The placement decides the customization rules: `.fixed` items never move or leave the bar,
    /// `.optional` ones start outside it, `.sidebarOnly` ones can never be added. `.fixed` and
    /// `.pinned` are only valid at the top level; ``TabHierarchy`` rejects them inside a section.
    public func placement(_ placement: TabPlacement) -> Self {
        modified { $0.placement = placement }
    }

    /// Lets people hide the item from the sidebar (and with it from the bar) in edit mode.
    ///
    /// Off by default, as in UIKit, so that nothing disappears unless the app says it may. Turn it
    /// on for secondary destinations people might not care about.
    public func allowsHiding(_ allowsHiding: Bool = true) -> Self {
        modified { $0.allowsHiding = allowsHiding }
    }

    /// Shows a count beside the title, for things that want attention (unread items, new items).
    ///
    /// A count of zero removes the badge, so the value can come straight from a counter without
    /// special-casing "nothing new".
    public func badge(_ count: Int) -> Self {
        modified { $0.badge = count == 0 ? nil : .count(count) }
    }

    /// Shows a short text beside the title, such as `"new"`. Keep it to a few characters: it shares
    /// the bar item's width with the title. An empty string removes the badge.
    public func badge(_ text: String) -> Self {
        modified { $0.badge = text.isEmpty ? nil : .text(text) }
    }

    /// Sets the badge exactly, or removes it with `nil`.
    ///
    /// Use this form when the badge is computed (`.badge(unread > 0 ? .count(unread) : nil)`) or to
    /// clear one set earlier (`.badge(nil)`). Unlike ``badge(_:)-(Int)``, a `.count(0)` is kept.
    public func badge(_ badge: TabBadge?) -> Self {
        modified { $0.badge = badge }
    }

    /// Sets a default visibility, the starting point before anyone customizes the bars.
    ///
    /// - For `.tabBar` on a tab: whether the tab itself starts in the tab bar. `.hidden` keeps a
    ///   top-level tab out of the bar while still letting people add it, unlike `.sidebarOnly`.
    /// - For `.tabBar` on a section: whether the section's *children* start in the tab bar. This is
    ///   how a section keeps a long list of secondary tabs out of a lean bar, as Apple's sample apps do
    ///   with their collections; the section itself still appears as one item.
    /// - For `.sidebar`: `.hidden` makes the item start hidden (unchecked in edit mode); any other
    ///   value makes it start shown. Combine it with ``allowsHiding(_:)`` so people can bring the
    ///   item back.
    ///
    /// Several bars can be given at once: `.defaultVisibility(.hidden, for: .sidebar, .tabBar)`.
    public func defaultVisibility(_ visibility: TabVisibility, for bars: TabBarKind...) -> Self {
        modified { item in
            for bar in bars {
                switch bar {
                case .tabBar where item.isSection:
                    item.childrenTabBarVisibility = visibility
                case .tabBar:
                    item.defaultTabBarVisibility = visibility
                case .sidebar:
                    item.isHiddenByDefault = visibility == .hidden
                }
            }
        }
    }

    /// Allows or forbids people to change the item in the given bars.
    ///
    /// Disable it for the destinations your app is built around, so they cannot be moved out of
    /// reach by accident: `.customizationBehavior(.disabled, for: .sidebar, .tabBar)`.
    public func customizationBehavior(_ behavior: CustomizationBehavior, for bars: TabBarKind...) -> Self {
        modified { item in
            for bar in bars {
                switch bar {
                case .sidebar: item.sidebarCustomization = behavior
                case .tabBar: item.tabBarCustomization = behavior
                }
            }
        }
    }

    /// Replaces what the item shows when selected: text, a file, a command's output or a list.
    public func content(_ content: TabContent) -> Self {
        modified { $0.content = content }
    }

    /// Sets the customization identifier (as SwiftUI's `customizationID(_:)`).
    ///
    /// The id is the key under which people's customization is saved, so give an explicit, stable
    /// id to anything whose title might change (a rename, a translation) and keep it unchanged
    /// across versions of your program.
    public func customizationID(_ id: String) -> Self {
        modified { $0.id = id }
    }
}
