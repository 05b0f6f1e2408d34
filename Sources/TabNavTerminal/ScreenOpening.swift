import CNcursesw
#if canImport(Glibc)
import Glibc
#endif
import TabNavCore
import TabNavSystem

/// The screen opened on a thread of its own while this one builds the session of a large layout
/// (docs/benchmark.md, "Start-up of a large layout"): with 10,000 tabs, laying out the model and
/// opening the terminal (the locale, the terminfo entry, the modes) each take about a
/// millisecond, and neither needs the other.
///
/// It is started only once the layout is known to be good, so bad input still exits with the
/// terminal untouched (`TabNavApplication.startOpening`). ncurses is used by one thread at a
/// time: the opening thread until `wait()` returns, this one after; what the opening set up for
/// its own thread alone is set up again for this one.
package final class ScreenOpening: @unchecked Sendable {
    private let options: TerminalScreen.Options
    private let inputDescriptor: Int32
    private let outputDescriptor: Int32
    private let lock = SystemLock()
    // Guarded by `lock`.
    private var result: Result<TerminalScreen, TerminalError>?
    private var started = false

    /// Starts opening the screen on standard input and output (or other terminal descriptors, as
    /// `TerminalScreen.open(options:inputDescriptor:outputDescriptor:)`); where no thread can be
    /// had, `wait()` opens it.
    package init(options: TerminalScreen.Options, inputDescriptor: Int32 = 0, outputDescriptor: Int32 = 1) {
        self.options = options
        self.inputDescriptor = inputDescriptor
        self.outputDescriptor = outputDescriptor
        let opening = self
        started = DetachedThread.start {
            let opened: Result<TerminalScreen, TerminalError>
            do throws(TerminalError) {
                opened = .success(try opening.open())
            } catch {
                opened = .failure(error)
            }
            opening.lock.withLock {
                opening.result = opened
                opening.lock.broadcast()
            }
        }
    }

    private func open() throws(TerminalError) -> TerminalScreen {
        try TerminalScreen.open(options: options, inputDescriptor: inputDescriptor, outputDescriptor: outputDescriptor)
    }

    /// The opened screen, once the opening thread is done; its error if the terminal could not be
    /// opened.
    package func wait() throws(TerminalError) -> TerminalScreen {
        guard started else { return try open() }
        let opened = lock.withLock {
            while result == nil { lock.wait() }
            return result!
        }
        let screen = try opened.get()
        // The crash handlers run on an alternate signal stack (so that a stack overflow still
        // restores the terminal), and such a stack is one thread's: the opening thread's went
        // with it. This thread runs the screen from now on.
        _ = tabnav_install_alternate_stack()
        return screen
    }
}
