import TestSupport

/// Random strings that lean on the hard cases: controls, C1, marks, joiners, selectors, emoji,
/// skin tones, CJK, astral and unassigned scalars.
enum HostileText {
    static let pools: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x00...0x1F, 0x7F...0x9F, 0x300...0x36F, 0x200B...0x200F, 0x202A...0x202E,
        0xFE00...0xFE0F, 0x1F300...0x1F64F, 0x1F3FB...0x1F3FF, 0x4E00...0x4EFF, 0xAC00...0xAD00,
        0x1100...0x11FF, 0x20D0...0x20F0, 0xE0000...0xE01EF, 0x0378...0x037F, 0x2028...0x2029,
        0xA0...0x2FF, 0x2400...0x2426, 0x1F1E6...0x1F1FF, 0xFFF0...0xFFFF, 0x10000...0x10FFFF,
    ]

    static func string(length: Int, using generator: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        while scalars.count < length {
            let pool = pools[Int.random(in: 0..<pools.count, using: &generator)]
            let value = UInt32.random(in: pool, using: &generator)
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
