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
        init?<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            guard bytes.count <= 16 else { return nil }
            length = bytes.count
            for (i, byte) in bytes.enumerated() {
                if i < 8 { low |= UInt64(byte) << (8 * UInt64(i)) } else { high |= UInt64(byte) << (8 * UInt64(i - 8)) }
            }
        }
    }

    let names: [String]
    private let packed: InlineArray<16, Packed?>
    let count: Int

    init(_ names: [String]) {
        precondition(names.count <= LayoutObject.maximumKeys)
        self.names = names
        count = names.count
        var packed = InlineArray<16, Packed?>(repeating: nil)
        for (slot, name) in names.enumerated() { packed[slot] = Packed(name.utf8) }
        self.packed = packed
    }

    /// The position of `name` among the keys.
    func slot(of name: String) -> Int? {
        guard let key = Packed(name.utf8) else { return nil }
        return slot(of: key)
    }

    func slot(of key: Packed) -> Int? {
        for slot in 0..<count where packed[slot] == key { return slot }
        return nil
    }
}
