/// How one cell looks, independent of any terminal library.
///
/// Attributes carry the meaning on their own (so monochrome terminals still tell selection, focus,
/// the edit cursor, a grabbed item and a drop position apart); colours only add to them.
public struct CellStyle: Sendable, Equatable, Hashable {
    /// Display attributes that every terminal (or nearly) can show, even without colour.
    public struct Attributes: OptionSet, Sendable, Hashable {
        /// The bit set; stable, so it can be compared and hashed cheaply.
        public let rawValue: UInt8
        /// Attributes from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bold (or bright): selection, headers, titles.
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Dim: secondary text, hidden items, refused drop targets.
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Underline: selection, drop position.
        public static let underline = Attributes(rawValue: 1 << 2)
        /// Reverse: cursors and grabbed items.
        public static let reverse = Attributes(rawValue: 1 << 3)
        /// Italic (not shown by every terminal, so never the only cue).
        public static let italic = Attributes(rawValue: 1 << 4)
        /// Struck through (what a terminal tab's program asked for; never the only cue either).
        public static let strikethrough = Attributes(rawValue: 1 << 5)
    }

    /// Attributes, colours and whether each colour is set, in one word, so that comparing two
    /// styles (every cell of every frame) is one comparison. Bits 0–7: attributes; 8–15: the
    /// foreground; 16: a foreground is set; 17–24: the background; 25: a background is set.
    @usableFromInline package var bits: UInt32

    /// The attributes, which carry the meaning on their own.
    public var attributes: Attributes {
        get { Attributes(rawValue: UInt8(truncatingIfNeeded: bits)) }
        set { bits = bits & ~0xFF | UInt32(newValue.rawValue) }
    }

    /// Foreground colour as a 256-colour palette index, or `nil` for the terminal's default.
    public var foreground: UInt8? {
        get { bits & 0x1_0000 != 0 ? UInt8(truncatingIfNeeded: bits >> 8) : nil }
        set { bits = bits & ~0x1_FF00 | (newValue.map { UInt32($0) << 8 | 0x1_0000 } ?? 0) }
    }

    /// Background colour as a 256-colour palette index, or `nil` for the terminal's default.
    public var background: UInt8? {
        get { bits & 0x200_0000 != 0 ? UInt8(truncatingIfNeeded: bits >> 17) : nil }
        set { bits = bits & ~0x3FE_0000 | (newValue.map { UInt32($0) << 17 | 0x200_0000 } ?? 0) }
    }

    /// A style; colours default to the terminal's own.
    public init(_ attributes: Attributes = [], foreground: UInt8? = nil, background: UInt8? = nil) {
        bits = UInt32(attributes.rawValue)
        self.foreground = foreground
        self.background = background
    }

    /// No attributes, default colours.
    public static let plain = CellStyle()

    /// One comparison, inlinable (see `Cell.==`).
    @inlinable
    public static func == (lhs: CellStyle, rhs: CellStyle) -> Bool {
        lhs.bits == rhs.bits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bits)
    }
}

/// One screen cell: the text drawn there and how.
///
/// `text` is one printable base character plus any combining marks that stay with it; a wide
/// character occupies its cell (width 2) and the next cell holds an empty `continuation`. The text
/// is stored as one number (see `CellText`), so cells are plain values: frames are copied and
/// compared without reference counting.
public struct Cell: Sendable, Equatable {
    /// The text's code (see `CellText`) in the low 24 bits and the cluster flag (bit 31), the
    /// width in bits 24–25: with the style, a cell is two words without padding, so rows of cells
    /// are compared as plain memory (docs/terminal-notes.md, "Writing frames ourselves").
    @usableFromInline package var packed: UInt32
    /// How it is drawn.
    public var style: CellStyle

    @usableFromInline static let widthShift: UInt32 = 24
    @usableFromInline static let widthMask: UInt32 = 0x3 << 24

    /// The text as `CellText` encodes it.
    @inlinable
    package var code: UInt32 {
        get { packed & ~Cell.widthMask }
        set { packed = (packed & Cell.widthMask) | (newValue & ~Cell.widthMask) }
    }

    /// 1 for ordinary cells, 2 for the first cell of a wide character, 0 for its continuation.
    @inlinable
    public var width: UInt8 {
        get { UInt8(truncatingIfNeeded: (packed & Cell.widthMask) >> Cell.widthShift) }
        set { packed = (packed & ~Cell.widthMask) | ((UInt32(min(newValue, 3)) << Cell.widthShift) & Cell.widthMask) }
    }

    /// What is drawn in the cell; empty for a continuation.
    public var text: String {
        get { CellText.string(code) }
        set { code = CellText.code(newValue) }
    }

    /// A cell; the defaults make a blank one.
    public init(text: String = " ", width: UInt8 = 1, style: CellStyle = .plain) {
        self.init(code: CellText.code(text), width: width, style: style)
    }

    /// A cell from an encoded text (see `CellText`).
    @inlinable
    package init(code: UInt32, width: UInt8, style: CellStyle) {
        self.packed = (code & ~Cell.widthMask) | ((UInt32(min(width, 3)) << Cell.widthShift) & Cell.widthMask)
        self.style = style
    }

    /// A cell from its packed word as stored (`packed`): for code that builds cells by the
    /// million (a terminal tab's screen).
    @inlinable
    package init(packed: UInt32, style: CellStyle) {
        self.packed = packed
        self.style = style
    }

    /// A space in the plain style.
    public static let blank = Cell(code: 0x20, width: 1, style: .plain)
    /// The right half of a wide character drawn in `style`.
    public static func continuation(_ style: CellStyle) -> Cell { Cell(code: 0, width: 0, style: style) }
    /// Whether this is the right half of a wide character (the backend skips it).
    public var isContinuation: Bool { width == 0 }

    /// Cheap fields only, and inlinable: the terminal backend compares every cell of every frame
    /// with the previous one. Texts are compared as stored, scalar by scalar (`é` and `e` + U+0301
    /// differ, as they do on screen byte for byte).
    @inlinable
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.packed == rhs.packed && lhs.style.bits == rhs.style.bits
    }
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
