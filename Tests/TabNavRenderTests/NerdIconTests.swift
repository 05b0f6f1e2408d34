import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// `--icons nerd` (docs/behaviour.md, "Drawing"): every icon name draws a Nerd Font glyph — a
/// code point of Unicode's Private Use Area — or, where the table has none, its standard glyph.
/// Neither the option nor the glyphs existed before.
final class NerdIconTests: XCTestCase {
    private static func isPrivateUse(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 1 else { return false }
        let v = scalars[0].value
        return (0xE000...0xF8FF).contains(v) || (0xF0000...0xFFFFD).contains(v) || (0x100000...0x10FFFD).contains(v)
    }

    func testEveryIconNameIsAPrivateUseGlyphOrTheDefault() {
        let nerd = GlyphSet.for(ascii: false, icons: .nerd), standard = GlyphSet.unicode
        var privateUse = 0
        for name in GlyphSet.knownIconNames {
            let glyph = nerd.icon(name), fallback = standard.icon(name)
            for (form, default_) in [(glyph.outline, fallback.outline), (glyph.filled, fallback.filled)] {
                XCTAssertTrue(Self.isPrivateUse(form) || form == default_, "\(name): \(form) is neither a Nerd Font glyph nor the default")
                XCTAssertEqual(DisplayWidth.of(form), 1, "\(name): one column, as wcwidth counts it")
            }
            if Self.isPrivateUse(glyph.filled) { privateUse += 1 }
        }
        XCTAssertEqual(privateUse, GlyphSet.knownIconNames.count, "every icon of the table has a Nerd Font glyph")
        XCTAssertEqual(nerd.icon("gear"), nerd.icon("gearshape"), "aliases resolve as with the standard icons")
        XCTAssertEqual(nerd.icon("heart.fill"), nerd.icon("heart"), "and variants")
        XCTAssertEqual(nerd.icon("no.such.icon"), standard.icon("no.such.icon"), "an unknown name: the standard diamond")
        XCTAssertEqual(GlyphSet.for(ascii: true, icons: .nerd).icon("heart"), GlyphSet.ascii.icon("heart"), "ASCII draws no icon")
        XCTAssertEqual(standard.icon("heart").filled, "♥", "the standard set is unchanged")
    }

    func testTheConfigurationAndTheDefaultChooseTheIcons() throws {
        XCTAssertNil(try ConfigurationLoader.parse(text: "{}", source: "c").icons)
        XCTAssertEqual(try ConfigurationLoader.parse(text: #"{"icons": "nerd"}"#, source: "c").icons, .nerd)
        XCTAssertThrowsError(try ConfigurationLoader.parse(text: #"{"icons": "fancy"}"#, source: "c")) { error in
            XCTAssertEqual((error as? ConfigurationError)?.description,
                           #"c: icons: unknown icons "fancy" (expected standard or nerd)"#)
        }
        XCTAssertEqual(AppOptions().icons, .standard)
    }
}
