import TabNavCore
import TabNavDrawing

/// Case-insensitive subsequence matching with a score, best matches first (docs/behaviour.md, "Search").
///
/// A query matches when its characters appear in order in the candidate; the score rewards
/// matches at word starts, consecutive runs and an early first match, and shorter candidates,
/// so "frst" ranks "Forest" above "Fire Starters".
///
/// A search keystroke scores every title, so the common case — an ASCII query and an ASCII title
/// — is done on the title's bytes, without building lowercased strings or character arrays
/// (same scores as the general path, which handles everything else).
package enum SearchMatcher {
    /// A query lowercased once, for scoring many candidates.
    package struct Query: Sendable {
        let characters: [Character]
        /// The same characters as bytes when all of them are ASCII, else `nil`.
        let ascii: [UInt8]?

        package init(_ text: String) {
            // A character canonically equal to an ASCII one (U+037E is `;`) is that ASCII one.
            characters = text.lowercased().filter { $0 != " " }.map { character in
                guard !character.isASCII, character.unicodeScalars.count == 1,
                      let ascii = (0x20..<0x7F).lazy.map({ Character(Unicode.Scalar(UInt8($0))) }).first(where: { $0 == character })
                else { return character }
                return ascii
            }
            let bytes = characters.compactMap { $0.asciiValue }
            ascii = bytes.count == characters.count ? bytes : nil
        }

        package var isEmpty: Bool { characters.isEmpty }
    }

    /// The score of `candidate` for `query`, or `nil` when it does not match.
    package static func score(_ query: String, _ candidate: String) -> Int? {
        score(Query(query), candidate)
    }

    /// The score of `candidate` for a prepared query, or `nil` when it does not match.
    package static func score(_ query: Query, _ candidate: String) -> Int? {
        guard !query.isEmpty else { return 0 }
        if let ascii = query.ascii {
            let result = candidate.utf8.withContiguousStorageIfAvailable { asciiScore(ascii, $0) }
                ?? Array(candidate.utf8).withUnsafeBufferPointer { asciiScore(ascii, $0) }
            if let decided = result { return decided }
        }
        return generalScore(query.characters, candidate)
    }

    /// `.some(nil)`: an ASCII title that does not match; `.some(score)`; `nil`: not ASCII (the
    /// general path decides).
    private static func asciiScore(_ q: [UInt8], _ c: UnsafeBufferPointer<UInt8>) -> Int?? {
        var score = 0
        var qi = 0
        var previousMatch = -2
        var firstMatch = -1
        var previousIsWord = false
        for ci in 0..<c.count {
            var byte = c[ci]
            if byte >= 0x80 { return nil }
            if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            let isWord = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            defer { previousIsWord = isWord }
            guard qi < q.count, byte == q[qi] else { continue }
            if firstMatch < 0 { firstMatch = ci }
            var points = 1
            if ci == 0 || !previousIsWord { points += 8 }
            if previousMatch == ci - 1 { points += 5 }
            score += points
            previousMatch = ci
            qi += 1
        }
        guard qi == q.count else { return .some(nil) }
        return .some(finalScore(score, queryLength: q.count, firstMatch: firstMatch, length: c.count))
    }

    /// The score of an ASCII title's bytes for an ASCII query (`SearchCorpus` keeps the titles
    /// as bytes): the same score as `score(_:_:)`. It only looks for the next query byte, asks
    /// whether a match starts a word only when there is one, and stops when the whole query is
    /// found — a keystroke runs it on every candidate.
    @inline(__always)
    static func asciiTitleScore(_ q: UnsafeBufferPointer<UInt8>, _ c: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !q.isEmpty else { return 0 }
        guard q.count <= c.count else { return nil }
        var score = 0
        var qi = 0
        var previousMatch = -2
        var firstMatch = -1
        var want = q[0]
        var ci = 0
        while ci < c.count {
            var byte = c[ci]
            if byte &- 0x41 < 26 { byte |= 0x20 }
            if byte == want {
                if firstMatch < 0 { firstMatch = ci }
                var points = 1
                if ci == 0 || !isWordByte(c[ci - 1]) { points += 8 }
                if previousMatch == ci - 1 { points += 5 }
                score += points
                previousMatch = ci
                qi += 1
                // Once the whole query is found, the rest of the title changes nothing.
                if qi == q.count { break }
                want = q[qi]
            }
            ci += 1
        }
        guard qi == q.count else { return nil }
        return finalScore(score, queryLength: q.count, firstMatch: firstMatch, length: c.count)
    }

    /// A letter or a digit, either case (what the general matcher calls a word's character).
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
    }

    static func generalScore(_ q: [Character], _ candidate: String) -> Int? {
        let c = Array(candidate.lowercased())
        var score = 0
        var qi = 0
        var previousMatch = -2
        var firstMatch = -1
        for (ci, ch) in c.enumerated() where qi < q.count {
            guard ch == q[qi] else { continue }
            if firstMatch < 0 { firstMatch = ci }
            var points = 1
            if ci == 0 || !(c[ci - 1].isLetter || c[ci - 1].isNumber) { points += 8 }
            if previousMatch == ci - 1 { points += 5 }
            score += points
            previousMatch = ci
            qi += 1
        }
        guard qi == q.count else { return nil }
        return finalScore(score, queryLength: q.count, firstMatch: firstMatch, length: c.count)
    }

    /// The points of the matched characters, adjusted for how much of the candidate the query
    /// covers, how late the match starts and how long the candidate is (every path scores alike).
    @inline(__always)
    static func finalScore(_ points: Int, queryLength: Int, firstMatch: Int, length: Int) -> Int {
        points + 10 * queryLength / max(1, length) - min(firstMatch, 20) - min(length, 60) / 10
    }
}
