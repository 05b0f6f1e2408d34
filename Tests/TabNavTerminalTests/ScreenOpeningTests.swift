import Foundation
import Synchronization
import TabNavCore
import TabNavInteraction
@testable import TabNavTerminal
import XCTest

/// A screen opened on a thread of its own while the session is built (`ScreenOpening`) must be
/// the screen `TerminalScreen.open` gives on the thread that runs it: what the opening sets up
/// for one thread only has to be there for the thread that waits for it.
final class ScreenOpeningTests: XCTestCase {
    /// Whether the calling thread has an alternate signal stack.
    private static func hasAlternateStack() -> Bool {
        var stack = stack_t()
        guard sigaltstack(nil, &stack) == 0 else { return false }
        return stack.ss_flags & Int32(SS_DISABLE) == 0
    }

    /// Runs `body` on a new thread (which starts without an alternate signal stack) and waits
    /// for it, at most ten seconds.
    private func onNewThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the thread ended")
    }

    /// The crash handlers run on an alternate stack (so a stack overflow still restores the
    /// terminal), and such a stack belongs to one thread: the thread that runs the screen needs
    /// one, not the thread that opened it and has ended.
    func testTheThreadThatWaitsForTheScreenHasTheCrashHandlersStack() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let found = Mutex<(before: Bool, after: Bool, opened: Bool)>((true, false, false))
        let secondary = pty.secondary
        onNewThread {
            let before = Self.hasAlternateStack()
            let opening = ScreenOpening(
                options: .init(terminalType: "xterm-256color"), inputDescriptor: secondary, outputDescriptor: secondary)
            let screen = try? opening.wait()
            let after = Self.hasAlternateStack()
            screen?.close()
            found.withLock { $0 = (before, after, screen != nil) }
        }
        let (before, after, opened) = found.withLock { $0 }
        XCTAssertTrue(opened, "the screen opened on the pseudo-terminal")
        XCTAssertFalse(before, "a new thread starts without an alternate stack")
        XCTAssertTrue(after, "the waiting thread has one once the screen is open")
    }
}

extension ScreenOpeningTests {
    /// The disposition of a signal, as a comparable value (the handler's address).
    private static func disposition(_ signal: Int32) -> UInt {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: UInt.self)
    }

    /// `run` ignores SIGPIPE and SIGXFSZ for the whole run (docs/behaviour.md), and the screen's
    /// close puts back the dispositions it found when it opened: a screen opened early must find
    /// them ignored already, or a write past `ulimit -f` after the close (the message of a save
    /// that failed on the way out) ends the program.
    func testAScreenOpenedEarlyPutsBackTheWriteSignalsIgnored() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let previous = (pipe: signal(SIGPIPE, SIG_DFL), fileSize: signal(SIGXFSZ, SIG_DFL))
        defer {
            signal(SIGPIPE, previous.pipe)
            signal(SIGXFSZ, previous.fileSize)
        }
        // As a run starts: neither is ignored before `TabNavApplication` is asked for anything.
        let ignored = unsafeBitCast(SIG_IGN, to: UInt.self)
        let opening = TabNavApplication.startOpening(
            AppOptions(), noColor: true, inputDescriptor: pty.secondary, outputDescriptor: pty.secondary)
        let screen = try opening.wait()
        screen.close()
        XCTAssertEqual(Self.disposition(SIGXFSZ), ignored, "SIGXFSZ is still ignored after the screen")
    }
}
