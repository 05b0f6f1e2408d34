import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo
@testable import TabNavRender

/// The newcomer's list (docs/behaviour.md), as drawn: each test failed before its fix.
final class NewcomerRenderTests: XCTestCase {
    static let hundredLines = TabLayout(id: "t", title: "T") {
        Tab("Log", id: "log", content: .text((0..<100).map { "line \($0)" }.joined(separator: "\n")))
        Tab("Other", id: "other", content: .text("other"))
    }

    private func lines(_ scene: Scene) throws -> [String] {
        try scene.plainText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A text page has no cursor of its own to move first: ↓ and PgDn scroll the view at once.
    func testTextPagesScrollWithTheFirstKey() throws {
        let options = AppOptions(mode: .tabbar)
        let top = try lines(Scene(layout: Self.hundredLines, options: options, 50, 8, keys: "down"))
        XCTAssertTrue(top.contains { $0.contains("line 0") }, top.joined(separator: "\n"))
        let down4 = try lines(Scene(layout: Self.hundredLines, options: options, 50, 8, keys: "down,down,down,down,down"))
        XCTAssertFalse(down4.contains { $0.hasSuffix(" line 0") || $0.contains(" line 0 ") }, down4.joined(separator: "\n"))
        XCTAssertTrue(down4.contains { $0.contains("line 4") }, "four lines down:\n" + down4.joined(separator: "\n"))
        let pageDown = try lines(Scene(layout: Self.hundredLines, options: options, 50, 8, keys: "down,pgdn"))
        XCTAssertFalse(pageDown.contains { $0.contains("line 0") }, "the first PgDn turns the page:\n" + pageDown.joined(separator: "\n"))
        let back = try lines(Scene(layout: Self.hundredLines, options: options, 50, 8, keys: "down,pgdn,pgup"))
        XCTAssertTrue(back.contains { $0.contains("line 0") })
    }
}

extension NewcomerRenderTests {
    private static let style = RenderStyle.forTerminal(ascii: false, noColor: true, depth: .none)
    private static let titles = ["Watch Now", "Library", "New", "Favorites", "Collections", "Animations"]

    private func bar(_ state: AppState) -> String {
        render(state, style: Self.style).grid.plainText().split(separator: "\n").first.map(String.init) ?? ""
    }

    /// The titles of the demo's bar on screen, in order.
    private func shown(_ state: AppState) -> [String] {
        let line = bar(state)
        return Self.titles.filter { line.contains(" \($0)") }
    }

    /// The mouse as the terminal's loop sends it: what the frame showed of the bar, then the report.
    private func mouse(_ state: inout AppState, _ kind: MouseEvent.Kind, _ target: HitTarget) {
        _ = state.apply(.barShown(first: render(state, style: Self.style).hits.barFirstShown))
        _ = state.apply(.mouse(MouseEvent(kind, column: 10, row: 0), target))
    }

    /// Watch Now is fixed: it never scrolls away, whatever is selected.
    func testAFixedTabNeverScrollsAway() throws {
        for keys in ["6", "5", "4", "e,right,right,right,right,right"] {
            let state = try Scene(60, 6, keys: keys).state()
            XCTAssertTrue(bar(state).dropFirst(4).hasPrefix("▶ Watch Now"), "after \(keys): \(bar(state))")
        }
        let state = try Scene(60, 6, keys: "6").state()
        XCTAssertTrue(shown(state).contains("Animations"), "the selection is whole too: \(bar(state))")
    }

    /// The wheel up over the bar and `‹` bring the items before into view, from what is on screen.
    func testTheWheelAndTheMarkersScrollFromWhatIsShown() throws {
        var state = try Scene(60, 20, keys: "5").state()
        let before = shown(state)
        mouse(&state, .wheelUp, .tabBarItem("new"))
        let after = shown(state)
        XCTAssertNotEqual(after, before, bar(state))
        XCTAssertLessThan(Self.titles.firstIndex(of: after[1])!, Self.titles.firstIndex(of: before[1])!,
                          "wheel-up shows what lies to the left: \(before) -> \(after)")

        var last = try Scene(60, 20, keys: "6").state()
        let end = shown(last)
        mouse(&last, .press, .tabBarOverflow(forward: false))
        XCTAssertLessThan(Self.titles.firstIndex(of: shown(last)[1])!, Self.titles.firstIndex(of: end[1])!,
                          "‹ scrolls at the end of the bar: \(end) -> \(shown(last))")
        var wheel = try Scene(60, 20, keys: "6").state()
        mouse(&wheel, .wheelUp, .tabBarItem("animations"))
        XCTAssertNotEqual(shown(wheel), end, "so does the wheel")
        XCTAssertEqual(wheel.model.selectedID, "animations", "the selection stays")
    }
}
