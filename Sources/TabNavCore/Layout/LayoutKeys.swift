/// The keys one kind of object in a layout file may have. Every key of the schema has a number in
/// `LayoutSchema.keyCodes`, which the parser writes on each key token as it reads the file
/// (`JSONKeyCodes`): a key is matched to its slot by that number, with no string made and no
/// reference counted (the decoder asks for a key a dozen times per tab).
final class LayoutKeys: Sendable {
    let names: [String]
    let count: Int
    /// For each key code (`LayoutSchema.keyCodes`), the slot of that key among these, or -1.
    private let slotOfCode: InlineArray<64, Int8>

    /// The keys of an enum of keys: `names` are its cases' names, in the order of their raw
    /// values (written out: a case's name found by reflection costs half a millisecond the first
    /// time; LayoutKeysTests checks the two agree).
    convenience init<Key: LayoutKeySet>(_ names: [String], of type: Key.Type) {
        assert(Key.allCases.map(\.rawValue) == Array(0..<names.count), "raw values are slots: 0, 1, 2…")
        self.init(names)
    }

    init(_ names: [String], codes: JSONKeyCodes = LayoutSchema.keyCodes) {
        precondition(names.count <= LayoutObject.maximumKeys)
        self.names = names
        count = names.count
        var slotOfCode = InlineArray<64, Int8>(repeating: -1)
        for (slot, name) in names.enumerated() {
            let code = codes.code(of: name)
            precondition(code != 0, "key \(name) is missing from LayoutSchema.keyCodes")
            slotOfCode[Int(code)] = Int8(slot)
        }
        self.slotOfCode = slotOfCode
    }

    /// The position of the key with code `code` among these keys (nil for 0, a key not listed).
    @inline(__always)
    func slot(ofCode code: UInt8) -> Int? {
        let slot = slotOfCode[Int(code & 63)]
        return slot >= 0 ? Int(slot) : nil
    }

    /// The position of `name` among the keys.
    func slot(of name: String) -> Int? {
        slot(ofCode: LayoutSchema.keyCodes.code(of: name))
    }
}
