/// Puts UTF-8 bytes read in bulk back together into Unicode scalars, one byte at a time, so a
/// character split between two reads is still whole. A byte that cannot continue or start a
/// character becomes U+FFFD (what a text field shows for it), never a control.
struct UTF8Assembler {
    private var value: UInt32 = 0
    private var remaining = 0

    /// Whether part of a character is waiting for its next bytes.
    var isPending: Bool { remaining > 0 }

    /// Feeds one byte; returns the scalars it completes (none, one, or a replacement and the byte).
    mutating func push(_ byte: UInt8, into scalars: (UInt32) -> Void) {
        if remaining > 0 {
            if byte & 0xC0 == 0x80 {
                value = value << 6 | UInt32(byte & 0x3F)
                remaining -= 1
                if remaining == 0 { scalars(Unicode.Scalar(value) == nil ? 0xFFFD : value) }
                return
            }
            remaining = 0
            scalars(0xFFFD)
        }
        switch byte {
        case 0x00...0x7F: scalars(UInt32(byte))
        case 0xC2...0xDF: value = UInt32(byte & 0x1F); remaining = 1
        case 0xE0...0xEF: value = UInt32(byte & 0x0F); remaining = 2
        case 0xF0...0xF4: value = UInt32(byte & 0x07); remaining = 3
        default: scalars(0xFFFD)
        }
    }
}
