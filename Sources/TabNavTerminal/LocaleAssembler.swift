import CNcursesw
#if canImport(Glibc)
import Glibc
#endif

/// Puts the bytes of a character set other than UTF-8 back together into characters, one byte at
/// a time, with the C library's `mbrtowc` for the locale's set (docs/terminal-notes.md, "Reading
/// keys ourselves"): Latin-1 has a character per byte, but GBK, Big5 or Shift-JIS spell one with
/// two, and the second may be an ASCII byte (GBK's `81 40` is 丂, not a lead byte and `@`).
///
/// A byte the locale cannot read is dropped, as ncurses dropped it; one that cuts a character
/// short is read again on its own, so a key typed after a broken character still counts.
struct LocaleAssembler {
    private var state = mbstate_t()
    /// Whether part of a character is waiting for its next bytes.
    private(set) var isPending = false

    /// Feeds one byte; hands on the character it completes, if any.
    mutating func push(_ byte: UInt8, into characters: (UInt32) -> Void) {
        var character: wchar_t = 0
        var input = CChar(bitPattern: byte)
        let used = mbrtowc(&character, &input, 1, &state)
        if used == -2 {
            isPending = true
        } else if used == -1 {
            state = mbstate_t()
            let cutShort = isPending
            isPending = false
            if cutShort { push(byte, into: characters) }
        } else {
            isPending = false
            if character >= 0 { characters(UInt32(character)) }
        }
    }
}
