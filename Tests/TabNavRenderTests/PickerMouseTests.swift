import XCTest
import TabNavCore
import TabNavInteraction
import TabNavRender

/// The `+` picker and the item menu with the mouse (docs/behaviour.md, "Mouse"): the wheel moves
/// the cursor and with it the list, a click picks the entry under the pointer — also after the
/// list has scrolled.
final class PickerMouseTests: XCTestCase {
    private func wheel(_ state: inout AppState, down: Bool, times: Int = 1, over target: HitTarget? = nil) {
        for _ in 0..<times {
            _ = state.apply(.mouse(MouseEvent(down ? .wheelDown : .wheelUp, column: 0, row: 0), target))
        }
    }

    private func cursor(_ state: AppState) -> Int? {
        if case .picking(let picker, _) = state.mode { return picker.cursor }
        return nil
    }

    private func lines(_ state: AppState) -> [String] {
        render(state, style: Scene(1, 1).style()).grid.plainText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func testTheWheelMovesTheItemMenusCursor() throws {
        var state = try Scene(options: AppOptions(mode: .sidebar), 100, 30, keys: ".").state()
        XCTAssertEqual(cursor(state), 0)
        wheel(&state, down: true, times: 2, over: .pickerRow(0))
        XCTAssertEqual(cursor(state), 2, "a notch moves one entry")
        wheel(&state, down: false, over: .contentArea)
        XCTAssertEqual(cursor(state), 1, "anywhere on the screen: the menu is in front")
        wheel(&state, down: false, times: 5)
        XCTAssertEqual(cursor(state), 0, "and stops at the first entry")
        guard case .picking(let menu, _) = state.mode else { return XCTFail("the menu stays open") }
        wheel(&state, down: true, times: menu.entries.count + 3)
        XCTAssertEqual(cursor(state), menu.entries.count - 1, "and at the last")
    }

    func testTheWheelScrollsTheAddPickerAndAClickPicksTheRowUnderThePointer() throws {
        var state = try Scene(options: AppOptions(mode: .tabbar), 70, 10, keys: "e,+").state()
        guard case .picking(let picker, _) = state.mode else { return XCTFail("the picker opens") }
        XCTAssertGreaterThan(picker.entries.count, 7, "more entries than the box shows")
        XCTAssertFalse(lines(state).contains { $0.contains("Sky") }, "the last entry is below the box")

        wheel(&state, down: true, times: picker.entries.count)
        let screen = lines(state)
        let row = try XCTUnwrap(screen.firstIndex { $0.contains("Sky") }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.contains { $0.contains("\(picker.entries.count)/\(picker.entries.count)") })

        let line = screen[row]
        let column = line.distance(from: line.startIndex, to: try XCTUnwrap(line.range(of: "Sky")).lowerBound)
        let target = render(state, style: Scene(1, 1).style()).hits.target(column: column, row: row)
        XCTAssertEqual(target, .pickerRow(picker.entries.count - 1))
        _ = state.apply(.mouse(MouseEvent(.press, column: column, row: row), target))
        XCTAssertTrue(state.model.isInTabBar("sky"), "the clicked entry is picked")
        XCTAssertEqual(state.message?.text, "Added Sky to the tab bar (u undoes)")
    }

    func testTheWheelScrollsHelp() throws {
        var state = try Scene(40, 15, keys: "?").state()
        guard case .help(0, _) = state.mode else { return XCTFail("help opens at the top") }
        wheel(&state, down: true)
        guard case .help(3, _) = state.mode else { return XCTFail("a notch scrolls three lines: \(state.mode)") }
        wheel(&state, down: false, times: 2)
        guard case .help(0, _) = state.mode else { return XCTFail("back to the top: \(state.mode)") }
    }
}
