#if canImport(Glibc)
import Glibc
#endif
import TabNavCore
import TabNavInteraction
import TabNavTerminal

/// Runs a tab hierarchy full screen in the terminal until the person quits:
///
/// ```swift
/// try TabNavApp(layout).run()
/// ```
///
/// The defaults are those of the `tabnav-tui` program: the customization is saved in the XDG
/// state folder (`$XDG_STATE_HOME/tabnav-tui/<layout id>.json`), the screen takes the terminal's
/// size, commands and files see the process's environment, and keys are the standard keymap.
public struct TabNavApp {
    public var layout: TabLayout
    /// How the hierarchy is presented (tab bar or sidebar, right-to-left, ASCII, mouse).
    public var options: AppOptions
    public var keymap: Keymap
    /// Where the customization is saved; nil for the XDG state folder.
    public var stateDirectory: String?
    /// False keeps the customization in memory only.
    public var persists: Bool
    /// Given to commands and used for `~` in file paths; nil for the process's own.
    public var environment: [String: String]?
    /// Turns colour off (as `NO_COLOR` does, which is honoured too).
    public var noColor: Bool
    /// The theme (docs/themes.md); the default follows the terminal's background.
    public var theme: ThemeChoice = .default
    /// Receives every event of docs/state-and-events.md (selection, edits, drops…).
    public var delegate: (any TabNavDelegate)?

    public init(_ layout: TabLayout, options: AppOptions = AppOptions(), keymap: Keymap = .standard,
                stateDirectory: String? = nil, persists: Bool = true, environment: [String: String]? = nil,
                noColor: Bool = false, delegate: (any TabNavDelegate)? = nil) {
        self.layout = layout
        self.options = options
        self.keymap = keymap
        self.stateDirectory = stateDirectory
        self.persists = persists
        self.environment = environment
        self.noColor = noColor
        self.delegate = delegate
    }

    /// Runs until the person quits (`q`, Ctrl-C, a terminating signal, the terminal going away).
    /// The terminal is restored on every way out; the customization is saved after every change.
    ///
    /// - Throws: `TabNavAppError` for an invalid hierarchy or a terminal that cannot be used,
    ///   before the screen changes at all.
    public func run() throws(TabNavAppError) {
        let hierarchy: TabHierarchy
        do {
            hierarchy = try TabHierarchy(layout)
        } catch {
            throw .invalidLayout(error)
        }
        let environment = self.environment ?? ProcessEnvironment.current()
        var store: StateStore?
        if persists {
            let directory = StateLocation.directory(stateDir: stateDirectory, environment: environment)
            store = StateStore(directory: directory, layoutID: hierarchy.id)
        }
        let size = TabNavApplication.terminalSize() ?? TerminalSize(columns: 80, rows: 24)
        let session = TabNavSession(hierarchy: hierarchy, options: options, size: size, store: store, keymap: keymap)
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

    public var description: String {
        switch self {
        case .invalidLayout(let error): return "invalid layout: \(error)"
        case .terminal(let error): return error.description
        }
    }

    /// The exit status a program should end with: 2 for bad input (an invalid layout, not a
    /// terminal, an unknown `TERM`), 1 when the system failed.
    public var exitStatus: Int32 {
        switch self {
        case .invalidLayout: return 2
        case .terminal(let error):
            switch error {
            case .notATerminal, .unknownTerminal, .unsupportedTerminal: return 2
            default: return 1
            }
        }
    }
}
