/// The two renderings of an icon: the tab bar uses `filled`, the sidebar `outline` (SPEC §5).
/// In ASCII mode both are the same single ASCII character.
public struct IconGlyph: Sendable, Equatable, Hashable {
    public let outline: String
    public let filled: String

    public init(outline: String, filled: String) {
        self.outline = outline
        self.filled = filled
    }
}
