import Foundation
import Synchronization
import TabNavCore
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
