import Synchronization

/// The one ncurses screen a process may have open at a time, known to everything that touches
/// ncurses.
///
/// Two reasons for one: the signal handlers `TerminalScreen` installs are per process, and this
/// ncurses build keeps a single, process-wide list of windows — `delscreen` of any screen frees
/// the windows of *every* screen (seen with valgrind on ncurses 6.4). So no second screen may
/// live beside an open `TerminalScreen`; `NcursesWidth` borrows the open one instead.
enum ScreenRegistry {
    /// A `SCREEN *`, handed between threads only under the lock.
    struct Handle: @unchecked Sendable {
        let screen: OpaquePointer
    }

    enum State: Sendable {
        case free
        /// `TerminalScreen.open` is setting up.
        case opening
        case open(Handle)
    }

    static let state = Mutex<State>(.free)

    /// Claims the process's screen for an `open`; `false` if one is open or opening.
    static func claim() -> Bool {
        state.withLock { state in
            guard case .free = state else { return false }
            state = .opening
            return true
        }
    }

    static func opened(_ screen: OpaquePointer) {
        state.withLock { $0 = .open(Handle(screen: screen)) }
    }

    static func release() {
        state.withLock { $0 = .free }
    }
}
