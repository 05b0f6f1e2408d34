#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TabNavCore
import TabNavDrawing

/// A running hierarchy: the state plus where its effects go (the state file, the delegates).
///
/// The terminal application and `tabnav-tui render` both drive one of these, so the program
/// behaves the same on screen and headless. It performs `save` and `emit` itself; loads of file
/// and command content are queued in `pendingLoads` for the caller to run (in the background on a
/// terminal, at once when rendering headlessly).
public final class TabNavSession {
    public private(set) var state: AppState
    public let store: StateStore?
    /// Receive every event (an `EventLog` for `--events`, the embedding program's own object).
    public var delegates: [TabNavDelegate] = []
    /// Set once an action asked to leave (after `willTerminate` was emitted and state saved).
    public private(set) var wantsQuit = false
    /// Loads asked for and not yet started.
    public var pendingLoads: [(tab: String, content: TabContent)] = []
    /// Ctrl-Z was pressed: the caller suspends the terminal, then clears this.
    public var wantsSuspend = false
    /// Ctrl-L was pressed: the caller redraws everything, then clears this.
    public var wantsRedraw = false
    /// `--no-color` or `NO_COLOR`.
    public var noColor = false

    /// Loads the saved customization (unless `reset`) and builds the state.
    ///
    /// A state file that cannot be used is set aside by the store; the session then starts from
    /// the defaults and says so in the footer.
    public init(hierarchy: TabHierarchy, options: AppOptions, size: TerminalSize, store: StateStore?, reset: Bool = false) {
        var saved: SavedState?
        var notice: String?
        if let store, !reset {
            switch store.load() {
            case .missing: break
            case .loaded(let state): saved = state
            case .corrupt(let keptAs, let reason):
                notice = "Saved state was unusable (\(reason)); kept as \(keptAs); started from the defaults"
            }
        }
        state = AppState(hierarchy: hierarchy, saved: saved, options: options, size: size)
        self.store = store
        if let notice { state.notify(notice, isError: true) }
    }

    /// Emits `didLaunch` and asks for the first tab's content.
    public func launch() {
        perform([.emit(state.launchEvent)] + state.loadSelectedContent())
    }

    /// Runs one action through the reducer and performs its effects.
    public func dispatch(_ action: AppAction) {
        perform(state.apply(action))
    }

    public func perform(_ effects: [AppEffect]) {
        // One key can ask for several saves (leave edit mode, then quit): write the file once.
        var needsSave = false
        defer { if needsSave { save() } }
        for effect in effects {
            switch effect {
            case .save: needsSave = true
            case .emit(let event): delegates.forEach { $0.tabNav(didEmit: event) }
            case .load(let tab, let content): pendingLoads.append((tab, content))
            case .quit: wantsQuit = true
            case .suspend: wantsSuspend = true
            case .redraw: wantsRedraw = true
            }
        }
    }

    /// Runs every pending load now, on this thread (headless rendering and tests).
    public func runPendingLoadsNow(environment: [String: String]) {
        while !pendingLoads.isEmpty {
            let load = pendingLoads.removeFirst()
            dispatch(.contentLoaded(tab: load.tab, ContentLoader.load(load.content, environment: environment)))
        }
    }

    /// Saves atomically; a failure is reported in the footer and changes nothing on disk.
    public func save() {
        guard let store else { return }
        do {
            try store.save(state.savedState)
        } catch {
            state.notify(error.description, isError: true)
        }
    }
}
