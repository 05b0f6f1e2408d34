import Synchronization

/// The roles of the non-Latin-1 scalars drawn lately (`Sanitizer.unicodeRole`), so that an icon or
/// arrow drawn at every frame is looked up instead of measured: measuring asks `wcwidth` under a
/// UTF-8 locale (two `uselocale` calls around it) and checks several ranges (docs/benchmark.md,
/// "Where a keystroke's CPU goes").
///
/// A direct-mapped table of 256 entries, each one 64-bit word read and written atomically
/// (relaxed), so any thread may use it: a word is a whole answer or a miss, never half of one.
/// A miss measures and stores; two scalars that share a slot take turns in it. The answer does not
/// depend on anything that changes while the program runs (the width table of a UTF-8 locale).
///
/// An entry: the scalar's value (21 bits) from bit 32, the role's scalar from bit 8, its width in
/// bits 4–5 and its kind in bits 0–1 (1 base, 2 mark, 3 drop; 0 is an empty slot).
final class ScalarRoleCache: @unchecked Sendable {
    // @unchecked: the slots are only ever touched through their atomic operations.
    private let slots: UnsafeMutablePointer<Atomic<UInt64>>
    private static let count = 256

    init() {
        slots = .allocate(capacity: Self.count)
        for index in 0..<Self.count { (slots + index).initialize(to: Atomic(0)) }
    }

    /// The role of `value` as `measure` gives it, from the table when it is there.
    @inline(__always)
    func role(of value: UInt32, measure: () -> ScalarRole) -> ScalarRole {
        // Fibonacci hashing: the top 8 bits of the product spread neighbouring scalars apart.
        let slot = Int(truncatingIfNeeded: (value &* 0x9E37_79B1) >> 24)
        let entry = slots[slot].load(ordering: .relaxed)
        if entry & 0x3 != 0, UInt32(truncatingIfNeeded: entry >> 32) == value {
            let shown = Unicode.Scalar(UInt32(truncatingIfNeeded: entry >> 8) & 0x1F_FFFF) ?? Sanitizer.replacement
            switch entry & 0x3 {
            case 1: return .base(shown, width: Int((entry >> 4) & 0x3))
            case 2: return .mark
            default: return .drop
            }
        }
        let role = measure()
        var stored = UInt64(value) << 32
        switch role {
        case .base(let shown, let width):
            stored |= UInt64(shown.value) << 8 | UInt64(width & 0x3) << 4 | 1
        case .mark:
            stored |= 2
        case .drop:
            stored |= 3
        }
        slots[slot].store(stored, ordering: .relaxed)
        return role
    }
}

/// The one table of the process.
let scalarRoleCache = ScalarRoleCache()
