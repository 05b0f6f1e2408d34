import TabNavSystem

/// The ids a customization knows (`Customization.knownIDs`): a set of strings, kept in the form
/// it came in, so that no one hashes 100,000 ids a second time (docs/benchmark.md, "Loading a large layout").
///
/// - The model's own: the keys of its hierarchy's id index, shared with the hierarchy, not copied
///   (the model keeps them equal to the hierarchy's ids).
/// - A state file's: the list as written, when it is in ascending order (as the program writes
///   it), answered by binary search — kept as bytes when every id is ASCII, as strings otherwise;
///   any other list is made a `Set`.
/// - Anything else (tests, `Codable`, changes): a `Set`.
///
/// Whatever the form, it means the same set: equality, `contains`, `count` and `sorted()` do
/// not depend on it.
package struct KnownIDs: Sendable {
    private enum Storage: Sendable {
        case set(Set<String>)
        /// The keys of a hierarchy's id index.
        case index([String: Int])
        /// Strictly ascending by `String`'s `<` (so without duplicates).
        case sorted([String])
        /// The same for ids that are all ASCII, kept as their bytes (no string made for each).
        case ascii(SortedASCII)
    }

    private var storage: Storage

    package init() {
        storage = .set([])
    }

    package init<S: Sequence>(_ ids: S) where S.Element == String {
        storage = .set(Set(ids))
    }

    /// The ids of `hierarchy`, sharing its index.
    package init(idsOf hierarchy: TabHierarchy) {
        storage = .index(hierarchy.indexByID)
    }

    /// The ids of a list read from a state file: kept as the list when it is in strictly
    /// ascending order, made a set otherwise (a file written by hand, or with duplicates).
    package init(decoded ids: [String]) {
        var ascending = true
        var index = 1
        while index < ids.count {
            if !(ids[index - 1] < ids[index]) { ascending = false; break }
            index += 1
        }
        storage = ascending ? .sorted(ids) : .set(Set(ids))
    }

    /// The ids of a state file's array of strings, taken from the tape as bytes, when every one
    /// is ASCII written without escapes and the list is strictly ascending (as the program
    /// writes it); nil otherwise (then read as strings, by `init(decoded:)`).
    init?(sortedASCIIOf array: Int, in tape: JSONTape.View) {
        guard tape.kind(array) == .array, let base = tape.bytes.baseAddress else { return nil }
        // First the room the ids take, then each is checked and copied there.
        var total = 0
        var count = 0
        for element in tape.elements(array) {
            let t = tape.tokens[element]
            guard t.kind == .string, !t.escaped else { return nil }
            total += Int(t.extra) - Int(t.start) - 1
            count += 1
        }
        var ends: [Int32] = []
        ends.reserveCapacity(count)
        var ok = true
        let bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, used in
            var previous: UnsafeBufferPointer<UInt8>?
            for element in tape.elements(array) {
                let t = tape.tokens[element]
                let text = UnsafeBufferPointer(start: base + Int(t.start) + 1, count: Int(t.extra) - Int(t.start) - 1)
                guard text.allSatisfy({ $0 < 0x80 }) else { ok = false; return }
                if let previous, SortedASCII.compare(previous, text) >= 0 { ok = false; return }
                if let target = buffer.baseAddress, text.count > 0 { UnsafeMutableRawPointer(target + used).copyMemory(from: base + Int(t.start) + 1, byteCount: text.count) }
                used += text.count
                ends.append(Int32(truncatingIfNeeded: used))
                previous = text
            }
        }
        guard ok else { return nil }
        storage = .ascii(SortedASCII(bytes: bytes, ends: ends))
    }

    package func contains(_ id: String) -> Bool {
        switch storage {
        case .set(let set): return set.contains(id)
        case .index(let index): return index[id] != nil
        case .sorted(let ids):
            let low = lowerBound(in: ids.indices) { ids[$0] < id }
            return low < ids.count && ids[low] == id
        case .ascii(let list):
            return list.contains(id)
        }
    }

    package var count: Int {
        switch storage {
        case .set(let set): return set.count
        case .index(let index): return index.count
        case .sorted(let ids): return ids.count
        case .ascii(let list): return list.count
        }
    }

    package var isEmpty: Bool { count == 0 }

    /// The ids in ascending order (as the state file lists them).
    package func sorted() -> [String] {
        switch storage {
        case .set(let set): return set.sorted()
        case .index(let index): return index.keys.sorted()
        case .sorted(let ids): return ids
        case .ascii(let list): return list.strings
        }
    }

    /// The ids as a set (built, except for the set form).
    package var asSet: Set<String> {
        switch storage {
        case .set(let set): return set
        case .index(let index): return Set(index.keys)
        case .sorted(let ids): return Set(ids)
        case .ascii(let list): return Set(list.strings)
        }
    }

    // MARK: Changes (they turn the ids into the set form)

    @discardableResult
    package mutating func insert(_ id: String) -> Bool {
        var set = takeSet()
        defer { storage = .set(set) }
        return set.insert(id).inserted
    }

    @discardableResult
    package mutating func remove(_ id: String) -> String? {
        var set = takeSet()
        defer { storage = .set(set) }
        return set.remove(id)
    }

    package mutating func formUnion<S: Sequence>(_ ids: S) where S.Element == String {
        var set = takeSet()
        set.formUnion(ids)
        storage = .set(set)
    }

    /// The ids as a set, the storage emptied so that a set already there is changed in place.
    private mutating func takeSet() -> Set<String> {
        let set = asSet
        storage = .set([])
        return set
    }
}

extension KnownIDs: Equatable {
    package static func == (a: KnownIDs, b: KnownIDs) -> Bool {
        if case .set(let x) = a.storage, case .set(let y) = b.storage { return x == y }
        return a.count == b.count && a.allSatisfy(b.contains)
    }
}

extension KnownIDs: ExpressibleByArrayLiteral {
    package init(arrayLiteral ids: String...) {
        self.init(ids)
    }
}

extension KnownIDs: Sequence {
    package struct Iterator: IteratorProtocol {
        fileprivate enum Base {
            case set(Set<String>.Iterator)
            case index(Dictionary<String, Int>.Keys.Iterator)
            case sorted(IndexingIterator<[String]>)
        }

        fileprivate var base: Base

        package mutating func next() -> String? {
            switch base {
            case .set(var iterator):
                defer { base = .set(iterator) }
                return iterator.next()
            case .index(var iterator):
                defer { base = .index(iterator) }
                return iterator.next()
            case .sorted(var iterator):
                defer { base = .sorted(iterator) }
                return iterator.next()
            }
        }
    }

    /// The ids in no particular order.
    package func makeIterator() -> Iterator {
        switch storage {
        case .set(let set): return Iterator(base: .set(set.makeIterator()))
        case .index(let index): return Iterator(base: .index(index.keys.makeIterator()))
        case .sorted(let ids): return Iterator(base: .sorted(ids.makeIterator()))
        case .ascii(let list): return Iterator(base: .sorted(list.strings.makeIterator()))
        }
    }

    package var underestimatedCount: Int { count }
}

extension KnownIDs: CustomStringConvertible {
    package var description: String { sorted().description }
}

// Coded as a list of strings, as a `Set<String>` is.
extension KnownIDs: Codable {
    package init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Set<String>.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(sorted())
    }
}

/// Ids that are all ASCII, in strictly ascending order, kept as their bytes one after another.
/// For ASCII text, `String`'s order is the order of the bytes, so a binary search over the bytes
/// finds what a search over the strings would.
struct SortedASCII: Sendable {
    var bytes: [UInt8] = []
    /// Where each id's bytes end (and the next one's start).
    var ends: [Int32] = []

    var count: Int { ends.count }

    var strings: [String] {
        bytes.withUnsafeBufferPointer { buffer in (0..<count).map { String(decoding: text(at: $0, in: buffer), as: UTF8.self) } }
    }

    private func text(at index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return UnsafeBufferPointer(rebasing: buffer[start..<Int(ends[index])])
    }

    func contains(_ id: String) -> Bool {
        var utf8 = id
        return utf8.withUTF8 { query in
            bytes.withUnsafeBufferPointer { buffer in
                // Text that is not ASCII may still be canonically equivalent to an ASCII id
                // (the Kelvin sign and K): it is compared as strings, which knows that.
                let isASCII = query.allSatisfy { $0 < 0x80 }
                func order(_ index: Int) -> Int {
                    let text = text(at: index, in: buffer)
                    return isASCII ? Self.compare(text, query) : Self.compare(String(decoding: text, as: UTF8.self), id)
                }
                let low = lowerBound(in: 0..<count) { order($0) < 0 }
                return low < count && order(low) == 0
            }
        }
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`, byte by byte.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(a.count, b.count)
        if shared > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = SystemCalls.compareBytes(x, y, count: shared)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    private static func compare(_ a: String, _ b: String) -> Int {
        a < b ? -1 : a == b ? 0 : 1
    }
}
