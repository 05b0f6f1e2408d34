/// The tab that searches the whole hierarchy, with the defaults people expect of one.
///
/// It has the search role, the title "Search", the `magnifyingglass` icon and the `.pinned`
/// placement, so it sits at the trailing end of the tab bar as an icon and never scrolls away.
/// All of these can still be changed with modifiers, though a search tab that behaves like every
/// other app's is easier to find.
///
/// ```swift
/// SearchTab()              // id "search", title "Search"
/// SearchTab("Find")        // another title; the id stays "search"
/// ```
public struct SearchTab: TabItemConvertible, Equatable {
    /// The search tab as the model sees it; modifiers change it, and the builder collects it.
    public var tabItem: TabItem

    /// Declares the search tab.
    ///
    /// - Parameters:
    ///   - title: The title shown in the sidebar (the bar shows only the icon).
    ///   - id: The customization identifier. It does not follow the title, so a translated title
    ///     keeps the saved customization.
    ///   - content: Anything the tab shows besides the search field, such as a hint.
    public init(_ title: String = "Search", id: String = "search", content: TabContent = .none) {
        tabItem = TabItem(
            kind: .tab, id: id, title: title, icon: "magnifyingglass", placement: .pinned,
            role: .search, content: content
        )
    }
}
