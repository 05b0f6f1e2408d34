#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair: a terminal device (`secondary`) that ncurses can run on without any
/// real terminal, and the `primary` side where everything written to it can be read back.
///
/// Used to measure what ncurses does (`NcursesWidth`) and, in tests and benchmarks, to run a real
/// `TerminalScreen` headlessly and count the bytes it sends.
package final class PseudoTerminal {
    /// The controlling side: read what the program wrote, write what it should read.
    package let primary: Int32
    /// The terminal device the program opens its screen on.
    package let secondary: Int32

    /// Opens a pair whose terminal reports `columns`×`rows`; `nil` if the system has none left.
    package init?(columns: Int, rows: Int) {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns),
                           ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else { return nil }
        _ = fcntl(primary, F_SETFD, FD_CLOEXEC)
        _ = fcntl(secondary, F_SETFD, FD_CLOEXEC)
        self.primary = primary
        self.secondary = secondary
    }

    deinit {
        Glibc.close(primary)
        Glibc.close(secondary)
    }

    /// Changes the size the terminal reports (what a terminal window does when resized). The
    /// process is not signalled: it is not in the terminal's session; send SIGWINCH yourself.
    package func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns),
                           ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(primary, UInt(TIOCSWINSZ), &size)
    }
}
