/// One drawable cell of sanitized text: a base character and any marks that stay with it.
///
/// `text` never contains a control character (C0, DEL, C1); `width` is 1, or 2 for a wide
/// character that also takes the next column.
public struct TextCell: Sendable, Equatable {
    /// The characters drawn in the cell (a base plus up to four marks).
    public var text: String
    /// Columns taken: 1, or 2 for a wide character.
    public var width: Int

    /// A cell as `TextCells` produces it; tests build expected values with it.
    public init(text: String, width: Int) {
        self.text = text
        self.width = width
    }
}
