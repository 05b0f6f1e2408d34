import TabNavCore
import TabNavDemo
import TabNavRender

/// One run of the program: loads the layout and the saved state, then shows it in the terminal
/// or renders it headlessly.
struct Program {
    static let version = "0.1.0"

    let options: CommandLineOptions
    let environment: [String: String]

    func run() -> Int32 {
        switch options.command {
        case .help:
            StandardStreams.out(CommandLineOptions.usage + "\n")
            return 0
        case .version:
            StandardStreams.out("tabnav-tui \(Self.version)\n")
            return 0
        case .checkLayout(let path):
            return checkLayout(path)
        case .render(let size, let keys, let ansi):
            guard let session = makeSession(size: size) else { return 2 }
            return HeadlessRenderer(session: session, keys: keys, ansi: ansi).run()
        case .run:
            return TerminalProgram(program: self).run()
        }
    }

    func checkLayout(_ path: String) -> Int32 {
        do {
            let layout = try LayoutLoader.load(path: path)
            StandardStreams.out(LayoutSummary.describe(layout) + "\n")
            return 0
        } catch {
            StandardStreams.error(error.description)
            return 2
        }
    }

    /// The layout to show: the file given with `--layout`, or the demo.
    func loadLayout() -> TabLayout? {
        guard let path = options.layoutPath else { return DemoCatalogue.layout }
        do {
            return try LayoutLoader.load(path: path)
        } catch {
            StandardStreams.error(error.description)
            return nil
        }
    }

    /// Everything a run needs, before any terminal is touched: bad input fails here, with one
    /// line and exit status 2, while the terminal is still as it was.
    func makeSession(size: TerminalSize) -> Session? {
        guard let layout = loadLayout() else { return nil }
        let hierarchy: TabHierarchy
        do {
            hierarchy = try TabHierarchy(layout)
        } catch {
            StandardStreams.error("invalid layout: \(error.description)")
            return nil
        }
        var store: StateStore?
        var saved: SavedState?
        var notice: String?
        if options.persist {
            let directory = StateLocation.directory(stateDir: options.stateDir, environment: environment)
            let s = StateStore(directory: directory, layoutID: hierarchy.id)
            store = s
            if !options.reset {
                switch s.load() {
                case .missing: break
                case .loaded(let state): saved = state
                case .corrupt(let keptAs, let reason):
                    notice = "Saved state was unusable (\(reason)); kept as \(keptAs); started from the defaults"
                }
            }
        }
        var events: EventLog?
        if let path = options.eventsPath {
            do {
                events = try EventLog(path: path)
            } catch {
                StandardStreams.error(error.description)
                return nil
            }
        }
        var state = AppState(hierarchy: hierarchy, saved: saved, options: options.app, size: size)
        if let notice { state.notify(notice, isError: true) }
        let session = Session(state: state, store: store, events: events, environment: environment)
        session.noColor = options.noColor
        return session
    }
}
