import XCTest
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

final class GlyphTests: XCTestCase {
    /// The icon names the product promises (docs/behaviour.md, "Model and customization", the brief).
    static let requiredIcons = [
        "play", "books.vertical", "sparkles", "star", "heart", "magnifyingglass", "square.and.arrow.down",
        "gearshape", "house", "internaldrive", "doc.text", "folder", "film", "tv", "photo", "water.waves",
        "leaf", "cloud", "sun.max", "moon", "bell", "person", "tray", "list.bullet", "arrow.clockwise",
        "plus", "trash", "clock", "bookmark", "flag", "globe", "music.note", "terminal",
    ]

    /// One scalar, one column under glibc, and not drawn as an emoji by default.
    private func assertSingleColumn(_ glyph: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let scalars = Array(glyph.unicodeScalars)
        XCTAssertEqual(scalars.count, 1, "\(name) \(glyph)", file: file, line: line)
        guard let scalar = scalars.first else { return }
        XCTAssertEqual(DisplayWidth.wcwidth(scalar), 1, "\(name) \(glyph)", file: file, line: line)
        XCTAssertFalse(scalar.properties.isEmojiPresentation, "\(name) \(glyph)", file: file, line: line)
        XCTAssertEqual(TextCells.sanitize(glyph), glyph, "\(name) \(glyph)", file: file, line: line)
    }

    func testEveryUnicodeSymbolIsOneColumn() {
        for (name, glyph) in GlyphSet.unicode.allSymbols { assertSingleColumn(glyph, name) }
    }

    func testEveryIconIsOneColumn() {
        for name in GlyphSet.knownIconNames + ["no.such.symbol"] {
            let icon = GlyphSet.unicode.icon(name)
            assertSingleColumn(icon.outline, name + " outline")
            assertSingleColumn(icon.filled, name + " filled")
        }
    }

    func testASCIISetIsPrintableASCII() {
        for (name, glyph) in GlyphSet.ascii.allSymbols {
            XCTAssertFalse(glyph.isEmpty, name)
            XCTAssertTrue(glyph.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, name)
        }
        for name in GlyphSet.knownIconNames + ["no.such.symbol"] {
            // No letter stands in for an icon: in ASCII none is drawn (GlyphCoverageTests).
            XCTAssertEqual(GlyphSet.ascii.icon(name), IconGlyph(outline: "", filled: ""), name)
        }
    }

    func testSpecStandIns() {
        let ascii = GlyphSet.ascii
        XCTAssertEqual(ascii.sidebarToggle, "#", "not |, which is the border")
        XCTAssertEqual(ascii.sectionCollapsed, "+")
        XCTAssertEqual(ascii.ellipsis, "...")
        XCTAssertEqual(ascii.checkboxChecked, "[x]")
        XCTAssertEqual(GlyphSet.unicode.sidebarToggle, "≡", "☰ is not in DejaVu Sans Mono")
        XCTAssertEqual(GlyphSet.unicode.ellipsis, "…")
        XCTAssertEqual(GlyphSet.for(ascii: true), .ascii)
        XCTAssertEqual(GlyphSet.for(ascii: false), .unicode)
        XCTAssertTrue(GlyphSet.ascii.isASCII)
    }

    func testRequiredIconsAreKnown() {
        for name in Self.requiredIcons {
            XCTAssertTrue(GlyphSet.isKnownIcon(name), name)
            XCTAssertNotEqual(GlyphSet.unicode.icon(name), GlyphSet.unicode.icon("no.such.symbol"), name)
        }
    }

    func testUnknownAliasAndVariantNames() {
        XCTAssertFalse(GlyphSet.isKnownIcon("no.such.symbol"))
        XCTAssertEqual(GlyphSet.unicode.icon("no.such.symbol"), IconGlyph(outline: "◇", filled: "◆"))
        XCTAssertEqual(GlyphSet.ascii.icon(""), IconGlyph(outline: "", filled: ""))
        XCTAssertEqual(GlyphSet.unicode.icon("gear"), GlyphSet.unicode.icon("gearshape"))
        XCTAssertEqual(GlyphSet.unicode.icon("heart.fill"), GlyphSet.unicode.icon("heart"))
        XCTAssertEqual(GlyphSet.unicode.icon("play.circle.fill"), GlyphSet.unicode.icon("play"))
        XCTAssertEqual(GlyphSet.ascii.icon("magnifyingglass").filled, "")
    }
}
