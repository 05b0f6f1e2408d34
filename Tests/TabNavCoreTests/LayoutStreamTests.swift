import Synchronization
import TestSupport
import XCTest
@testable import TabNavCore
import TabNavSystem

/// A large layout file is parsed on a thread of its own while its tabs are decoded
/// (`JSONTapeStream`): whatever the file, the answer must be the one of parsing it whole first,
/// the same hierarchy or the same message. So must the keys the parser numbers as it reads them
/// (`JSONKeyCodes`) and the same keys matched by their text.
final class LayoutStreamTests: XCTestCase {
    private func assertSameBothWays(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        let whole = LayoutOutcome.of(bytes, streamed: false)
        XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true), whole, text, file: file, line: line)
        XCTAssertEqual(LayoutOutcome.of(bytes, streamed: false, numberedKeys: false), whole, text, file: file, line: line)
        XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true, tailFirst: true), whole, text, file: file, line: line)
    }

    /// A layout of `sections` sections of `tabs` tabs each, after a few top-level tabs.
    static func generated(sections: Int, tabs: Int, topKeysFirst: Bool = true) -> String {
        var items = [#"{"id": "home", "title": "Home", "placement": "fixed", "content": {"text": "Hi"}}"#,
                     #"{"id": "search", "role": "search"}"#]
        for s in 0..<sections {
            let children = (0..<tabs).map { t in
                #"{"id": "s\#(s)-t\#(t)", "title": "Item \#(s).\#(t)", "icon": "doc.text", "content": {"text": "Tab \#(t)"}}"#
            }
            items.append(#"{"section": "s\#(s)", "title": "Section \#(s)", "tabs": [\#(children.joined(separator: ","))]}"#)
        }
        let tabsMember = #""tabs": [\#(items.joined(separator: ",\n"))]"#
        return topKeysFirst
            ? #"{"id": "gen", "title": "Generated", \#(tabsMember)}"#
            : #"{\#(tabsMember), "title": "Generated", "id": "gen"}"#
    }

    func testAGeneratedLayoutDecodesAlikeBothWays() {
        let text = Self.generated(sections: 30, tabs: 40)
        let bytes = Array(text.utf8)
        XCTAssertTrue(LayoutOutcome.of(bytes, streamed: true).hasPrefix("layout "))
        assertSameBothWays(text)
        assertSameBothWays(Self.generated(sections: 30, tabs: 40, topKeysFirst: false))
    }

    func testTheTopLevelIsCheckedAsAlwaysWhateverTheOrderOfItsKeys() {
        let tabs = #""tabs": [{"id": "a", "title": "A"}]"#
        for text in [
            #"{\#(tabs), "title": "T", "id": "t"}"#,
            #"{\#(tabs), "title": "T"}"#,                              // missing id, found after the tabs
            #"{\#(tabs), "title": "T", "id": "t", "colour": 1}"#,       // unknown key after the tabs
            #"{"colour": [1, {"a": 2}], \#(tabs), "title": "T", "id": "t"}"#,  // unknown key before
            #"{"id": "t", "title": "T", \#(tabs), "tabs": []}"#,        // a second tabs
            #"{"id": "t", "title": "T", "tabs": {"id": "a"}}"#,         // tabs not an array
            #"{"id": "t", "title": "T", "tabs": []}"#,                  // no tab
            #"{"id": "t", "title": "T", "ta\u0062s": [{"id": "a", "title": "A"}]}"#,  // an escaped key
            #"{"id": "t", "title": "T", "meta": {"tabs": [{"id": "a"}]}, \#(tabs)}"#,  // tabs nested first
            #"[{"id": "a", "title": "A"}]"#,                            // not an object
            #""tabs""#,
            #"{"id": "", "title": "T", "tabs": [{"id": "a", "title": ""}]}"#,  // both levels wrong: the top first
        ] {
            assertSameBothWays(text)
        }
    }

    func testAnErrorInTheJSONLaterWinsOverAProblemInATabBeforeIt() {
        let bad = #"{"id": "t", "title": "T", "tabs": [{"id": "a", "title": "A", "placement": "pined"}, {"id": "b", "title": "B"}, ]}"#
        let message = LayoutOutcome.of(Array(bad.utf8), streamed: true)
        XCTAssertTrue(message.contains("trailing commas"), message)
        assertSameBothWays(bad)
        // And a hierarchy problem (a duplicate id) before a schema problem later.
        assertSameBothWays(#"{"id": "t", "title": "T", "tabs": [{"id": "a", "title": "A"}, {"id": "a", "title": "B"}, {"id": "c"}]}"#)
    }

    func testEveryCutOfALargeLayoutGivesTheSameAnswer() {
        let text = Array(Self.generated(sections: 6, tabs: 12).utf8)
        var generator = SplitMix64(state: 77)
        for _ in 0..<FuzzSettings.steps(60) {
            let cut = Int(generator.next() % UInt64(text.count))
            let bytes = Array(text[..<cut])
            let whole = LayoutOutcome.of(bytes, streamed: false)
            XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true), whole, "cut at \(cut)")
            XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true, numberedKeys: false), whole, "cut at \(cut)")
            XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true, tailFirst: true), whole, "cut at \(cut)")
        }
    }

    func testMutatedLayoutsGiveTheSameAnswerBothWays() {
        let documents = [Array(LayoutLoaderTests.specExample.utf8), Array(Self.generated(sections: 3, tabs: 5).utf8)]
        var generator = SplitMix64(state: 78)
        var loaded = 0
        for seed in 0..<FuzzSettings.steps(800) {
            let bytes = FuzzSettings.mutate(documents[seed % 2], using: &generator)
            let whole = LayoutOutcome.of(bytes, streamed: false)
            if whole.hasPrefix("layout ") { loaded += 1 }
            XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true), whole, "seed \(seed)")
            XCTAssertEqual(LayoutOutcome.of(bytes, streamed: false, numberedKeys: false), whole, "seed \(seed)")
            XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true, tailFirst: true), whole, "seed \(seed)")
        }
        XCTAssertGreaterThan(loaded, 0)
    }

    /// A streamed tape reserves room for six times the file's size, and its thread a stack: under
    /// an address-space limit (`ulimit -v`, `ulimit -d`) that room is taken from what the rest of
    /// the load needs, so a file that loads the usual way could fail to (a 12 MB layout of
    /// 100,000 tabs did below a `ulimit -v` of 152 MB, where the usual parse needs 110 MB).
    /// Under such a limit a large file is parsed the usual way.
    func testUnderAnAddressSpaceLimitALargeFileIsParsedTheUsualWay() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/large.json"
        // Large enough that the parser is still at work when the decoder sees the id (the first key).
        try Self.generated(sections: 100, tabs: 40).write(toFile: path, atomically: false, encoding: .utf8)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertTrue(LayoutLoader.streamedSizes.contains(size))
        let unlimited = try LayoutLoader.loadFile(path: path).hierarchy
        if !AddressSpaceLimit.isSet { XCTAssertTrue(LayoutLoader.streams(byteCount: size), "without a limit, the file is streamed") }
        let offered = Mutex(false)

        for resource in [RLIMIT_AS, RLIMIT_DATA] {
            let kind = __rlimit_resource_t(resource.rawValue)
            var saved = rlimit()
            XCTAssertEqual(getrlimit(kind, &saved), 0)
            // A limit far above anything this process maps, but a limit.
            var limited = saved
            limited.rlim_cur = min(saved.rlim_max, 1 << 44)
            XCTAssertEqual(setrlimit(kind, &limited), 0)
            offered.withLock { $0 = false }
            let streams = LayoutLoader.streams(byteCount: size)
            let loaded = Result { try LayoutLoader.loadFile(path: path, whenIDIsKnown: { _ in offered.withLock { $0 = true } }) }
            XCTAssertEqual(setrlimit(kind, &saved), 0)
            XCTAssertFalse(streams, "resource \(resource.rawValue)")
            XCTAssertEqual(try loaded.get().hierarchy.layout, unlimited.layout)
            // Only a streamed load offers the id from the parser's thread.
            XCTAssertFalse(offered.withLock { $0 }, "resource \(resource.rawValue): parsed the usual way")
        }
    }

    /// The room for items is worked out from the first 32 KB of a streamed file. Ids are spread
    /// over the whole of their table, so a table far larger than its ids is resident nearly
    /// whole: small tabs first and long texts after made a 9.5 MB file's ids' table room for
    /// 320,000 ids, 2,009 used (peak RSS 26 MB parsed whole, 34 MB streamed).
    func testTheIdsTableIsNotSizedFromFirstItemsUnlikeTheRest() throws {
        let small = (0..<2_000).map { #"{"id": "t\#($0)", "title": "T"}"# }
        let text = String(repeating: "x", count: 256 << 10)
        let long = (0..<8).map { #"{"id": "long\#($0)", "title": "L", "content": {"text": "\#(text)"}}"# }
        let layout = #"{"id": "skew", "title": "Skew", "tabs": [\#((small + long).joined(separator: ","))]}"#
        let hierarchy = try LayoutLoader.parse(bytes: Array(layout.utf8), source: "s.json", streamed: true)
        XCTAssertEqual(hierarchy.indexByID.count, 2_008)
        XCTAssertLessThanOrEqual(hierarchy.indexByID.capacity, 4 * hierarchy.indexByID.count)
        // A file alike throughout still has its table reserved ahead, once.
        let even = try LayoutLoader.parse(bytes: Array(Self.generated(sections: 60, tabs: 40).utf8), source: "e.json", streamed: true)
        XCTAssertLessThanOrEqual(even.indexByID.capacity, 4 * even.indexByID.count)
    }

    func testTheRoomForTokensIsEnoughForTheDensestText() throws {
        // The texts with the most values per byte: one-byte numbers, empty arrays and objects,
        // empty keys. A streamed tape cannot grow, so its room must hold every one of them.
        let dense = [
            "1", "[1]", "[1,1,1,1,1,1,1,1]", "[[],[],[],[]]", "[[[[]]]]", #"{"":1,"":1,"":1}"#,
            #"{"":{},"":[],"":""}"#, "[{},{},{}]", #"["","",""]"#, "[" + Array(repeating: "0", count: 500).joined(separator: ",") + "]",
        ]
        for text in dense {
            let bytes = Array(text.utf8)
            let tape = try JSONParser.tape(bytes)
            XCTAssertLessThanOrEqual(tape.tokens.count, JSONReader.maximumTokens(byteCount: bytes.count), text)
            // And a stream reads it whole without needing more room.
            let answer: JSONSyntaxError? = bytes.withUnsafeBufferPointer { JSONTapeStream(input: $0)?.finish() }
            XCTAssertNil(answer, text)
        }
    }
    /// The parser's thread decodes the second half of the top level once it has parsed
    /// (`LayoutTail`); the decoder adopts that block. Whatever the file, the answer is the plain
    /// one: a clean block is adopted, any problem in it (or an id the first half has) makes the
    /// decoder read those items itself.
    func testTheParserThreadsHalfOfTheTopLevelIsAdoptedOnlyWhenClean() {
        let before = LayoutTail.adoptedBlocks.load(ordering: .relaxed)
        let text = Self.generated(sections: 8, tabs: 5)
        assertSameBothWays(text)
        XCTAssertGreaterThan(LayoutTail.adoptedBlocks.load(ordering: .relaxed), before, "a clean second half is adopted")
        // Problems in the second half: its block is dropped and the messages are the usual ones.
        for (from, to) in [
            (#""id": "s7-t4""#, #""id": "s0-t1""#),                 // an id the first half has
            (#""id": "s7-t2""#, #""id": "s7-t1""#),                 // a duplicate inside the second half
            (#""title": "Item 7.3""#, #""titel": "Item 7.3""#),     // an unknown key
            (#""title": "Item 6.0""#, #""title": """#),             // an empty title
            (#""section": "s7""#, #""section": "s7", "id": "x""#),  // a section with an id
        ] {
            let changed = text.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(changed, text, from)
            let bytes = Array(changed.utf8)
            let whole = LayoutOutcome.of(bytes, streamed: false)
            XCTAssertTrue(whole.hasPrefix("error "), whole)
            // The problem is in the half the parser's thread decodes first: its block is dropped.
            let count = LayoutTail.adoptedBlocks.load(ordering: .relaxed)
            XCTAssertEqual(LayoutOutcome.of(bytes, streamed: true, tailFirst: true), whole, from)
            XCTAssertEqual(LayoutTail.adoptedBlocks.load(ordering: .relaxed), count, "no block with a problem is adopted: \(from)")
            assertSameBothWays(changed)
        }
    }
}

/// What a load of layout bytes gives, in a form to compare: the layout and its table's ids, or
/// the error (the ways of loading a large file must all give the plain decode's answer).
enum LayoutOutcome {
    static func of(_ bytes: [UInt8], streamed: Bool, numberedKeys: Bool = true, tailFirst: Bool = false) -> String {
        do {
            let hierarchy = try LayoutLoader.parse(
                bytes: bytes, source: "s.json", streamed: streamed, numberedKeys: numberedKeys, tailFirst: tailFirst)
            return "layout \(hierarchy.layout) ids \(hierarchy.allIDs) roots \(hierarchy.roots)"
        } catch {
            return "error \(error.kind) \(error.description)"
        }
    }
}
