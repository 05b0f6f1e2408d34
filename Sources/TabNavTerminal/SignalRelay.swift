import CNcursesw
#if canImport(Glibc)
import Glibc
#endif

/// The process-wide signal handlers a `TerminalScreen` needs, and the dispositions they replaced.
///
/// Termination signals (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1 and the rest of
/// `terminationSignals`) and SIGTSTP only write their number to
/// a self-pipe, so the run loop learns of them in `nextEvents()` and closes (or suspends) at a
/// safe point. SIGWINCH replaces ncurses' own handler and writes to the pipe too, so a resize
/// wakes `poll` even if it lands just before the call, and the screen resizes ncurses itself.
/// Crash signals restore the terminal from bytes prepared at open and die with the same signal.
/// The handlers themselves are C (see shim.h) because they must be async-signal-safe.
struct SignalRelay {
    /// Every asynchronous signal whose default action ends the process: each one closes the
    /// program the way `q` does (docs/behaviour.md), so none can leave the terminal in raw mode.
    static let terminationSignals: [Int32] = [
        SIGTERM, SIGHUP, SIGINT, SIGQUIT,
        SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR, SIGIO, SIGSTKFLT,
    ]
    /// Signals a fault raises (or that mean the process is beyond saving): restore and die of it.
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]
    /// Ignored while the screen is open: a write past `ulimit -f` then fails with EFBIG, which
    /// the writer reports, instead of killing the program.
    static let ignoredSignals: [Int32] = [SIGXFSZ]

    /// Replaced dispositions, in installation order (restored in reverse).
    private var saved: [(signal: Int32, action: sigaction)] = []

    /// Installs the relays for termination signals and SIGTSTP, writing to `pipe`.
    ///
    /// Done before `newterm`, so ncurses finds them taken and does not install its own SIGINT,
    /// SIGTERM and SIGTSTP handlers (which would end or stop the program behind our back).
    mutating func installRelays(pipe: WakePipe) {
        tabnav_set_signal_pipe(pipe.writeDescriptor)
        for signal in Self.terminationSignals + [SIGTSTP] {
            install(signal, kind: Int32(TABNAV_HANDLER_RELAY))
        }
        for signal in Self.ignoredSignals {
            install(signal, kind: Int32(TABNAV_HANDLER_IGNORE))
        }
    }

    /// Installs the SIGWINCH chain and the crash handlers, after `newterm`.
    ///
    /// - Parameters:
    ///   - restoreBytes: what puts the terminal back (mouse off, rmcup, cursor, SGR reset).
    ///   - savedTermios: the input terminal's settings from before ncurses changed them.
    mutating func installAfterCurses(
        outputDescriptor: Int32, restoreBytes: [UInt8], inputDescriptor: Int32, savedTermios: termios?
    ) {
        // Relayed only, not chained to ncurses' handler: the screen tells ncurses the size itself,
        // capped (see `TerminalScreen.catchUpWithResize`).
        install(SIGWINCH, kind: Int32(TABNAV_HANDLER_RELAY))
        _ = restoreBytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if var settings = savedTermios {
                    tabnav_set_restore(outputDescriptor, chars.baseAddress, chars.count, inputDescriptor, &settings)
                } else {
                    tabnav_set_restore(outputDescriptor, chars.baseAddress, chars.count, inputDescriptor, nil)
                }
            }
        }
        _ = tabnav_install_alternate_stack()
        for signal in Self.crashSignals {
            install(signal, kind: Int32(TABNAV_HANDLER_CRASH))
        }
    }

    /// Puts every replaced disposition back and disarms the pipe and the emergency restore.
    mutating func uninstall() {
        for entry in saved.reversed() {
            var action = entry.action
            _ = tabnav_restore_handler(entry.signal, &action)
        }
        saved.removeAll()
        tabnav_clear_restore()
        tabnav_set_signal_pipe(-1)
    }

    /// Stops the process the way Ctrl-Z would (SIGTSTP with its default action) and returns once
    /// it is continued; the relay is back in place afterwards.
    static func stopProcess() {
        _ = tabnav_set_default_handler(SIGTSTP)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        kill(getpid(), SIGTSTP)
        var ignored = sigaction()
        _ = tabnav_install_handler(SIGTSTP, Int32(TABNAV_HANDLER_RELAY), &ignored)
    }

    /// Runs the emergency restore as a crash handler would (for tests: the bytes and termios).
    static func emergencyRestoreNow() {
        tabnav_emergency_restore()
    }

    private mutating func install(_ signal: Int32, kind: Int32) {
        var previous = sigaction()
        if tabnav_install_handler(signal, kind, &previous) == 0 {
            saved.append((signal, previous))
        }
    }
}

/// The termination signals caught for a program without a screen (`tabnav-tui render`): each
/// is written to a pipe (by the same async-signal-safe relay the screen uses) instead of ending
/// the process on the spot, so the program can end its children and exit at a safe point.
package final class TerminationSignals: @unchecked Sendable {
    private let pipe: WakePipe
    private var caught: Int32?

    /// Starts catching every signal of `SignalRelay.terminationSignals`; `nil` without pipes.
    package init?() {
        guard let pipe = WakePipe() else { return nil }
        self.pipe = pipe
        tabnav_set_signal_pipe(pipe.writeDescriptor)
        for signal in SignalRelay.terminationSignals {
            var previous = sigaction()
            _ = tabnav_install_handler(signal, Int32(TABNAV_HANDLER_RELAY), &previous)
        }
    }

    /// Readable once a signal came (for `poll`).
    package var descriptor: Int32 { pipe.readDescriptor }

    /// The first signal that came, if any.
    package var signal: Int32? {
        if caught == nil, let first = pipe.drain().first { caught = Int32(first) }
        return caught
    }
}

/// Running out of memory, or of address space under `ulimit -v` (docs/behaviour.md, "Signals
/// and leaving"): an allocation that fails makes the Swift runtime report it on standard error
/// ("Fatal error: failed to allocate N bytes ...") and abort. While standard error is captured,
/// the handler installed here finds that report at the capture's end (or the program's own note,
/// `AddressSpaceLimit.endForLackOfMemory`) and ends with one line instead (`tabnav-tui: out of
/// memory (the address space is limited to 196 MB: ulimit -v 200000)`) and exit status 1, the
/// terminal restored if the screen was open. Any other abort, trap or fault writes out what was
/// captured and goes on as it would have. The screen's crash handler does the same while the
/// screen is open.
package enum OutOfMemory {
    /// The signals the handler takes: the abort of a failed allocation, and the traps and faults
    /// whose message must not stay in the capture.
    static let signals: [Int32] = [SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGSYS]

    /// Installs the handler for the rest of the process's life (once is enough; again is harmless).
    package static func installHandler() {
        for signal in signals {
            var previous = sigaction()
            _ = tabnav_install_handler(signal, Int32(TABNAV_HANDLER_MEMORY), &previous)
        }
    }

    /// The program's start (`tabnav-tui`'s first line): the handler, and standard error captured
    /// for the whole life of the process, so that even before the screen opens (and in
    /// `check-layout` and `render`) running out of memory ends with the one line alone. The
    /// program's own lines pass straight through (`StandardErrorCapture.written()`), the rest at exit.
    package static func installForLife() {
        installHandler()
        _ = tabnav_capture_stderr_for_life()
    }
}

/// Standard error while it may be captured (docs/terminal-notes.md, "Standard error").
package enum StandardErrorCapture {
    /// After a line of the program's own was written to descriptor 2: passes on at once what the
    /// capture holds, unless the screen is open.
    package static func written() { tabnav_stderr_written() }

    /// Begins a capture (nested in any that is on); true when one began, to be ended by `release()`.
    package static func capture() -> Bool { tabnav_capture_stderr() == 0 }

    /// Ends one capture: the outermost points standard error back and writes out what it held.
    package static func release() { tabnav_release_stderr() }

    /// Whether standard error as the person sees it is a terminal (the saved one while captured).
    package static var isTerminal: Bool { tabnav_stderr_is_terminal() == 1 }
}
