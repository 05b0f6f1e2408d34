/// The icon names and their glyphs as a fixed open-addressing table, read with a cheap hash.
///
/// A `Dictionary` hashes a name with SipHash under a per-process seed (several hundred
/// instructions for a short name); a frame looks up every icon it draws, a dozen or more per
/// keystroke. FNV-1a over the name's UTF-8 costs a few instructions per byte, and the table never
/// changes after it is built, so it needs no protection between threads (docs/benchmark.md,
/// "Where a keystroke's CPU goes").
///
/// A class, so reading the shared table retains one object rather than each of its arrays, and
/// with each entry's two glyph pairs made once, so a lookup copies no strings out of a tuple.
final class IconTable: Sendable {
    typealias Entry = (outline: String, filled: String, ascii: String)

    private let names: [String]
    private let entries: [Entry]
    /// Per entry: the Unicode pair (outline, filled) and the ASCII one.
    private let unicodeGlyphs: [IconGlyph]
    private let asciiGlyphs: [IconGlyph]
    /// Index into `names` + 1 for each slot; 0 marks an empty slot.
    private let slots: [Int32]
    private let mask: Int

    init(_ table: [String: Entry]) {
        var capacity = 16
        while capacity < table.count * 2 { capacity *= 2 }
        var names: [String] = []
        var entries: [Entry] = []
        var slots = [Int32](repeating: 0, count: capacity)
        // Sorted, so the layout of the table is the same in every run.
        for name in table.keys.sorted() {
            var slot = Self.hash(name) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            names.append(name)
            entries.append(table[name]!)
            slots[slot] = Int32(names.count)
        }
        self.names = names
        self.entries = entries
        unicodeGlyphs = entries.map { IconGlyph(outline: $0.outline, filled: $0.filled) }
        asciiGlyphs = entries.map { IconGlyph(outline: $0.ascii, filled: $0.ascii) }
        self.slots = slots
        mask = capacity - 1
    }

    /// The entry stored under exactly `name`, if any.
    subscript(name: String) -> Entry? {
        index(of: name).map { entries[$0] }
    }

    /// The glyphs stored under exactly `name` (Unicode, or the ASCII stand-in), if any.
    func glyph(_ name: String, ascii: Bool) -> IconGlyph? {
        guard let index = index(of: name) else { return nil }
        return ascii ? asciiGlyphs[index] : unicodeGlyphs[index]
    }

    private func index(of name: String) -> Int? {
        var slot = Self.hash(name) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if names[stored - 1] == name { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a of the name's UTF-8 bytes, folded to an `Int`. Read from the string's own storage:
    /// stepping through `utf8` one index at a time cost ~30 instructions a byte.
    static func hash(_ name: String) -> Int {
        name.utf8.withContiguousStorageIfAvailable(hash) ?? Array(name.utf8).withUnsafeBufferPointer(hash)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
