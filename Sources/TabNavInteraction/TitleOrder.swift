/// Orders search candidates by title as `String`'s `<` does, ties by number, fast enough to
/// run on the first search over 100,000 titles.
///
/// Two ASCII titles compare as their bytes do, so those are sorted by a byte-wise radix sort
/// (no comparisons of whole strings); the few other titles are sorted with `<` and merged in.
enum TitleOrder {
    /// Ranges this short are finished by insertion sort.
    static let smallRange = 24

    /// - Parameters:
    ///   - titles: every candidate's title.
    ///   - bytes, start: the ASCII titles' bytes (`start[c]..<start[c + 1]`).
    ///   - isASCII: which titles are in `bytes`.
    static func sorted(_ titles: [String], bytes: [UInt8], start: [Int32], isASCII: [Bool]) -> [Int32] {
        var ascii: [Int32] = []
        var other: [Int32] = []
        ascii.reserveCapacity(titles.count)
        for c in titles.indices {
            if isASCII[c] { ascii.append(Int32(c)) } else { other.append(Int32(c)) }
        }
        bytes.withUnsafeBufferPointer { bytes in
            start.withUnsafeBufferPointer { start in
                var scratch = [Int32](repeating: 0, count: ascii.count)
                ascii.withUnsafeMutableBufferPointer { order in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        radixSort(order, scratch: scratch, bytes: bytes, start: start)
                    }
                }
            }
        }
        guard !other.isEmpty else { return ascii }
        other.sort { titles[Int($0)] != titles[Int($1)] ? titles[Int($0)] < titles[Int($1)] : $0 < $1 }
        var merged: [Int32] = []
        merged.reserveCapacity(titles.count)
        var i = 0, j = 0
        while i < ascii.count, j < other.count {
            let a = ascii[i], b = other[j]
            let x = titles[Int(a)], y = titles[Int(b)]
            if x < y || (x == y && a < b) {
                merged.append(a)
                i += 1
            } else {
                merged.append(b)
                j += 1
            }
        }
        merged += ascii[i...]
        merged += other[j...]
        return merged
    }

    /// Sorts `order` (candidates, ascending) by their bytes, stably: equal titles keep their
    /// order, so ties stay by number. Most significant byte first, one range at a time.
    private static func radixSort(_ order: UnsafeMutableBufferPointer<Int32>, scratch: UnsafeMutableBufferPointer<Int32>,
                                  bytes: UnsafeBufferPointer<UInt8>, start: UnsafeBufferPointer<Int32>) {
        // Pending ranges of `order` whose titles agree on their first `depth` bytes.
        var pending: [(low: Int, high: Int, depth: Int)] = [(0, order.count, 0)]
        // How many titles of the range have each next byte; slot 0: the title ends here.
        var counts = [Int](repeating: 0, count: 257)
        while let (low, high, depth) = pending.popLast() {
            if high - low <= smallRange {
                insertionSort(order, low, high, depth: depth, bytes: bytes, start: start)
                continue
            }
            func key(_ c: Int32) -> Int {
                let at = Int(start[Int(c)]) + depth
                return at < Int(start[Int(c) + 1]) ? Int(bytes[at]) + 1 : 0
            }
            for i in 0..<257 { counts[i] = 0 }
            for i in low..<high { counts[key(order[i])] += 1 }
            if counts[0] == 0, counts.contains(high - low) {
                // The same byte for all (a shared prefix): nothing to move, one byte deeper.
                pending.append((low, high, depth + 1))
                continue
            }
            // Where each byte's run begins; runs of more than one title go on one byte deeper.
            var next = low
            for k in 0..<257 {
                let n = counts[k]
                counts[k] = next
                if k > 0, n > 1 { pending.append((next, next + n, depth + 1)) }
                next += n
            }
            for i in low..<high {
                let c = order[i]
                let k = key(c)
                scratch[counts[k]] = c
                counts[k] += 1
            }
            for i in low..<high { order[i] = scratch[i] }
        }
    }

    /// Sorts a short range stably by the bytes from `depth` on.
    private static func insertionSort(_ order: UnsafeMutableBufferPointer<Int32>, _ low: Int, _ high: Int, depth: Int,
                                      bytes: UnsafeBufferPointer<UInt8>, start: UnsafeBufferPointer<Int32>) {
        guard high - low > 1 else { return }
        func less(_ a: Int32, _ b: Int32) -> Bool {
            var i = Int(start[Int(a)]) + depth, j = Int(start[Int(b)]) + depth
            let endA = Int(start[Int(a) + 1]), endB = Int(start[Int(b) + 1])
            while i < endA, j < endB {
                if bytes[i] != bytes[j] { return bytes[i] < bytes[j] }
                i += 1
                j += 1
            }
            return i == endA && j < endB
        }
        for i in (low + 1)..<high {
            let c = order[i]
            var j = i
            while j > low, less(c, order[j - 1]) {
                order[j] = order[j - 1]
                j -= 1
            }
            order[j] = c
        }
    }
}
