import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// The application states the in-process measurements start from: the sidebar showing, its
/// cursor in the middle of the list on a tab that can move down inside its section — the place
/// where a large hierarchy is most expensive to draw and to edit.
enum BenchStates {
    static let options = AppOptions(mode: .auto, rightToLeft: false, ascii: false, mouse: true)

    /// The state of a launch as the program draws its first frame: built, then told it is on
    /// screen (`.launched`: the first tab's page made). A state never launched makes its pages
    /// anew at each frame, which the program never draws.
    static func launched(_ hierarchy: TabHierarchy, saved: SavedState? = nil, size: TerminalSize) -> AppState {
        var state = AppState(hierarchy: hierarchy, saved: saved, options: options, size: size)
        _ = state.apply(.launched)
        return state
    }

    /// A launch state of `size`, sidebar open, cursor on the middle row.
    static func sidebarInTheMiddle(_ hierarchy: TabHierarchy, saved: SavedState? = nil, size: TerminalSize) -> AppState {
        var state = launched(hierarchy, saved: saved, size: size)
        if !state.sidebarShowing { _ = state.apply(.key(.character("s"))) }
        moveCursor(&state, to: movableRow(near: state.sidebarRows.count / 2, in: state))
        return state
    }

    /// The row nearest to `target` that shows a tab of a reorderable section with a next
    /// sibling (so a grab can move it down one place), or `target` itself if none does.
    static func movableRow(near target: Int, in state: AppState) -> Int {
        let rows = state.sidebarRows
        let hierarchy = state.model.hierarchy
        func isMovable(_ index: Int) -> Bool {
            guard rows.indices.contains(index) else { return false }
            let row = rows[index]
            guard !row.isSectionHeader, let parent = hierarchy.nodes[row.node].parent else { return false }
            let section = hierarchy.nodes[parent].item
            let order = state.model.displayOrder(of: section.id)
            let id = hierarchy.nodes[row.node].item.id
            return section.allowsReordering && hierarchy.nodes[row.node].item.allowsHiding && order.last != id
        }
        for distance in 0..<max(1, rows.count) {
            if isMovable(target + distance) { return target + distance }
            if isMovable(target - distance) { return target - distance }
        }
        return target
    }

    /// Moves the sidebar cursor with `j` / `k`, as a person would.
    static func moveCursor(_ state: inout AppState, to row: Int) {
        while state.sidebarCursor < row {
            let before = state.sidebarCursor
            _ = state.apply(.key(.character("j")))
            if state.sidebarCursor == before { return }
        }
        while state.sidebarCursor > row {
            let before = state.sidebarCursor
            _ = state.apply(.key(.character("k")))
            if state.sidebarCursor == before { return }
        }
    }
}
