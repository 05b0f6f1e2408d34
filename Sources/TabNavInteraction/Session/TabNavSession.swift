import TabNavCore
import TabNavDrawing

/// What a session needs from where it runs: the effects that touch the terminal or threads.
/// The terminal application and the headless renderer each provide one.
package protocol SessionHost: AnyObject {
    /// Start slow work; its result comes back as `AppAction.loadFinished` with the request's id.
    func startLoad(_ request: LoadRequest)
    /// The work with this id is no longer wanted (its result will be dropped anyway).
    func cancelLoad(_ id: LoadID)
    /// Give the terminal back until the person resumes the program.
    func suspend()
    /// Draw everything again.
    func redraw()
    /// Pass something to a terminal tab's program.
    func terminal(_ id: LoadID, _ input: TerminalInput)
}

extension SessionHost {
    /// Hosts without terminal tabs (the headless renderer) ignore terminal input.
    package func terminal(_ id: LoadID, _ input: TerminalInput) {}
}

/// A running hierarchy: the state, and the one interpreter of the reducer's effects (the state
/// file, the delegates, and the host for loads, suspending and redrawing).
///
/// The terminal application and `tabnav-tui render` both drive one of these, so the program
/// behaves the same on screen and headless.
package final class TabNavSession {
    package private(set) var state: AppState
    package let store: StateStore?
    /// Receive every event (an `EventLog` for `--events`, the embedding program's delegate).
    package var delegates: [TabNavDelegate] = []
    /// Where loads, suspending and redrawing go; without one they are not carried out.
    package weak var host: SessionHost?
    /// False once an action asked to leave (after `willTerminate` was emitted and the state saved).
    package private(set) var isRunning = true
    /// Why the most recent save failed, or `nil` when it worked (or none was tried). After the
    /// session ended this tells whether the save on the way out kept the person's changes.
    package private(set) var saveFailure: String?
    /// Requests of the embedding program (its `TabNavProxy`), waiting for the run loop.
    package let inbox: TabNavInbox
    /// Actions waiting their turn: an effect that brings an action back (a save that failed,
    /// trust recorded) queues it, and it is reduced after the current one's effects, never
    /// inside them.
    private var queued: [AppAction] = []
    private var isDispatching = false

    /// Loads the saved customization (unless `reset`) and builds the state.
    ///
    /// A state file that cannot be used is set aside by the store; the session then starts from
    /// the defaults and says so in the footer.
    package init(hierarchy: TabHierarchy, options: AppOptions, size: TerminalSize, store: StateStore?,
                 reset: Bool = false, keymap: Keymap = .standard, inbox: TabNavInbox = TabNavInbox()) {
        var saved: SavedState?
        var notice: [String] = []
        if let store, !reset {
            switch store.load() {
            case .missing: break
            case .loaded(let state): saved = state
            case .corrupt(let keptAs, let reason): notice = Self.unusableStateNotice(keptAs: keptAs, reason: reason)
            }
        }
        state = AppState(hierarchy: hierarchy, saved: saved, options: options, size: size, keymap: keymap)
        // What a save compares with: a program that changed nothing writes nothing, and one that
        // did writes only its changes over what another program saved meanwhile. After --reset
        // there is none: the defaults replace the file on the next save.
        if !reset { store?.baseline = state.savedState }
        self.store = store
        self.inbox = inbox
        if let text = notice.first {
            _ = state.apply(.notify(FooterMessage(text, isError: true, shorter: Array(notice.dropFirst()))))
        }
    }

    /// The way into this session for the embedding program (and its delegate).
    package var proxy: TabNavProxy { TabNavProxy(inbox: inbox) }

    /// What the footer says when the state file was set aside, longest first: each form keeps
    /// "started from … defaults" and where the file went, the narrower ones naming it by its file
    /// name, then by its `.corrupt-<time>` ending alone (docs/behaviour.md, "Footer").
    package static func unusableStateNotice(keptAs: String, reason: String) -> [String] {
        let name = keptAs.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? keptAs
        var forms = [
            "State file unusable: started from the defaults (kept as \(keptAs); \(reason))",
            "State file unusable: started from the defaults (kept as \(keptAs))",
            "State file unusable: started from the defaults (kept as \(name))",
            "Started from defaults; bad state kept as \(name)",
        ]
        if let ending = name.firstRange(of: ".corrupt-") {
            let kept = "…" + name[ending.lowerBound...]
            forms += ["Started from defaults; bad state kept as \(kept)", "Defaults used; bad state kept as \(kept)"]
        }
        forms += ["Started from defaults: bad state file set aside", "Defaults used: bad state set aside",
                  "Bad state set aside"]
        return forms
    }

    /// Emits `didLaunch` and asks for the first tab's content; then carries out the requests
    /// the embedding program sent before the launch.
    package func launch() {
        dispatch(.launched)
        deliverRequests()
    }

    /// Carries out the requests waiting in the inbox, oldest first (the run loop calls this when
    /// it is woken).
    package func deliverRequests() {
        for request in inbox.take() { dispatch(.request(request)) }
    }

    /// Runs one action through the reducer and carries out its effects. Called while effects are
    /// carried out, it queues the action: it is reduced once they are done.
    package func dispatch(_ action: AppAction) {
        // An action dispatched while one is applied waits its turn, in order.
        guard !isDispatching else {
            queued.append(action)
            return
        }
        guard isRunning else { return }
        isDispatching = true
        defer { isDispatching = false }
        // The action itself at once, not through the queue: most actions have no followers.
        perform(state.apply(action))
        while !queued.isEmpty {
            let next = queued.removeFirst()
            guard isRunning else {
                queued.removeAll()
                break
            }
            perform(state.apply(next))
        }
    }

    /// The one place effects are carried out.
    package func perform(_ effects: [AppEffect]) {
        // One key can ask for several saves (leave edit mode, then quit): write the file once.
        var needsSave = false
        defer { if needsSave { save() } }
        for effect in effects {
            switch effect {
            case .save: needsSave = true
            case .emit(let event):
                let proxy = self.proxy
                delegates.forEach { $0.tabNav(proxy, didEmit: event) }
                reportEventLogTrouble()
            case .refuse(let refusal):
                let proxy = self.proxy
                delegates.forEach { $0.tabNav(proxy, didRefuse: refusal.request, reason: refusal.reason) }
            case .startLoad(let request): host?.startLoad(request)
            case .cancelLoad(let id): host?.cancelLoad(id)
            case .quit:
                isRunning = false
                inbox.close()
            case .suspend: host?.suspend()
            case .redraw: host?.redraw()
            case .trustLayout: recordTrust()
            case .terminal(let id, let input): host?.terminal(id, input)
            }
        }
    }

    /// The time the next frame shows (elapsed times of running commands).
    package func setClock(_ now: ContinuousClock.Instant?) {
        dispatch(.setClock(now))
    }

    /// Whether the layout's commands may run (set before `launch()`).
    package func setCommandConsent(_ consent: CommandConsent) {
        dispatch(.setCommandConsent(consent))
    }

    /// Whether file tabs may read kernel files (set before `launch()`; a layout file's only once trusted).
    package func setKernelFilesAllowed(_ allowed: Bool) {
        dispatch(.setKernelFilesAllowed(allowed))
    }

    /// Where `t` records trust in the layout file, and the file's fingerprint; nil where trust
    /// cannot be given from inside (`render`: only `--trust` runs commands there).
    package var trustRecord: (store: TrustStore, file: LayoutFingerprint)?

    /// `t`: records the trust (a failure is reported; the commands run for this session anyway,
    /// as the person asked) and starts what waited for it.
    func recordTrust() {
        guard let trustRecord else {
            dispatch(.trustUnavailable)
            return
        }
        var failure: String?
        var short: String?
        do {
            try trustRecord.store.trust(trustRecord.file)
        } catch {
            failure = error.description
            short = error.short
        }
        dispatch(.trustRecorded(failure: failure, short: short))
    }

    /// A message in the footer (one the program has to give before the first key).
    package func notify(_ text: String, isError: Bool = false) {
        dispatch(.notify(FooterMessage(text, isError: isError)))
    }

    /// The first dropped event or failed write of an `--events` log, in the footer once.
    private func reportEventLogTrouble() {
        for case let log as EventLog in delegates {
            if let notice = log.takeNotice() { dispatch(.notify(FooterMessage(notice, isError: true))) }
        }
    }

    /// Saves atomically; a failure is reported in the footer and changes nothing on disk.
    package func save() {
        guard let store else { return }
        do {
            try store.save(state.savedState)
            saveFailure = nil
        } catch {
            saveFailure = error.description
            dispatch(.saveFailed(error.description, short: error.short))
        }
    }
}
