import TabNavCore
import TabNavDrawing

/// Everything search looks at, prepared once per hierarchy: the titles of the tabs and of the
/// entries their pages offer, as bytes in one buffer, in title order.
///
/// It is built on the first search (a launch does not pay for it) and again after the hierarchy
/// changes (a tab added, renamed or deleted, or such a change undone). A keystroke then scores bytes without
/// touching a `String`, and orders the matches without comparing titles (docs/behaviour.md,
/// "Search").
///
/// Candidates are numbered in title order; equal titles in the order ties were always broken
/// in: the hierarchy's nodes in their order (the search tab left out), then the entries in
/// declared order. A list of candidates in ascending order is therefore in title order, and
/// reads the buffers front to back.
final class SearchCorpus: Sendable {
    /// The hierarchy it was built from, for the rows of results and visibility.
    let hierarchy: TabHierarchy
    /// Which state of the pages it was built from (`AppState.pagesVersion`).
    let pagesVersion: Int
    /// Every entry the tabs' root pages offer to search and every line they hold, in the
    /// hierarchy's order, each entry once per tab.
    let entries: [SearchableEntry]
    /// What candidate `c` is: a node of the hierarchy (`source[c]` ≥ 0), or the entry
    /// `-1 - source[c]`.
    let source: [Int32]
    /// The titles' UTF-8 bytes back to back: `start[c]..<start[c + 1]` is candidate `c`'s.
    let bytes: [UInt8]
    let start: [Int32]
    /// Whether candidate `c`'s title is all ASCII (scored from `bytes`; the others are scored
    /// from their `codes`).
    let isASCII: [Bool]
    /// Each node's parent (-1 for none), to tell whether it sits in a hidden section.
    let parent: [Int32]
    /// The other titles, lowercased, as one number per character (`characterCodes`), back to
    /// back: `codeStart[c]..<codeStart[c + 1]` is candidate `c`'s (empty for an ASCII title). The
    /// top bit marks a letter or digit (a word's character). Comparing numbers instead of
    /// `Character`s keeps a keystroke over non-ASCII titles as cheap as over ASCII ones.
    let codes: [UInt32]
    let codeStart: [Int32]
    /// Each lowercased character of the non-ASCII titles and its number, with `wordBit` set for a
    /// letter or digit (canonically equivalent characters, `é` and `e` + U+0301, are one key, as
    /// `Character`'s `==` has it).
    let characterCodes: [Character: UInt32]
    static let wordBit: UInt32 = 0x8000_0000

    /// The index of `hierarchy` and of `pages` (the root pages of the tabs shown, as they are
    /// now), built from the pages' state `pagesVersion`. Titles and lines are searched up to
    /// `SearchLimits.lineBytes` each.
    init(hierarchy: TabHierarchy, pages: [String: any TabPage] = [:], pagesVersion: Int = 0) {
        self.hierarchy = hierarchy
        self.pagesVersion = pagesVersion
        let nodeCount = hierarchy.nodes.count
        let entries = AppState.searchableEntries(of: hierarchy, pages: pages)
        self.entries = entries
        // First in the tie order, to sort them: what each candidate is, and its title's bytes.
        let total = nodeCount + entries.count
        var declared: [Int32] = []
        var parent: [Int32] = []
        var titles = TitleBytes(capacity: total)
        declared.reserveCapacity(total)
        parent.reserveCapacity(nodeCount)
        // Read in place: a `for … in nodes` would copy every node (and retain all it holds).
        hierarchy.nodes.withUnsafeBufferPointer { nodes in
            for index in nodes.indices {
                parent.append(Int32(nodes[index].parent ?? -1))
                guard nodes[index].item.role != .search else { continue }
                declared.append(Int32(index))
                titles.add(SearchLimits.cut(nodes[index].item.title))
            }
        }
        for (index, item) in entries.enumerated() {
            declared.append(-1 - Int32(index))
            titles.add(SearchLimits.cut(item.entry.title))
        }
        let declaredBytes = titles.bytes, declaredStart = titles.start, declaredASCII = titles.isASCII
        self.parent = parent
        let nodes = hierarchy.nodes
        func title(ofDeclared d: Int) -> String {
            let s = Int(declared[d])
            return SearchLimits.cut(s >= 0 ? nodes[s].item.title : entries[-1 - s].entry.title)
        }
        let order = TitleOrder.sorted(count: declared.count, bytes: declaredBytes, start: declaredStart,
                                      byBytes: titles.ordersAsBytes, title: title(ofDeclared:))

        // The same tables again, in title order.
        let n = order.count
        var isASCII: [Bool] = []
        isASCII.reserveCapacity(n)
        let source = [Int32](unsafeUninitializedCapacity: n) { source, sourceCount in
            for c in 0..<n {
                let d = Int(order[c])
                source[c] = declared[d]
                isASCII.append(declaredASCII[d])
            }
            sourceCount = n
        }
        var start: [Int32] = []
        let bytes = [UInt8](unsafeUninitializedCapacity: declaredBytes.count) { bytes, bytesCount in
            start = [Int32](unsafeUninitializedCapacity: n + 1) { start, startCount in
                declaredBytes.withUnsafeBufferPointer { from in
                    declaredStart.withUnsafeBufferPointer { fromStart in
                        var at = 0
                        start[0] = 0
                        for c in 0..<n {
                            let d = Int(order[c])
                            let low = Int(fromStart[d]), length = Int(fromStart[d + 1]) - low
                            if length > 0 {
                                (bytes.baseAddress! + at).update(from: from.baseAddress! + low, count: length)
                            }
                            at += length
                            start[c + 1] = Int32(at)
                        }
                        bytesCount = at
                    }
                }
                startCount = n + 1
            }
        }
        self.source = source
        self.bytes = bytes
        self.start = start
        self.isASCII = isASCII

        var characterCodes: [Character: UInt32] = [:]
        var codes: [UInt32] = []
        var codeStart: [Int32] = [0]
        codeStart.reserveCapacity(order.count + 1)
        /// A character's number; whether it is a word's character is asked once per distinct one.
        func code(of character: Character) -> UInt32 {
            if let code = characterCodes[character] { return code }
            let number = UInt32(characterCodes.count)
            let code = character.isLetter || character.isNumber ? number | Self.wordBit : number
            characterCodes[character] = code
            return code
        }
        // A title below U+0300 (ASCII and the Latin letters) is read scalar by
        // scalar from its bytes: each such scalar is a character of its own, and so is its
        // lowercase form, so the number of each scalar's lowercase character is looked up once
        // (`unknown` until then, `slow` when that does not hold). A carriage return is left to
        // the general way: followed by a line feed it makes one character.
        let unknown = UInt32.max, slow = UInt32.max - 1
        var scalarCodes = [UInt32](repeating: unknown, count: 0x300)
        func latinCode(_ scalar: Int) -> UInt32 {
            var known = scalar == 0x0D ? slow : scalarCodes[scalar]
            if known == unknown {
                let lower = Unicode.Scalar(UInt32(scalar)).map { String(Character($0)).lowercased() } ?? ""
                known = lower.count == 1 ? code(of: lower[lower.startIndex]) : slow
                scalarCodes[scalar] = known
            }
            return known
        }
        // Greek, Cyrillic, kana, CJK and Hangul titles are read the same way, a scalar at a time,
        // when every scalar of the title is one of those or below U+0300 (then each is a
        // character of its own: no marks, joiners or jamo to join them). Any other scalar sends
        // the title to the general way.
        var wideCodes: [UInt32: UInt32] = [:]
        func appendScalarCodes(_ d: Int) -> Bool {
            let mark = codes.count
            let complete = declaredBytes.withUnsafeBufferPointer { bytes -> Bool in
                var i = Int(declaredStart[d])
                let end = Int(declaredStart[d + 1])
                while i < end {
                    let (value, length) = UTF8Scalar.decode(bytes, at: i)
                    i += length
                    var known: UInt32
                    if value < 0x300 {
                        known = latinCode(Int(value))
                    } else if let found = wideCodes[value] {
                        known = found
                    } else {
                        known = slow
                        if let scalar = Unicode.Scalar(value), Self.isOwnCharacter(scalar) {
                            let lower = String(Character(scalar)).lowercased()
                            if lower.count == 1 { known = code(of: lower[lower.startIndex]) }
                        }
                        wideCodes[value] = known
                    }
                    if known == slow { return false }
                    codes.append(known)
                }
                return true
            }
            if !complete { codes.removeSubrange(mark...) }
            return complete
        }
        for (c, d) in order.enumerated() {
            if !isASCII[c], !appendScalarCodes(Int(d)) {
                for character in title(ofDeclared: Int(d)).lowercased() { codes.append(code(of: character)) }
            }
            codeStart.append(Int32(codes.count))
        }
        self.codes = codes
        self.codeStart = codeStart
        self.characterCodes = characterCodes
    }

    /// A scalar of a script whose letters are characters of their own (Greek, Cyrillic, kana,
    /// CJK ideographs, Hangul syllables) that NFC leaves alone: in a title made only of such
    /// scalars and ones below U+0300, each scalar is one character.
    static func isOwnCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let inScript = (0x370...0x52F).contains(value) || (0x3041...0x3096).contains(value)
            || (0x30A1...0x30FA).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0x20000...0x2A6DF).contains(value)
        return inScript && TitleOrder.staysComposed(scalar)
    }

    /// The query's characters as `codes` numbers, or `nil` when one of them is in no non-ASCII
    /// title (then no such title matches).
    func codes(of query: [Character]) -> [UInt32]? {
        var result: [UInt32] = []
        result.reserveCapacity(query.count)
        for character in query {
            guard let code = characterCodes[character] else { return nil }
            result.append(code & ~Self.wordBit)
        }
        return result
    }

    /// `SearchMatcher.generalScore` over a title's numbers: the same score.
    static func codeScore(_ q: UnsafeBufferPointer<UInt32>, _ c: UnsafeBufferPointer<UInt32>) -> Int? {
        guard q.count <= c.count else { return nil }
        var score = 0
        var qi = 0
        var previousMatch = -2
        var firstMatch = -1
        for ci in 0..<c.count where qi < q.count {
            guard c[ci] & ~wordBit == q[qi] else { continue }
            if firstMatch < 0 { firstMatch = ci }
            var points = 1
            if ci == 0 || c[ci - 1] & wordBit == 0 { points += 8 }
            if previousMatch == ci - 1 { points += 5 }
            score += points
            previousMatch = ci
            qi += 1
        }
        guard qi == q.count else { return nil }
        return SearchMatcher.finalScore(score, queryLength: q.count, firstMatch: firstMatch, length: c.count)
    }

    var count: Int { source.count }

    /// Whether this index was built from `other` as it is now. The index keeps the hierarchy it
    /// was built from, so the node table's storage is shared and any change to the model's
    /// hierarchy has to copy it first: the same storage means the same nodes. (An undo that
    /// brings back an older hierarchy brings back other storage, and a new index.)
    func describes(_ other: TabHierarchy) -> Bool {
        Self.sameNodes(hierarchy, other)
    }

    /// Whether two hierarchies share their node table's storage (so are the same nodes).
    static func sameNodes(_ hierarchy: TabHierarchy, _ other: TabHierarchy) -> Bool {
        hierarchy.nodes.withUnsafeBufferPointer { mine in
            other.nodes.withUnsafeBufferPointer { theirs in
                mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
            }
        }
    }

    /// The title of candidate `c`.
    func title(_ c: Int) -> String {
        let s = Int(source[c])
        return SearchLimits.cut(s >= 0 ? hierarchy.nodes[s].item.title : entries[-1 - s].entry.title)
    }

    /// The node whose visibility decides candidate `c`'s: its own, or its entry's tab's.
    func visibilityNode(_ c: Int) -> Int {
        let s = Int(source[c])
        return s >= 0 ? s : entries[-1 - s].node
    }
}

extension SearchCorpus {
    /// The candidates of `list` (ascending; nil: all of them) that `query` matches, with their
    /// scores (a tab's and a section's 3 more than the matcher's, as they rank above entries).
    func match(_ query: SearchMatcher.Query, among list: [Int32]?) -> (candidates: [Int32], scores: [Int32]) {
        let capacity = list?.count ?? count
        var found = 0
        var scores: [Int32] = []
        let candidates = [Int32](unsafeUninitializedCapacity: capacity) { matched, matchedCount in
            scores = [Int32](unsafeUninitializedCapacity: capacity) { scored, scoredCount in
                source.withUnsafeBufferPointer { source in
                    func keep(_ c: Int, _ score: Int) {
                        matched[found] = Int32(c)
                        scored[found] = Int32(clamping: source[c] >= 0 ? score + 3 : score)
                        found += 1
                    }
                    // Non-ASCII titles are scored on their numbers; a query with a character no
                    // such title has matches none of them.
                    let queryCodes = codes(of: query.characters) ?? []
                    let codesMatch = !queryCodes.isEmpty || query.characters.isEmpty
                    func codeScore(_ c: Int) -> Int? {
                        guard codesMatch else { return nil }
                        return queryCodes.withUnsafeBufferPointer { q in
                            codes.withUnsafeBufferPointer { codes in
                                Self.codeScore(q, UnsafeBufferPointer(rebasing: codes[Int(codeStart[c])..<Int(codeStart[c + 1])]))
                            }
                        }
                    }
                    guard let ascii = query.ascii else {
                        // A character outside ASCII is in no ASCII title.
                        func visit(_ c: Int) {
                            if !isASCII[c], let score = codeScore(c) { keep(c, score) }
                        }
                        if let list { for c in list { visit(Int(c)) } } else { for c in 0..<capacity { visit(c) } }
                        return
                    }
                    ascii.withUnsafeBufferPointer { q in
                        bytes.withUnsafeBufferPointer { bytes in
                            start.withUnsafeBufferPointer { start in
                                isASCII.withUnsafeBufferPointer { isASCII in
                                    func visit(_ c: Int) {
                                        let score: Int?
                                        if isASCII[c] {
                                            let title = UnsafeBufferPointer(rebasing: bytes[Int(start[c])..<Int(start[c + 1])])
                                            score = SearchMatcher.asciiTitleScore(q, title)
                                        } else {
                                            score = codeScore(c)
                                        }
                                        if let score { keep(c, score) }
                                    }
                                    if let list {
                                        list.withUnsafeBufferPointer { list in for c in list { visit(Int(c)) } }
                                    } else {
                                        for c in 0..<capacity { visit(c) }
                                    }
                                }
                            }
                        }
                    }
                }
                scoredCount = found
            }
            matchedCount = found
        }
        return (candidates, scores)
    }

    /// The matches people can reach now, best first: by score, then by title (ties by number,
    /// which is how the results were always ordered).
    /// - Parameter hidden: the customization's hidden ids (an item in a hidden section is hidden).
    func ranked(_ candidates: [Int32], scores: [Int32], hidden: Set<String>) -> SearchResults {
        var kept = candidates
        var keptScores = scores
        if let hiddenNode = hiddenNodes(hidden) {
            kept = []
            keptScores = []
            for (c, score) in zip(candidates, scores) where isVisible(Int(c), hiddenNode) {
                kept.append(c)
                keptScores.append(score)
            }
        }
        let n = kept.count
        guard n > 1 else { return SearchResults(corpus: self, order: kept, scores: keptScores) }
        var low = Int32.max, high = Int32.min
        for score in keptScores {
            low = min(low, score)
            high = max(high, score)
        }
        // The candidates come in title order: a stable sort by score alone keeps it among equals.
        var order: [Int32] = []
        var orderedScores: [Int32] = []
        let span = Int(high) - Int(low) + 1
        if span <= 4 * n + 1024 {
            // Counting sort: how many have each score, then where each score's run starts.
            var next = [Int](repeating: 0, count: span + 1)
            order = [Int32](unsafeUninitializedCapacity: n) { order, orderCount in
                orderedScores = [Int32](unsafeUninitializedCapacity: n) { ordered, orderedCount in
                    next.withUnsafeMutableBufferPointer { next in
                        kept.withUnsafeBufferPointer { kept in
                            keptScores.withUnsafeBufferPointer { scores in
                                for score in scores { next[Int(high &- score) + 1] += 1 }
                                for i in 1..<next.count { next[i] += next[i - 1] }
                                for i in 0..<n {
                                    let slot = Int(high &- scores[i])
                                    order[next[slot]] = kept[i]
                                    ordered[next[slot]] = scores[i]
                                    next[slot] += 1
                                }
                            }
                        }
                    }
                    orderedCount = n
                }
                orderCount = n
            }
        } else {
            let positions = (0..<n).sorted {
                keptScores[$0] != keptScores[$1] ? keptScores[$0] > keptScores[$1] : $0 < $1
            }
            order = positions.map { kept[$0] }
            orderedScores = positions.map { keptScores[$0] }
        }
        return SearchResults(corpus: self, order: order, scores: orderedScores)
    }

    /// For each node, whether it is hidden itself; nil when nothing is hidden.
    private func hiddenNodes(_ hidden: Set<String>) -> [Bool]? {
        guard !hidden.isEmpty else { return nil }
        var flags = [Bool](repeating: false, count: parent.count)
        var any = false
        for id in hidden {
            guard let index = hierarchy.index(of: id) else { continue }
            flags[index] = true
            any = true
        }
        return any ? flags : nil
    }

    /// Whether candidate `c`'s node and all its sections are shown (as the model's `isVisible`).
    private func isVisible(_ c: Int, _ hiddenNode: [Bool]) -> Bool {
        var index = visibilityNode(c)
        while index >= 0 {
            if hiddenNode[index] { return false }
            index = Int(parent[index])
        }
        return true
    }

    /// The row of candidate `c` with its final score.
    func result(_ c: Int, score: Int) -> SearchResult {
        let s = Int(source[c])
        if s >= 0 {
            let item = hierarchy.nodes[s].item
            let context = hierarchy.nodes[s].parent.map { "in \(hierarchy.nodes[$0].item.title)" }
                ?? (item.isSection ? "section" : "tab")
            // The tab's own icon, as the bar and the sidebar draw it.
            return SearchResult(kind: .tab(item.id), title: SearchLimits.cut(item.title), context: context, score: score,
                                icon: item.icon.isEmpty ? "folder" : item.icon)
        }
        let item = entries[-1 - s]
        let tabTitle = SearchLimits.cut(hierarchy.nodes[item.node].item.title)
        if let line = item.line {
            return SearchResult(kind: .line(tab: item.tab, line: line), title: SearchLimits.cut(item.entry.title),
                                context: "in \(tabTitle), line \(line + 1)", score: score, icon: item.icon)
        }
        return SearchResult(kind: .entry(item.entry, tab: item.tab, offeredBy: item.offeredBy),
                            title: SearchLimits.cut(item.entry.title), context: "in \(tabTitle)", score: score, icon: item.icon)
    }
}

/// Titles as UTF-8 bytes back to back, with what the search index asks of each.
private struct TitleBytes {
    var bytes: [UInt8] = []
    /// `start[t]..<start[t + 1]`: title `t`'s bytes.
    var start: [Int32] = [0]
    var isASCII: [Bool] = []
    /// `TitleOrder.ordersAsBytes` of each: Latin titles, and others surely in NFC.
    var ordersAsBytes: [Bool] = []

    init(capacity: Int) {
        bytes.reserveCapacity(16 * capacity)
        start.reserveCapacity(capacity + 1)
        isASCII.reserveCapacity(capacity)
        ordersAsBytes.reserveCapacity(capacity)
    }

    mutating func add(_ title: String) {
        var title = title
        let highest = title.withUTF8 { utf8 in
            bytes.append(contentsOf: utf8)
            var highest: UInt8 = 0
            for byte in utf8 { highest = max(highest, byte) }
            return highest
        }
        isASCII.append(highest < 0x80)
        ordersAsBytes.append(TitleOrder.ordersAsBytes(title, highestByte: highest))
        start.append(Int32(bytes.count))
    }
}
