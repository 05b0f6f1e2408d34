/// The two renderings of an icon: the tab bar uses `filled`, the sidebar `outline` (docs/behaviour.md, "Drawing").
/// In ASCII mode both are the same single ASCII character.
public struct IconGlyph: Sendable, Equatable, Hashable {
    /// The lighter form, used in the sidebar.
    public let outline: String
    /// The heavier form, used in the tab bar.
    public let filled: String

    /// A custom pair, e.g. for an application-specific symbol.
    public init(outline: String, filled: String) {
        self.outline = outline
        self.filled = filled
    }
}
