import Foundation
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo
import TabNavRender
import TabNavTerminal
import XCTest

/// The renderer lays text out with `DisplayWidth`; ncurses moves its cursor by its own idea of
/// each character's width. If the two ever disagree, everything after such a character lands in
/// the wrong column. These tests ask ncurses itself about every title the program shows.
final class WidthAgreementTests: XCTestCase {
    private func titles(of items: [TabItem]) -> [String] {
        items.flatMap { item -> [String] in
            var texts = [item.title] + item.actions.map(\.title)
            if let badge = item.badge { texts.append(badge.text) }
            if case .custom(let box) = item.content, let page = box.value as? any TabPage {
                texts += page.searchEntries.map(\.title)
            }
            return texts + titles(of: item.children)
        }
    }

    private func assertAgreement(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) {
        // What reaches ncurses is the sanitized text (control characters already replaced).
        let drawn = texts.map { TextCells.sanitize($0) }
        let measured = NcursesWidth.columns(of: drawn)
        XCTAssertEqual(measured.count, drawn.count, file: file, line: line)
        for (text, columns) in zip(drawn, measured) {
            XCTAssertGreaterThanOrEqual(columns, 0, "ncurses unavailable", file: file, line: line)
            XCTAssertEqual(DisplayWidth.of(text), columns, "width of \(text.debugDescription)", file: file, line: line)
        }
    }

    func testDemoTitlesMeasureAlikeInRendererAndNcurses() {
        let texts = titles(of: DemoCatalogue.layout.items)
        XCTAssertGreaterThan(texts.count, 50)
        assertAgreement(texts)
    }

    func testInternationalFixtureMeasuresAlike() throws {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Demo/layouts/international.json").path
        let layout = try LayoutLoader.load(path: path)
        let texts = titles(of: layout.items)
        XCTAssertTrue(texts.contains { $0.unicodeScalars.contains { $0.value >= 0x1F300 } }, "fixture has emoji")
        XCTAssertTrue(texts.contains { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }, "fixture has CJK")
        assertAgreement(texts)
    }

    func testEveryGlyphMeasuresOneColumnInNcurses() {
        let icons = GlyphSet.knownIconNames.flatMap { [GlyphSet.unicode.icon($0).outline, GlyphSet.unicode.icon($0).filled] }
        let glyphs = GlyphSet.unicode.allSymbols.map(\.glyph) + icons
        XCTAssertGreaterThan(glyphs.count, 80)
        assertAgreement(glyphs)
    }

    func testTrickyCharactersMeasureAlike() {
        assertAgreement([
            "日本語のタブ", "😀 smile", "e\u{301}te\u{301}", "👨\u{200D}👩\u{200D}👧 family", "❤\u{FE0F} love",
            "Tab\u{1B}[31mred", "bell\u{07}", "del\u{7F}", "c1\u{85}x", "mixed 中文 and ASCII", "☰ ‹ › … ▾ ▸ ☑ ☐",
        ])
    }
}
