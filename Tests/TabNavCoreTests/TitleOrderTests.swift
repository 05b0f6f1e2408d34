import TestSupport
import XCTest
@testable import TabNavCore
@testable import TabNavInteraction

/// The search index's title order (`TitleOrder`) is `String`'s `<`, ties by number, whatever
/// the titles: the byte sort for titles below U+0300 and `<` for the others give one order.
final class TitleOrderTests: XCTestCase {
    /// The order as `<` gives it, ties by number.
    func reference(_ titles: [String]) -> [Int32] {
        titles.indices.sorted { titles[$0] != titles[$1] ? titles[$0] < titles[$1] : $0 < $1 }.map(Int32.init)
    }

    func sorted(_ titles: [String]) -> [Int32] {
        var bytes: [UInt8] = []
        var start: [Int32] = [0]
        var byBytes: [Bool] = []
        for title in titles {
            let utf8 = Array(title.utf8)
            bytes += utf8
            start.append(Int32(bytes.count))
            byBytes.append(TitleOrder.ordersAsBytes(title))
        }
        return TitleOrder.sorted(count: titles.count, bytes: bytes, start: start, byBytes: byBytes) { titles[$0] }
    }

    /// Random titles built to reach every part of the sort: many sharing long prefixes (runs of
    /// equal eight-byte numbers, sorted again deeper), titles that differ only by trailing NUL
    /// bytes, repeated titles, Latin-1 and Latin Extended letters (sorted as bytes) and titles
    /// with Greek, CJK, emoji or a combining grapheme joiner (sorted with `<` and merged in).
    /// Decomposed letters are left out: `<` is no strict order there (`"e\u{301}"` is neither
    /// below nor above `"é "`), so no sort can agree with it. Singletons such as U+2126 OHM SIGN
    /// (which NFC turns into Ω) are left out as well: beside titles that `<` calls equal to them,
    /// the order of the tie may differ.
    func testTheOrderIsStringOrderTiesByNumber() {
        var random = SplitMix64(seed: 4242)
        let pieces = ["Item ", "Item 1", "Item 12.", "item", "ITEM", "Section ", "a", "b", "z", "0", "9", ".", " ",
                      "\u{0}", "\u{0}\u{0}", "é", "É", "ß", "ÿ", "Ä", "ő", "ǅ", "ɐ", "\u{2FF}",
                      "Ω", "ω", "漢", "字", "🙂", "\u{2000}", "x\u{34F}", "Café", "long-shared-prefix-",
                      "한", "\u{1100}", "Ж", "ж", "ا", "क", "ि", "\u{FA10}", "\u{20000}"]
        var deepRuns = 0, nulOnly = 0, merged = 0, large = 0
        for round in 0..<300 {
            let count = random.percent(30) ? random.int(in: 100...400) : random.int(in: 0...60)
            // Some rounds give most titles one long prefix, as a large layout's "Item 12.…" do.
            let prefix = random.percent(40) ? random.pick(["Item 12.", "long-shared-prefix-", "Sé 1"]) : ""
            var titles: [String] = []
            for _ in 0..<count {
                if !titles.isEmpty, random.percent(15) {
                    titles.append(random.pick(titles) + (random.percent(50) ? "\u{0}" : ""))
                } else {
                    let fragments = random.int(in: 1...5)
                    titles.append((random.percent(80) ? prefix : "") + (0..<fragments).map { _ in random.pick(pieces) }.joined())
                }
            }
            let got = sorted(titles), want = reference(titles)
            if let i = got.indices.first(where: { i in i < want.count && got[i] != want[i] }) {
                XCTFail("round \(round) at \(i): \(titles[Int(got[i])].debugDescription) #\(got[i]) before \(titles[Int(want[i])].debugDescription) #\(want[i])")
            }
            XCTAssertEqual(got, want)

            // What the round reached.
            let plain = titles.filter { $0.utf8.allSatisfy { $0 < TitleOrder.firstByteAtOrAboveU0300 } }
            if plain.count > TitleOrder.smallRange { large += 1 }
            var byPrefix: [ArraySlice<UInt8>: Int] = [:]
            for title in plain where title.utf8.count > 8 { byPrefix[Array(title.utf8)[..<8], default: 0] += 1 }
            if byPrefix.values.contains(where: { $0 > TitleOrder.smallRange }) { deepRuns += 1 }
            let set = Set(plain)
            if set.contains(where: { $0.hasSuffix("\u{0}") && set.contains(String($0.dropLast())) }) { nulOnly += 1 }
            if plain.count > 0, plain.count < titles.count { merged += 1 }
        }
        XCTAssertGreaterThan(large, 50)
        XCTAssertGreaterThan(deepRuns, 20)
        XCTAssertGreaterThan(nulOnly, 20)
        XCTAssertGreaterThan(merged, 100)
    }

    /// Titles whose scalars are all below U+0300 compare with `<` as their UTF-8 bytes do, and
    /// are recognised from their bytes alone (others need their scalars looked at).
    func testTitlesBelowU0300CompareAsTheirBytes() {
        var random = SplitMix64(seed: 300)
        func scalar(below bound: UInt32) -> Character {
            Character(Unicode.Scalar(UInt32(random.below(Int(bound))))!)
        }
        for _ in 0..<20_000 {
            let a = String((0..<random.int(in: 0...4)).map { _ in scalar(below: 0x300) })
            let b = random.percent(20) ? a + String(scalar(below: 0x300))
                                       : String((0..<random.int(in: 0...4)).map { _ in scalar(below: 0x300) })
            XCTAssertTrue((a.utf8.max() ?? 0) < TitleOrder.firstByteAtOrAboveU0300, "below U+0300: bytes below CC")
            XCTAssertEqual(a < b, Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)), "\(a.debugDescription) \(b.debugDescription)")
        }
        for text in ["e\u{301}", "\u{300}", "Ω", "漢", "🙂", "a\u{34F}"] {
            XCTAssertFalse((text.utf8.max() ?? 0) < TitleOrder.firstByteAtOrAboveU0300, text.debugDescription)
        }
    }

    /// Titles of scalars that NFC never changes (CJK, Hangul syllables, Cyrillic, Greek, Arabic,
    /// Devanagari letters, emoji, symbols) compare with `<` as their UTF-8 bytes do, and are
    /// sorted as bytes; titles with a mark, a Hangul jamo or a singleton (U+2126 OHM SIGN, which
    /// NFC replaces by Ω) are not.
    func testTitlesInComposedFormCompareAsTheirBytes() {
        var random = SplitMix64(seed: 301)
        let ranges: [ClosedRange<UInt32>] = [0x20...0x2FF, 0x370...0x3FF, 0x400...0x4FF, 0x600...0x6FF, 0x900...0x97F,
                                             0x3040...0x30FF, 0x4E00...0x4EFF, 0xAC00...0xAD00, 0x1F300...0x1F64F,
                                             0x2000...0x2BFF, 0xF900...0xFAFF, 0x1100...0x11FF]
        var composed = 0, other = 0
        for _ in 0..<40_000 {
            func title() -> String {
                var scalars = String.UnicodeScalarView()
                for _ in 0..<random.int(in: 0...4) {
                    let range = random.pick(ranges)
                    if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) { scalars.append(scalar) }
                }
                return String(scalars)
            }
            let a = title()
            let b = random.percent(20) ? a + title() : title()
            guard TitleOrder.ordersAsBytes(a), TitleOrder.ordersAsBytes(b) else {
                other += 1
                continue
            }
            composed += 1
            XCTAssertEqual(a < b, Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)),
                           "\(a.unicodeScalars.map(\.value)) \(b.unicodeScalars.map(\.value))")
            XCTAssertEqual(a == b, Array(a.utf8) == Array(b.utf8))
        }
        XCTAssertGreaterThan(composed, 5_000)
        XCTAssertGreaterThan(other, 5_000)
        for text in ["漢字", "한국어", "Жук", "ω", "🙂", "क", "\u{20000}"] {
            XCTAssertTrue(TitleOrder.ordersAsBytes(text), text.debugDescription)
        }
        for text in ["e\u{301}", "\u{2126}", "\u{212B}", "\u{1100}\u{1161}", "한\u{11A8}", "ி", "\u{0BBE}", "\u{F900}", "क\u{93F}",
                     "\u{16D67}", "\u{16D67}\u{16D67}"] {
            XCTAssertFalse(TitleOrder.ordersAsBytes(text), text.unicodeScalars.map(\.value).description)
        }
    }
}

/// The search index reads titles below U+0300, and Greek, Cyrillic, kana, CJK and Hangul titles,
/// scalar by scalar (`SearchCorpus`); each title's numbers are still those of its lowercased
/// characters, as for any other title.
final class SearchCorpusCodesTests: XCTestCase {
    func testLatinTitlesGetTheNumbersOfTheirLowercasedCharacters() throws {
        var random = SplitMix64(seed: 303)
        let pieces = ["É", "é", "İ", "ı", "ǅ", "ß", "ſ", "Ä", "ÿ", "Ÿ", "\r\n", "\r", "\n", "a", "B", "1", " ", "-", "\u{AD}",
                      "\u{1}", "\u{7F}", "\u{85}", "ŉ", "ǰ", "Ω", "e\u{301}", "漢",
                      // Read a scalar at a time too: Greek (final sigma), Cyrillic, kana, CJK, Hangul.
                      "Σ", "ΟΔΟΣ", "ΐ", "Ж", "ї", "Ѐ", "か", "カ", "한", "字", "\u{20000}",
                      // Not: marks, jamo, joiners, singletons.
                      "\u{3099}", "\u{1161}", "\u{200D}", "\u{2126}", "ि"]
        var latin = 0, withCarriageReturn = 0, wide = 0
        for round in 0..<40 {
            var children: [TabItem] = []
            for n in 0..<random.int(in: 1...40) {
                var title = (0..<random.int(in: 1...6)).map { _ in random.pick(pieces) }.joined()
                if random.percent(50) { title = title.unicodeScalars.filter { $0.value < 0x300 }.map(String.init).joined() }
                if title.isEmpty { title = "x" }
                if title.utf8.contains(where: { $0 >= 0x80 }), title.unicodeScalars.allSatisfy({ $0.value < 0x300 }) {
                    latin += 1
                    if title.contains("\r") { withCarriageReturn += 1 }
                }
                if title.unicodeScalars.contains(where: { $0.value >= 0x300 }),
                   title.unicodeScalars.allSatisfy({ $0.value < 0x300 || SearchCorpus.isOwnCharacter($0) }) {
                    wide += 1
                }
                children.append(TabItem(id: "t\(round)-\(n)", title: title))
            }
            let layout = TabLayout(id: "codes", title: "Codes", items: [
                TabItem(id: "home", title: "Home"), TabItem(kind: .section, id: "s", title: "S", children: children),
            ])
            let corpus = SearchCorpus(hierarchy: try TabHierarchy(layout))
            for c in 0..<corpus.count where !corpus.isASCII[c] {
                let expected = corpus.title(c).lowercased().map { character -> UInt32? in
                    guard let code = corpus.characterCodes[character] else { return nil }
                    XCTAssertEqual(code & SearchCorpus.wordBit != 0, character.isLetter || character.isNumber)
                    return code
                }
                let actual = corpus.codes[Int(corpus.codeStart[c])..<Int(corpus.codeStart[c + 1])].map { Optional($0) }
                XCTAssertEqual(actual, expected, "round \(round): \(corpus.title(c).debugDescription)")
            }
        }
        XCTAssertGreaterThan(latin, 200)
        XCTAssertGreaterThan(withCarriageReturn, 30)
        XCTAssertGreaterThan(wide, 100)
    }
}
