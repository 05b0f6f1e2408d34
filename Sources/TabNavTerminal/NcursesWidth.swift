import CNcursesw
#if canImport(Glibc)
import Glibc
#endif

/// How many columns ncurses itself advances when it draws a string.
///
/// The renderer measures text with its own width table; if ncurses disagrees about a character,
/// everything after it on the row lands in the wrong column. This asks ncurses directly, by
/// drawing into an off-screen window (a pad), so tests can prove the two agree. The pad lives on
/// the open `TerminalScreen` if there is one; otherwise on a short-lived screen of its own on a
/// pseudo-terminal (ncurses cannot keep two screens safely, see `ScreenRegistry`). Slow compared
/// to a table: not for the run loop.
package enum NcursesWidth {
    /// The cursor advance after `waddwstr` draws `text` from column 0 (one line; a tab or a
    /// control character moves the cursor as ncurses moves it). `-1` if ncurses is unavailable.
    ///
    /// Uses the locale's character type; if that is not UTF-8 (as in a test runner that never
    /// called `setlocale`), it switches `LC_CTYPE` to the environment's, then to `C.UTF-8`.
    /// Call from the thread that owns ncurses (the run loop's, if a screen is open).
    package static func columns(of text: String) -> Int {
        columns(of: [text])[0]
    }

    /// `columns(of:)` for many strings at once, sharing one set-up.
    package static func columns(of texts: [String]) -> [Int] {
        ScreenRegistry.state.withLock { state -> [Int] in
            switch state {
            case .open(let handle):
                _ = set_term(handle.screen)
                return texts.map(measure)
            case .opening:
                return texts.map { _ in -1 }
            case .free:
                return withPrivateScreen { texts.map(measure) } ?? texts.map { _ in -1 }
            }
        }
    }

    /// Runs `body` with a fresh screen on a pseudo-terminal current, deleting it afterwards.
    private static func withPrivateScreen(_ body: () -> [Int]) -> [Int]? {
        if tabnav_codeset_is_utf8() == 0 {
            setlocale(LC_CTYPE, "")
            if tabnav_codeset_is_utf8() == 0 {
                setlocale(LC_CTYPE, "C.UTF-8")
            }
        }
        guard let terminal = PseudoTerminal(columns: 80, rows: 24),
              let input = fdopen(dup(terminal.secondary), "r") else { return nil }
        defer { fclose(input) }
        guard let output = fdopen(dup(terminal.secondary), "w") else { return nil }
        defer { fclose(output) }
        guard let screen = newterm("xterm-256color", output, input) else { return nil }
        let result = body()
        endwin()
        delscreen(screen)
        return result
    }

    private static func measure(_ text: String) -> Int {
        var characters = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        guard let pad = newpad(1, Int32(clamping: characters.count * 2 + 16)) else { return -1 }
        defer { delwin(pad) }
        _ = waddwstr(pad, characters)
        return Int(getcurx(pad))
    }
}
