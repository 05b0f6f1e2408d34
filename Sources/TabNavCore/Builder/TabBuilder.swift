/// Collects tab declarations into a list of items, for ``TabLayout/init(id:title:items:)`` and
/// ``TabSection/init(_:icon:id:content:children:)``.
///
/// Inside a builder closure you can write, one per line:
/// - any ``TabItemConvertible`` (``Tab``, ``TabSection`` or your own type), or
///   a ready-made ``TabItem`` such as one read from a file;
/// - an optional of either, which adds nothing when it is `nil`;
/// - an array of either, added in order;
/// - `if`, `if`/`else`, `switch` and `for … in`, so a hierarchy can follow the app's data:
///
/// ```swift
/// TabLayout(id: "music", title: "Music") {
///     Tab("Listen Now", systemImage: "play.circle").placement(.fixed)
///     if showsRadio { Tab("Radio", systemImage: "dot.radiowaves.left.and.right") }
///     TabSection("Playlists", systemImage: "music.note.list") {
///         for playlist in playlists { Tab(playlist.name, id: playlist.id) }
///     }
///     Tab(role: .search)
/// }
/// ```
@resultBuilder
public enum TabBuilder {
    /// A single declaration such as `Tab(…)`.
    public static func buildExpression<Item: TabItemConvertible>(_ item: Item) -> [TabItem] {
        [item.tabItem]
    }

    /// An optional declaration: adds nothing when it is `nil`.
    public static func buildExpression<Item: TabItemConvertible>(_ item: Item?) -> [TabItem] {
        item.map { [$0.tabItem] } ?? []
    }

    /// A list of declarations of one type, such as `names.map { Tab($0) }`, added in order.
    public static func buildExpression<Item: TabItemConvertible>(_ items: [Item]) -> [TabItem] {
        items.map(\.tabItem)
    }

    /// A mixed list, such as `[Tab(…), TabSection(…) { … }]` typed as `[any TabItemConvertible]`.
    public static func buildExpression(_ items: [any TabItemConvertible]) -> [TabItem] {
        items.map(\.tabItem)
    }

    /// A ready-made item, for example one a layout loader produced.
    public static func buildExpression(_ item: TabItem) -> [TabItem] {
        [item]
    }

    /// An optional ready-made item: adds nothing when it is `nil`.
    public static func buildExpression(_ item: TabItem?) -> [TabItem] {
        item.map { [$0] } ?? []
    }

    /// Ready-made items, added in order.
    public static func buildExpression(_ items: [TabItem]) -> [TabItem] {
        items
    }

    /// Joins the statements of one block, in order.
    public static func buildBlock(_ components: [TabItem]...) -> [TabItem] {
        components.flatMap { $0 }
    }

    /// An `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ component: [TabItem]?) -> [TabItem] {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [TabItem]) -> [TabItem] {
        component
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [TabItem]) -> [TabItem] {
        component
    }

    /// A `for … in` loop: every iteration's items, in order.
    public static func buildArray(_ components: [[TabItem]]) -> [TabItem] {
        components.flatMap { $0 }
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ component: [TabItem]) -> [TabItem] {
        component
    }
}
