import XCTest
import TabNavCore
import TabNavInteraction
import TabNavRender
import TabNavDrawing

/// Help scrolls, wraps its descriptions instead of cutting them, and ends with a legend of every
/// glyph (docs/behaviour.md, "Help").
final class HelpLegendTests: XCTestCase {
    func testCompactHelpScrollsToTheLegend() throws {
        try assertSnapshot(Scene(40, 15, keys: "?"), named: "help-40x15")
        try assertSnapshot(Scene(40, 15, keys: "?,end"), named: "help-40x15-end")
    }

    func testNothingIsCutAndQuitIsReachable() throws {
        var text = ""
        let state = try Scene(40, 15).state()
        let rows = state.helpRows(for: state.mode, ascii: false).rows
        for row in rows { text += row.action + "\n" }
        XCTAssertFalse(text.contains("…"), "descriptions wrap instead of being cut")
        XCTAssertTrue(rows.contains { $0.keys.hasPrefix("q") && $0.action.hasPrefix("quit") })
        var scene = Scene(40, 15, keys: "?")
        for _ in 0..<rows.count { scene.keys += ",down" }
        let end = try scene.plainText()
        XCTAssertTrue(end.contains("more rows that way"), end)
    }

    func testTheLegendListsEveryGlyphOfTheSetInUse() throws {
        for ascii in [false, true] {
            let state = try Scene(options: AppOptions(ascii: ascii), 80, 24).state()
            let legend = state.helpLegend(ascii: ascii).map(\.keys).joined(separator: " ")
            let g = GlyphSet.for(ascii: ascii)
            for glyph in [g.checkboxChecked, g.checkboxUnchecked, g.selectionBullet, g.grabMarker, g.dropPosition,
                          g.dropAccepts, g.dropRefuses, g.overflowLeading, g.overflowTrailing, g.ellipsis,
                          g.sidebarToggle, g.sectionExpanded, g.sectionCollapsed, g.breadcrumb,
                          g.icon("plus.circle").outline, g.icon("arrow.clockwise").outline] where !glyph.isEmpty {
                XCTAssertTrue(legend.contains(glyph), "\(glyph) missing from the legend (ascii: \(ascii))")
            }
            if ascii { XCTAssertTrue(legend.allSatisfy(\.isASCII), legend) }
        }
    }
}

/// The legend explains edit mode's in-bar mark and a command's standard-error gutter too.
final class HelpLegendCompletenessTests: XCTestCase {
    func testTheInBarMarkAndTheErrorGutterAreExplained() throws {
        for ascii in [false, true] {
            let state = try Scene(options: AppOptions(ascii: ascii), 80, 24).state()
            let legend = state.helpLegend(ascii: ascii)
            XCTAssertTrue(legend.contains { $0.action.contains("in the tab bar") }, "edit mode's \(GlyphSet.for(ascii: ascii).selectionBullet)")
            XCTAssertTrue(legend.contains { $0.keys == (ascii ? "!" : "┃") && $0.action.contains("standard error") })
        }
    }
}
