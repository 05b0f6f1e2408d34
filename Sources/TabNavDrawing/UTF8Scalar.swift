/// A `String`'s own UTF-8 bytes read a scalar at a time: for the loops that measure or classify
/// titles without stepping through `unicodeScalars` (docs/benchmark.md, "Where a keystroke's CPU
/// goes"). The bytes are valid UTF-8 (a `String`'s), so nothing is checked but the buffer's end.
package enum UTF8Scalar {
    /// The value of the scalar that starts at `index`, and how many bytes it takes.
    @inlinable @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[index]
        var value = UInt32(lead)
        var length = 1
        if lead >= 0xF0 {
            value &= 0x07
            length = 4
        } else if lead >= 0xE0 {
            value &= 0x0F
            length = 3
        } else if lead >= 0xC0 {
            value &= 0x1F
            length = 2
        }
        var offset = 1
        while offset < length, index + offset < bytes.count {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            offset += 1
        }
        return (value, length)
    }
}
