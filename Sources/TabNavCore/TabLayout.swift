/// A whole description of one tab hierarchy, as the builder API or a layout file gives it.
///
/// `id` names the saved customization (`<state-dir>/<id>.json`), so two layouts never share state.
public struct TabLayout: Sendable, Equatable {
    public var id: String
    public var title: String
    public var items: [TabItem]

    public init(id: String, title: String, items: [TabItem]) {
        self.id = id
        self.title = title
        self.items = items
    }
}
