import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender
import TabNavTerminal

/// `tabnav-tui render`: the same model and renderer as the terminal program, with a text backend.
/// Content commands run to completion at once, so the output is deterministic.
final class HeadlessRenderer: SessionHost {
    let session: TabNavSession
    let actions: [AppAction]
    let ansi: Bool
    let noColor: Bool
    let environment: [String: String]
    /// Results of loads started by the last action, delivered before the next one.
    private var finished: [AppAction] = []
    /// Termination signals, caught as the terminal program catches them: a run in progress is
    /// ended (every process of it) and the render stops with 128 + the signal's number.
    private let signals = TerminationSignals()

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
        session.host = self
        session.launch()
        deliverFinished()
        for action in actions where session.isRunning && signals?.signal == nil {
            session.dispatch(action)
            deliverFinished()
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

    private func deliverFinished() {
        while !finished.isEmpty {
            session.dispatch(finished.removeFirst())
        }
    }

    func startLoad(_ request: LoadRequest) {
        guard request.work.child != nil else {
            finished.append(.loadFinished(request.id, tab: request.tab, result: request.work.run(environment)))
            return
        }
        // A command or file: run it to its end (a followed one for a moment) before going on.
        guard signals?.signal == nil else { return }
        if case .terminal? = request.work.child {
            // A terminal tab: its screen once the program's output settled (docs/terminal-tabs.md).
            finished.append(.loadFinished(request.id, tab: request.tab,
                                          result: TerminalSessions.runUntilSettled(request, environment: environment)))
            return
        }
        for progress in ChildSupervisor.runToEnd(request, environment: environment, interrupt: signals?.descriptor ?? -1) {
            finished.append(.loadFinished(request.id, tab: request.tab, result: progress))
        }
    }

    func cancelLoad(_ id: LoadID) {
        finished.removeAll { if case .loadFinished(id, _, _) = $0 { true } else { false } }
    }

    func suspend() {}
    func redraw() {}
}
