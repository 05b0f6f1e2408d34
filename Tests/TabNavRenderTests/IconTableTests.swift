import XCTest
@testable import TabNavDrawing

/// The icon table read with its own hash must answer exactly as the dictionaries it is built from.
final class IconTableTests: XCTestCase {
    private func assertSame(_ found: IconTable.Entry?, _ expected: IconTable.Entry?, _ name: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(found?.outline, expected?.outline, name, file: file, line: line)
        XCTAssertEqual(found?.filled, expected?.filled, name, file: file, line: line)
        XCTAssertEqual(found?.ascii, expected?.ascii, name, file: file, line: line)
        XCTAssertEqual(found == nil, expected == nil, name, file: file, line: line)
    }

    func testEveryNameAndAliasFindsItsEntry() {
        for (name, entry) in IconMap.table {
            assertSame(IconMap.names[name], entry, name)
        }
        var aliasesChecked = 0
        for (alias, target) in IconMap.aliases where IconMap.table[alias] == nil {
            guard let entry = IconMap.table[target] else { continue }
            assertSame(IconMap.names[alias], entry, alias)
            aliasesChecked += 1
        }
        XCTAssertGreaterThan(aliasesChecked, 0, "the aliases are in the table as names of their own")
    }

    func testNamesNotInTheTableAreNotFound() {
        for name in ["", "no.such.symbol", "pla", "playy", "Play", "play ", "books.vertical.", "é", "日本"] {
            assertSame(IconMap.names[name], IconMap.table[name], name)
        }
        // The variants still resolve through `lookup`, as before.
        XCTAssertNotNil(IconMap.lookup("play.circle.fill"))
    }

    func testCollidingNamesAreAllFound() {
        // Many names in a small table: every probe sequence crosses others.
        var table: [String: IconTable.Entry] = [:]
        for index in 0..<200 { table["name\(index)"] = ("o\(index)", "f\(index)", "a\(index)") }
        let icons = IconTable(table)
        for (name, entry) in table { assertSame(icons[name], entry, name) }
        XCTAssertNil(icons["name200"])
        XCTAssertNil(icons["name-1"])
    }

    func testAnEmptyTableFindsNothing() {
        XCTAssertNil(IconTable([:])["play"])
    }

    func testGlyphsAgreeWithTheEntriesTheyWereMadeFrom() {
        var names = Array(IconMap.table.keys) + Array(IconMap.aliases.keys)
        names += names.flatMap { [$0 + ".fill", $0 + ".circle", $0 + ".circle.fill", $0 + ".fil", $0 + "e"] }
        names += ["", "checklist", "no.such.symbol", "x.fill", ".fill", "é", "square.fill.fill"]
        for name in names {
            let entry = IconMap.lookup(name) ?? IconMap.fallback
            XCTAssertEqual(IconMap.glyph(for: name, ascii: false), IconGlyph(outline: entry.outline, filled: entry.filled), name)
            XCTAssertEqual(IconMap.glyph(for: name, ascii: true), IconGlyph(outline: entry.ascii, filled: entry.ascii), name)
        }
        XCTAssertEqual(IconMap.glyph(for: "books.vertical.fill", ascii: false).filled, "▥")
        XCTAssertEqual(IconMap.glyph(for: "checklist", ascii: false).filled, "◆", "unknown: the diamond")
    }

    func testTheSuffixShortcutAgreesWithComparingEverySuffix() {
        // `withoutVariantSuffix` skips the comparisons for a name ending in neither `l` nor `e`;
        // `glyph` and `lookup` both use it, so it is checked here against the plain comparison.
        func reference(_ name: String) -> String? {
            for suffix in [".fill", ".circle", ".circle.fill"] where name.hasSuffix(suffix) {
                return String(name.dropLast(suffix.count))
            }
            return nil
        }
        var names = ["", "l", "e", ".fill", ".circle", ".circle.fill", "fill", "circle", "wheel", "file",
                     "x.fil", "x.circl", "x.circle", "x.circle.fill", "x.fill.circle", "é.fill", "x.FILL",
                     "person.crop.circle", "star.fill", "x.fille", "x.circles", "x.e", "x.l"]
        names += Array(IconMap.table.keys).flatMap { [$0, $0 + ".fill", $0 + ".circle", $0 + ".circle.fill"] }
        for name in names {
            XCTAssertEqual(IconMap.withoutVariantSuffix(name), reference(name), name)
        }
    }

    /// No icon is a block element (U+2580–U+259F): on a reversed row (a focused or edit-cursor
    /// chip) a block reads as a solid slab, not as an icon (`chart.bar` was ▅).
    func testNoIconIsABlockElement() {
        for name in GlyphSet.knownIconNames {
            let icon = GlyphSet.unicode.icon(name)
            for form in [icon.outline, icon.filled] {
                XCTAssertFalse(form.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) }, "\(name): \(form)")
            }
        }
    }
}
