/// An estimate of `wcwidth` for systems without any UTF-8 locale.
///
/// Such a system cannot show Unicode through ncurses anyway (the program then uses ASCII glyphs),
/// so this only has to be sensible: combining marks and format characters are 0, East Asian wide
/// and emoji-presentation characters 2, unassigned and control characters -1, the rest 1.
enum FallbackWidth {
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return -1 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        case .unassigned, .surrogate, .lineSeparator, .paragraphSeparator, .control: return -1
        default: break
        }
        if properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
        return 1
    }

    /// The main blocks of East Asian wide characters (Hangul, CJK, fullwidth forms).
    static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
