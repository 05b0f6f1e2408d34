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
    let theme: ThemeChoice
    let environment: [String: String]

    init(session: TabNavSession, actions: [AppAction], ansi: Bool, noColor: Bool, theme: ThemeChoice = .default,
         environment: [String: String]) {
        self.session = session
        self.actions = actions
        self.ansi = ansi
        self.noColor = noColor
        self.theme = theme
        self.environment = environment
    }

    func run() -> Int32 {
        // A state or events file grown past `ulimit -f` fails with EFBIG and is reported in the
        // footer, as in the terminal program; it never ends the render.
        signal(SIGXFSZ, SIG_IGN)
        let utf8 = TerminalScreen.adoptEnvironmentLocale()
        // No terminal to ask: the background is COLORFGBG's, else dark (docs/themes.md).
        let background = ThemeChoice.background(colorFGBG: environment["COLORFGBG"])
        let choice = noColor || !ansi ? ThemeChoice.mono : theme
        let style = RenderStyle(glyphs: .for(ascii: session.state.options.ascii || !utf8, icons: session.state.options.icons),
                                theme: choice.theme(background: background, depth: .full256))
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
