#if canImport(Glibc)
import Glibc
#endif
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender

/// The full-screen application: opens the terminal, then input → action → reduce → effects →
/// render → draw, until `q`, Ctrl-C, a terminating signal or the end of the terminal.
package final class TabNavApplication: SessionHost {
    package let session: TabNavSession
    /// Passed to commands of `command` content and used to expand `~` in `file` content.
    package let environment: [String: String]
    let noColor: Bool
    /// The theme asked for (`--theme`, the configuration); `automatic` follows the terminal.
    let themeChoice: ThemeChoice
    private var screen: TerminalScreen?
    private var loads: BackgroundLoads?
    /// Runs the layout's commands and follows its files (one thread for all of them).
    private var children: ChildSupervisor?
    /// The programs of terminal tabs (one thread reads them all).
    private var terminals: TerminalSessions?

    /// The screen's options for a run with `options`.
    private static func screenOptions(_ options: AppOptions, noColor: Bool, theme: ThemeChoice,
                                      environment: [String: String]) -> TerminalScreen.Options {
        .init(mouse: options.mouse, colors: !noColor, showsCursor: options.screenReader,
              directColor: ColorDepth.announcesDirectColor(environment),
              asksBackground: !noColor && theme.followsBackground)
    }

    /// How long after the background query its answer still picks the theme: a later one (a
    /// slow link) is consumed and left alone, so colours never change while the person works.
    static let backgroundAnswerWait: Duration = .milliseconds(100)

    /// Starts opening the screen for a run with `options` on a thread of its own, to be handed
    /// to `run(opening:)` (on standard input and output, or other terminal descriptors).
    ///
    /// The signals `run` ignores are ignored first: the screen's close puts back the dispositions
    /// it found when it opened.
    package static func startOpening(
        _ options: AppOptions, noColor: Bool, theme: ThemeChoice = .default, environment: [String: String] = [:],
        inputDescriptor: Int32 = 0, outputDescriptor: Int32 = 1
    ) -> ScreenOpening {
        ignoreWriteSignals()
        return ScreenOpening(
            options: screenOptions(options, noColor: noColor, theme: theme, environment: environment),
            inputDescriptor: inputDescriptor, outputDescriptor: outputDescriptor)
    }

    package init(session: TabNavSession, environment: [String: String] = [:], noColor: Bool = false,
                 theme: ThemeChoice = .default) {
        self.session = session
        self.environment = environment
        self.noColor = noColor
        self.themeChoice = noColor ? .mono : theme
    }

    /// For the whole run, before the screen opens (and after it closes).
    private static func ignoreWriteSignals() {
        // A reader of an events pipe that went away must not kill the program.
        signal(SIGPIPE, SIG_IGN)
        // A file grown past `ulimit -f` fails with EFBIG and is reported; it never ends the program.
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Runs until the person quits. The terminal is restored on every way out; the state is
    /// saved on quit and after every committed change.
    ///
    /// - Parameter opening: the screen already being opened on another thread (`startOpening`),
    ///   for a large layout; otherwise it is opened here.
    package func run(opening: ScreenOpening? = nil) throws(TerminalError) {
        Self.ignoreWriteSignals()
        let screen: TerminalScreen
        if let opening {
            screen = try opening.wait()
        } else {
            screen = try TerminalScreen.open(options: Self.screenOptions(session.state.options, noColor: noColor,
                                                                          theme: themeChoice, environment: environment))
        }
        self.screen = screen
        defer {
            screen.close()
            self.screen = nil
        }
        let ascii = session.state.options.ascii || !screen.isUTF8 || Self.drawsASCIIOnly(term: environment["TERM"])
        // The background as the environment says it (rxvt's COLORFGBG) until the terminal answers.
        let guessedBackground = ThemeChoice.background(colorFGBG: environment["COLORFGBG"])
        var style = RenderStyle(glyphs: .for(ascii: ascii, icons: session.state.options.icons),
                                theme: themeChoice.theme(background: guessedBackground, depth: screen.colorDepth))
        screen.useColors(of: style.theme)
        loads = BackgroundLoads(waker: screen.waker, environment: environment)
        let waker = screen.waker
        children = ChildSupervisor(environment: environment) { waker.wake() }
        terminals = TerminalSessions(environment: environment) { waker.wake() }
        defer {
            // Every process group a command started ends with the program (docs/layout-files.md),
            // and every terminal tab's program as a closing terminal ends it (docs/terminal-tabs.md).
            terminals?.shutdown()
            terminals = nil
            children?.shutdown()
            children = nil
            loads?.cancelAll()
        }
        session.host = self
        // The embedding program's requests wake the loop as a finished load does (no timer).
        session.inbox.connect { waker.wake() }
        defer { session.inbox.close() }

        session.dispatch(.resize(TerminalSize(columns: screen.columns, rows: screen.rows)))
        session.launch()
        var (frame, redrawInterval) = renderNow(style)
        screen.draw(frame.grid, cursor: frame.cursor, shownCursor: frame.shownCursor)

        var nextTick: ContinuousClock.Instant?
        while session.isRunning {
            // A page that animates (a spinner, "updated 3 s ago") asks to be drawn again; no
            // timer runs otherwise.
            let events: [InputEvent]
            if let interval = redrawInterval {
                // A sooner wish (a hidden tab's refresh that came due earlier) moves the tick up.
                let wanted = ContinuousClock.now.advanced(by: interval)
                let due = nextTick.map { min($0, wanted) } ?? wanted
                nextTick = due
                events = screen.nextEvents(timeout: ContinuousClock.now.duration(to: due))
                if ContinuousClock.now >= due {
                    nextTick = nil
                    session.dispatch(.tick)
                }
            } else {
                nextTick = nil
                events = screen.nextEvents()
            }
            for event in events {
                switch event {
                case .key(let key):
                    session.dispatch(.key(key))
                case .altKey(let key):
                    session.dispatch(.altKey(key))
                case .modifiedKey(let key, let modifiers):
                    session.dispatch(.modifiedKey(key, modifiers))
                case .mouse(let mouse):
                    if frame.hits.barFirstShown != session.state.barOnScreen {
                        session.dispatch(.barShown(first: frame.hits.barFirstShown))
                    }
                    session.dispatch(.mouse(mouse, frame.hits.target(column: mouse.column, row: mouse.row)))
                case .paste(let text):
                    session.dispatch(.paste(text))
                case .resize(let size):
                    session.dispatch(.resize(size))
                case .terminalBackground(let color):
                    if let asked = screen.backgroundAskedAt, ContinuousClock.now - asked <= Self.backgroundAnswerWait,
                       themeChoice.followsBackground {
                        let theme = themeChoice.theme(background: color, depth: screen.colorDepth)
                        if theme != style.theme {
                            let repaint = theme.directColors != style.theme.directColors
                            style.theme = theme
                            screen.useColors(of: theme)
                            if repaint { screen.redrawAll() }
                        }
                    }
                case .terminate, .endOfInput:
                    session.dispatch(.terminate)
                case .wake:
                    for result in loads?.takeFinished() ?? [] {
                        session.dispatch(.loadFinished(result.request.id, tab: result.request.tab, result: result.result))
                    }
                    for result in children?.take() ?? [] {
                        session.dispatch(.loadFinished(result.id, tab: result.tab, result: result.progress))
                    }
                    for result in terminals?.take() ?? [] {
                        session.dispatch(.loadFinished(result.id, tab: result.tab, result: result.update))
                    }
                    session.deliverRequests()
                }
                if !session.isRunning { break }
            }
            if !session.isRunning { break }
            (frame, redrawInterval) = renderNow(style)
            screen.draw(frame.grid, cursor: frame.cursor, shownCursor: frame.shownCursor)
        }
    }

    /// A frame at the current time (running commands show their elapsed time), and how soon the
    /// state wants the next one. The state is read once, and that copy handed to the renderer:
    /// each read of `session.state` copies it (a retain of every field, and their releases after).
    private func renderNow(_ style: RenderStyle) -> (Frame, Duration?) {
        session.setClock(ContinuousClock.now)
        let state = session.state
        let interval = state.redrawInterval
        // Handed over, not copied again (the renderer keeps the state it is given).
        return (render(consume state, style: style, memo: memo), interval)
    }

    /// What each frame keeps for the next (the bar's labels, the footer's hints).
    private let memo = RenderMemo()

    /// Terminals that show ASCII only, whatever the locale says: the Linux console's font lacks
    /// most of the Unicode glyph set, and a DEC VT (`vt100`, `vt220`, …) has no UTF-8 at all.
    package static func drawsASCIIOnly(term: String?) -> Bool {
        guard let term else { return false }
        let name = term.split(separator: "-", maxSplits: 1).first.map(String.init) ?? term
        if name == "linux" { return true }
        return name.hasPrefix("vt") && name.dropFirst(2).first?.isNumber == true
    }

    package func startLoad(_ request: LoadRequest) {
        if case .terminal? = request.work.child {
            terminals?.start(request)
        } else if request.work.child != nil {
            children?.start(request)
        } else {
            loads?.start(request)
        }
    }

    package func cancelLoad(_ id: LoadID) {
        // A command's group is stopped; other work's task is cancelled (its result, should it
        // come anyway, is dropped).
        children?.stop(id)
        loads?.cancel(id)
        terminals?.stop(id)
    }

    package func terminal(_ id: LoadID, _ input: TerminalInput) {
        terminals?.send(id, input)
    }

    package func suspend() {
        guard let screen else { return }
        screen.suspend()
        // suspend() has already repainted the whole screen on resume.
        session.dispatch(.resize(TerminalSize(columns: screen.columns, rows: screen.rows)))
    }

    package func redraw() {
        screen?.redrawAll()
    }

    /// The terminal's size before curses starts, so a layout can be checked and the state built
    /// before the screen changes at all. `nil` when standard output is not a terminal.
    package static func terminalSize() -> TerminalSize? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
