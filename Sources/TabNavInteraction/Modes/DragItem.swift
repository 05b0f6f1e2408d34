/// A content entry that can be carried to a tab and dropped there (docs/behaviour.md, "Drops").
public struct DragItem: Sendable, Equatable, Hashable {
    /// Stable across launches: drops are saved by id.
    public var id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}
