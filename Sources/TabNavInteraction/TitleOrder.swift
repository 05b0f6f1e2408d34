import TabNavCore

/// Orders search candidates by title as `String`'s `<` does, ties by number, fast enough to
/// run on the first search over 100,000 titles.
///
/// `<` orders strings by their Unicode scalars once put in canonical composed form (NFC). A
/// title already in that form orders as its scalars do, which is as its UTF-8 bytes do, so such
/// titles are sorted by their bytes: eight at a time, as one number, with a stable radix sort
/// (no comparisons of whole strings). A title is surely in that form when every scalar is below
/// U+0300 (ASCII, Latin-1 and the Latin extensions), or is one NFC never changes wherever it
/// stands (`staysComposed`: CJK, Hangul syllables, Greek, Cyrillic, emoji…). The few others
/// (combining marks, Hangul jamo, singletons such as U+212B) are sorted with `<` and merged in:
/// `<` costs about a microsecond per comparison on such titles.
enum TitleOrder {
    /// Ranges this short are finished by insertion sort.
    static let smallRange = 24

    /// The first byte that starts no scalar below U+0300 in UTF-8 (U+0300 is `CC 80`);
    /// continuation bytes (`80`…`BF`) are below it too.
    static let firstByteAtOrAboveU0300: UInt8 = 0xCC

    /// Whether a title is surely in NFC, so `<` orders it as its UTF-8 bytes (see the type's
    /// comment): the bytes alone answer for Latin titles, the scalars' properties for others.
    static func ordersAsBytes(_ title: String) -> Bool {
        var title = title
        let highest = title.withUTF8 { $0.max() ?? 0 }
        return ordersAsBytes(title, highestByte: highest)
    }

    /// `ordersAsBytes`, for a title whose highest UTF-8 byte is known already.
    static func ordersAsBytes(_ title: String, highestByte: UInt8) -> Bool {
        highestByte < firstByteAtOrAboveU0300 || title.unicodeScalars.allSatisfy(staysComposed)
    }

    /// A scalar NFC leaves as it is wherever it stands: not a combining mark (class 0, not a
    /// mark by category: some vowel signs of class 0 compose with the letter before them), not
    /// excluded from composition (singletons such as U+212B ANGSTROM SIGN, which NFC replaces),
    /// and not a Hangul vowel or final jamo (which compose with the syllable before them). One
    /// letter of class 0 that is no mark also composes with the one before it: U+16D67 KIRAT
    /// RAI VOWEL SIGN E (Unicode 16), so that block is left out too (found by checking every
    /// scalar that can end a composition against this test).
    static func staysComposed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x300 { return true }
        // CJK ideographs and Hangul syllables, most of a non-Latin title, without asking the
        // properties (a table lookup each).
        if (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) || (0x3400...0x4DBF).contains(value) {
            return true
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) || (0x16D40...0x16D7F).contains(value) {
            return false
        }
        let properties = scalar.properties
        guard properties.canonicalCombiningClass == .notReordered, !properties.isFullCompositionExclusion else { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: return true
        }
    }

    /// - Parameters:
    ///   - count: how many candidates there are (numbered from 0).
    ///   - bytes, start: every candidate's title as UTF-8 (`start[c]..<start[c + 1]`).
    ///   - byBytes: which titles order as their bytes (`ordersAsBytes`).
    ///   - title: candidate `c`'s title; asked only about the other titles and those they are
    ///     merged among.
    static func sorted(count: Int, bytes: [UInt8], start: [Int32], byBytes: [Bool], title: (Int) -> String) -> [Int32] {
        var plain: [Int32] = []
        var other: [Int32] = []
        plain.reserveCapacity(count)
        for c in 0..<count {
            if byBytes[c] { plain.append(Int32(c)) } else { other.append(Int32(c)) }
        }
        bytes.withUnsafeBufferPointer { bytes in
            start.withUnsafeBufferPointer { start in
                plain.withUnsafeMutableBufferPointer { order in
                    byteSort(order, bytes: bytes, start: start)
                }
            }
        }
        guard !other.isEmpty else { return plain }
        other.sort { a, b in
            let x = title(Int(a)), y = title(Int(b))
            return x != y ? x < y : a < b
        }
        // Each of the others goes where a binary search among the byte-sorted ones puts it
        // (they come in order, so each search starts where the previous one ended).
        func precedes(_ a: Int32, _ b: Int32) -> Bool {
            let x = title(Int(a)), y = title(Int(b))
            return x < y || (x == y && a < b)
        }
        var merged: [Int32] = []
        merged.reserveCapacity(count)
        var taken = 0
        for o in other {
            let low = lowerBound(in: taken..<plain.count) { precedes(plain[$0], o) }
            merged += plain[taken..<low]
            merged.append(o)
            taken = low
        }
        merged += plain[taken...]
        return merged
    }

    /// Sorts `order` (candidates, ascending) by their bytes, stably: equal titles keep their
    /// order, so ties stay by number.
    ///
    /// A range of candidates whose titles agree on their first `depth` bytes gets the next
    /// eight bytes of each as one big-endian number (zeros past a title's end). Two different
    /// numbers order their titles as the titles' bytes do (a title that ends first is a prefix
    /// of the other), so the range is sorted by the numbers: split by their most significant
    /// byte that differs (a stable counting pass), each part again by its own, down to parts of
    /// a few, finished by insertion sort. Runs of equal numbers then go on eight bytes deeper
    /// while one of their titles is longer; otherwise they differ only in length (trailing NUL
    /// bytes), shorter first.
    static func byteSort(_ order: UnsafeMutableBufferPointer<Int32>, bytes: UnsafeBufferPointer<UInt8>,
                         start: UnsafeBufferPointer<Int32>) {
        let n = order.count
        guard n > 1 else { return }
        var keyStorage = [UInt64](repeating: 0, count: n)
        var keyScratchStorage = [UInt64](repeating: 0, count: n)
        var orderScratchStorage = [Int32](repeating: 0, count: n)
        var countStorage = [Int](repeating: 0, count: 256)
        keyStorage.withUnsafeMutableBufferPointer { keys in
            keyScratchStorage.withUnsafeMutableBufferPointer { keyScratch in
                orderScratchStorage.withUnsafeMutableBufferPointer { orderScratch in
                    countStorage.withUnsafeMutableBufferPointer { counts in
                        // Ranges still to sort; `keyed`: their numbers for `depth` are in `keys`.
                        var pending: [(low: Int, high: Int, depth: Int, keyed: Bool)] = [(0, n, 0, false)]
                        /// Sorted by number: runs of equal numbers go on as the type's comment says.
                        func finish(_ low: Int, _ high: Int, depth: Int) {
                            var i = low
                            while i < high {
                                var j = i + 1
                                while j < high, keys[j] == keys[i] { j += 1 }
                                if j - i > 1 {
                                    if (i..<j).contains(where: { length(order[$0], start) > depth + 8 }) {
                                        pending.append((i, j, depth + 8, false))
                                    } else {
                                        sortByLength(order, i, j, start: start)
                                    }
                                }
                                i = j
                            }
                        }
                        while let (low, high, depth, keyed) = pending.popLast() {
                            if !keyed {
                                for i in low..<high { keys[i] = key(order[i], depth: depth, bytes: bytes, start: start) }
                            }
                            if high - low <= smallRange {
                                insertionSort(order, keys, low, high)
                                finish(low, high, depth: depth)
                                continue
                            }
                            let first = keys[low]
                            var differing: UInt64 = 0
                            for i in low..<high { differing |= keys[i] ^ first }
                            if differing == 0 {
                                finish(low, high, depth: depth)
                                continue
                            }
                            let shift = UInt64((63 - differing.leadingZeroBitCount) & ~7)
                            for k in 0..<256 { counts[k] = 0 }
                            for i in low..<high { counts[Int(truncatingIfNeeded: keys[i] >> shift) & 0xFF] += 1 }
                            var next = low
                            for k in 0..<256 {
                                let run = counts[k]
                                counts[k] = next
                                if run > 1 { pending.append((next, next + run, depth, true)) }
                                next += run
                            }
                            for i in low..<high {
                                let k = Int(truncatingIfNeeded: keys[i] >> shift) & 0xFF
                                let to = counts[k]
                                counts[k] = to + 1
                                keyScratch[to] = keys[i]
                                orderScratch[to] = order[i]
                            }
                            for i in low..<high {
                                keys[i] = keyScratch[i]
                                order[i] = orderScratch[i]
                            }
                        }
                    }
                }
            }
        }
    }

    /// Sorts a short range by its numbers, stably (the candidates move with them).
    private static func insertionSort(_ order: UnsafeMutableBufferPointer<Int32>, _ keys: UnsafeMutableBufferPointer<UInt64>,
                                      _ low: Int, _ high: Int) {
        guard high - low > 1 else { return }
        for i in (low + 1)..<high {
            let c = order[i], k = keys[i]
            var j = i
            while j > low, k < keys[j - 1] {
                order[j] = order[j - 1]
                keys[j] = keys[j - 1]
                j -= 1
            }
            order[j] = c
            keys[j] = k
        }
    }

    private static func length(_ c: Int32, _ start: UnsafeBufferPointer<Int32>) -> Int {
        Int(start[Int(c) + 1]) - Int(start[Int(c)])
    }

    /// Eight bytes of candidate `c`'s title from `depth` on, the first the most significant,
    /// zeros past its end.
    @inline(__always)
    private static func key(_ c: Int32, depth: Int, bytes: UnsafeBufferPointer<UInt8>, start: UnsafeBufferPointer<Int32>) -> UInt64 {
        let from = Int(start[Int(c)]) + depth
        let end = Int(start[Int(c) + 1])
        if end - from >= 8, let base = bytes.baseAddress {
            return UInt64(bigEndian: UnsafeRawPointer(base + from).loadUnaligned(as: UInt64.self))
        }
        var key: UInt64 = 0
        var shift: UInt64 = 56
        var at = from
        while at < end {
            key |= UInt64(bytes[at]) << shift
            shift &-= 8
            at += 1
        }
        return key
    }

    /// Stably sorts a range of titles that differ only in their length (trailing NUL bytes):
    /// shorter first. Identical titles, the usual case, are already in order.
    private static func sortByLength(_ order: UnsafeMutableBufferPointer<Int32>, _ low: Int, _ high: Int,
                                     start: UnsafeBufferPointer<Int32>) {
        let first = length(order[low], start)
        guard (low..<high).contains(where: { length(order[$0], start) != first }) else { return }
        let run = Array(order[low..<high])
        let positions = run.indices.sorted {
            let a = length(run[$0], start), b = length(run[$1], start)
            return a != b ? a < b : $0 < $1
        }
        for (i, position) in positions.enumerated() { order[low + i] = run[position] }
    }
}
