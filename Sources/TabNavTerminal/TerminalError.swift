/// Why a terminal screen could not be opened.
///
/// Each case carries the exact one-line message the program prints on stderr before exiting
/// with status 2, so the executable does not have to phrase them itself.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, /dev/null); `input` says which.
    case notATerminal(input: Bool)
    /// `TERM` names a type ncurses cannot use (not in the terminfo database, or too limited).
    case unknownTerminal(String)
    /// The terminal type is known but cannot address the cursor (`dumb`, hardcopy terminals), so a
    /// full-screen program cannot draw on it.
    case unsupportedTerminal(String)
    /// Another `TerminalScreen` is open; signals are per process, so only one can own them.
    case alreadyOpen
    /// A system call failed while setting up (for example, no file descriptors left).
    case systemFailure(call: String, errno: Int32)

    /// The message the `tabnav-tui` program prints on stderr, starting with its name.
    public var message: String {
        if case .notATerminal(let input) = self {
            return "tabnav-tui: standard \(input ? "input" : "output") is not a terminal (use 'tabnav-tui render' for headless output)"
        }
        return "tabnav-tui: " + description
    }

    /// What went wrong, without a program's name (for programs that embed the library).
    public var description: String {
        switch self {
        case .notATerminal(let input):
            return "standard \(input ? "input" : "output") is not a terminal"
        case .unknownTerminal(let name):
            return "unknown terminal type \"\(name)\" (set TERM to a type in the terminfo database)"
        case .unsupportedTerminal(let name):
            return "terminal type \"\(name)\" cannot move the cursor (set TERM to a full-screen terminal type)"
        case .alreadyOpen:
            return "a terminal screen is already open in this process"
        case .systemFailure(let call, let code):
            return "\(call) failed (errno \(code))"
        }
    }
}
