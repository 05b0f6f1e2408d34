import TabNavSystem

/// What drawing does with one Unicode scalar of a title, badge or content line.
enum ScalarRole: Equatable {
    /// Starts a cell showing `scalar` (the original or its visible stand-in), `width` columns wide.
    case base(Unicode.Scalar, width: Int)
    /// A zero-width mark that stays in the cell of the base before it.
    case mark
    /// Not drawn at all.
    case drop
}

/// The sanitization rules of docs/behaviour.md, "Drawing", one scalar at a time.
///
/// - Printable ASCII is itself.
/// - C0 controls (U+0000–U+001F: NUL, TAB, LF, ESC…) become their Control Pictures (U+2400 + n,
///   e.g. ␛ for ESC), DEL becomes ␡, so a title can never move the cursor or change the terminal.
/// - C1 controls (U+0080–U+009F) and anything `wcwidth` rejects (unassigned, noncharacters, the
///   line and paragraph separators) become U+FFFD �. C1 has no Control Pictures of its own.
/// - ZERO WIDTH JOINER, the other zero-width format characters (ZWNJ, ZWSP, word joiner, BOM,
///   bidirectional overrides and isolates, tag characters) and the variation selectors are dropped,
///   as are emoji skin-tone modifiers that follow an emoji they would modify. These are exactly the
///   scalars that make terminals fuse several characters into one glyph of a width nobody can
///   predict (👩‍💻 is 2 columns in one terminal, 4 in another; ❤️ with VS16 is 1 or 2), or reorder
///   text. Without them each remaining character is drawn on its own, with the width `wcwidth` —
///   and therefore ncurses — gives it, so ncurses and the terminal agree on every column.
/// - Other zero-width scalars (combining marks, Hangul vowel and final jamo) are marks and stay with
///   their base.
/// - In ASCII mode every non-ASCII scalar that takes space becomes one `?` (a wide character too;
///   arrows and dashes become a one-column look-alike such as `<` or `-`),
///   controls become `?`, and zero-width scalars are dropped (an accent cannot be shown anyway).
enum Sanitizer {
    /// The role of `scalar`, given the base scalar of the cell before it (if any).
    @inline(__always)
    static func role(of scalar: Unicode.Scalar, after previousBase: Unicode.Scalar?, ascii: Bool) -> ScalarRole {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return .base(scalar, width: 1) }
        if ascii { return asciiRole(of: scalar) }
        return unicodeRole(of: scalar, after: previousBase)
    }

    static let replacement: Unicode.Scalar = "\u{FFFD}"
    static let question: Unicode.Scalar = "?"

    static func asciiRole(of scalar: Unicode.Scalar) -> ScalarRole {
        if scalar.value < 0xA0 { return .base(question, width: 1) }
        if let stand = asciiStandIns[scalar] { return .base(stand, width: 1) }
        return width(of: scalar) == 0 ? .drop : .base(question, width: 1)
    }

    /// One-column ASCII look-alikes for the arrows and dashes key help and messages use, so
    /// `←→: tabs` reads `<>: tabs` rather than `??: tabs`.
    static let asciiStandIns: [Unicode.Scalar: Unicode.Scalar] = [
        "\u{2190}": "<", "\u{2192}": ">", "\u{2191}": "^", "\u{2193}": "v", "\u{2194}": "-",
        "\u{2013}": "-", "\u{2014}": "-",
    ]

    static func unicodeRole(of scalar: Unicode.Scalar, after previousBase: Unicode.Scalar?) -> ScalarRole {
        let value = scalar.value
        if value < 0x20 { return .base(Unicode.Scalar(0x2400 + value)!, width: 1) }
        if value == 0x7F { return .base("\u{2421}", width: 1) }
        if value < 0xA0 { return .base(replacement, width: 1) }
        if value <= 0xFF { return .base(scalar, width: 1) }  // Latin-1: all one column in glibc
        if isVariationSelector(value) { return .drop }
        if value >= 0x1F3FB && value <= 0x1F3FF {
            // A skin-tone modifier: its role depends on the scalar before it.
            if let previousBase, previousBase.properties.isEmojiModifierBase { return .drop }
            return measuredRole(of: scalar)
        }
        return scalarRoleCache.role(of: value) { measuredRole(of: scalar) }
    }

    /// The role of a scalar past Latin-1 that is neither a variation selector nor a modifier
    /// dropped after its base: from its width.
    static func measuredRole(of scalar: Unicode.Scalar) -> ScalarRole {
        let width = width(of: scalar)
        if width < 0 { return .base(replacement, width: 1) }
        if width == 0 { return scalar.properties.generalCategory == .format ? .drop : .mark }
        return .base(scalar, width: min(width, 2))
    }

    /// U+FE00–U+FE0F and the supplement U+E0100–U+E01EF.
    @inline(__always)
    static func isVariationSelector(_ value: UInt32) -> Bool {
        (value >= 0xFE00 && value <= 0xFE0F) || (value >= 0xE0100 && value <= 0xE01EF)
    }

    /// `wcwidth` in a UTF-8 locale, or the estimate where the system has none.
    @inline(__always)
    static func width(of scalar: Unicode.Scalar) -> Int {
        SystemWidth.of(scalar.value) ?? FallbackWidth.of(scalar)
    }
}
