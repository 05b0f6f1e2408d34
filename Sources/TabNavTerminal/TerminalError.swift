/// Why a terminal screen could not be opened.
///
/// Each case carries the exact one-line message the program prints on stderr before exiting
/// with status 2, so the executable does not have to phrase them itself.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, /dev/null).
    case notATerminal
    /// `TERM` names a type ncurses cannot use (not in the terminfo database, or too limited).
    case unknownTerminal(String)
    /// The terminal type is known but cannot address the cursor (`dumb`, hardcopy terminals), so a
    /// full-screen program cannot draw on it.
    case unsupportedTerminal(String)
    /// Another `TerminalScreen` is open; signals are per process, so only one can own them.
    case alreadyOpen
    /// A system call failed while setting up (for example, no file descriptors left).
    case systemFailure(call: String, errno: Int32)

    /// The message for stderr, starting with the program name.
    public var message: String {
        switch self {
        case .notATerminal:
            return "tabnav-tui: standard output is not a terminal (use 'tabnav-tui render' for headless output)"
        case .unknownTerminal(let name):
            return "tabnav-tui: unknown terminal type \"\(name)\" (set TERM to a type in the terminfo database)"
        case .unsupportedTerminal(let name):
            return "tabnav-tui: terminal type \"\(name)\" cannot move the cursor (set TERM to a full-screen terminal type)"
        case .alreadyOpen:
            return "tabnav-tui: a terminal screen is already open in this process"
        case .systemFailure(let call, let code):
            return "tabnav-tui: \(call) failed (errno \(code))"
        }
    }

    /// Same as `message`, so `print(error)` shows the line the user should see.
    public var description: String { message }
}
