/// One drawable cell of sanitized text: a base character and any marks that stay with it.
///
/// `text` never contains a control character (C0, DEL, C1); `width` is 1, or 2 for a wide
/// character that also takes the next column.
public struct TextCell: Sendable, Equatable {
    public var text: String
    public var width: Int

    public init(text: String, width: Int) {
        self.text = text
        self.width = width
    }
}
