#if canImport(Glibc)
import Glibc
#endif
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender

/// The full-screen application: opens the terminal, then input → action → reduce → render →
/// draw, until `q`, Ctrl-C, a terminating signal or the end of the terminal. This is what
/// `tabnav-tui` runs, and what a program embedding the library runs with its own hierarchy.
///
/// ```swift
/// let hierarchy = try TabHierarchy(myLayout)
/// let session = TabNavSession(hierarchy: hierarchy, options: AppOptions(),
///                             size: TabNavApplication.terminalSize() ?? TerminalSize(columns: 80, rows: 24),
///                             store: StateStore(directory: dir, layoutID: hierarchy.id))
/// session.delegates.append(myDelegate)
/// try TabNavApplication(session: session).run()
/// ```
public struct TabNavApplication {
    public let session: TabNavSession
    /// Passed to commands of `command` content and used to expand `~` in `file` content.
    public var environment: [String: String]

    public init(session: TabNavSession, environment: [String: String] = [:]) {
        self.session = session
        self.environment = environment
    }

    /// Runs until the person quits. The terminal is restored on every way out; the state is
    /// saved on quit and after every committed change.
    public func run() throws(TerminalError) {
        // A reader of an events pipe that went away must not kill the program.
        signal(SIGPIPE, SIG_IGN)
        let screen = try TerminalScreen.open(options: .init(mouse: session.state.options.mouse, colors: !session.noColor))
        defer { screen.close() }
        let ascii = session.state.options.ascii || !screen.isUTF8
        let style = RenderStyle.forTerminal(ascii: ascii, noColor: session.noColor, depth: screen.colorDepth)
        let loads = BackgroundLoads(waker: screen.waker, environment: environment)

        session.dispatch(.key(.resize(columns: screen.columns, rows: screen.rows)))
        session.launch()
        var frame = render(session.state, style: style)
        screen.draw(frame.grid)

        while !session.wantsQuit {
            for pending in session.pendingLoads { loads.start(tab: pending.tab, content: pending.content) }
            session.pendingLoads.removeAll()

            for event in screen.nextEvents() {
                switch event {
                case .key(.mouse(let mouse)):
                    session.dispatch(.mouse(mouse, frame.hits.target(column: mouse.column, row: mouse.row)))
                case .key(let key):
                    session.dispatch(.key(key))
                case .terminate, .endOfInput:
                    // Leave as Ctrl-C does: report, save, restore the terminal.
                    session.dispatch(.key(.control("c")))
                case .wake:
                    for result in loads.takeFinished() {
                        session.dispatch(.contentLoaded(tab: result.tab, result.load))
                    }
                }
                if session.wantsQuit { break }
                if session.wantsSuspend {
                    session.wantsSuspend = false
                    screen.suspend()
                    // suspend() has already repainted the whole screen on resume.
                    session.dispatch(.key(.resize(columns: screen.columns, rows: screen.rows)))
                }
                if session.wantsRedraw {
                    session.wantsRedraw = false
                    screen.redrawAll()
                }
            }
            if session.wantsQuit { break }
            frame = render(session.state, style: style)
            screen.draw(frame.grid)
        }
    }

    /// The terminal's size before curses starts, so a layout can be checked and the state built
    /// before the screen changes at all. `nil` when standard output is not a terminal.
    public static func terminalSize() -> TerminalSize? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
