/// A fixed list of object keys the parser recognises as it reads them (docs/benchmark.md,
/// "Loading a large layout"): each key token of the tape then carries its key's number (1 for the
/// first name, 0 for a key not on the list or written with escapes), so a decoder on another
/// thread matches keys by number instead of by their bytes.
///
/// Names are short ASCII (at most 16 bytes); a key's bytes are packed into two words and found
/// through a small open-addressing table, with no string made and no reference counted.
package final class JSONKeyCodes: Sendable {
    /// Up to 16 bytes of ASCII, packed for a quick comparison.
    struct Packed: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0

        /// Nil for text longer than 16 bytes: no listed key is that long.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count <= 16 else { return nil }
            length = bytes.count
            for i in 0..<min(length, 8) { low |= UInt64(bytes[i]) << (8 * UInt64(i)) }
            for i in min(length, 8)..<length { high |= UInt64(bytes[i]) << (8 * UInt64(i - 8)) }
        }

        /// The bytes `start..<start + count` of `buffer`, read as two words when the buffer
        /// holds 16 bytes from `start` (the usual case: a key is followed by the rest of its
        /// object), as the initializer above reads them otherwise.
        @inline(__always)
        init?(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, count: Int) {
            guard count <= 16 else { return nil }
            guard start + 16 <= buffer.count, let base = buffer.baseAddress else {
                self.init(UnsafeBufferPointer(rebasing: buffer[start..<start + count]))
                return
            }
            func mask(_ bytes: Int) -> UInt64 { bytes >= 8 ? ~0 : (1 << (8 * UInt64(bytes))) &- 1 }
            let raw = UnsafeRawPointer(base + start)
            let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & mask(count)
            let high = count > 8 ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & mask(count - 8) : 0
            self.init(low: low, high: high, length: count)
        }

        init(low: UInt64, high: UInt64, length: Int) {
            self.low = low
            self.high = high
            self.length = length
        }

        init?(_ text: String) {
            var text = text
            guard let packed = text.withUTF8({ Packed($0) }) else { return nil }
            self = packed
        }
    }

    /// The most names a list may hold (codes fit in a byte, and in the tables of `LayoutKeys`).
    package static let maximumCount = 63

    let names: [String]
    /// Each name's packed bytes, by code (index 0 unused): stored inline, so a look-up checks no
    /// array and counts no reference.
    private let packed: InlineArray<64, Packed>
    /// An open-addressing table: for each bucket, the code of the name that hashes there (or to
    /// a bucket before it, with no free bucket in between), or 0.
    private let buckets: InlineArray<128, UInt8>

    @inline(__always)
    static func bucket(of key: Packed, mask: Int) -> Int {
        let mixed = (key.low ^ (key.high &* 0x100_0000_01B3) ^ UInt64(key.length)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 57) & mask
    }

    package init(_ names: [String]) {
        precondition(names.count <= Self.maximumCount, "at most \(Self.maximumCount) key names")
        precondition(Set(names).count == names.count, "key names are listed once")
        self.names = names
        var packed = InlineArray<64, Packed>(repeating: Packed(low: 0, high: 0, length: 0))
        var buckets = InlineArray<128, UInt8>(repeating: 0)
        for (index, name) in names.enumerated() {
            guard let key = Packed(name) else { preconditionFailure("key \(name) is longer than 16 bytes") }
            packed[index + 1] = key
            var bucket = Self.bucket(of: key, mask: 127)
            while buckets[bucket] != 0 { bucket = (bucket + 1) & 127 }
            buckets[bucket] = UInt8(index + 1)
        }
        self.packed = packed
        self.buckets = buckets
    }

    /// The code of the name `key` (1 for the first), or 0 when it is not listed.
    @inline(__always)
    func code(of key: Packed) -> UInt8 {
        var bucket = Self.bucket(of: key, mask: 127)
        while true {
            let code = buckets[bucket]
            if code == 0 || packed[Int(code & 63)] == key { return code }
            bucket = (bucket + 1) & 127
        }
    }

    /// The code of a name (0 when it is not listed).
    package func code(of name: String) -> UInt8 {
        Packed(name).map { code(of: $0) } ?? 0
    }
}
