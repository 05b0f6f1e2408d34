import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo

/// Dragging a grabbed bar item with the mouse (docs/behaviour.md, "Mouse"): the pointer passes over the item's own
/// previewed place on every drag, which must not move it.
final class MouseDragTests: XCTestCase {
    private func editing() throws -> AppState {
        var state = AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil,
                             options: AppOptions(mode: .tabbar), size: TerminalSize(columns: 100, rows: 30))
        _ = state.apply(.key(.character("e")))
        return state
    }

    private func mouse(_ state: inout AppState, _ kind: MouseEvent.Kind, over id: String) {
        _ = state.apply(.mouse(MouseEvent(kind, column: 0, row: 0), .tabBarItem(id)))
    }

    func testDraggingOverTheGrabbedItemItselfKeepsItsPlace() throws {
        var state = try editing()
        let before = state.model.customization.tabBar
        mouse(&state, .press, over: "library")
        XCTAssertNotNil(state.mode.grab)
        mouse(&state, .drag, over: "library")
        XCTAssertEqual(state.mode.grab?.previewTabBar.map(\.id), state.model.tabBar.map(\.id),
                       "still over its own place: the preview is the bar as it is")
        mouse(&state, .release, over: "library")
        XCTAssertEqual(state.model.customization.tabBar, before)
    }

    func testDraggingOverNextItemThenItselfLandsAfterIt() throws {
        var state = try editing()
        mouse(&state, .press, over: "library")
        mouse(&state, .drag, over: "new")
        mouse(&state, .drag, over: "library")  // the preview now shows Library where the pointer is
        mouse(&state, .release, over: "library")
        let bar = state.model.customization.tabBar
        XCTAssertEqual(Array(bar.prefix(2)), ["new", "library"], "\(bar)")
    }

    func testDraggingBackOverTheSameItemReturnsToTheStart() throws {
        var state = try editing()
        let before = state.model.customization.tabBar
        mouse(&state, .press, over: "library")
        mouse(&state, .drag, over: "new")
        mouse(&state, .drag, over: "new")  // back from the right: takes New's place again
        XCTAssertEqual(Array(state.mode.grab?.previewTabBar.map(\.id).prefix(3) ?? []), ["watch-now", "library", "new"])
        mouse(&state, .release, over: "new")
        XCTAssertEqual(state.model.customization.tabBar, before)
    }
}
