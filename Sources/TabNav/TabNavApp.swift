import TabNavCore
import TabNavInteraction
import TabNavTerminal

/// Runs a tab hierarchy full screen in the terminal until the person quits:
///
/// ```swift
/// try TabNavApp(layout, appName: "notes").run()
/// ```
///
/// The defaults are those of a well-behaved terminal program: the customization is saved in the
/// XDG state folder under the application's own name (`$XDG_STATE_HOME/<appName>/<layout id>.json`),
/// the screen takes the terminal's size, commands and files see the process's environment, and
/// keys are the standard keymap. `proxy` is the way into the app while it runs, from any thread.
public struct TabNavApp {
    public var layout: TabLayout
    /// The application's name: its state folder is `$XDG_STATE_HOME/<appName>/`
    /// (`~/.local/state/<appName>/`). By default, the name of the running program.
    public var appName: String
    /// How the hierarchy is presented (tab bar or sidebar, right-to-left, ASCII, mouse).
    public var options: AppOptions
    public var keymap: Keymap
    /// Where the customization is saved; nil for the XDG state folder of `appName`.
    public var stateDirectory: String?
    /// False keeps the customization in memory only.
    public var persists: Bool
    /// Given to commands and used for `~` in file paths; nil for the process's own.
    public var environment: [String: String]?
    /// Turns colour off (as `NO_COLOR` does, which is honoured too).
    public var noColor: Bool
    /// The theme (docs/themes.md); the default follows the terminal's background.
    public var theme: ThemeChoice
    /// Receives every event of docs/state-and-events.md (selection, edits, drops…), with the proxy.
    public var delegate: (any TabNavDelegate)?
    /// The way into the running app: change tabs, send pages messages, show a message, quit.
    /// Usable from any thread, before `run()` (requests wait for it) and while it runs.
    public let proxy: TabNavProxy

    public init(_ layout: TabLayout, appName: String? = nil, options: AppOptions = AppOptions(),
                keymap: Keymap = .standard, stateDirectory: String? = nil, persists: Bool = true,
                environment: [String: String]? = nil, noColor: Bool = false, theme: ThemeChoice = .default,
                delegate: (any TabNavDelegate)? = nil) {
        self.layout = layout
        self.appName = appName ?? Self.programName
        self.options = options
        self.keymap = keymap
        self.stateDirectory = stateDirectory
        self.persists = persists
        self.environment = environment
        self.noColor = noColor
        self.theme = theme
        self.delegate = delegate
        self.proxy = TabNavProxy(inbox: TabNavInbox())
    }

    /// The running program's file name (`/usr/bin/procs` → `procs`).
    static var programName: String {
        let path = CommandLine.arguments.first ?? ""
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "tabnav-app" : name
    }

    /// Runs until the person quits (`q`, Ctrl-C, a terminating signal, the terminal going away,
    /// `proxy.quit()`). The terminal is restored on every way out, a crash's message is written
    /// after it; the customization is saved after every change.
    ///
    /// - Throws: `TabNavAppError` for an invalid hierarchy, an application name that cannot name
    ///   a folder, or a terminal that cannot be used, before the screen changes at all.
    public func run() throws(TabNavAppError) {
        // Running out of memory ends with one line and status 1, and a crash's message is written
        // after the terminal is restored: standard error is captured while this runs, and the
        // handler stays for the rest of the process (docs/library.md, "Crashes and memory").
        OutOfMemory.installHandler()
        let capturing = StandardErrorCapture.capture()
        defer { if capturing { StandardErrorCapture.release() } }
        let hierarchy: TabHierarchy
        do {
            hierarchy = try TabHierarchy(layout)
        } catch {
            throw .invalidLayout(error)
        }
        let environment = self.environment ?? ProcessEnvironment.current()
        var store: StateStore?
        if persists {
            if stateDirectory == nil, let problem = StateLocation.problem(withApplicationName: appName) {
                throw .invalidAppName(appName, reason: problem)
            }
            let directory = StateLocation.directory(stateDir: stateDirectory, environment: environment, application: appName)
            store = StateStore(directory: directory, layoutID: hierarchy.id)
        }
        let size = TabNavApplication.terminalSize() ?? TerminalSize(columns: 80, rows: 24)
        let session = TabNavSession(hierarchy: hierarchy, options: options, size: size, store: store, keymap: keymap,
                                    inbox: proxy.inbox)
        if let delegate { session.delegates.append(delegate) }
        let colorOff = noColor || !(environment["NO_COLOR"] ?? "").isEmpty
        do {
            try TabNavApplication(session: session, environment: environment, noColor: colorOff, theme: theme).run()
        } catch {
            throw .terminal(error)
        }
    }
}

/// Why `TabNavApp.run()` could not start.
public enum TabNavAppError: Error, CustomStringConvertible {
    /// The hierarchy breaks a rule (a duplicate id, a pinned tab inside a section…).
    case invalidLayout(HierarchyError)
    /// Standard input or output is not a terminal, or the terminal is unknown or unusable.
    case terminal(TerminalError)
    /// `appName` cannot name the state folder (empty, `.`, `..`, or holding `/`).
    case invalidAppName(String, reason: String)

    public var description: String {
        switch self {
        case .invalidLayout(let error): return "invalid layout: \(error)"
        case .terminal(let error): return error.description
        case .invalidAppName(_, let reason): return "invalid application name: \(reason)"
        }
    }

    /// The exit status a program should end with: 2 for bad input (an invalid layout, not a
    /// terminal, an unknown `TERM`), 1 when the system failed.
    public var exitStatus: Int32 {
        switch self {
        case .invalidLayout, .invalidAppName: return 2
        case .terminal(let error):
            switch error {
            case .notATerminal, .unknownTerminal, .unsupportedTerminal: return 2
            default: return 1
            }
        }
    }
}
