import TabNavSystem
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

final class DisplayWidthTests: XCTestCase {
    func testASCII() {
        XCTAssertEqual(DisplayWidth.of(""), 0)
        XCTAssertEqual(DisplayWidth.of("Watch Now"), 9)
        XCTAssertEqual(DisplayWidth.of("~!@#$%^&*()_+{}|:\"<>?"), 21)
    }

    func testCJKIsTwoColumnsEach() {
        XCTAssertEqual(DisplayWidth.of("日本語"), 6)
        XCTAssertEqual(DisplayWidth.of("한국어"), 6)
        XCTAssertEqual(DisplayWidth.of("Ｗ"), 2)  // fullwidth Latin
        XCTAssertEqual(DisplayWidth.of("a日b"), 4)
    }

    func testEmojiIsTwoColumns() {
        XCTAssertEqual(DisplayWidth.of("😀"), 2)
        XCTAssertEqual(DisplayWidth.of("🎬 Films"), 8)
    }

    func testCombiningMarksTakeNoColumn() {
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("Cafe\u{301}"), 4)
        XCTAssertEqual(DisplayWidth.of("a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}"), 1)
        // Decomposed Hangul: the vowel and final jamo join the leading consonant's cell.
        XCTAssertEqual(DisplayWidth.of("\u{1112}\u{1161}\u{11AB}"), 2)
    }

    func testMarkWithoutBaseIsDrawnOnASpace() {
        XCTAssertEqual(DisplayWidth.of("\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("\u{301}a"), 2)
        XCTAssertEqual(DisplayWidth.of("\u{200D}\u{301}"), 1)
    }

    func testZWJSequenceIsMeasuredAsItsSeparateEmoji() {
        // 👩‍💻 = woman + ZWJ + laptop: the joiner is dropped, each emoji is 2 columns.
        XCTAssertEqual(DisplayWidth.of("👩\u{200D}💻"), 4)
        // 👨‍👩‍👧 = three emoji joined twice.
        XCTAssertEqual(DisplayWidth.of("👨\u{200D}👩\u{200D}👧"), 6)
    }

    func testVariationSelectorsAreDropped() {
        // ❤️ = U+2764 (wcwidth 1) + VS16: drawn as the text-style heart, one column.
        XCTAssertEqual(DisplayWidth.of("\u{2764}\u{FE0F}"), 1)
        XCTAssertEqual(DisplayWidth.of("\u{2764}\u{FE0E}"), 1)
        XCTAssertEqual(DisplayWidth.of("\u{FE0F}"), 0)
    }

    func testSkinToneModifierAfterAnEmojiIsDropped() {
        XCTAssertEqual(DisplayWidth.of("👍\u{1F3FD}"), 2)
        // On its own the modifier is a swatch, drawn as wcwidth says.
        XCTAssertEqual(DisplayWidth.of("\u{1F3FD}"), 2)
        XCTAssertEqual(DisplayWidth.of("a\u{1F3FD}"), 3)
    }

    func testControlsAreOneColumnStandIns() {
        XCTAssertEqual(DisplayWidth.of("\u{1B}[2J"), 4)
        XCTAssertEqual(DisplayWidth.of("a\tb\n"), 4)
        XCTAssertEqual(DisplayWidth.of("\u{7F}"), 1)
        XCTAssertEqual(DisplayWidth.of("\u{85}\u{9B}"), 2)
        XCTAssertEqual(DisplayWidth.of("\u{0}"), 1)
    }

    func testFormatCharactersAreDropped() {
        XCTAssertEqual(DisplayWidth.of("a\u{200B}b"), 2)
        XCTAssertEqual(DisplayWidth.of("\u{202E}abc\u{202C}"), 3)
        XCTAssertEqual(DisplayWidth.of("\u{FEFF}x"), 1)
    }

    func testRejectedByWcwidthIsOneReplacementColumn() {
        XCTAssertEqual(DisplayWidth.of("\u{378}"), 1)   // unassigned
        XCTAssertEqual(DisplayWidth.of("\u{2028}"), 1)  // line separator
    }

    func testASCIIModeCountsOneColumnPerVisibleScalar() {
        XCTAssertEqual(DisplayWidth.of("日本", ascii: true), 2)
        XCTAssertEqual(DisplayWidth.of("e\u{301}", ascii: true), 1)
        XCTAssertEqual(DisplayWidth.of("👩\u{200D}💻", ascii: true), 2)
        XCTAssertEqual(DisplayWidth.of("\u{1B}x", ascii: true), 2)
    }

    func testSingleScalarWidth() {
        XCTAssertEqual(DisplayWidth.of(Unicode.Scalar("a")), 1)
        XCTAssertEqual(DisplayWidth.of(Unicode.Scalar(0x65E5)!), 2)
        XCTAssertEqual(DisplayWidth.of(Unicode.Scalar(0x200D)!), 0)
        XCTAssertEqual(DisplayWidth.of(Unicode.Scalar(0x301)!), 1)
    }

    /// The numbers must be glibc's (the NOTES measured them), even though the test process runs in
    /// the "C" locale: Swift never calls `setlocale`.
    func testAgreesWithGlibcInUTF8Locale() {
        XCTAssertTrue(SystemWidth.isAvailable)
        XCTAssertEqual(DisplayWidth.wcwidth(Unicode.Scalar(0x1F600)!), 2)
        XCTAssertEqual(DisplayWidth.wcwidth(Unicode.Scalar(0x65E5)!), 2)
        XCTAssertEqual(DisplayWidth.wcwidth(Unicode.Scalar(0x301)!), 0)
        XCTAssertEqual(DisplayWidth.wcwidth(Unicode.Scalar(0x2630)!), 1)
        XCTAssertEqual(DisplayWidth.wcwidth(Unicode.Scalar(0x378)!), -1)
    }

    /// For text with nothing to sanitize, our width is exactly the sum of `wcwidth`, which is what
    /// ncurses advances the cursor by.
    func testPrintableTextMatchesSumOfWcwidth() {
        for text in ["Ünïcödé", "日本語 text", "😀😃😄", "Ελληνικά", "ﾊﾝｶｸ", "e\u{301}\u{302}x", "☰ ‹ › …"] {
            let sum = text.unicodeScalars.reduce(0) { $0 + DisplayWidth.wcwidth($1) }
            XCTAssertEqual(DisplayWidth.of(text), sum, text)
        }
    }

    func testMeasuringLeavesTheProcessLocaleAlone() {
        #if canImport(Glibc)
        let before = String(cString: setlocale(LC_CTYPE, nil))
        _ = DisplayWidth.of("日本 😀 e\u{301}")
        let after = String(cString: setlocale(LC_CTYPE, nil))
        XCTAssertEqual(before, after)
        // And the calling thread is back on the global locale.
        XCTAssertEqual(uselocale(nil), UnsafeMutablePointer<__locale_struct>(bitPattern: -1))
        #endif
    }

    func testFallbackEstimateIsSensible() {
        XCTAssertEqual(FallbackWidth.of("a"), 1)
        XCTAssertEqual(FallbackWidth.of(Unicode.Scalar(0x65E5)!), 2)
        XCTAssertEqual(FallbackWidth.of(Unicode.Scalar(0x1F600)!), 2)
        XCTAssertEqual(FallbackWidth.of(Unicode.Scalar(0x301)!), 0)
        XCTAssertEqual(FallbackWidth.of(Unicode.Scalar(0x200D)!), 0)
        XCTAssertEqual(FallbackWidth.of(Unicode.Scalar(0x1B)!), -1)
        XCTAssertEqual(FallbackWidth.of(Unicode.Scalar(0x378)!), -1)
    }
}

extension DisplayWidthTests {
    /// The sanitizer takes Latin-1 as one column without asking glibc; check that glibc agrees.
    func testLatin1FastPathAgreesWithGlibc() {
        for value in UInt32(0xA0)...0xFF {
            XCTAssertEqual(DisplayWidth.wcwidth(Unicode.Scalar(value)!), 1, "U+\(String(value, radix: 16))")
        }
    }
}
