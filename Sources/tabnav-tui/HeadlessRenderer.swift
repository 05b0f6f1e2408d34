import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender
import TabNavTerminal

/// `tabnav-tui render`: the same model and renderer as the terminal program, with a text backend.
/// Content commands run to completion at once, so the output is deterministic.
final class HeadlessRenderer {
    let session: TabNavSession
    let actions: [AppAction]
    let ansi: Bool
    let noColor: Bool
    let environment: [String: String]

    init(session: TabNavSession, actions: [AppAction], ansi: Bool, noColor: Bool, environment: [String: String]) {
        self.session = session
        self.actions = actions
        self.ansi = ansi
        self.noColor = noColor
        self.environment = environment
    }

    func run() -> Int32 {
        // A state or events file grown past `ulimit -f` fails with EFBIG and is reported in the
        // footer, as in the terminal program; it never ends the render.
        signal(SIGXFSZ, SIG_IGN)
        let utf8 = TerminalScreen.adoptEnvironmentLocale()
        let style = RenderStyle.forTerminal(ascii: session.state.options.ascii || !utf8, noColor: noColor || !ansi, depth: .full256)
        // Termination signals, caught as the terminal program catches them: a run in progress is
        // ended (every process of it) and the render stops with 128 + the signal's number.
        let signals = TerminationSignals()
        let host = HeadlessHost(session: session, environment: environment, signals: signals)
        host.launch()
        for action in actions where session.isRunning && signals?.signal == nil {
            host.dispatch(action)
        }
        if let signal = signals?.signal {
            StandardStreams.error("tabnav-tui render: stopped by signal \(signal); every command it ran has ended")
            return 128 + signal
        }
        let frame = render(session.state, style: style)
        let text = ansi ? frame.grid.ansiText(colors: style.theme.depth) : frame.grid.plainText()
        StandardStreams.out(text + "\n")
        return 0
    }
}
