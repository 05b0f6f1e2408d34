import Foundation
@testable import TabNavTerminal
import XCTest

/// The same bytes give the same events however the terminal's reads cut them, with the run loop
/// asking for events (with a short timeout, as it does while a page animates) between the parts.
final class InputSplitTests: XCTestCase {
    /// Streams that each end with `x`, so a reader knows when all of it arrived.
    private let streams: [[UInt8]] = [
        Array("\u{1B}]11;rgb:1111/2222/3333\u{7}x".utf8),
        Array("\u{1B}P1$r0 q\u{1B}\\\u{1B}_Gi=1;OK\u{1B}\\x".utf8),
        Array("\u{1B}[200~pa\u{E9}ste q\u{1B}[20 \u{1B}[201~x".utf8),
        Array("\u{1B}[<0;10;5M\u{1B}[M".utf8) + [32, 233, 140] + Array("\u{20AC}\u{1B}[A\u{1B}[?64;1c\u{1B}OBx".utf8),
        [0xE0, 0x80, 0x9B, 0xC3, 0x1B, 0x5B, 0x31, 0x7E, 0xF4, 0x90, 0x80, 0x80, 0x78],
    ]

    /// Events until the final `x`, or five seconds without any.
    private func eventsToTheEnd(_ screen: TerminalScreen) -> [InputEvent] {
        var result: [InputEvent] = []
        while result.last != .key(.character("x")) {
            let next = screen.nextEvents(timeout: .seconds(5))
            if next.isEmpty { break }
            result += next
        }
        return result
    }

    func testEveryCutGivesTheEventsOfTheWhole() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 240, rows: 120))
        let screen = try TerminalScreen.open(options: .init(terminalType: "xterm-256color"),
                                             inputDescriptor: pty.secondary, outputDescriptor: pty.secondary)
        defer { screen.close() }
        for stream in streams {
            pty.type(bytes: stream)
            let whole = eventsToTheEnd(screen)
            XCTAssertEqual(whole.last, .key(.character("x")))
            // Not right after an Escape: a pause there is the Escape key, by design (25 ms).
            for cut in 1..<stream.count where stream[cut - 1] != 0x1B {
                pty.type(bytes: Array(stream[..<cut]))
                var parts = screen.nextEvents(timeout: .milliseconds(1))
                pty.type(bytes: Array(stream[cut...]))
                parts += eventsToTheEnd(screen)
                XCTAssertEqual(parts, whole, "cut after byte \(cut) of \(stream)")
            }
        }
    }
}
