/// The bytes that switch terminal modes on and off outside ncurses' knowledge, and the bytes the
/// crash handler writes to put the terminal back.
///
/// ncurses' own mouse support would pick one protocol from terminfo and never ask for motion while
/// a button is held, which dragging needs; so these modes are set by hand — press/release (1000),
/// button motion (1002), SGR coordinates without the 223-column limit (1006) — and must be unset
/// on every exit path, the crash handler included.
enum RestoreSequence {
    static let mouseOn: [UInt8] = Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h".utf8)
    static let mouseOff: [UInt8] = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)
    /// Bracketed paste: the terminal marks pasted text so it is never taken for keys.
    static let bracketedPasteOn: [UInt8] = Array("\u{1B}[?2004h".utf8)
    static let bracketedPasteOff: [UInt8] = Array("\u{1B}[?2004l".utf8)
    static let fallbackCursorVisible: [UInt8] = Array("\u{1B}[?25h".utf8)
    static let fallbackResetAttributes: [UInt8] = Array("\u{1B}[0m".utf8)
    /// The terminal's own cursor shape (DECSCUSR 0): a terminal tab's program may have set another.
    static let defaultCursorShape: [UInt8] = Array("\u{1B}[0 q".utf8)

    /// Everything an emergency restore writes, in order: mouse modes off (if they were on),
    /// bracketed paste off, keypad transmit off, leave the alternate screen, the terminal's own cursor
    /// shape (ANSI terminals only), cursor visible, attributes reset.
    /// Capabilities are terminfo strings (`nil` when the terminal lacks them).
    /// The ANSI fallbacks for a missing `cnorm` or `sgr0` are written only to a terminal that
    /// speaks ANSI (`ansi`); the others get nothing in their place.
    static func emergencyBytes(
        mouse: Bool, paste: Bool = true, ansi: Bool = true, keypadLocal: [UInt8]?, exitAlternateScreen: [UInt8]?,
        cursorVisible: [UInt8]?, resetAttributes: [UInt8]?
    ) -> [UInt8] {
        var bytes: [UInt8] = mouse ? mouseOff : []
        if paste { bytes += bracketedPasteOff }
        bytes += withoutPadding(keypadLocal ?? [])
        bytes += withoutPadding(exitAlternateScreen ?? [])
        if ansi { bytes += defaultCursorShape }
        bytes += withoutPadding(cursorVisible ?? (ansi ? fallbackCursorVisible : []))
        bytes += withoutPadding(resetAttributes ?? (ansi ? fallbackResetAttributes : []))
        return bytes
    }

    /// Removes terminfo delay specifications (`$<5>`, `$<2*/>`), which are instructions to
    /// `tputs`, not bytes for the terminal.
    static func withoutPadding(_ capability: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(capability.count)
        var index = 0
        while index < capability.count {
            if capability[index] == UInt8(ascii: "$"), index + 1 < capability.count,
               capability[index + 1] == UInt8(ascii: "<"),
               let end = capability[(index + 2)...].firstIndex(of: UInt8(ascii: ">")) {
                index = end + 1
                continue
            }
            result.append(capability[index])
            index += 1
        }
        return result
    }
}
