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
