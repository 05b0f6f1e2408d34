import TabNavSystem

/// Text from a file or the command line as a person must see it before trusting it, and as
/// messages print it (docs/layout-files.md, "Trust"): every character that would be invisible,
/// or would change the direction of the text around it, is written out as `<U+200B>`, so nothing
/// is hidden and nothing reaches the terminal raw; shell words are quoted the way `sh` reads them.
package enum ShownText {
    /// Whether the scalar is written out as `<U+XXXX>` rather than shown:
    /// - the default-ignorable code points (zero-width spaces and joiners U+200B–U+200F, the word
    ///   joiner and invisible operators U+2060–U+2064, the byte order mark U+FEFF, the Mongolian
    ///   vowel separator U+180E, variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF, tags
    ///   U+E0000–U+E007F, the Hangul fillers, the soft hyphen…);
    /// - every format character (general category Cf: the bidirectional controls U+202A–U+202E,
    ///   U+2066–U+2069 and U+061C, the musical formatting marks U+1D173–U+1D17A…);
    /// - the line and paragraph separators, and every space other than U+0020 (a no-break space
    ///   looks like a word break that `sh` does not make);
    /// - C1 controls, private-use and unassigned code points, which a terminal shows as nothing
    ///   or as one and the same replacement glyph.
    /// C0 controls are left to the caller (JSON quoting writes `\u001b`, drawing shows `␛`).
    package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return false }
        if value < 0xA0 { return true }
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint { return true }
        switch properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .unassigned, .surrogate:
            return true
        default:
            return false
        }
    }

    /// The combining marks (`isZeroWidthMark`) one character shows as they are; a further mark
    /// on it, and every mark after that one, is written out. Marks stacked on one character
    /// draw over each other (and past a few, terminals and the renderer stop drawing them), so
    /// one could hide among many; no script puts more than two on one letter in a command.
    package static let shownMarksPerCharacter = 2

    /// Whether a scalar that is not hidden may take no column of its own where the renderer
    /// draws it: what `wcwidth` gives no column (combining marks, Hangul vowels and final
    /// consonants, a few spacing marks), and the skin-tone modifiers (U+1F3FB–U+1F3FF), which the
    /// renderer drops after an emoji. Without a UTF-8 locale, the marks and the Hangul blocks.
    static func isZeroWidthMark(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x300 else { return false }
        if (0x1F3FB...0x1F3FF).contains(value) { return true }
        if let width = SystemWidth.of(value) { return width == 0 }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Follows a text scalar by scalar and says which are written out (`<U+…>`) rather than
    /// shown: every hidden one (`isHidden`, first: variation selectors are marks too), and the
    /// marks past `shownMarksPerCharacter` on one character.
    struct Revealing {
        private var marks = 0

        mutating func writesOut(_ scalar: Unicode.Scalar) -> Bool {
            if isHidden(scalar) {
                marks = 0
                return true
            }
            guard isZeroWidthMark(scalar) else {
                marks = 0
                return false
            }
            marks += 1
            return marks > shownMarksPerCharacter
        }
    }

    /// `text` with every scalar `Revealing` names written as `<U+200B>`; the text itself when it
    /// has none (no copy).
    package static func revealed(_ text: String) -> String {
        guard needsRevealing(text) else { return text }
        var shown = ""
        shown.reserveCapacity(text.utf8.count + 16)
        var revealing = Revealing()
        for scalar in text.unicodeScalars {
            if revealing.writesOut(scalar) { shown += marker(scalar) } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }

    /// Whether `revealed` changes `text`.
    static func needsRevealing(_ text: String) -> Bool {
        var revealing = Revealing()
        return text.unicodeScalars.contains { revealing.writesOut($0) }
    }

    /// `<U+200B>`: at least four hexadecimal digits, upper case, as Unicode writes them.
    package static func marker(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// One shell word that `sh` reads back as exactly `text`: as it is when it holds only
    /// characters that mean nothing to the shell, otherwise in single quotes (a quote inside
    /// written `'\''`), then revealed (`revealed`). A leading `~/` stays outside the quotes,
    /// where the shell expands it as the program does.
    package static func shellQuoted(_ text: String) -> String {
        if text.isEmpty { return "''" }
        if text == "~" { return text }
        if text.hasPrefix("~/") { return "~/" + (text.count == 2 ? "" : shellQuoted(String(text.dropFirst(2)))) }
        if text.utf8.allSatisfy(isPlainShellByte) { return text }
        var quoted = "'"
        for character in text {
            if character == "'" { quoted += #"'\''"# } else { quoted.append(character) }
        }
        return revealed(quoted + "'")
    }

    /// Letters, digits and `_ - . / , : = + @ %`: nothing the shell treats specially.
    private static func isPlainShellByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "_-./,:=+@%".utf8.contains(byte)
        }
    }

    /// A name `sh` accepts for a variable: a letter or `_`, then letters, digits and `_` (ASCII).
    package static func isVariableName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// A message for standard error with everything that came from outside made harmless: ESC is
    /// `\e`, other controls `\n`, `\t`, `\r` or `\x07`, DEL `\x7f`, and hidden scalars and
    /// stacked marks as `revealed` writes them (`<U+202E>`); everything else as it is. Messages
    /// are one line, so a line feed is escaped too.
    package static func escapedForTerminal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) || needsRevealing(text) else { return text }
        var shown = ""
        var revealing = Revealing()
        for scalar in text.unicodeScalars {
            let writtenOut = revealing.writesOut(scalar)
            switch scalar.value {
            case 0x1B: shown += #"\e"#
            case 0x0A: shown += #"\n"#
            case 0x09: shown += #"\t"#
            case 0x0D: shown += #"\r"#
            case 0..<0x20, 0x7F:
                let hex = String(scalar.value, radix: 16)
                shown += #"\x"# + (hex.count < 2 ? "0" : "") + hex
            default:
                if writtenOut { shown += marker(scalar) } else { shown.unicodeScalars.append(scalar) }
            }
        }
        return shown
    }
}
