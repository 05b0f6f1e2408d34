import CNcursesw
#if canImport(Glibc)
import Glibc
#endif

/// Puts the characters of a locale's own character set (not UTF-8: Latin-1, Big5, GBK, GB18030)
/// together from the bytes read, with the locale's `mbrtowc`, across reads.
///
/// In Big5, GBK and GB18030 the second byte of a character may be ASCII (`A4 71` is one
/// character, and `71` alone is `q`): while a character is incomplete, such a byte belongs to it
/// and is never typed on its own. A byte that cannot continue the character ends it; if it is
/// ASCII (an Escape, say) it then stands for itself, and otherwise it is read again as the start
/// of the next character (EUC-JP's `8E`). A byte the locale cannot read at all is dropped, as ncurses dropped it (docs/terminal-notes.md, "Reading keys ourselves").
struct LocaleCharacterAssembler {
    private var state = mbstate_t()
    /// Whether part of a character is waiting for its next bytes.
    private(set) var isPending = false

    /// Feeds one byte; hands on the character it completes, if any.
    mutating func push(_ byte: UInt8, into characters: (UInt32) -> Void) {
        if byte < 0x80 && !isPending {
            characters(UInt32(byte))
            return
        }
        var character: wchar_t = 0
        var input = CChar(bitPattern: byte)
        let used = mbrtowc(&character, &input, 1, &state)
        let cutShort = isPending
        isPending = used == -2
        if used == -1 { // not a character: start afresh
            state = mbstate_t()
            if byte < 0x80 {
                characters(UInt32(byte))
            } else if cutShort {
                // It ended the character before it; it may start the next one (EUC-JP's 8E).
                push(byte, into: characters)
            }
        } else if !isPending, character >= 0 {
            characters(UInt32(character))
        }
    }
}
