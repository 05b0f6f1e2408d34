import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo
import TabNavRender
import TabNavTerminal

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
        case .completions(let shell):
            StandardStreams.out(CompletionScript.text(for: shell))
            return 0
        case .keys:
            guard let configuration = loadConfiguration() else { return 2 }
            StandardStreams.out(KeymapListing.text(configuration.keymap, ascii: options.app.ascii))
            return 0
        case .render(let size, let keys, let ansi):
            guard let configuration = loadConfiguration(),
                  let session = makeSession(size: size, configuration: configuration, headless: true) else { return 2 }
            session.trustRecord = nil  // render runs commands only with --trust
            // Held in a constant: the session's host is a weak reference to the renderer.
            let renderer = HeadlessRenderer(session: session, actions: keys, ansi: ansi,
                                            noColor: noColor(configuration), theme: theme(configuration),
                                            environment: environment)
            return withExtendedLifetime(renderer) { renderer.run() }
        case .run:
            return runInTerminal()
        }
    }

    /// The configuration file (`--config FILE`, or the default one if it exists); nil after
    /// printing the one-line error.
    func loadConfiguration() -> TabNavConfiguration? {
        do {
            return try ConfigurationLoader.load(configPath: options.configPath, environment: environment)
        } catch {
            StandardStreams.error(error.description)
            return nil
        }
    }

    /// No colours when asked for on the command line or in the environment, or by the theme.
    func noColor(_ configuration: TabNavConfiguration) -> Bool {
        options.noColor || theme(configuration).forcesNoColor
    }

    /// The theme: `--theme`, else the configuration's, else the one matching the terminal.
    func theme(_ configuration: TabNavConfiguration) -> ThemeChoice {
        options.theme ?? configuration.theme
    }

    func checkLayout(_ path: String) -> Int32 {
        do {
            let (layout, folder) = try LayoutLoader.loadForCheck(path: path)
            StandardStreams.outLines(LayoutSummary.describe(layout, folder: folder, knowsIcon: IconNames.isKnown) + "\n")
            return 0
        } catch {
            StandardStreams.error(error.description)
            return error.kind == .memory ? 1 : 2
        }
    }

    /// The hierarchy to show: the file given with `--layout` (read and validated once), or the
    /// demo; with the file's fingerprint, for trust.
    func loadHierarchy(
        whenIDIsKnown: (@Sendable (String) -> Void)? = nil
    ) -> (hierarchy: TabHierarchy, commands: [String], fingerprint: LayoutFingerprint?)? {
        do {
            guard let path = options.layoutPath else { return (try TabHierarchy(DemoCatalogue.layout), [], nil) }
            return try LayoutLoader.loadFile(path: path, whenIDIsKnown: whenIDIsKnown)
        } catch let error as LayoutError {
            StandardStreams.error(error.description)
            // Not the input's fault (nothing is on the screen yet): the system's failure, status 1.
            if error.kind == .memory { exit(1) }
        } catch {
            StandardStreams.error("invalid layout: \(error)")
        }
        return nil
    }

    /// Everything a run needs, before any terminal is touched: bad input fails here, with one
    /// line and exit status 2, while the terminal is still as it was.
    /// - Parameter headless: `render`, which runs commands only with `--trust` (a trusted file too).
    /// - Parameter whenValid: called once nothing more can fail, before the session is built (the
    ///   terminal may be opened from then on).
    func makeSession(
        size: TerminalSize, configuration: TabNavConfiguration, headless: Bool = false,
        whenValid: (TabHierarchy) -> Void = { _ in }
    ) -> TabNavSession? {
        let directory = StateLocation.directory(stateDir: options.stateDir, environment: environment)
        // The state file is read while a large layout is still being decoded (StatePreread).
        let preread = options.persist && !options.reset ? StatePreread(directory: directory) : nil
        var whenIDIsKnown: (@Sendable (String) -> Void)?
        if let preread { whenIDIsKnown = { preread.read(layoutID: $0) } }
        guard let (hierarchy, commands, fingerprint) = loadHierarchy(whenIDIsKnown: whenIDIsKnown) else { return nil }
        var store: StateStore?
        if options.persist {
            let opened = StateStore(directory: directory, layoutID: hierarchy.id)
            if let reading = preread?.take(for: hierarchy.id) { opened.use(reading) }
            store = opened
        }
        // The events sink is opened first: it is the last thing that can fail.
        var eventLog: EventLog?
        if let path = options.eventsPath {
            do {
                eventLog = try EventLog(path: path)
            } catch {
                StandardStreams.error(error.description)
                return nil
            }
        }
        whenValid(hierarchy)
        var app = options.app
        app.icons = options.icons ?? configuration.icons ?? .standard  // the command line wins over the file
        let session = TabNavSession(hierarchy: hierarchy, options: app, size: size, store: store,
                                    reset: options.reset, keymap: configuration.keymap)
        // Trust (docs/layout-files.md): a file's commands run only once the person trusted this
        // exact file, or with --trust for this run. The demo has no commands. A file with no
        // command and no kernel file now but a file tab (its fingerprint taken for it) waits too,
        // with nothing listed: a file tab whose file becomes a kernel file shows the trust screen,
        // and the trust key there records the file (it was refused, nothing to record, for good).
        let trustStore = TrustStore(directory: directory)
        let needsTrust = options.layoutPath != nil && (!commands.isEmpty || fingerprint != nil) && !options.trust
        let verdict = needsTrust && !headless ? fingerprint.map(trustStore.check) : nil
        if !needsTrust || verdict == .trusted {
            session.setCommandConsent(options.layoutPath == nil ? .needed(commands: []) : .granted)
        } else {
            session.setCommandConsent(.needed(commands: commands))
            session.trustRecord = fingerprint.map { (trustStore, $0) }
            // A trust file that is not the person's own private file trusts nothing: say why.
            if case .unusable(let reason)? = verdict { session.notify(reason, isError: true) }
        }
        // Kernel files (`/proc/self/environ`…) are read by a layout file's tabs only once it is
        // trusted: also when none was one at load and a link is changed to point at one since.
        session.setKernelFilesAllowed(options.layoutPath == nil || options.trust || verdict == .trusted)
        if let eventLog { session.delegates.append(eventLog) }
        if options.layoutPath == nil { session.delegates.append(DemoCatalogue.Delegate()) }
        return session
    }

    /// From this many items, the screen is opened while the session is built (`ScreenOpening`):
    /// below, laying out the model takes less than starting a thread.
    static let openingInParallelFrom = 2_000

    /// The terminal program: the session first (bad input exits 2 before the screen changes),
    /// then the application until the person quits.
    func runInTerminal() -> Int32 {
        guard let configuration = loadConfiguration() else { return 2 }
        let size = TabNavApplication.terminalSize() ?? TerminalSize(columns: 80, rows: 24)
        let noColor = noColor(configuration)
        // A large layout's model is laid out while the screen opens on another thread.
        var opening: ScreenOpening?
        guard let session = makeSession(size: size, configuration: configuration, whenValid: { hierarchy in
            if hierarchy.count >= Self.openingInParallelFrom {
                opening = TabNavApplication.startOpening(options.app, noColor: noColor, theme: theme(configuration),
                                                         environment: environment)
            }
        }) else { return 2 }
        do {
            try TabNavApplication(session: session, environment: environment, noColor: noColor,
                                  theme: theme(configuration)).run(opening: opening)
            // The terminal is back: a save that failed on the way out is said where it stays.
            if let failure = session.saveFailure {
                StandardStreams.error(failure)
                return 1
            }
            return 0
        } catch {
            StandardStreams.error(error.message)
            switch error {
            case .notATerminal, .unknownTerminal, .unsupportedTerminal: return 2  // bad input
            default: return 1  // the system failed us
            }
        }
    }
}
