@testable import TabNavRender
import TabNavDrawing
import TestSupport
import XCTest

/// Only the tab-bar entries near the anchor are labelled and measured (a bar of 1,000 sections
/// costs what a bar of 20 does). The bar laid out from that window must be the bar laid out from
/// every entry: same items at the same columns, same markers.
final class TabBarWindowTests: XCTestCase {
    func testTheWindowedBarIsTheWholeBar() {
        var generator = SplitMix64(seed: 31)
        var cut = 0
        var whole = 0
        for _ in 0..<3000 {
            let count = Int.random(in: 0...60, using: &generator)
            let pinnedCount = min(count, Int.random(in: 0...3, using: &generator))
            let scrolling = count - pinnedCount
            let labels = (0..<count).map { _ in String(repeating: "x", count: Int.random(in: 0...14, using: &generator)) }
            let width = Int.random(in: 0...120, using: &generator)
            let focus: Int? = count == 0 || Int.random(in: 0..<8, using: &generator) == 0
                ? nil : Int.random(in: 0..<count, using: &generator)
            let firstShown: Int? = scrolling > 0 && Int.random(in: 0..<4, using: &generator) == 0
                ? Int.random(in: 0..<scrolling, using: &generator) : nil
            var asked: Set<Int> = []
            let window = RenderContext.barWindow(count: count, pinnedCount: pinnedCount, anchor: firstShown ?? focus,
                                                 width: width) { index in
                XCTAssertLessThan(index, scrolling, "only scrolling entries are measured")
                asked.insert(index)
                return DisplayWidth.of(labels[index]) + 2
            }
            XCTAssertEqual(Set(window), asked.union(scrolling..<count), "the window is what was measured, and the pinned entries")
            if window.count < count { cut += 1 } else { whole += 1 }

            // A focus scrolled out of the window by hand reserves no room (the windowed bar
            // cannot know its width); compare like with like.
            let focusInWindow = focus.flatMap { window.firstIndex(of: $0) }
            let fullFocus = firstShown != nil && focusInWindow == nil ? nil : focus
            let full = TabBarLayout(labels: labels, pinnedCount: pinnedCount, focus: fullFocus, toggleLabel: "☰",
                                    width: width, ellipsis: "…", ascii: false, rightToLeft: false, firstShown: firstShown)
            let windowed = TabBarLayout(labels: window.map { labels[$0] }, pinnedCount: pinnedCount, focus: focusInWindow,
                                        toggleLabel: "☰", width: width, ellipsis: "…", ascii: false, rightToLeft: false,
                                        firstShown: firstShown.flatMap { window.firstIndex(of: $0) })
            let context = "count \(count) pinned \(pinnedCount) width \(width) focus \(String(describing: focus)) first \(String(describing: firstShown))"
            XCTAssertEqual(windowed.items.map { window[$0.index] }, full.items.map(\.index), context)
            XCTAssertEqual(windowed.items.map(\.column), full.items.map(\.column), context)
            XCTAssertEqual(windowed.items.map(\.width), full.items.map(\.width), context)
            XCTAssertEqual(windowed.items.map(\.label), full.items.map(\.label), context)
            XCTAssertEqual(windowed.leftMarker, full.leftMarker, context)
            XCTAssertEqual(windowed.rightMarker, full.rightMarker, context + " window \(window) labels \(labels.map(\.count)) full \(full.items.map { ($0.index, $0.column, $0.width) }) windowed \(windowed.items.map { (window[$0.index], $0.column, $0.width) })")
            XCTAssertEqual(windowed.endColumn, full.endColumn, context)
        }
        XCTAssertGreaterThan(cut, 500, "bars wider than the window")
        XCTAssertGreaterThan(whole, 500, "bars that fit whole")
    }
}
