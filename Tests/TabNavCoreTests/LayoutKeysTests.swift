import XCTest
@testable import TabNavCore

/// The schema's keys are written out twice, as enum cases and as the names a file uses: they
/// must agree, slot for slot.
final class LayoutKeysTests: XCTestCase {
    private func names<Key: LayoutKeySet>(of _: Key.Type) -> [String] {
        Key.allCases.sorted { $0.rawValue < $1.rawValue }.map { String(describing: $0) }
    }

    func testEveryKeySetNamesItsCasesInSlotOrder() {
        typealias S = LayoutSchema
        XCTAssertEqual(S.TopKey.keys.names, names(of: S.TopKey.self))
        XCTAssertEqual(S.TabKey.keys.names, names(of: S.TabKey.self))
        XCTAssertEqual(S.SectionKey.keys.names, names(of: S.SectionKey.self))
        XCTAssertEqual(S.CustomizationKey.keys.names, names(of: S.CustomizationKey.self))
        XCTAssertEqual(S.ContentKey.keys.names, names(of: S.ContentKey.self))
        XCTAssertEqual(S.EntryKey.keys.names, names(of: S.EntryKey.self))
        XCTAssertEqual(S.ActionKey.keys.names, names(of: S.ActionKey.self))
    }

    func testEveryNameFindsItsOwnSlot() {
        for keys in [LayoutSchema.TabKey.keys, LayoutSchema.SectionKey.keys, LayoutSchema.ContentKey.keys] {
            for (slot, name) in keys.names.enumerated() {
                XCTAssertEqual(keys.slot(of: name), slot, name)
            }
            XCTAssertNil(keys.slot(of: "titel"))
        }
    }

    func testEveryKeyOfTheSchemaHasANumberOfItsOwn() {
        let codes = LayoutSchema.keyCodes
        var seen: Set<UInt8> = []
        for keys in [LayoutSchema.TopKey.keys, LayoutSchema.TabKey.keys, LayoutSchema.SectionKey.keys,
                     LayoutSchema.CustomizationKey.keys, LayoutSchema.ContentKey.keys,
                     LayoutSchema.EntryKey.keys, LayoutSchema.ActionKey.keys] {
            for name in keys.names {
                let code = codes.code(of: name)
                XCTAssertNotEqual(code, 0, name)
                XCTAssertEqual(codes.names[Int(code) - 1], name)
                seen.insert(code)
            }
        }
        XCTAssertEqual(seen.count, codes.names.count, "every listed name is a key of some kind of object")
        for name in ["", "titel", "titles", "Title", "i", "idx", "tabBarVisibilityX", "sectio", "sections"] {
            XCTAssertEqual(codes.code(of: name), 0, name)
        }
    }

    /// The parser numbers the keys it reads, except those written with escapes, which the
    /// decoder then matches by their text.
    func testTheParserNumbersKeysButNotEscapedOnes() throws {
        let text = #"{"id": "t", "title": "T", "tabs": [{"i\u0064": "a", "title": "A", "colour": 1, "title": "B"}]}"#
        let tape = try JSONParser.tape(Array(text.utf8), keyCodes: LayoutSchema.keyCodes)
        let codes = tape.withView { view in (0..<view.tokens.count).map { view.keyCode($0) } }
        let named = codes.filter { $0 != 0 }.map { LayoutSchema.keyCodes.names[Int($0) - 1] }
        XCTAssertEqual(named, ["id", "title", "tabs", "title", "title"])
        let plain = try JSONParser.tape(Array(text.utf8))
        XCTAssertTrue(plain.withView { view in (0..<view.tokens.count).allSatisfy { view.keyCode($0) == 0 } })
        // The escaped "id" is still the tab's id; the duplicate "title" is still found.
        XCTAssertThrowsError(try LayoutLoader.parse(text: text, source: "k.json")) { error in
            XCTAssertTrue("\(error)".contains("unknown key \"colour\""), "\(error)")
        }
        let escaped = #"{"id": "t", "title": "T", "tabs": [{"i\u0064": "a", "t\u0069tle": "A", "content": {"te\u0078t": "x"}}]}"#
        let hierarchy = try LayoutLoader.parse(bytes: Array(escaped.utf8), source: "k.json", streamed: false)
        XCTAssertEqual(hierarchy.allIDs, ["a"])
        XCTAssertEqual(hierarchy.item("a")?.title, "A")
        XCTAssertEqual(hierarchy.item("a")?.content, .text("x"))
    }
}
