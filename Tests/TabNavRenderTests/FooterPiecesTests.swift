import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender

/// The footer draws a hint's keys, `: ` and label one after the other (docs/benchmark.md, "Where
/// a keystroke's CPU goes"); the screen must be what drawing `keys: label` as one text gives.
final class FooterPiecesTests: XCTestCase {
    /// A page whose footer hints come from the library's API as they are.
    private struct HintPage: TabPage {
        let keys: [PageKey]
        func draw(in canvas: inout PageCanvas) {}
    }

    private func footer(_ items: [TabItem], mode: AppOptions.Mode = .tabbar, keys: [KeyEvent], ascii: Bool = false) throws -> String {
        let hierarchy = try TabHierarchy(TabLayout(id: "x", title: "X", items: items))
        var state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(mode: mode, ascii: ascii),
                             size: TerminalSize(columns: 120, rows: 10))
        for key in keys { _ = state.apply(.key(key)) }
        let text = render(state, style: .forTerminal(ascii: ascii, noColor: true, depth: .none)).grid.plainText()
        return text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    }

    /// A page's own keys read `key: summary`, in the order declared.
    func testAPagesOwnKeysReadKeyColonSummary() throws {
        let page = HintPage(keys: [PageKey("finish", key: .character("d"), summary: "all done"),
                                   PageKey("cut", key: .character("x"), summary: "cut")])
        let line = try footer([TabItem(id: "p", title: "P", content: .page(page))], keys: [.down])
        XCTAssertTrue(line.contains("  d: all done  x: cut  "), line)
    }

    /// A label that starts with a combining mark: the mark sits on the space of `: ` when the
    /// hint is one text; drawn apart it took a column of its own.
    func testALabelStartingWithACombiningMarkSitsOnTheSpaceBeforeIt() throws {
        let page = HintPage(keys: [PageKey("cut", key: .character("x"), summary: "\u{301}cut"),
                                   PageKey("next", key: .character("y"), summary: "next")])
        let line = try footer([TabItem(id: "p", title: "P", content: .page(page))], keys: [.down])
        XCTAssertTrue(line.contains("x: \u{301}cut  y: next"), line)

        // A section action's title (from a layout file), under the sidebar's cursor.
        let section = TabItem(kind: .section, id: "s", title: "S", children: [TabItem(id: "c", title: "C")],
                              actions: [SectionAction(id: "a", title: "\u{300}\u{301}go")])
        let sidebar = try footer([TabItem(id: "t", title: "T"), section], mode: .sidebar, keys: [.down])
        XCTAssertTrue(sidebar.contains(": \u{300}\u{301}go  "), sidebar)
        // Zero-width characters that are dropped before the mark change nothing.
        let dropped = try footer([TabItem(id: "t", title: "T"),
                                  TabItem(kind: .section, id: "s", title: "S", children: [TabItem(id: "c", title: "C")],
                                          actions: [SectionAction(id: "a", title: "\u{200B}\u{301}go")])],
                                 mode: .sidebar, keys: [.down])
        XCTAssertTrue(dropped.contains(": \u{301}go  "), dropped)
        // In ASCII mode marks are dropped: nothing to attach.
        let ascii = try footer([TabItem(id: "p", title: "P", content: .page(page))], keys: [.down], ascii: true)
        XCTAssertTrue(ascii.contains("x: cut  y: next"), ascii)
    }
}
