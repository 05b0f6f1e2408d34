/// The keys one kind of object in a layout file may have. A key read from the file is matched by
/// comparing its bytes, packed into two words, with each allowed key's: no string is made for it,
/// and no reference is counted (the decoder asks for a key a dozen times per tab).
final class LayoutKeys: Sendable {
    /// Up to 16 bytes of ASCII (every key of the schema fits), packed for a quick comparison.
    struct Packed: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0

        /// Nil for text longer than 16 bytes: no allowed key is that long.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count <= 16 else { return nil }
            length = bytes.count
            for i in 0..<min(length, 8) { low |= UInt64(bytes[i]) << (8 * UInt64(i)) }
            for i in min(length, 8)..<length { high |= UInt64(bytes[i]) << (8 * UInt64(i - 8)) }
        }

        /// The bytes `start..<start + count` of `buffer`, read as two words when the buffer
        /// holds 16 bytes from `start` (the usual case: a key is followed by the rest of its
        /// object), as the initializer above reads them otherwise.
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

        fileprivate init(low: UInt64, high: UInt64, length: Int) {
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

    let names: [String]
    private let packed: InlineArray<16, Packed>
    let count: Int
    /// An open-addressing table of the keys: for each of its buckets, the slot of the key that
    /// hashes there (or to a bucket before it, with no free bucket in between), or -1. A key read
    /// from the file is then compared with one allowed key, not with each in turn.
    private let buckets: InlineArray<64, Int8>

    /// The bucket a key's bytes start their search at.
    @inline(__always)
    private static func bucket(of key: Packed) -> Int {
        let mixed = (key.low ^ (key.high &* 0x100_0000_01B3) ^ UInt64(key.length)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 58)
    }

    /// The keys of an enum of keys: `names` are its cases' names, in the order of their raw
    /// values (written out: a case's name found by reflection costs half a millisecond the first
    /// time; LayoutKeysTests checks the two agree).
    convenience init<Key: LayoutKeySet>(_ names: [String], of type: Key.Type) {
        assert(Key.allCases.map(\.rawValue) == Array(0..<names.count), "raw values are slots: 0, 1, 2…")
        self.init(names)
    }

    init(_ names: [String]) {
        precondition(names.count <= LayoutObject.maximumKeys)
        self.names = names
        count = names.count
        var packed = InlineArray<16, Packed>(repeating: Packed(low: 0, high: 0, length: 0))
        var buckets = InlineArray<64, Int8>(repeating: -1)
        for (slot, name) in names.enumerated() {
            // Every key of the schema is short ASCII; one that is not could never be matched.
            guard let key = Packed(name) else { preconditionFailure("key \(name) is longer than 16 bytes") }
            packed[slot] = key
            var bucket = Self.bucket(of: key)
            while buckets[bucket] >= 0 { bucket = (bucket + 1) & 63 }
            buckets[bucket] = Int8(slot)
        }
        self.packed = packed
        self.buckets = buckets
    }

    /// The position of `name` among the keys.
    func slot(of name: String) -> Int? {
        Packed(name).flatMap(slot(of:))
    }

    func slot(of key: Packed) -> Int? {
        var bucket = Self.bucket(of: key)
        while true {
            let slot = Int(buckets[bucket])
            if slot < 0 { return nil }
            if packed[slot] == key { return slot }
            bucket = (bucket + 1) & 63
        }
    }
}
