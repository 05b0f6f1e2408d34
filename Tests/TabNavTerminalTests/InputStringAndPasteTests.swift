import CNcursesw
import TabNavCore
import TabNavDrawing
import TabNavInteraction
@testable import TabNavTerminal
import XCTest

/// Terminal replies that are strings (OSC, DCS, APC, PM, SOS) are consumed whole, also when they
/// arrive in parts with pauses between them; a timed-out CSI sequence never leaks its tail; and a
/// bracketed paste arrives as one `.paste` (docs/keys.md).
final class InputStringAndPasteTests: XCTestCase {
    /// Feeds each part, flushing between parts as the screen does after a pause.
    private func decode(_ parts: String..., decoder: inout InputDecoder) -> [InputEvent] {
        var events: [InputEvent] = []
        for (index, part) in parts.enumerated() {
            for scalar in part.unicodeScalars { decoder.feed(character: scalar.value, into: &events) }
            if index < parts.count - 1 { decoder.flush(into: &events) }
        }
        return events
    }

    private func decode(_ parts: String...) -> [InputEvent] {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for (index, part) in parts.enumerated() {
            for scalar in part.unicodeScalars { decoder.feed(character: scalar.value, into: &events) }
            if index < parts.count - 1 { decoder.flush(into: &events) }
        }
        return events
    }

    func testAnOSCColourReplyIsNotKeys() {
        XCTAssertEqual(decode("\u{1B}]11;rgb:0000/0000/0000\u{07}"), [.terminalBackground(.black)])
        XCTAssertEqual(decode("\u{1B}]11;rgb:0/0/0\u{1B}\\q"), [.terminalBackground(.black), .key(.character("q"))],
                       "ST ends it; what follows is a key")
        XCTAssertEqual(decode("\u{9D}11;rgb:1/r/1\u{9C}x"), [.key(.character("x"))], "the C1 forms too; unreadable: dropped")
        XCTAssertEqual(decode("\u{1B}]10;rgb:ffff/ffff/ffff\u{07}"), [], "the foreground's answer is not the background")
    }

    /// The answer to the background query (docs/themes.md) becomes one event, also in parts.
    func testTheBackgroundAnswerIsReadWhateverItsDigits() {
        XCTAssertEqual(decode("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"), [.terminalBackground(.white)])
        XCTAssertEqual(decode("\u{1B}]11;rgb:fd/f6/e3\u{07}"), [.terminalBackground(RGBColor(hex: 0xFDF6E3))])
        XCTAssertEqual(decode("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{07}"), [.terminalBackground(RGBColor(hex: 0x1E1E2E))])
        XCTAssertEqual(decode("\u{1B}]11;rgb:ff", "ff/ffff/", "ffff\u{07}j"), [.terminalBackground(.white), .key(.character("j"))])
        XCTAssertEqual(decode("\u{1B}]11;rgb:ffff/ffff\u{07}"), [], "two channels")
        XCTAssertEqual(decode("\u{1B}]11;rgb:fffff/0/0\u{07}"), [], "five digits")
        XCTAssertEqual(decode("\u{1B}]11;?\u{07}"), [], "an echo of the question")
        XCTAssertEqual(decode("\u{1B}]11;rgb:" + String(repeating: "f", count: 200) + "\u{07}k"), [.key(.character("k"))],
                       "a long string is consumed whole")
    }

    /// COLORFGBG (`fg;bg`, rxvt's convention) says which background the terminal has.
    func testColorFGBGNamesTheBackground() {
        XCTAssertEqual(ThemeChoice.background(colorFGBG: "15;0"), .black)
        XCTAssertEqual(ThemeChoice.background(colorFGBG: "0;15"), .white)
        XCTAssertEqual(ThemeChoice.background(colorFGBG: "0;default;7"), .white)
        XCTAssertEqual(ThemeChoice.background(colorFGBG: "7;8"), .black)
        XCTAssertNil(ThemeChoice.background(colorFGBG: "x"))
        XCTAssertNil(ThemeChoice.background(colorFGBG: nil))
        XCTAssertEqual(ThemeChoice.automatic.theme(background: .white, depth: .full256).name, .light)
        XCTAssertEqual(ThemeChoice.automatic.theme(background: nil, depth: .full256).name, .dark)
        XCTAssertEqual(ThemeChoice.named(.dark).theme(background: .white, depth: .full256).name, .dark, "a named theme stays")
    }

    func testEveryStringSequenceKindIsConsumed() {
        for opener in ["\u{1B}P", "\u{1B}_", "\u{1B}^", "\u{1B}X", "\u{90}", "\u{9F}", "\u{9E}", "\u{98}"] {
            XCTAssertEqual(decode(opener + "1$r0;1m/rq\u{1B}\\"), [], opener.debugDescription)
        }
    }

    func testAStringSplitByPausesIsStillConsumedWhole() {
        var decoder = InputDecoder()
        XCTAssertEqual(decode("\u{1B}]11;rgb:0", "/0", "/0\u{1B}", "\\1", decoder: &decoder),
                       [.terminalBackground(.black), .key(.character("1"))])
        XCTAssertFalse(decoder.hasPendingInput, "a string waits without waking the screen")
    }

    func testAnEscapeInsideAStringEndsItAndStartsASequence() {
        // As xterm reads it: an ESC not followed by `\\` cancels the string.
        XCTAssertEqual(decode("\u{1B}]2;title\u{1B}[Aq"), [.key(.up), .key(.character("q"))])
    }

    func testEnterAfterAnAccidentalAltBracketGivesTheKeyboardBack() {
        XCTAssertEqual(decode("\u{1B}]abc", "\r", "q"), [.key(.enter), .key(.character("q"))])
        XCTAssertEqual(decode("\u{1B}]abc\u{18}q"), [.key(.character("q"))], "CAN cancels")
    }

    func testATimedOutMouseReportDoesNotLeakItsTail() {
        XCTAssertEqual(decode("\u{1B}[<0;1", "0;5m", "l"), [.key(.character("l"))])
        XCTAssertEqual(decode("\u{1B}[", "A"), [], "the tail of a cut-short arrow is dropped too")
        XCTAssertEqual(decode("\u{1B}O", "A"), [.key(.up)])
        var decoder = InputDecoder()
        _ = decode("\u{1B}[<0;1", decoder: &decoder)
        var events: [InputEvent] = []
        decoder.flush(into: &events)
        decoder.flush(into: &events)
        XCTAssertFalse(decoder.hasPendingInput, "a second pause ends the wait for the tail")
        XCTAssertEqual(decode("q", decoder: &decoder), [.key(.character("q"))])
    }

    func testAnX10ReportCutRightAfterItsBracketDoesNotLeakItsCoordinates() {
        // `ESC [`, a pause, then `M` and the report's three raw bytes (` mm`: a press at column
        // 77, row 77): the bytes are the report's, never keys (`m` would pick an entry up).
        XCTAssertEqual(decode("\u{1B}[", "M mm", "l"), [.key(.character("l"))])
        var decoder = InputDecoder()
        _ = decode("\u{1B}[", "M", decoder: &decoder)
        XCTAssertTrue(decoder.wantsRawBytes, "the coordinates are read as raw bytes")
    }

    /// After a cut `ESC [` (Alt-[ typed, say), what breaks CSI's rules or runs longer than any
    /// report is typing, not a tail: `12 34 5` loses only `12 ` (a parameter after an intermediate
    /// ends the tail), and 20 digits lose only the 16 a report could hold. A report's own tail
    /// (`<0;10;5m`) and a paste's start (`200~`) are still taken whole.
    func testTypingAfterACutBracketIsKeysAgainOnceItCannotBeATail() {
        XCTAssertEqual(decode("\u{1B}[", "12 34 5"), [.key(.character("3")), .key(.character("4")), .key(.character(" ")), .key(.character("5"))])
        XCTAssertEqual(decode("\u{1B}[", String(repeating: "7", count: 20)), Array(repeating: .key(.character("7")), count: 4))
        XCTAssertEqual(decode("\u{1B}[<0;1", "0;5m", "l"), [.key(.character("l"))])
        XCTAssertEqual(decode("\u{1B}[20", "0~q", "\u{1B}[201~"), [.paste("q")])
    }

    func testABracketedPasteIsOneEventNeverKeys() {
        XCTAssertEqual(decode("\u{1B}[200~hello q\u{1B}[201~"), [.paste("hello q")])
        XCTAssertEqual(decode("\u{1B}[200~a\r\nb\tc\u{1B}[A\u{1B}[201~x"), [.paste("a\n\nb c[A"), .key(.character("x"))],
                       "controls are dropped, line breaks kept, what follows the end is keys again")
        XCTAssertEqual(decode("\u{1B}[200~abc\u{1B}[20" + "1~"), [.paste("abc")], "the end marker split between reads")
        XCTAssertEqual(decode("\u{1B}[200~\u{1B}[20\u{1B}[201~"), [.paste("[20")])
    }

    func testAHugePasteKeepsABoundedPrefix() {
        let text = String(repeating: "x", count: 1_000_000)
        let events = decode("\u{1B}[200~" + text + "\u{1B}[201~")
        XCTAssertEqual(events, [.paste(String(repeating: "x", count: InputDecoder.maximumPasteLength))])
    }

    /// The screen flushes after a second of silence inside a paste: a paste whose end marker never
    /// comes ends there, and what follows is keys again (the keyboard is never captured for good).
    func testAPasteThatNeverEndsEndsWhenTheTerminalGoesQuiet() {
        XCTAssertEqual(decode("\u{1B}[200~hello", "q"), [.paste("hello"), .key(.character("q"))])
        XCTAssertEqual(decode("\u{1B}[200~ab\u{1B}[20", "q"), [.paste("ab"), .key(.character("q"))],
                       "a marker cut short is not text")
    }

    func testTheLinuxConsolesFunctionKeysAreNotTyped() {
        XCTAssertEqual(decode("\u{1B}[[A\u{1B}[[E"), [.key(.function(1)), .key(.function(5))])
        XCTAssertEqual(decode("\u{1B}[200~xy\u{1B}[201~\u{1B}[[A"), [.paste("xy"), .key(.function(1))])
        XCTAssertEqual(decode("\u{1B}[[Zq"), [.key(.character("q"))], "an unknown one is dropped, not typed")
    }

    func testAKeysSequenceInsideAPasteIsTextNotAKey() {
        var decoder = InputDecoder(terminfo: TerminfoKeys([(Array("\u{1B}Ow".utf8), .home)]))
        var events: [InputEvent] = []
        for scalar in "\u{1B}[200~ab\u{1B}[Ac\u{1B}Owd\u{1B}[201~".unicodeScalars {
            decoder.feed(character: scalar.value, into: &events)
        }
        XCTAssertEqual(events, [.paste("ab[AcOwd")], "the Escapes (controls) are dropped, the rest is text")
    }
}
