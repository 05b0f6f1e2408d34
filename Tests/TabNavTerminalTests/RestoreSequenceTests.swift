@testable import TabNavTerminal
import XCTest

final class RestoreSequenceTests: XCTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testPaddingIsRemoved() {
        XCTAssertEqual(RestoreSequence.withoutPadding(bytes("\u{1B}[?5h$<100/>\u{1B}[?5l")),
                       bytes("\u{1B}[?5h\u{1B}[?5l"))
        XCTAssertEqual(RestoreSequence.withoutPadding(bytes("a$b$<c")), bytes("a$b$<c")) // unclosed
    }

    func testEmergencyBytesTurnEverythingOffInOrder() {
        let result = RestoreSequence.emergencyBytes(
            mouse: true, keypadLocal: bytes("\u{1B}>"), exitAlternateScreen: bytes("\u{1B}[?1049l"),
            cursorVisible: bytes("\u{1B}[?25h"), resetAttributes: bytes("\u{1B}(B\u{1B}[m"))
        XCTAssertEqual(result, RestoreSequence.mouseOff + bytes("\u{1B}[?2004l\u{1B}>\u{1B}[?1049l\u{1B}[0 q\u{1B}[?25h\u{1B}(B\u{1B}[m"))
        XCTAssertEqual(String(decoding: RestoreSequence.mouseOff, as: UTF8.self),
                       "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l")
    }

    func testWithoutMouseOrCapabilitiesStillShowsTheCursor() {
        let result = RestoreSequence.emergencyBytes(
            mouse: false, keypadLocal: nil, exitAlternateScreen: nil, cursorVisible: nil, resetAttributes: nil)
        XCTAssertEqual(result, bytes("\u{1B}[?2004l\u{1B}[0 q\u{1B}[?25h\u{1B}[0m"), "bracketed paste off, cursor shape, cursor, attributes")
    }

    /// A crash while a terminal tab's program had a bar or underline cursor (DECSCUSR, which the
    /// screen copies to the outer terminal) gives the shell the terminal's own shape back, as a
    /// normal exit does; the emergency restore left the program's shape behind.
    func testEmergencyRestorePutsTheTerminalsCursorShapeBack() {
        let result = RestoreSequence.emergencyBytes(
            mouse: true, keypadLocal: nil, exitAlternateScreen: bytes("\u{1B}[?1049l"),
            cursorVisible: bytes("\u{1B}[?25h"), resetAttributes: nil)
        let text = String(decoding: result, as: UTF8.self)
        XCTAssertTrue(text.contains("\u{1B}[?1049l\u{1B}[0 q\u{1B}[?25h"), "the shape back after leaving the alternate screen: \(text.debugDescription)")
    }

    /// A terminal that does not speak ANSI (vt52) is never sent xterm's private modes nor ANSI
    /// stand-ins for capabilities it lacks: it would print them.
    func testATerminalWithoutANSIGetsNoANSIBytes() {
        XCTAssertTrue(TerminalScreen.speaksANSI(cursorAddress: bytes("\u{1B}[%i%p1%d;%p2%dH")))
        XCTAssertTrue(TerminalScreen.speaksANSI(cursorAddress: bytes("$<2>\u{1B}[%i%p1%d;%p2%dH")))
        XCTAssertFalse(TerminalScreen.speaksANSI(cursorAddress: bytes("\u{1B}Y%p1%' '%+%c%p2%' '%+%c")), "vt52")
        XCTAssertFalse(TerminalScreen.speaksANSI(cursorAddress: nil))
        let result = RestoreSequence.emergencyBytes(
            mouse: false, paste: false, ansi: false, keypadLocal: bytes("\u{1B}>"), exitAlternateScreen: nil,
            cursorVisible: nil, resetAttributes: nil)
        XCTAssertEqual(result, bytes("\u{1B}>"), "only the terminal's own capabilities")
    }
}

final class TerminalErrorTests: XCTestCase {
    func testMessagesAreTheOnesTheSpecificationGives() {
        XCTAssertEqual(TerminalError.notATerminal(input: false).message,
                       "tabnav-tui: standard output is not a terminal (use 'tabnav-tui render' for headless output)")
        XCTAssertEqual(TerminalError.unknownTerminal("vt9000").message,
                       "tabnav-tui: unknown terminal type \"vt9000\" (set TERM to a type in the terminfo database)")
        XCTAssertEqual(TerminalError.notATerminal(input: true).message,
                       "tabnav-tui: standard input is not a terminal (use 'tabnav-tui render' for headless output)")
        // A library error carries no program name: embedding programs prefix their own.
        XCTAssertEqual(TerminalError.unknownTerminal("x").description,
                       "unknown terminal type \"x\" (set TERM to a type in the terminfo database)")
        XCTAssertEqual(TerminalError.unknownTerminal("x").message, "tabnav-tui: " + TerminalError.unknownTerminal("x").description)
        XCTAssertEqual(TerminalError.notATerminal(input: false).description, "standard output is not a terminal")
        XCTAssertEqual(TerminalError.notATerminal(input: true).description, "standard input is not a terminal")
    }
}
