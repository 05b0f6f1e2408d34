import XCTest
import TabNavCore
import TabNavInteraction
import TabNavRender
import TabNavDrawing

/// The wheel over the tab bar scrolls it, and `‹` `›` scroll it too, without changing the
/// selection (docs/behaviour.md, "Mouse").
final class TabBarWheelTests: XCTestCase {
    private func barLine(_ state: AppState) -> String {
        render(state, style: RenderStyle.forTerminal(ascii: false, noColor: true, depth: .none))
            .grid.plainText().split(separator: "\n").first.map(String.init) ?? ""
    }

    private func overflow() throws -> AppState {
        try Scene(layout: try Scene.layoutFile("overflow"), 100, 8).state()
    }

    func testTheWheelOverTheBarScrollsItAndKeepsTheSelection() throws {
        var state = try overflow()
        let before = barLine(state)
        XCTAssertTrue(before.contains("A "), before)
        for _ in 0..<3 { _ = state.apply(.mouse(MouseEvent(.wheelDown, column: 10, row: 0), .tabBarItem("tab-02"))) }
        XCTAssertEqual(state.model.selectedID, "tab-01", "the selection stays")
        let after = barLine(state)
        XCTAssertNotEqual(after, before)
        XCTAssertTrue(after.hasPrefix("‹"), after)
        XCTAssertTrue(after.contains("Dune"), "the fourth item leads now: \(after)")
        XCTAssertFalse(after.contains(" Bo "), after)
        _ = state.apply(.mouse(MouseEvent(.wheelUp, column: 10, row: 0), .tabBarItem("tab-05")))
        XCTAssertTrue(barLine(state).contains("Cat"))
    }

    func testClickingTheTrailingMarkerScrollsWithoutSelecting() throws {
        var state = try overflow()
        _ = state.apply(.mouse(MouseEvent(.press, column: 97, row: 0), .tabBarOverflow(forward: true)))
        XCTAssertEqual(state.model.selectedID, "tab-01", "› does not select the next tab")
        XCTAssertTrue(barLine(state).hasPrefix("‹"), barLine(state))
    }

    func testAKeyBringsTheSelectionBackIntoView() throws {
        var state = try overflow()
        for _ in 0..<5 { _ = state.apply(.mouse(MouseEvent(.wheelDown, column: 10, row: 0), .tabBarEnd)) }
        _ = state.apply(.key(.right))
        XCTAssertEqual(state.model.selectedID, "tab-02")
        XCTAssertTrue(barLine(state).contains(" Bo "), barLine(state))
    }
}
