import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender
import TabNavTerminal

/// `tabnav-tui render`: the same model and renderer as the terminal program, with a text backend.
/// Content commands run to completion at once, so the output is deterministic.
struct HeadlessRenderer {
    let session: TabNavSession
    let keys: [KeyEvent]
    let ansi: Bool
    let environment: [String: String]

    func run() -> Int32 {
        let utf8 = TerminalScreen.adoptEnvironmentLocale()
        let noColor = session.noColor || !ansi
        let style = RenderStyle.forTerminal(ascii: session.state.options.ascii || !utf8, noColor: noColor, depth: .full256)
        session.launch()
        runPendingLoads()
        for key in keys {
            session.dispatch(.key(key))
            runPendingLoads()
            if session.wantsQuit { break }
        }
        let frame = render(session.state, style: style)
        let text = ansi ? frame.grid.ansiText(colors: style.theme.depth) : frame.grid.plainText()
        StandardStreams.out(text + "\n")
        return 0
    }

    func runPendingLoads() {
        session.runPendingLoadsNow(environment: environment)
    }
}
