import TabNavCore

/// A running hierarchy: the state plus the places its effects go (the state file, the events
/// file). Shared by the terminal program and the headless renderer, so both behave the same.
final class Session {
    private(set) var state: AppState
    let store: StateStore?
    let events: EventLog?
    let environment: [String: String]
    /// `--no-color` or `NO_COLOR`.
    var noColor = false
    /// Set when an effect asked to leave.
    private(set) var wantsQuit = false
    /// Content loads asked for and not yet performed (the caller decides how: in the background
    /// in the terminal, at once when rendering headlessly).
    var pendingLoads: [(tab: String, content: TabContent)] = []
    var wantsSuspend = false
    var wantsRedraw = false

    init(state: AppState, store: StateStore?, events: EventLog?, environment: [String: String]) {
        self.state = state
        self.store = store
        self.events = events
        self.environment = environment
    }

    /// Runs one action through the reducer and performs its effects.
    func dispatch(_ action: AppAction) {
        let effects = state.apply(action)
        perform(effects)
    }

    func perform(_ effects: [AppEffect]) {
        for effect in effects {
            switch effect {
            case .save: save()
            case .emit(let event): events?.record(event)
            case .load(let tab, let content): pendingLoads.append((tab, content))
            case .quit: wantsQuit = true
            case .suspend: wantsSuspend = true
            case .redraw: wantsRedraw = true
            }
        }
    }

    func emit(_ event: TabNavEvent) { events?.record(event) }

    /// Saves atomically; a failure is reported in the footer and changes nothing on disk.
    func save() {
        guard let store else { return }
        do {
            try store.save(state.savedState)
        } catch {
            state.notify(error.description, isError: true)
        }
    }

    /// Loads of the selected tab needed right after launch.
    func launch() {
        perform([.emit(state.launchEvent)] + state.loadSelectedContent())
    }
}
