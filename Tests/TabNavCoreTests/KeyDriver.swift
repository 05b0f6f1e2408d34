import TabNavCore
import TabNavInteraction
import TabNavDemo

/// A running demo (or layout) driven by key names as `render --keys` names them, keeping the
/// effects of the last `press`.
struct KeyDriver {
    var state: AppState
    var effects: [AppEffect] = []

    init(_ columns: Int, _ rows: Int, layout: TabLayout = DemoCatalogue.layout, saved: SavedState? = nil,
         options: AppOptions = AppOptions()) throws {
        state = AppState(hierarchy: try TabHierarchy(layout), saved: saved, options: options,
                         size: TerminalSize(columns: columns, rows: rows))
    }

    @discardableResult
    mutating func press(_ names: String) throws -> [AppEffect] {
        effects = []
        for action in try KeyNames.parseList(names) { effects += state.apply(action) }
        return effects
    }

    mutating func click(_ target: HitTarget, kind: MouseEvent.Kind = .press) {
        effects = state.apply(.mouse(MouseEvent(kind, column: 0, row: 0), target))
    }

    /// The state a restart would build from what was saved.
    func restarted(layout: TabLayout = DemoCatalogue.layout) throws -> KeyDriver {
        try KeyDriver(state.size.columns, state.size.rows, layout: layout, saved: state.savedState, options: state.options)
    }

    var model: TabNavModel { state.model }
    var bar: [String] { state.model.tabBarIDs }
    var footer: String? { state.message?.text }
}

extension KeyDriver {
    /// The id of the sidebar row under the cursor.
    var cursorID: String? { state.id(ofRow: state.sidebarCursor) }

    /// Moves the sidebar cursor to the row of `id` with ↑/↓ (from the top).
    mutating func moveCursor(to id: String) throws {
        try press("home")
        var steps = 0
        while cursorID != id {
            try press("down")
            steps += 1
            if steps > 60 { throw DriverError.rowNotFound(id) }
        }
    }

    enum DriverError: Error { case rowNotFound(String) }
}
