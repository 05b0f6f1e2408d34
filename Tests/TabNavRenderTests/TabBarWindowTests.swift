@testable import TabNavRender
import TabNavDrawing
import TestSupport
import XCTest

/// Only the tab-bar entries that can be on screen are labelled and measured (a bar of 1,000
/// sections costs what a bar of 20 does). The bar laid out from them must be the bar laid out from
/// every entry: same items at the same columns with the same labels, same markers, whatever the
/// focus, the hand-scrolled first entry (also one left past the end) and the direction.
final class TabBarWindowTests: XCTestCase {
    func testTheWindowedBarIsTheWholeBar() {
        var generator = SplitMix64(seed: 31)
        var cut = 0
        var whole = 0
        var focusOutside = 0
        for _ in 0..<4000 {
            let count = Int.random(in: 0...60, using: &generator)
            let pinnedCount = min(count, Int.random(in: 0...4, using: &generator))
            let scrolling = count - pinnedCount
            let labels = (0..<count).map { index in
                String(repeating: index < scrolling ? "x" : "P", count: Int.random(in: 0...14, using: &generator))
            }
            let width = Int.random(in: 0...120, using: &generator)
            let focus: Int? = count == 0 || Int.random(in: 0..<8, using: &generator) == 0
                ? nil : Int.random(in: 0..<count, using: &generator)
            // Scrolled by hand, sometimes to an entry the bar no longer has (it shrank since).
            let firstShown: Int? = Int.random(in: 0..<3, using: &generator) == 0
                ? Int.random(in: 0...(count + 2), using: &generator) : nil
            let rightToLeft = Int.random(in: 0..<4, using: &generator) == 0
            let toggle: String? = Bool.random(using: &generator) ? "☰" : nil
            var labelled: [Int] = []
            let (window, windowed) = RenderContext.windowedBarLayout(
                count: count, pinnedCount: pinnedCount, focus: focus, firstShown: firstShown, width: width,
                toggleLabel: toggle, ellipsis: "…", ascii: false, rightToLeft: rightToLeft
            ) { index in
                labelled.append(index)
                return labels[index]
            }
            XCTAssertEqual(Set(window).union(focus.map { [$0] } ?? []), Set(labelled), "labelled: the window (and a focus outside it)")
            XCTAssertEqual(labelled.count, Set(labelled).count, "each entry labelled once")
            if window.count < count { cut += 1 } else { whole += 1 }
            if let focus, !window.contains(focus) { focusOutside += 1 }

            let full = TabBarLayout(labels: labels, pinnedCount: pinnedCount, focus: focus, toggleLabel: toggle,
                                    width: width, ellipsis: "…", ascii: false, rightToLeft: rightToLeft, firstShown: firstShown)
            let context = "count \(count) pinned \(pinnedCount) width \(width) focus \(String(describing: focus)) first \(String(describing: firstShown)) window \(window)"
            XCTAssertEqual(windowed.items.map { window[$0.index] }, full.items.map(\.index), context)
            XCTAssertEqual(windowed.items.map(\.column), full.items.map(\.column), context)
            XCTAssertEqual(windowed.items.map(\.width), full.items.map(\.width), context)
            XCTAssertEqual(windowed.items.map(\.label), full.items.map(\.label), context)
            XCTAssertEqual(windowed.toggle, full.toggle, context)
            XCTAssertEqual(windowed.leftMarker, full.leftMarker, context)
            XCTAssertEqual(windowed.rightMarker, full.rightMarker, context)
            XCTAssertEqual(windowed.endColumn, full.endColumn, context)
        }
        XCTAssertGreaterThan(cut, 500, "bars wider than the window")
        XCTAssertGreaterThan(whole, 500, "bars that fit whole")
        XCTAssertGreaterThan(focusOutside, 100, "a focus scrolled out of the window")
    }
}
