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

    /// Types text into whatever has the keys (search field, name prompt).
    mutating func type(_ text: String) {
        effects = []
        for c in text { effects += state.apply(.key(.character(c))) }
    }

    mutating func click(_ target: HitTarget, kind: MouseEvent.Kind = .press) {
        effects = state.apply(.mouse(MouseEvent(kind, column: 0, row: 0), target))
    }

    /// The state a restart would build from what was saved (at another size, if given).
    func restarted(_ columns: Int? = nil, _ rows: Int? = nil, layout: TabLayout = DemoCatalogue.layout) throws -> KeyDriver {
        try KeyDriver(columns ?? state.size.columns, rows ?? state.size.rows, layout: layout, saved: state.savedState,
                      options: state.options)
    }

    var model: TabNavModel { state.model }
    var bar: [String] { state.model.tabBarIDs }
    var footer: String? { state.message?.text }
    /// The events among the effects of the last `press`.
    var events: [TabNavEvent] {
        effects.compactMap { if case .emit(let e) = $0 { return e } else { return nil } }
    }
    /// How many saves the last `press` asked for.
    var saves: Int { effects.filter { $0 == .save }.count }
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
