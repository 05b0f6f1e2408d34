/// A group of tabs: a collapsible header in the sidebar and a single item in the tab bar.
///
/// Use sections to keep secondary destinations (collections, playlists, folders) out of a lean
/// tab bar while the sidebar still shows the whole hierarchy. Children are declared in the
/// trailing closure with the same ``TabBuilder`` syntax as the top level, and may be sections
/// themselves (at most ``TabHierarchy/maximumDepth`` levels in all).
///
/// ```swift
/// TabSection("Collections", systemImage: "folder", id: "collections") {
///     for collection in collections {
///         Tab(collection.name, systemImage: "list.and.film", id: collection.id).allowsHiding()
///     }
/// }
/// .allowsReordering()
/// .defaultVisibility(.hidden, for: .tabBar)      // the children start outside the bar
/// .sectionActions {
///     SectionAction("New Collection", systemImage: "plus", addsTab: .list([], acceptsDrops: true))
/// }
/// ```
public struct TabSection: TabItemConvertible, Equatable {
    /// The section, children included as the model sees it; modifiers change it, and the builder collects it.
    public var tabItem: TabItem

    /// Declares a section.
    ///
    /// - Parameters:
    ///   - title: The header's text in the sidebar and the item's title in the tab bar.
    ///   - systemImage: A symbol name; empty for none.
    ///   - id: The stable customization identifier; derived from the title when left out, with
    ///     the same caveat as for ``Tab/init(_:systemImage:id:content:)``.
    ///   - content: What the section shows when it is selected from the tab bar. Leave it `.none`
    ///     to get the built-in overview of its children.
    ///   - children: The section's tabs and sections, in their default display order.
    public init(
        _ title: String, systemImage: String = "", id: String? = nil, content: TabContent = .none,
        @TabBuilder children: () -> [TabItem]
    ) {
        tabItem = TabItem(
            kind: .section, id: id ?? TabIdentifier.derived(fromTitle: title), title: title,
            icon: systemImage, content: content, children: children()
        )
    }

    /// The section's children, in declared order.
    public var children: [TabItem] {
        get { tabItem.children }
        set { tabItem.children = newValue }
    }
}
