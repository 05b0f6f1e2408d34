import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Runs a session without a terminal, as `tabnav-tui render` and `HeadlessApp` do: each action's
/// slow work (commands, files, a page's own work) runs to its end before the next action, so what
/// a list of keys gives is always the same.
package final class HeadlessHost: SessionHost {
    package let session: TabNavSession
    let environment: [String: String]
    /// Results of work started by the last action, delivered before the next one.
    private var finished: [AppAction] = []
    /// Caught termination signals (`tabnav-tui render`): a signal ends a run in progress, and no
    /// further one starts.
    private let signals: TerminationSignals?

    package init(session: TabNavSession, environment: [String: String], signals: TerminationSignals? = nil) {
        self.session = session
        self.environment = environment
        self.signals = signals
        session.host = self
    }

    /// Reports the launch and delivers the first tab's work.
    package func launch() {
        session.launch()
        deliverFinished()
    }

    /// One action, then every result it asked for.
    package func dispatch(_ action: AppAction) {
        guard session.isRunning else { return }
        session.dispatch(action)
        deliverFinished()
    }

    private func deliverFinished() {
        while !finished.isEmpty, session.isRunning {
            session.dispatch(finished.removeFirst())
        }
    }

    package func startLoad(_ request: LoadRequest) {
        guard request.work.child != nil else {
            finished.append(.loadFinished(request.id, tab: request.tab,
                                          result: BackgroundLoads.runToEnd(request.work, environment: environment)))
            return
        }
        // A command or file: run it to its end (a followed one for a moment) before going on.
        guard signals?.signal == nil else { return }
        for progress in ChildSupervisor.runToEnd(request, environment: environment, interrupt: signals?.descriptor ?? -1) {
            finished.append(.loadFinished(request.id, tab: request.tab, result: progress))
        }
    }

    package func cancelLoad(_ id: LoadID) {
        finished.removeAll { if case .loadFinished(id, _, _) = $0 { true } else { false } }
    }

    package func suspend() {}
    package func redraw() {}
}
