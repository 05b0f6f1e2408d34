import CNcursesw
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How many columns ncurses itself advances when it draws a string.
///
/// The renderer measures text with its own width table; if ncurses disagrees about a character,
/// everything after it on the row lands in the wrong column. This asks ncurses directly, by
/// drawing into an off-screen window (a pad) of a private screen on a pseudo-terminal, so tests
/// can prove the two agree. Not for the run loop: it is slow compared to a table.
public enum NcursesWidth {
    private static let probe = Mutex<WidthProbe?>(nil)

    /// The cursor advance after `waddwstr` draws `text` from column 0 (one line; a newline or
    /// tab moves the cursor as ncurses moves it). `-1` if no pseudo-terminal could be opened.
    ///
    /// Uses the locale's character type; if that is not UTF-8 (as in a test runner that never
    /// called `setlocale`), it switches `LC_CTYPE` to the environment's, then to `C.UTF-8`.
    /// Call from the thread that owns ncurses; the current ncurses screen is left current.
    public static func columns(of text: String) -> Int {
        probe.withLock { probe in
            if probe == nil {
                probe = WidthProbe()
            }
            return probe?.measure(text) ?? -1
        }
    }
}

/// The private screen behind `NcursesWidth`.
private final class WidthProbe {
    private let terminal: PseudoTerminal
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let screen: OpaquePointer
    private var pad: UnsafeMutablePointer<WINDOW>?
    private var padColumns = 0

    init?() {
        if tabnav_codeset_is_utf8() == 0 {
            setlocale(LC_CTYPE, "")
            if tabnav_codeset_is_utf8() == 0 {
                setlocale(LC_CTYPE, "C.UTF-8")
            }
        }
        guard let terminal = PseudoTerminal(columns: 80, rows: 24) else { return nil }
        guard let input = fdopen(dup(terminal.secondary), "r") else { return nil }
        guard let output = fdopen(dup(terminal.secondary), "w") else {
            fclose(input)
            return nil
        }
        let previous = set_term(nil)
        guard let screen = newterm("xterm-256color", output, input) else {
            if let previous { _ = set_term(previous) }
            fclose(input)
            fclose(output)
            return nil
        }
        if let previous { _ = set_term(previous) }
        self.terminal = terminal
        self.input = input
        self.output = output
        self.screen = screen
    }

    func measure(_ text: String) -> Int {
        let previous = set_term(screen)
        defer {
            if let previous, previous != screen { _ = set_term(previous) }
        }
        var characters = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        let needed = characters.count * 2 + 16
        if pad == nil || padColumns < needed {
            if let pad { delwin(pad) }
            pad = newpad(1, Int32(needed))
            padColumns = needed
        }
        guard let pad else { return -1 }
        werase(pad)
        wmove(pad, 0, 0)
        _ = waddwstr(pad, characters)
        return Int(getcurx(pad))
    }
}
