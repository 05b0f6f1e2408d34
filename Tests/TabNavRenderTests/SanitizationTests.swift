import TestSupport
import XCTest
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

final class SanitizationTests: XCTestCase {
    private func cells(_ text: String, ascii: Bool = false) -> [TextCell] {
        Array(TextCells(text, ascii: ascii))
    }

    private func texts(_ text: String, ascii: Bool = false) -> [String] {
        cells(text, ascii: ascii).map(\.text)
    }

    func testC0ControlsBecomeControlPictures() {
        XCTAssertEqual(texts("\u{1B}[31m"), ["␛", "[", "3", "1", "m"])
        XCTAssertEqual(texts("a\tb\nc\r"), ["a", "␉", "b", "␊", "c", "␍"])
        XCTAssertEqual(texts("\u{0}\u{7}"), ["␀", "␇"])
    }

    func testDELAndC1() {
        XCTAssertEqual(texts("\u{7F}"), ["␡"])
        XCTAssertEqual(texts("\u{9B}2J"), ["\u{FFFD}", "2", "J"])  // CSI
        XCTAssertEqual(texts("\u{85}"), ["\u{FFFD}"])  // NEL
    }

    func testRejectedScalarsBecomeReplacementCharacter() {
        XCTAssertEqual(texts("\u{378}\u{2029}\u{FFFF}"), ["\u{FFFD}", "\u{FFFD}", "\u{FFFD}"])
    }

    func testCombiningMarksStayWithTheirBase() {
        let result = cells("e\u{301}x")
        XCTAssertEqual(result, [TextCell(text: "e\u{301}", width: 1), TextCell(text: "x", width: 1)])
        XCTAssertEqual(cells("日\u{308}"), [TextCell(text: "日\u{308}", width: 2)])
    }

    func testAtMostFourMarksPerCell() {
        let result = cells("a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}b")
        XCTAssertEqual(result.count, 2)
        XCTAssertEqual(result[0].text.unicodeScalars.count, 1 + TextCells.maximumMarksPerCell)
        XCTAssertEqual(result[1].text, "b")
    }

    func testMarkWithoutBaseSitsOnASpace() {
        XCTAssertEqual(cells("\u{301}a"), [TextCell(text: " \u{301}", width: 1), TextCell(text: "a", width: 1)])
    }

    func testZWJSequenceIsSplitIntoItsEmoji() {
        XCTAssertEqual(cells("👩\u{200D}💻"), [TextCell(text: "👩", width: 2), TextCell(text: "💻", width: 2)])
    }

    func testVariationSelectorIsDropped() {
        XCTAssertEqual(cells("\u{2764}\u{FE0F}!"), [TextCell(text: "\u{2764}", width: 1), TextCell(text: "!", width: 1)])
    }

    func testBidiOverridesAreDropped() {
        XCTAssertEqual(texts("\u{202E}ab\u{2066}c"), ["a", "b", "c"])
    }

    func testASCIIModeReplacesEverythingNonASCII() {
        XCTAssertEqual(texts("Café 日\u{1B}", ascii: true), ["C", "a", "f", "?", " ", "?", "?"])
        XCTAssertEqual(texts("e\u{301}", ascii: true), ["e"])
        XCTAssertEqual(texts("👩\u{200D}💻\u{FE0F}", ascii: true), ["?", "?"])
        XCTAssertEqual(cells("日", ascii: true), [TextCell(text: "?", width: 1)])
    }

    func testSanitizeJoinsTheCells() {
        XCTAssertEqual(TextCells.sanitize("a\u{1B}b\u{200D}"), "a␛b")
        XCTAssertEqual(TextCells.sanitize("plain"), "plain")
        XCTAssertEqual(TextCells.sanitize("日\u{1B}", ascii: true), "??")
    }

    /// Random hostile strings: no cell ever carries a control, widths add up to `DisplayWidth`,
    /// and sanitizing is idempotent.
    func testRandomStringsNeverLeakControls() {
        var generator = SplitMix64(seed: 0x7AB_4A5)
        for _ in 0..<3000 {
            let text = HostileText.string(length: Int.random(in: 0...24, using: &generator), using: &generator)
            for ascii in [false, true] {
                let result = cells(text, ascii: ascii)
                var total = 0
                for cell in result {
                    XCTAssertTrue(cell.width == 1 || cell.width == 2, "\(text.unicodeScalars.map(\.value))")
                    XCTAssertLessThanOrEqual(cell.text.unicodeScalars.count, 1 + TextCells.maximumMarksPerCell)
                    XCTAssertFalse(cell.text.isEmpty)
                    for scalar in cell.text.unicodeScalars {
                        let value = scalar.value
                        XCTAssertFalse(value < 0x20 || (value >= 0x7F && value <= 0x9F),
                                       "control U+\(String(value, radix: 16)) from \(text.unicodeScalars.map(\.value))")
                        XCTAssertNotEqual(value, 0x200D)
                        XCTAssertFalse(Sanitizer.isVariationSelector(value))
                        if ascii { XCTAssertTrue(value >= 0x20 && value < 0x7F) }
                    }
                    total += cell.width
                }
                XCTAssertEqual(DisplayWidth.of(text, ascii: ascii), total, "\(text.unicodeScalars.map(\.value))")
                let once = TextCells.sanitize(text, ascii: ascii)
                XCTAssertEqual(TextCells.sanitize(once, ascii: ascii), once)
                XCTAssertEqual(DisplayWidth.of(once, ascii: ascii), total)
            }
        }
    }
}
