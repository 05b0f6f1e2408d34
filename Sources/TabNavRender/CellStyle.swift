/// How one cell looks, independent of any terminal library.
///
/// Attributes carry the meaning on their own (so monochrome terminals still tell selection, focus,
/// the edit cursor, a grabbed item and a drop position apart); colours only add to them.
public struct CellStyle: Sendable, Equatable, Hashable {
    public struct Attributes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let underline = Attributes(rawValue: 1 << 2)
        public static let reverse = Attributes(rawValue: 1 << 3)
        public static let italic = Attributes(rawValue: 1 << 4)
    }

    public var attributes: Attributes
    /// Foreground colour as a 256-colour palette index, or `nil` for the terminal's default.
    public var foreground: UInt8?
    /// Background colour as a 256-colour palette index, or `nil` for the terminal's default.
    public var background: UInt8?

    public init(_ attributes: Attributes = [], foreground: UInt8? = nil, background: UInt8? = nil) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    public static let plain = CellStyle()
}

/// One screen cell: the text drawn there and how.
///
/// `text` is one printable base character plus any combining marks that stay with it; a wide
/// character occupies its cell (width 2) and the next cell holds an empty `continuation`.
public struct Cell: Sendable, Equatable {
    public var text: String
    /// 1 for ordinary cells, 2 for the first cell of a wide character, 0 for its continuation.
    public var width: UInt8
    public var style: CellStyle

    public init(text: String = " ", width: UInt8 = 1, style: CellStyle = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static let blank = Cell()
    public static func continuation(_ style: CellStyle) -> Cell { Cell(text: "", width: 0, style: style) }
    public var isContinuation: Bool { width == 0 }
}

extension CellStyle {
    /// This style with `other` layered on top: attributes are combined, and `other`'s colours
    /// replace these where it has one. Lets widgets stack roles (a cursor over a hidden item, a
    /// badge on the bar's background) without knowing the colours.
    public func adding(_ other: CellStyle) -> CellStyle {
        CellStyle(
            attributes.union(other.attributes),
            foreground: other.foreground ?? foreground,
            background: other.background ?? background
        )
    }

    /// This style with some attributes added.
    public func with(_ extra: Attributes) -> CellStyle {
        CellStyle(attributes.union(extra), foreground: foreground, background: background)
    }
}
