import TabNavCore
import TabNavDemo
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

    /// More than `maximumZeroWidthRun` zero-width scalars in a row end the text, whether they
    /// are marks or dropped format characters, after a base or before any; measuring, the cells
    /// and every drawing path agree on where.
    func testALongRunOfZeroWidthScalarsEndsTheText() {
        let limit = TextCells.maximumZeroWidthRun
        for zeroWidth in ["\u{301}", "\u{200B}", "\u{FE0F}"] {
            let fits = "a" + String(repeating: zeroWidth, count: limit) + "b"
            let ends = "a" + String(repeating: zeroWidth, count: limit + 1) + "b"
            XCTAssertEqual(cells(fits).map(\.text).last, "b", "\(zeroWidth): \(limit) in a row are kept out of sight")
            XCTAssertEqual(cells(ends).count, 1, "\(zeroWidth): one more ends the text")
            XCTAssertEqual(DisplayWidth.of(fits), 2)
            XCTAssertEqual(DisplayWidth.of(ends), 1)
            // Before any base: a mark is drawn on a space (one cell), a dropped scalar is nothing.
            let leading = cells(String(repeating: zeroWidth, count: limit + 1) + "b")
            XCTAssertFalse(leading.contains { $0.text.contains("b") }, "\(zeroWidth) before any base")
            XCTAssertEqual(leading.count, zeroWidth == "\u{301}" ? 1 : 0)
            XCTAssertEqual(DisplayWidth.of(String(repeating: zeroWidth, count: limit + 1) + "b"), leading.count)
            for text in [fits, ends, "é" + String(repeating: zeroWidth, count: limit + 1) + "b"] {
                var grid = CellGrid(columns: 8, rows: 1)
                let end = grid.draw(text, column: 1, row: 0, style: .plain, ascii: false)
                XCTAssertEqual(end, 1 + DisplayWidth.of(text), "\(text.unicodeScalars.count) scalars")
                XCTAssertEqual(grid.plainText().filter { $0.isLetter }.count, DisplayWidth.of(text))
            }
        }
        // Twenty million accents on one letter: one cell, its four marks, nothing after.
        let huge = "x" + String(repeating: "\u{301}", count: 20_000_000) + "tail"
        XCTAssertEqual(cells(huge), [TextCell(text: "x" + String(repeating: "\u{301}", count: TextCells.maximumMarksPerCell), width: 1)])
        XCTAssertEqual(DisplayWidth.of(huge), 1)
    }

    /// A title that ends early (a long zero-width run) ends alone in the tab bar: the badge and
    /// the attention mark after it are drawn where they belong, not over the title.
    func testATitleThatEndsEarlyKeepsItsBadgeAndMarkInTheBar() throws {
        let style = RenderStyle(glyphs: .unicode, theme: .monochrome)
        var state = AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil, options: AppOptions(),
                             size: TerminalSize(columns: 70, rows: 12))
        _ = state.apply(.launched)
        let tab = state.model.tabBarIDs[2]
        for zeroWidth in ["\u{200B}", "\u{301}"] {
            _ = state.apply(.request(.setTitle("Inbox" + String(repeating: zeroWidth, count: TextCells.maximumZeroWidthRun + 1), tab: tab)))
            _ = state.apply(.request(.setBadge(.count(3), tab: tab)))
            state.attention[tab] = [.failure]
            let bar = render(state, style: style).grid.plainText().split(separator: "\n").first.map(String.init) ?? ""
            // The marks the title keeps stay on its last letter: read the bar without them.
            var unmarked = String.UnicodeScalarView()
            unmarked.append(contentsOf: bar.unicodeScalars.filter { $0 != "\u{301}" })
            XCTAssertTrue(String(unmarked).contains("Inbox 3 ✗"), "\(zeroWidth): \(bar)")
        }
    }

    /// A message naming a title of millions of characters is cut at a word as a short one is
    /// (its words are looked for only as far as they could fit: splitting the whole title cost
    /// four seconds a key).
    func testAMessageWithAHugeTitleIsCutAtAWord() {
        let huge = String(repeating: "a\u{301}", count: 2_000_000)
        XCTAssertEqual(FooterMessageFit.fit("Nothing to reload in " + huge, width: 30, ellipsis: "…", ascii: false),
                       "Nothing to reload in…")
        XCTAssertEqual(FooterMessageFit.fit("Moved " + huge + " to the end", width: 12, ellipsis: "…", ascii: false), "Moved…")
        // A first word wider than the room is cut as a title is.
        let cut = FooterMessageFit.fit(huge, width: 5, ellipsis: "…", ascii: false)
        XCTAssertEqual(DisplayWidth.of(cut), 5)
        XCTAssertTrue(cut.hasSuffix("…"))
    }

    /// Widths are measured up to `DisplayWidth.maximum` columns; a text that wide or wider still
    /// truncates and sanitizes as a short one does, whatever comes past the measured part.
    func testMeasuringStopsAtTheMaximumButSanitizingDoesNot() {
        let maximum = DisplayWidth.maximum
        XCTAssertEqual(DisplayWidth.of(String(repeating: "a", count: maximum - 1)), maximum - 1)
        for letter in ["a", "é", "日"] {
            let long = String(repeating: letter, count: maximum + 10) + "\u{1B}]0;x\u{7}"
            XCTAssertEqual(DisplayWidth.of(long), maximum, letter)
            let cut = TextCells.truncate(long, toWidth: 10)
            XCTAssertEqual(DisplayWidth.of(cut), letter == "日" ? 9 : 10, letter)
            XCTAssertTrue(cut.hasSuffix("…"), letter)
            let clean = TextCells.sanitize(long)
            XCTAssertFalse(clean.unicodeScalars.contains("\u{1B}"), "\(letter): an escape past the measured part is still replaced")
            XCTAssertTrue(clean.hasSuffix("␛]0;x␇"), letter)
        }
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

    /// The table of roles (`ScalarRoleCache`) answers what measuring answers: every scalar of
    /// several blocks asked twice (the second time from the table, unless a neighbour took the
    /// slot), in two orders so that scalars sharing a slot push each other out, and from four
    /// threads at once.
    func testScalarRoleTableAgreesWithMeasuring() async {
        var scalars: [Unicode.Scalar] = []
        for range in [0x100...0x52F, 0x2000...0x2BFF, 0x3000...0x30FF, 0xAC00...0xAC80, 0xFE00...0xFE2F,
                      0x1F300...0x1F6FF, 0xE0000...0xE007F] {
            scalars += range.compactMap { Unicode.Scalar(UInt32($0)) }
        }
        func expected(_ scalar: Unicode.Scalar) -> ScalarRole {
            if Sanitizer.isVariationSelector(scalar.value) { return .drop }
            return Sanitizer.measuredRole(of: scalar)
        }
        for order in [scalars, scalars.reversed()] {
            for scalar in order where !(0x1F3FB...0x1F3FF).contains(scalar.value) {
                let want = expected(scalar)
                XCTAssertEqual(Sanitizer.unicodeRole(of: scalar, after: nil), want, "U+\(String(scalar.value, radix: 16))")
                XCTAssertEqual(Sanitizer.unicodeRole(of: scalar, after: nil), want, "U+\(String(scalar.value, radix: 16)) again")
            }
        }
        let sample = Array(scalars.prefix(2_000))
        let wanted = sample.map(expected)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<20 {
                        for (index, scalar) in sample.enumerated() where (index + round + thread) % 3 != 0 {
                            if (0x1F3FB...0x1F3FF).contains(scalar.value) { continue }
                            if Sanitizer.unicodeRole(of: scalar, after: nil) != wanted[index] { wrong += 1 }
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        XCTAssertEqual(mismatches, 0)
    }
}
