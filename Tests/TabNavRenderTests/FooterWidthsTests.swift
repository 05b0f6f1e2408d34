import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
@testable import TabNavRender

/// The footer at 40, 60, 80 and 120 columns in every mode (docs/behaviour.md, "Footer"): short
/// forms where the full hints do not fit, in the same order, no key and no label shown twice
/// ("Tab: sidebar  s: sidebar" was), and never a word cut in the middle.
final class FooterWidthsTests: XCTestCase {
    static let widths = [40, 60, 80, 120]

    private static func findScenes(_ columns: Int) throws -> [KeymapContractTests.Scene] {
        let layout = TabLayout(id: "t", title: "T") {
            Tab("Log", id: "log", content: .text((0..<60).map { "line \($0) error" }.joined(separator: "\n")))
            Tab("Other", id: "other", content: .text("x"))
        }
        let state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(mode: .tabbar),
                             size: TerminalSize(columns: columns, rows: 20))
        return try [("text page", "down"), ("find field", "down,f,e,r"), ("find shown", "down,f,e,r,enter,j")].map {
            KeymapContractTests.Scene(name: $0.0, state: try KeymapContractTests.pressing($0.1, on: state))
        }
    }

    /// Every label of several words has its short form, `next/previous` (no space) included.
    func testLabelsOfSeveralWordsShorten() {
        let hint = { (label: String) in FooterHint(keys: "k", label: label, command: nil).shortLabel }
        XCTAssertEqual(hint("next/previous"), "next/prev")
        XCTAssertEqual(hint("to sidebar"), "focus")
        XCTAssertEqual(hint("move"), "move")
        XCTAssertEqual(FooterHint("type to filter").shortLabel, "type to filter", "plain words keep their words")
    }

    func testEveryModeAtEveryWidthShowsWholeWordsAndNoKeyTwice() throws {
        var checked = 0
        for columns in Self.widths {
            for scene in try KeymapContractTests.scenes(columns, 20) + Self.findScenes(columns) {
                let state = scene.state
                let ascii = state.options.ascii
                let frame = render(state, style: RenderStyle.forTerminal(ascii: ascii, noColor: true, depth: .none))
                let footer = frame.grid.plainText().split(separator: "\n", omittingEmptySubsequences: false)
                    .last.map(String.init) ?? ""
                let name = "\(scene.name) at \(columns) columns: [\(footer)]"
                let hints = state.footerHints(ascii: ascii) + (state.helpHint(ascii: ascii).map { [$0] } ?? [])

                // The hints as data: no key and no label twice, in full or short.
                let keyed = hints.filter { !$0.keys.isEmpty }
                let keys = keyed.flatMap(\.keyEvents)
                XCTAssertEqual(keys.count, Set(keys).count, "a key twice: \(keyed.map(\.text)) — \(name)")
                XCTAssertEqual(keyed.count, Set(keyed.map(\.label)).count, "a label twice: \(keyed.map(\.text)) — \(name)")
                XCTAssertEqual(keyed.count, Set(keyed.map(\.shortLabel)).count, "a short label twice: \(keyed.map(\.shortText)) — \(name)")

                // As drawn: every word is a whole word of what the footer may say.
                var words: Set<String> = [state.mode.label.rawValue, glyphs(ascii).ellipsis]
                var texts = hints.flatMap { [$0.text, $0.shortText, $0.keys] }
                if let message = state.message { texts += [message.text] + message.shorter }
                if let (question, field) = RenderContext(state: state, style: .forTerminal(ascii: ascii, noColor: true, depth: .none)).footerField {
                    texts += [question, field.text + glyphs(ascii).textCursor, glyphs(ascii).textCursor]
                }
                for text in texts {
                    for word in text.split(separator: " ").map(String.init) {
                        words.insert(word)
                        words.insert(String(word.reversed().drop { ",;:".contains($0) }.reversed()))  // a cut drops these
                    }
                }
                let ellipsis = glyphs(ascii).ellipsis
                for token in footer.split(separator: " ").map(String.init) {
                    var word = token
                    if word.hasSuffix(":"), word != ":" { word.removeLast() }  // "tab…:" of a cut question
                    if word.hasSuffix(ellipsis), word != ellipsis { word.removeLast(ellipsis.count) }
                    XCTAssertTrue(words.contains(token) || words.contains(word), "\"\(token)\" is not a whole word — \(name)")
                }
                // The keys drawn (a hint's `key:`) appear once each.
                if state.message == nil {
                    let drawnKeys = footer.split(separator: " ").filter { $0.hasSuffix(":") && $0.count > 1 }
                    XCTAssertEqual(drawnKeys.count, Set(drawnKeys).count, "a key drawn twice — \(name)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 120)
    }

    func testANarrowFooterUsesShortFormsInTheSameOrder() throws {
        let wide = try KeymapContractTests.pressing("tab", on: try KeymapContractTests.demo(120, 20))
        let narrow = try KeymapContractTests.pressing("tab", on: try KeymapContractTests.demo(80, 20))
        let style = RenderStyle.forTerminal(ascii: false, noColor: true, depth: .none)
        let full = render(wide, style: style).grid.plainText().split(separator: "\n").last.map(String.init) ?? ""
        let short = render(narrow, style: style).grid.plainText().split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(full.contains("m: pick up  Tab: to sidebar  s: sidebar"), full)
        XCTAssertTrue(short.contains("m: pick  Tab: focus  s: sidebar"), short)
        XCTAssertFalse(full.contains("Tab: sidebar"), "the focus hint does not read as the sidebar's own")
    }

    private func glyphs(_ ascii: Bool) -> GlyphSet { GlyphSet.for(ascii: ascii) }
}
