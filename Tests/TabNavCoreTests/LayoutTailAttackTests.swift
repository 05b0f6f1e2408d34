import Synchronization
import TestSupport
import XCTest
@testable import TabNavCore

/// Files built to defeat the parser thread's half of the top level (`LayoutTail`): whatever they
/// hold, streamed with that half decoded first, the answer is the plain decode's.
final class LayoutTailAttackTests: XCTestCase {

    private func check(_ text: String, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let whole = LayoutOutcome.of(bytes, streamed: false)
        XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true, tailFirst: true), whole, label, file: file, line: line)
        XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true), whole, label, file: file, line: line)
        XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true, numberedKeys: false, tailFirst: true), whole, label, file: file, line: line)
    }

    private func tab(_ id: String, _ extra: String = "") -> String { #"{"id": "\#(id)", "title": "T \#(id)"\#(extra)}"# }
    private func section(_ id: String, _ children: [String], _ extra: String = "") -> String {
        #"{"section": "\#(id)", "title": "S \#(id)"\#(extra), "tabs": [\#(children.joined(separator: ","))]}"#
    }
    private func layout(_ items: [String], after: String = "") -> String {
        #"{"id": "x", "title": "X", "tabs": [\#(items.joined(separator: ",\n"))]\#(after)}"#
    }

    func testFilesThatDefeatTheSecondHalf() {
        let tabs = (0..<6).map { tab("t\($0)") }
        let sections = (0..<6).map { s in section("s\(s)", (0..<3).map { tab("s\(s)-\($0)") }) }
        let clean = tabs + sections
        let adopted = LayoutTail.adoptedBlocks.load(ordering: .relaxed)
        check(layout(clean), "clean")
        XCTAssertTrue(LayoutOutcome.of(Array(layout(clean).utf8), streamed: false).hasPrefix("layout "))
        XCTAssertGreaterThan(LayoutTail.adoptedBlocks.load(ordering: .relaxed), adopted, "the clean second half is adopted")
        // A problem in both halves: the first half's is the one reported.
        var both = clean
        both[1] = tab("t1", #", "titel": 1"#)
        both[10] = tab("t0")
        check(layout(both), "schema in the first half, duplicate in the second")
        both = clean
        both[1] = tab("t0")
        both[10] = section("s4", [tab("z", #", "colour": 1"#)])
        check(layout(both), "duplicate in the first half, schema in the second")
        both = clean
        both[2] = tab("", "")
        both[11] = section("s5", [tab("s0-1")])
        check(layout(both), "empty id first, duplicate of a first-half nested id second")
        // A duplicate whose first use is nested in the second half, the second use later in it.
        var dup = clean
        dup[11] = section("s5", [tab("s4-2")])
        check(layout(dup), "duplicate inside the second half, nested")
        // An error in the JSON after the tabs array; keys after "tabs".
        check(layout(clean, after: #", "x": }"#), "JSON error after the tabs")
        check(layout(clean, after: #", "title": 5"#), "a duplicate top-level key after the tabs")
        check(#"{"tabs": [\#(clean.joined(separator: ","))], "title": 5, "id": "x"}"#, "a bad title after the tabs")
        check(#"{"tabs": [\#(clean.joined(separator: ","))], "id": "x"}"#, "no title")
        // Sections nested in the second half, and one giant section as the whole second half.
        var nested = clean
        nested[11] = section("s5", [section("deep", [tab("d1"), section("deeper", [tab("d2")])])])
        check(layout(nested), "nested sections in the second half")
        nested[11] = section("s5", [section("deep", [tab("d1", #", "placement": "pinned""#)])])
        check(layout(nested), "a placement rule broken deep in the second half")
        check(layout([tab("a"), section("giant", (0..<200).map { tab("g\($0)") })]), "one giant section")
        check(layout([tab("a"), section("giant", (0..<200).map { tab("g\($0)") } + [tab("a")])]), "giant with a duplicate")
        // Keys: escaped, longer than 16 bytes, prefixes of schema keys, schema keys of another kind.
        for extra in [#", "t\u0069tle": "again""#, #", "allowsReorderingX": true"#, #", "tabBarVisibilityXY": 1"#,
                      #", "tab": 1"#, #", "sectio": 1"#, #", "ids": 1"#, #", "i\u0064s": 1"#, #", "allowsReordering": true"#,
                      #", "\u0069con": "x""#, #", "customization": {"sidebar": "x", "tabBa": 1}"#] {
            var keyed = clean
            keyed[10] = tab("k", extra)
            check(layout(keyed), "key \(extra) in the second half")
            keyed = clean
            keyed[1] = tab("k", extra)
            check(layout(keyed), "key \(extra) in the first half")
        }
        var escapedSection = clean
        escapedSection[9] = #"{"s\u0065ction": "esc", "title": "E", "tabs": [\#(tab("e1"))]}"#
        check(layout(escapedSection), "an escaped section key in the second half")
        escapedSection[9] = #"{"s\u0065ction": "esc", "\u0069d": "bad", "title": "E"}"#
        check(layout(escapedSection), "an escaped section with an escaped id")
    }

    /// Every cut of a file whose halves both have problems gives the plain answer.
    func testEveryCutOfAFileWithProblemsInBothHalves() {
        var items = (0..<4).map { tab("t\($0)") } + (0..<4).map { s in section("s\(s)", (0..<2).map { tab("s\(s)-\($0)") }) }
        items[1] = tab("t1", #", "placement": "sideways""#)
        items[7] = section("s3", [tab("t2")])
        let bytes = Array(layout(items).utf8)
        for cut in stride(from: 1, to: bytes.count, by: 7) {
            let part = Array(bytes[..<cut])
            XCTAssertEqual(LayoutOutcome.of(part, streamed: true, tailFirst: true), LayoutOutcome.of(part, streamed: false), "cut at \(cut)")
        }
    }
}
