/// Puts UTF-8 bytes read in bulk back together into Unicode scalars, one byte at a time, so a
/// character split between two reads is still whole. A byte that cannot continue or start a
/// character becomes U+FFFD (what a text field shows for it), never a control.
struct UTF8Assembler {
    private var value: UInt32 = 0
    private var remaining = 0
    /// The range the next continuation byte must be in: narrower than 80–BF right after the
    /// leads that could otherwise spell an overlong form (E0 80 9B would be ESC), a surrogate or a
    /// value past U+10FFFF — the rules `mbrtowc` applies.
    private var next: ClosedRange<UInt8> = 0x80...0xBF

    /// Whether part of a character is waiting for its next bytes.
    var isPending: Bool { remaining > 0 }

    /// Feeds one byte; hands on the scalars it completes (none, one, or a replacement and the byte).
    mutating func push(_ byte: UInt8, into scalars: (UInt32) -> Void) {
        if remaining > 0 {
            if next.contains(byte) {
                value = value << 6 | UInt32(byte & 0x3F)
                remaining -= 1
                next = 0x80...0xBF
                if remaining == 0 { scalars(value) }
                return
            }
            remaining = 0
            next = 0x80...0xBF
            scalars(0xFFFD)
        }
        switch byte {
        case 0x00...0x7F: scalars(UInt32(byte))
        case 0xC2...0xDF: start(byte & 0x1F, count: 1, next: 0x80...0xBF)
        case 0xE0: start(0, count: 2, next: 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE, 0xEF: start(byte & 0x0F, count: 2, next: 0x80...0xBF)
        case 0xED: start(0x0D, count: 2, next: 0x80...0x9F)
        case 0xF0: start(0, count: 3, next: 0x90...0xBF)
        case 0xF1...0xF3: start(byte & 0x07, count: 3, next: 0x80...0xBF)
        case 0xF4: start(0x04, count: 3, next: 0x80...0x8F)
        default: scalars(0xFFFD)
        }
    }

    private mutating func start(_ bits: UInt8, count: Int, next: ClosedRange<UInt8>) {
        value = UInt32(bits)
        remaining = count
        self.next = next
    }
}
