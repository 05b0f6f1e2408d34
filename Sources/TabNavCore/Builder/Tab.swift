/// A destination of the hierarchy: a title, an icon and what it shows when selected.
///
/// ```swift
/// Tab("Library", icon: "books.vertical", content: .videos(libraryVideos))
/// Tab("Downloads", icon: "square.and.arrow.down", id: "downloads")
///     .placement(.optional)
///     .allowsHiding()
/// ```
///
/// A tab starts with UIKit's defaults: placement `.default` (in the tab bar at the top level,
/// movable and removable there), not hideable, customizable in both bars, no badge.
public struct Tab: TabItemConvertible, Equatable {
    /// The tab as the model sees it; modifiers change it, and the builder collects it.
    public var tabItem: TabItem

    /// Declares a tab.
    ///
    /// - Parameters:
    ///   - title: What people read in the bar and the sidebar.
    ///   - icon: A symbol name such as `play` or `books.vertical`; empty for none.
    ///   - id: The stable customization identifier. Left out, it is derived from the title in
    ///     kebab case (`"Watch Now"` → `"watch-now"`), which is convenient while the title never
    ///     changes; pass an explicit id for titles that may be renamed or translated, or people
    ///     lose their customization of the tab when that happens.
    ///   - content: What the tab shows when selected.
    public init(_ title: String, icon: String = "", id: String? = nil, content: TabContent = .none) {
        tabItem = TabItem(
            kind: .tab, id: id ?? TabIdentifier.derived(fromTitle: title), title: title,
            icon: icon, content: content
        )
    }
}
