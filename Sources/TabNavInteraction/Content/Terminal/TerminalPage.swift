import TabNavCore
import TabNavDrawing

/// A terminal tab (docs/terminal-tabs.md): a program in a pseudo-terminal the size of the page,
/// behind the runtime's terminal emulation. The page holds the last image of the program's
/// screen that the runtime reported, and draws it; keys, pastes and mouse reports reach the
/// program through the app's effects while the page has the focus.
///
/// The program starts when the page is first shown and runs on while its tab is hidden. When it
/// ends, the page keeps its last screen and says how it ended; `Enter` runs it again.
package struct TerminalPage: TabPage {
    package enum Status: Sendable, Equatable {
        /// Not started yet.
        case idle
        /// The layout file is not trusted; these are the command lines it would run.
        case untrusted([String])
        case running(since: ContinuousClock.Instant)
        case exited(ChildExit, milliseconds: Int)
        case failed(String)
    }

    /// `/bin/sh -c` this, or the person's shell when nil.
    package let command: String?
    package let options: ContentOptions
    /// Whether a layout file asked for it (then it needs the file's trust).
    package let fromLayout: Bool
    package private(set) var status = Status.idle
    package private(set) var image: TerminalImage?
    /// Scrolled back through the history (`prefix [`, or the wheel): keys move the view.
    package private(set) var isScrolledBack = false
    /// The text looked for in the scrollback, and the history line last found.
    package private(set) var find: TerminalFind?
    /// Set when the view must be asked of the emulation: the offset to show.
    package private(set) var requestedOffset: Int?

    package init(command: String?, options: ContentOptions = ContentOptions(), fromLayout: Bool) {
        self.command = command
        self.options = options
        self.fromLayout = fromLayout
    }

    /// What runs, as the trust screen and `check-layout` show it.
    package var shownCommand: String { command ?? "$SHELL" }

    package var isRunning: Bool {
        if case .running = status { return true }
        return false
    }

    package var isWaitingForTrust: Bool {
        if case .untrusted = status { return true }
        return false
    }

    /// Whether keys go to the program now (it runs, and the view is live).
    package var takesKeys: Bool { isRunning && !isScrolledBack }

    /// The window title the program set, sanitized (shown beside the tab's title).
    package var programTitle: String { image?.title ?? "" }

    /// The outer cursor's place inside the page's rectangle, while the program shows one.
    package var cursor: TerminalCursor? {
        guard isRunning, !isScrolledBack else { return nil }
        return image?.cursor
    }

    // MARK: Work

    mutating func work() -> PageWork {
        status = .running(since: .now)
        isScrolledBack = false
        find = nil
        let spec = TerminalSpec(command: command, options: options, fromLayout: fromLayout,
                                columns: image?.columns ?? 80, rows: image?.rows ?? 24)
        return PageWork(label: shownCommand, child: .terminal(spec))
    }

    package mutating func appear() -> PageWork? {
        guard case .idle = status else { return nil }
        return work()
    }

    package mutating func reload() -> PageWork? {
        guard !isRunning else { return nil }
        return work()
    }

    package mutating func receive(_ result: any Sendable) {
        if result is TerminalRequestSent {
            requestedOffset = nil
            return
        }
        guard let update = result as? TerminalUpdate else {
            if let progress = result as? ChildProgress {
                for case .failed(let reason) in progress.events { status = .failed(reason) }
                for case .notTrusted in progress.events { status = .untrusted([]) }
            }
            return
        }
        if let image = update.image { self.image = image }
        if let found = update.found, var shown = find, !shown.isTyping {
            shown.outcome = found
            find = shown
        }
        if let failure = update.failure { status = .failed(failure) }
        if let (exit, milliseconds) = update.exit {
            status = .exited(exit, milliseconds: milliseconds)
            isScrolledBack = false
        }
    }

    /// Shows the command lines an untrusted file would run.
    package mutating func showUntrusted(_ commands: [String]) {
        status = .untrusted(commands)
    }

    /// The size the program's terminal should have (the page's rectangle), so that a newly
    /// started program starts at it.
    package mutating func noteSize(columns: Int, rows: Int) {
        guard image == nil || image?.columns != columns || image?.rows != rows else { return }
        if image == nil { image = TerminalImage(columns: columns, rows: rows) }
    }

    // MARK: Scrollback

    /// Enters the scrollback view (or moves it by `rows`: negative is back in time).
    package mutating func scrollBack(by rows: Int) {
        guard let image else { return }
        let offset = max(0, min(image.scrollbackLines, image.viewOffset - rows))
        isScrolledBack = offset > 0 || isScrolledBack
        requestedOffset = offset
    }

    /// Shows the scrollback view even at the bottom of the history (`prefix [`).
    package mutating func markScrolledBack() {
        guard isRunning else { return }
        isScrolledBack = true
    }

    /// Back to the live screen.
    package mutating func leaveScrollback() {
        isScrolledBack = false
        find = nil
        requestedOffset = 0
    }

    /// The find field while it is typed, or the text found last.
    package mutating func setFind(_ find: TerminalFind?) {
        self.find = find
    }

    // MARK: Drawing

    package func draw(in canvas: inout PageCanvas) {
        let theme = canvas.theme
        switch status {
        case .untrusted(let commands):
            var shown = CommandPage(command: shownCommand, options: options)
            shown.showUntrusted(commands)
            shown.draw(in: &canvas)
            return
        case .failed(let reason):
            canvas.text(reason, row: 0, style: theme.error)
            canvas.text("Enter: try again", row: 2, style: theme.contentText.with(.bold))
            return
        default:
            break
        }
        if let image {
            canvas.drawCells(image.cells, columns: image.columns, rows: image.rows, noColor: theme.depth == .none)
        }
        let bottom = canvas.rect.height - 1
        if case .exited(let exit, let milliseconds) = status, bottom >= 0 {
            let how: String
            switch exit {
            case .status(let code): how = "exited with status \(code)"
            case .signal(let number): how = "ended by signal \(number)"
            case .timedOut, .stopped: how = "stopped"
            }
            canvas.fill(row: bottom, style: theme.contentText.with(.reverse))
            canvas.text(" \(how) after \(CommandPage.duration(milliseconds)) · Enter: run again", row: bottom,
                        style: exit == .status(0) ? theme.contentText.with(.reverse) : theme.error.with(.reverse))
        } else if isScrolledBack, let image, bottom >= 0 {
            var line = " scrollback \(image.viewOffset)/\(image.scrollbackLines)"
            if let find {
                line += find.isTyping ? " · find: \(find.text)▏" : " · " + find.notice
            }
            line += find?.isTyping == true ? " · Enter: find · Esc: cancel" : " · /: find · n/N: next/previous · Esc: live"
            canvas.fill(row: bottom, style: theme.contentText.with(.reverse))
            canvas.text(line, row: bottom, style: theme.contentText.with(.reverse))
        }
    }

    // MARK: Keys while the program does not take them

    package mutating func handle(_ input: PageInput) -> PageResponse {
        // `prefix [`: into the scrollback view, even at the bottom of the history.
        if input.command == .scrollback {
            scrollBack(by: 0)
            markScrolledBack()
            return .handled
        }
        if isScrolledBack { return handleScrollback(input) }
        switch status {
        case .exited, .failed:
            if input.command == .open, let work = reload() { return .startWork(work) }
            return .ignored
        default:
            return .ignored
        }
    }

    private mutating func handleScrollback(_ input: PageInput) -> PageResponse {
        let page = max(1, input.visibleRows - 1)
        if var typing = find, typing.isTyping {
            switch input.key {
            case .escape?: find = nil
            case .enter?:
                typing.isTyping = false
                typing.direction = -1
                find = typing
                return .handled
            case .backspace?:
                if !typing.text.isEmpty { typing.text.removeLast() }
                find = typing
            case .character(let character)?:
                typing.text.append(character)
                find = typing
            default: break
            }
            return .handled
        }
        switch input.key {
        case .escape?, .character("q")?:
            leaveScrollback()
            return .handled
        case .character("/")?, .character("?")?:
            find = TerminalFind(text: "", isTyping: true)
            return .handled
        case .character("n")?:
            if var found = find { found.direction = -1; found.step += 1; found.outcome = nil; find = found }
            return .handled
        case .character("N")?:
            if var found = find { found.direction = 1; found.step += 1; found.outcome = nil; find = found }
            return .handled
        default: break
        }
        switch input.command {
        case .up?: scrollBack(by: -1)
        case .down?: scrollBack(by: 1)
        case .pageUp?: scrollBack(by: -page)
        case .pageDown?: scrollBack(by: page)
        case .first?: scrollBack(by: -Int(Int32.max))
        case .last?: leaveScrollback()
        default: return .handled
        }
        return .handled
    }

    package mutating func scroll(by rows: Int, visibleRows: Int) {
        scrollBack(by: rows)
        if requestedOffset == 0 { leaveScrollback() }
    }

    /// While the command runs every key goes to it: the page declares no key of the app's then.
    package var keys: [PageKey] {
        if isScrolledBack {
            return [PageKey([.up, .down], summary: "scroll"), PageKey("find", key: .character("/"), summary: "find"),
                    PageKey("live", key: .escape, summary: "live")]
        }
        switch status {
        case .exited, .failed: return [PageKey(.open, summary: "run again")]
        default: return []
        }
    }

    package var redrawInterval: Duration? { nil }

    /// Where keys, the mouse and the view go, whether quitting asks first, the program's title.
    package var report: PageReport {
        var report = PageReport(confirmsQuit: isRunning, waitsForTrust: isWaitingForTrust, programTitle: programTitle)
        report.terminal = TerminalReport(takesKeys: takesKeys, isRunning: isRunning, isScrolledBack: isScrolledBack,
                                         cursor: cursor, mouse: image?.mouse, requestedOffset: requestedOffset, find: find)
        return report
    }

    /// An untrusted layout's program: the page shows what would run.
    package mutating func refused(_ refusal: WorkRefusal) {
        if case .untrusted(let commands) = refusal { showUntrusted(commands) }
    }
}

/// Tells a terminal page that the view it asked for was passed on to its emulation (delivered
/// as its results are).
package struct TerminalRequestSent: Sendable {
    package init() {}
}

/// Finding text in a terminal's scrollback.
package struct TerminalFind: Sendable, Equatable {
    package var text: String
    /// The text is being typed (Enter finds it).
    package var isTyping: Bool
    /// -1: towards older lines, 1: towards newer ones.
    package var direction = -1
    /// Bumped by each `n` / `N`, so the same request twice is told apart.
    package var step = 0
    /// How the last search went (nil until the emulation says).
    package var outcome: TerminalFindResult?

    package init(text: String, isTyping: Bool) {
        self.text = text
        self.isTyping = isTyping
    }

    /// What the scrollback's bottom row says of it: the text looked for, `not found: …`, or
    /// that the search went round the history's end (as vim says "search hit TOP").
    var notice: String {
        let shown = "\"\(text)\""
        switch outcome {
        case .notFound?: return "not found: \(shown)"
        case .wrapped?: return "\(shown), wrapped to the " + (direction < 0 ? "newest line" : "oldest line")
        case .found?, nil: return shown
        }
    }
}
