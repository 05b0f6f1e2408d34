import TabNavCore
import TabNavRender
import TabNavTerminal

/// The full-screen program: open the terminal, then input → action → reduce → render → draw,
/// until `q`, Ctrl-C, a terminating signal or the end of the terminal.
struct TerminalProgram {
    let program: Program

    func run() -> Int32 {
        // A reader of --events that went away must not kill the program.
        signal(SIGPIPE, SIG_IGN)
        // Everything that can fail on bad input fails before the terminal is touched.
        guard let session = program.makeSession(size: Self.terminalSize() ?? TerminalSize(columns: 80, rows: 24)) else {
            return 2
        }
        let screen: TerminalScreen
        do {
            screen = try TerminalScreen.open(options: .init(mouse: program.options.app.mouse, colors: !session.noColor))
        } catch {
            StandardStreams.error(error.message)
            return 2
        }
        let ascii = session.state.options.ascii || !screen.isUTF8
        let style = RenderStyle.forTerminal(ascii: ascii, noColor: session.noColor, depth: screen.colorDepth)
        let loads = BackgroundLoads(waker: screen.waker, environment: session.environment)

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
                    // Leave as `q` does: report, save, restore the terminal.
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
                    session.dispatch(.key(.resize(columns: screen.columns, rows: screen.rows)))
                    screen.redrawAll()
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
        screen.close()
        return 0
    }

    /// The terminal's size before curses starts (so a layout can be checked first).
    static func terminalSize() -> TerminalSize? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
