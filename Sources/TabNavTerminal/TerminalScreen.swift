import CNcursesw
import CSystem
import TabNavInteraction
import TabNavDrawing
import TabNavRender
#if canImport(Glibc)
import Glibc
#endif

/// The terminal while the program runs: curses mode on the alternate screen, input decoding,
/// drawing, and putting everything back on every way out.
///
/// Thread rules: ncurses is not thread-safe, so a screen is used only from the thread that
/// opened it (the run loop) — it is deliberately not `Sendable`. Other threads reach the run loop
/// through `waker`. Only one screen can be open in a process at a time: the signal handlers it
/// installs are per process, and ncurses frees every screen's windows when any screen is deleted
/// (see `ScreenRegistry`), so do not create other ncurses screens while one is open.
///
/// Exit paths: `close()` (also run by `deinit`) restores the terminal; SIGTERM, SIGHUP, SIGINT and
/// SIGQUIT arrive as `InputEvent.terminate` so the run loop can save and close; a crash signal
/// writes a prepared restore sequence and resets the terminal modes before the process dies.
package final class TerminalScreen {
    /// The colours drawing will use (`.none` if the terminal has none or colour is switched off).
    package let colorDepth: ColorDepth
    /// Whether the locale's character set is UTF-8; without it, draw ASCII stand-ins only.
    package let isUTF8: Bool
    /// Hand this to background threads so they can wake `nextEvents()`.
    package let waker: Waker
    /// Whether the screen is still open (false after `close()`).
    package private(set) var isOpen = true

    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let inputDescriptor: Int32
    let outputDescriptor: Int32
    let mouseEnabled: Bool
    /// Bracketed paste was asked for (only of terminals that speak ANSI control sequences).
    let pasteEnabled: Bool
    let signalPipe: WakePipe
    var decoder = InputDecoder()
    /// What the terminal sent is read into this buffer, its UTF-8 put together again here
    /// (`localeAssembler` for another character set).
    var inputBuffer: [UInt8] = []
    var assembler = UTF8Assembler()
    var localeAssembler = LocaleCharacterAssembler()
    /// The terminal, the signal pipe and the wake pipe in one epoll set (-1: `poll` is used).
    var waitSet: Int32 = -1
    /// When the part of a sequence (or paste) the decoder holds stops waiting for the rest: set
    /// when the terminal's bytes leave one pending, so neither a caller's shorter timeout nor a
    /// stream of wake-ups moves it (docs/behaviour.md, "Paste").
    var pendingInputDeadline: ContinuousClock.Instant?
    /// Set once the terminal is gone; `nextEvents()` then answers `.endOfInput` without reading.
    var inputEnded = false
    /// Whether the decoder has the terminfo entry's key sequences yet (read with the first input).
    var knowsTerminfoKeys = false
    /// How long an Escape waits for the rest of a sequence, in milliseconds
    /// (`escapeDelayMilliseconds`; tests lengthen it so a slow machine cannot end it early).
    var escapeDelay = TerminalScreen.escapeDelayMilliseconds
    var painter: ScreenPainter
    /// The terminal's real size when ncurses was given a smaller one (a terminal over the
    /// "too large" limit: ncurses keeps one row, so its buffers stay bounded).
    var oversize: TerminalSize?
    private var relay: SignalRelay
    /// Whether the screen began a capture of standard error (released by `close()`).
    private var capturesStandardError = false
    /// When the background query was written (nil: it was not).
    package private(set) var backgroundAskedAt: ContinuousClock.Instant?
    /// OSC 11 `?`, ended by ST.
    static let backgroundQuery = Array("\u{1B}]11;?\u{1B}\\".utf8)
    private let ownedFiles: (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>)?

    /// Opens the screen on standard input and output.
    ///
    /// Checks both are terminals, sets the locale from the environment, starts ncurses with
    /// `newterm` (never `initscr`, which exits on its own when `TERM` is unknown), and switches to
    /// raw mode (Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys), no echo, keypad transmit mode, hidden
    /// cursor, colours where present and, if asked, mouse reporting.
    ///
    /// - Throws: `.notATerminal` or `.unknownTerminal` with the message to print; the terminal is
    ///   then left exactly as it was.
    package static func open(options: Options = Options()) throws(TerminalError) -> TerminalScreen {
        try open(options: options, inputDescriptor: 0, outputDescriptor: 1)
    }

    /// Opens the screen on other terminal descriptors, for example `/dev/tty` when standard
    /// output is redirected, or a pseudo-terminal in tests. The descriptors stay the caller's:
    /// the screen works on duplicates and closes only those.
    package static func open(
        options: Options, inputDescriptor: Int32, outputDescriptor: Int32
    ) throws(TerminalError) -> TerminalScreen {
        guard isatty(outputDescriptor) == 1 else { throw .notATerminal(input: false) }
        guard isatty(inputDescriptor) == 1 else { throw .notATerminal(input: true) }
        guard ScreenRegistry.claim() else { throw .alreadyOpen }
        do {
            let screen = try TerminalScreen(
                options: options, inputDescriptor: inputDescriptor, outputDescriptor: outputDescriptor)
            ScreenRegistry.opened(screen.screen)
            return screen
        } catch {
            ScreenRegistry.release()
            throw error
        }
    }

    /// Sets the process locale from the environment (what ncursesw needs to draw UTF-8) and tells
    /// whether its characters are UTF-8; without it, draw ASCII stand-ins (docs/behaviour.md, "Drawing").
    package static func adoptEnvironmentLocale() -> Bool {
        setlocale(LC_ALL, "")
        return tabnav_codeset_is_utf8() != 0
    }

    private init(options: Options, inputDescriptor: Int32, outputDescriptor: Int32) throws(TerminalError) {
        isUTF8 = Self.adoptEnvironmentLocale()
        var savedTermios = termios()
        let haveTermios = tcgetattr(inputDescriptor, &savedTermios) == 0

        guard let signalPipe = WakePipe(), let wakePipe = WakePipe() else {
            throw .systemFailure(call: "pipe", errno: errno)
        }
        self.signalPipe = signalPipe
        waker = Waker(pipe: wakePipe)

        let files = try Self.files(input: inputDescriptor, output: outputDescriptor)
        ownedFiles = files.owned ? (files.input, files.output) : nil
        let input = fileno(files.input)
        let output = fileno(files.output)
        self.inputDescriptor = input
        self.outputDescriptor = output

        var relay = SignalRelay()
        relay.installRelays(pipe: signalPipe)
        let typeName = options.terminalType ?? getenv("TERM").map { String(cString: $0) } ?? ""
        let created: OpaquePointer?
        if let explicit = options.terminalType {
            created = explicit.withCString { newterm($0, files.output, files.input) }
        } else {
            created = newterm(nil, files.output, files.input)
        }
        func giveUp(_ error: TerminalError) -> TerminalError {
            if haveTermios {
                tcsetattr(inputDescriptor, TCSANOW, &savedTermios) // newterm already changed it.
            }
            relay.uninstall()
            if files.owned {
                fclose(files.input)
                fclose(files.output)
            }
            return error
        }
        guard let screen = created, let window = tabnav_stdscr() else {
            throw giveUp(.unknownTerminal(typeName))
        }
        guard Self.capability("cup") != nil else {
            delscreen(screen)
            throw giveUp(.unsupportedTerminal(typeName))
        }
        self.screen = screen
        self.window = window

        raw()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        leaveok(window, true)
        typeahead(-1) // Always finish a frame; never abandon it half drawn because a key arrived.
        curs_set(options.showsCursor ? 1 : 0)
        Self.stopOutputProcessing(outputDescriptor)
        def_prog_mode() // what a resume after Ctrl-Z puts back
        // Keys are read and decoded here, not by ncurses (docs/terminal-notes.md, "Reading keys
        // ourselves"); keypad mode above still switches the terminal's keypad to transmit. The
        // entry's key sequences are read when the first input arrives (`readInput`): some hundred
        // capabilities are not worth delaying the first frame for.
        // The mouse and paste modes are xterm's private ANSI modes: a terminal whose cursor
        // addressing is not ANSI (vt52) would show them as text (docs/terminal-notes.md).
        let speaksANSI = Self.speaksANSI(cursorAddress: Self.capability("cup"))
        mouseEnabled = options.mouse && speaksANSI
        pasteEnabled = speaksANSI

        var depth = ColorDepth.none
        // Colours are written with setaf/setab; a terminal with only the older setf/setb is drawn
        // by attributes alone.
        if options.colors && has_colors() && Self.capability("setaf") != nil && Self.capability("setab") != nil {
            start_color()
            _ = use_default_colors()
            depth = ColorDepth.forTerminal(colors: Int(tabnav_colors()), direct: options.directColor)
        }
        colorDepth = depth
        painter = ScreenPainter(outputDescriptor: output, capabilities: .current(), colorDepth: depth, isUTF8: isUTF8)

        // The first update clears the screen and flushes ncurses' set-up output (smcup, ...),
        // so the mouse modes written directly afterwards arrive in order.
        wnoutrefresh(window)
        doupdate()
        if mouseEnabled {
            Self.writeAll(output, RestoreSequence.mouseOn)
        }
        if pasteEnabled {
            Self.writeAll(output, RestoreSequence.bracketedPasteOn)
        }
        if options.asksBackground && speaksANSI {
            // OSC 11 with a question mark: the terminal answers with its background colour
            // (docs/themes.md). Nothing waits for it; a terminal that does not know the
            // question says nothing.
            Self.writeAll(output, Self.backgroundQuery)
            backgroundAskedAt = .now
        }
        relay.installAfterCurses(
            outputDescriptor: output,
            restoreBytes: RestoreSequence.emergencyBytes(
                mouse: mouseEnabled, paste: pasteEnabled, ansi: speaksANSI,
                keypadLocal: Self.capability("rmkx"),
                // Without an alternate screen (vt100, linux) clearing leaves the shell a clean screen.
                exitAlternateScreen: Self.capability("rmcup") ?? Self.capability("clear"),
                cursorVisible: Self.capability("cnorm"),
                resetAttributes: Self.capability("sgr0")),
            inputDescriptor: input,
            savedTermios: haveTermios ? savedTermios : nil)
        self.relay = relay
        // Standard error on the terminal would be written over the screen and lost with the
        // alternate screen (a page's "Fatal error: Index out of range"): it is kept aside while
        // the screen is open and written out once the terminal is restored, by `close()` or by
        // the crash handler (docs/terminal-notes.md, "Standard error").
        capturesStandardError = StandardErrorCapture.isTerminal && StandardErrorCapture.capture()
        waitSet = tabnav_wait_set_create(input, signalPipe.readDescriptor, wakePipe.readDescriptor)
    }

    deinit {
        close()
    }

    /// Whether a terminal's cursor addressing is an ANSI control sequence (`ESC [`), which
    /// says it understands the others (xterm's private modes are ignored by ANSI terminals
    /// that lack them, and printed by the others).
    static func speaksANSI(cursorAddress: [UInt8]?) -> Bool {
        guard let cursorAddress else { return false }
        return RestoreSequence.withoutPadding(cursorAddress).starts(with: [0x1B, 0x5B])
    }

    /// Current width of the screen in columns.
    package var columns: Int { isOpen ? oversize?.columns ?? Int(getmaxx(window)) : 0 }
    /// Current height of the screen in rows.
    package var rows: Int { isOpen ? oversize?.rows ?? Int(getmaxy(window)) : 0 }

    /// Restores the terminal: mouse reporting off, cursor visible, main screen back, the modes
    /// from before `open`, and the signal handlers that were there before. Safe to call twice.
    package func close() {
        guard isOpen else { return }
        isOpen = false
        activate()
        if mouseEnabled {
            Self.writeAll(outputDescriptor, RestoreSequence.mouseOff)
        }
        if pasteEnabled {
            Self.writeAll(outputDescriptor, RestoreSequence.bracketedPasteOff)
        }
        painter.resetAttributes()
        curs_set(1)
        endwin()
        // A terminal without an alternate screen (vt100, linux) would keep the last frame under
        // the shell's prompt: clear it, so the prompt starts on a clean line at the top.
        if Self.capability("rmcup") == nil, let clear = Self.capability("clear") {
            Self.writeAll(outputDescriptor, RestoreSequence.withoutPadding(clear))
        }
        relay.uninstall()
        if capturesStandardError {
            capturesStandardError = false
            StandardErrorCapture.release()
        }
        if waitSet >= 0 {
            Glibc.close(waitSet)
            waitSet = -1
        }
        delscreen(screen)
        if let ownedFiles {
            fclose(ownedFiles.input)
            fclose(ownedFiles.output)
        }
        ScreenRegistry.release()
    }

    /// Suspends the program as Ctrl-Z does in a shell: restores the terminal, stops with SIGTSTP,
    /// and when continued (`fg`) enters curses mode again, turns the mouse back on and redraws
    /// the last frame in full. A SIGTSTP sent from outside does the same inside `nextEvents()`.
    package func suspend() {
        guard isOpen else { return }
        activate()
        if mouseEnabled {
            Self.writeAll(outputDescriptor, RestoreSequence.mouseOff)
        }
        if pasteEnabled {
            Self.writeAll(outputDescriptor, RestoreSequence.bracketedPasteOff)
        }
        painter.resetAttributes()
        endwin()
        SignalRelay.stopProcess()
        // Continued: the first update restores the program's terminal modes and the screen;
        // keypad transmit mode, which endwin turned off, is not among them, so ask again.
        clearok(tabnav_curscr(), true)
        wnoutrefresh(window)
        doupdate()
        keypad(window, true)
        painter.invalidate() // The next frame is drawn in full over the screen ncurses cleared.
        if mouseEnabled {
            Self.writeAll(outputDescriptor, RestoreSequence.mouseOn)
        }
        if pasteEnabled {
            Self.writeAll(outputDescriptor, RestoreSequence.bracketedPasteOn)
        }
    }

    /// Turns the kernel's output processing (`OPOST`) off when none of its translations is on.
    ///
    /// ncurses' raw mode leaves `OPOST` set with every translation off (`nonl` cleared `ONLCR`):
    /// nothing written changes, yet the kernel then looks at each byte of each frame for one to
    /// translate. Off, it copies the frame as it is — about 0.01 ms less per key here
    /// (docs/terminal-notes.md, "Reading keys ourselves"). A terminal set to translate something
    /// (tabs to spaces, upper case) is left as it is.
    static func stopOutputProcessing(_ descriptor: Int32) {
        var mode = termios()
        guard tcgetattr(descriptor, &mode) == 0, mode.c_oflag & tcflag_t(OPOST) != 0 else { return }
        let tabsExpanded = mode.c_oflag & tcflag_t(TABDLY) == tcflag_t(XTABS)
        guard mode.c_oflag & tcflag_t(ONLCR | OCRNL | ONOCR | ONLRET | OLCUC | OFILL) == 0, !tabsExpanded else { return }
        mode.c_oflag &= ~tcflag_t(OPOST)
        tcsetattr(descriptor, TCSANOW, &mode)
    }

    /// Makes this screen ncurses' current one (other screens, such as `NcursesWidth`'s, may exist).
    func activate() {
        _ = set_term(screen)
    }

    // MARK: - Helpers

    private static func files(input: Int32, output: Int32) throws(TerminalError)
        -> (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>, owned: Bool)
    {
        if input == 0, output == 1, let stdinFile = tabnav_stdin(), let stdoutFile = tabnav_stdout() {
            return (stdinFile, stdoutFile, false)
        }
        let inputCopy = dup(input)
        let inputFile = inputCopy >= 0 ? fdopen(inputCopy, "r") : nil
        let outputCopy = dup(output)
        let outputFile = outputCopy >= 0 ? fdopen(outputCopy, "w") : nil
        guard let inputFile, let outputFile else {
            let code = errno
            if let inputFile { fclose(inputFile) } else if inputCopy >= 0 { Glibc.close(inputCopy) }
            if let outputFile { fclose(outputFile) } else if outputCopy >= 0 { Glibc.close(outputCopy) }
            throw .systemFailure(call: "fdopen", errno: code)
        }
        return (inputFile, outputFile, true)
    }

    /// A terminfo string capability of the current terminal as bytes, or `nil` if absent.
    static func capability(_ name: String) -> [UInt8]? {
        guard let value = tabnav_tigetstr(name) else { return nil }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self),
                                         count: strlen(value)))
    }

    /// Writes all of `bytes` to `descriptor`, retrying after interruptions and waiting while a
    /// non-blocking terminal is full. Returns `false` when the write failed part way.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    if poll(&ready, 1, 1000) < 0 && errno != EINTR { return false }
                } else {
                    return false
                }
            }
            return true
        }
    }
}
