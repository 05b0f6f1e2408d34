import TabNavDrawing
import TabNavInteraction
@testable import TabNavTerminal
import XCTest

/// The emulation behind terminal tabs (docs/terminal-tabs.md): what a program writes becomes the
/// project's cells (colours in every depth, attributes, wide characters, combining marks), and
/// keys become what the program asked for (application cursor keys, modifiers).
final class TerminalEmulatorTests: XCTestCase {
    private func screen(_ text: String, columns: Int = 20, rows: Int = 4) -> (TerminalEmulator, TerminalImage) {
        let emulator = TerminalEmulator(columns: columns, rows: rows)
        emulator.feed(text)
        return (emulator, emulator.image())
    }

    // MARK: Cells

    func testTextLandsInCellsWithTheCursorAfterIt() {
        let (_, image) = screen("hello\r\nworld")
        XCTAssertEqual(image.text(ofRow: 0), "hello")
        XCTAssertEqual(image.text(ofRow: 1), "world")
        XCTAssertEqual(image.cursor, TerminalCursor(row: 1, column: 5))
    }

    func testSixteenAnd256ColoursArePaletteIndices() {
        let (_, image) = screen("\u{1B}[31mR\u{1B}[94mB\u{1B}[38;5;208mO\u{1B}[48;5;17mb\u{1B}[0mp")
        XCTAssertEqual(image.cells[0].style.foreground, 1)
        XCTAssertEqual(image.cells[1].style.foreground, 12)
        XCTAssertEqual(image.cells[2].style.foreground, 208)
        XCTAssertEqual(image.cells[3].style.background, 17)
        XCTAssertEqual(image.cells[4].style, .plain)
    }

    func testTrueColourComesDownToTheNearestPaletteColour() {
        let (_, image) = screen("\u{1B}[38;2;255;0;0mr\u{1B}[38;2;128;128;128mg\u{1B}[48;2;0;95;135mb")
        XCTAssertEqual(image.cells[0].style.foreground, 196)  // the cube's pure red
        XCTAssertEqual(image.cells[1].style.foreground, 244)  // a grey of the ramp
        XCTAssertEqual(image.cells[2].style.background, 24)   // 0/95/135 exactly
    }

    func testColoursInEachDepthOfTheOuterTerminal() {
        let (_, image) = screen("\u{1B}[38;2;255;0;0mr\u{1B}[38;5;21mb")
        let red = image.cells[0].style, blue = image.cells[1].style
        XCTAssertEqual(ColorDepth.full256.effective(red).foreground, 196)
        XCTAssertEqual(ColorDepth.eight.effective(red).foreground, 1)
        XCTAssertEqual(ColorDepth.eight.effective(blue).foreground, 4)
        XCTAssertNil(ColorDepth.none.effective(red).foreground)
    }

    func testAttributes() {
        let (_, image) = screen("\u{1B}[1mb\u{1B}[0;3mi\u{1B}[0;4mu\u{1B}[0;7mr\u{1B}[0;9ms\u{1B}[0m.")
        XCTAssertEqual(image.cells[0].style.attributes, .bold)
        XCTAssertEqual(image.cells[1].style.attributes, .italic)
        XCTAssertEqual(image.cells[2].style.attributes, .underline)
        XCTAssertEqual(image.cells[3].style.attributes, .reverse)
        XCTAssertEqual(image.cells[4].style.attributes, .strikethrough)
        XCTAssertEqual(image.cells[5].style.attributes, [])
    }

    func testWideCharactersTakeALeadAndAContinuation() {
        let (_, image) = screen("a漢b")
        XCTAssertEqual(image.cells[1].text, "漢")
        XCTAssertEqual(image.cells[1].width, 2)
        XCTAssertTrue(image.cells[2].isContinuation)
        XCTAssertEqual(image.cells[3].text, "b")
        XCTAssertEqual(image.cursor?.column, 4)
    }

    func testCombiningMarksStayWithTheirBase() {
        let (_, image) = screen("e\u{301}x")
        XCTAssertEqual(image.cells[0].text, "e\u{301}")
        XCTAssertEqual(image.cells[1].text, "x")
    }

    func testDirectionChangingCharactersNeverReachTheScreen() {
        let (_, image) = screen("a\u{202E}b")
        XCTAssertFalse(image.cells.contains { $0.text.unicodeScalars.contains { $0.value == 0x202E } })
    }

    func testTitleIsSanitizedAndQueriesStayInside() {
        let (emulator, image) = screen("\u{1B}]2;top \u{202E}x\u{7}\u{1B}]52;c;aGk=\u{7}\u{1B}]8;;http://x\u{7}link")
        XCTAssertEqual(image.title, "top x")
        XCTAssertEqual(image.text(ofRow: 0), "link")
        // Device attributes are answered by the emulation, to the program, not the outer terminal.
        emulator.feed("\u{1B}[c")
        XCTAssertTrue(emulator.takeOutput().starts(with: Array("\u{1B}[?".utf8)))
    }

    func testCursorShapeVisibilityAndModes() {
        let (emulator, image) = screen("\u{1B}[6 q\u{1B}[?1049h\u{1B}[?1000h\u{1B}[?1006h")
        XCTAssertEqual(image.cursor?.shape, .bar)
        XCTAssertTrue(image.alternateScreen)
        XCTAssertEqual(image.mouse, .clicks)
        emulator.feed("\u{1B}[?25l\u{1B}[?1002h")
        let hidden = emulator.image()
        XCTAssertNil(hidden.cursor)
        XCTAssertEqual(hidden.mouse, .drags)
    }

    func testBellIsNoted() {
        let (emulator, _) = screen("\u{7}")
        XCTAssertTrue(emulator.rang)
    }

    // MARK: Scrollback

    func testLinesScrolledOffTheTopAreKeptAndViewed() {
        let emulator = TerminalEmulator(columns: 10, rows: 3, scrollback: 5)
        emulator.feed((1...10).map { "line\($0)" }.joined(separator: "\r\n"))
        XCTAssertEqual(emulator.scrollback.count, 5)
        XCTAssertEqual(emulator.image().text(ofRow: 2), "line10")
        emulator.setViewOffset(2)
        let back = emulator.image()
        XCTAssertEqual(back.text(ofRow: 0), "line6")
        XCTAssertEqual(back.text(ofRow: 2), "line8")
        XCTAssertNil(back.cursor)
        // Output while scrolled back keeps the same lines in view.
        emulator.feed("\r\nline11")
        XCTAssertEqual(emulator.image().text(ofRow: 0), "line6")
        XCTAssertGreaterThan(emulator.scrollback.bytes, 0)
    }

    func testGrowingTallerTakesLinesBackFromTheScrollback() {
        let emulator = TerminalEmulator(columns: 10, rows: 2)
        emulator.feed("a\r\nb\r\nc")
        XCTAssertEqual(emulator.scrollback.count, 1)
        emulator.resize(columns: 10, rows: 3)
        let image = emulator.image()
        XCTAssertEqual(image.rows, 3)
        XCTAssertEqual(image.text(ofRow: 0), "a")
        XCTAssertEqual(image.text(ofRow: 2), "c")
    }

    func testFindMovesToTheNearestMatchAndWrapsAtTheEndsOfTheHistory() {
        let emulator = TerminalEmulator(columns: 10, rows: 2, scrollback: 100)
        emulator.feed((1...10).map { "n0\($0)" }.joined(separator: "\r\n"))
        // n01…n08 scrolled off; the screen shows n09 and n010; the view's top is line 8.
        XCTAssertEqual(emulator.scrollback.count, 8)
        XCTAssertEqual(emulator.find("n03", older: true), .found)
        XCTAssertEqual(emulator.viewOffset, 6)
        XCTAssertEqual(emulator.find("n03", older: true), .wrapped, "none older: round from the newest, back to itself")
        XCTAssertEqual(emulator.viewOffset, 6)
        XCTAssertEqual(emulator.find("n05", older: false), .found)
        XCTAssertEqual(emulator.viewOffset, 4)
        XCTAssertEqual(emulator.find("n02", older: false), .wrapped, "none newer: round from the oldest")
        XCTAssertEqual(emulator.viewOffset, 7)
        XCTAssertEqual(emulator.find("N09", older: true), .wrapped, "any case; the screen's lines count")
        XCTAssertEqual(emulator.viewOffset, 0)
        XCTAssertEqual(emulator.find("nothing", older: true), .notFound)
        XCTAssertEqual(emulator.viewOffset, 0, "not found: the view stays")
        XCTAssertEqual(emulator.find("", older: true), .notFound)
    }

    // MARK: Keys

    private func keys(_ key: KeyEvent, modifiers: TerminalModifiers = [], after setup: String = "") -> String {
        let emulator = TerminalEmulator(columns: 20, rows: 4)
        emulator.feed(setup)
        _ = emulator.takeOutput()
        emulator.send(key, modifiers: modifiers)
        return String(decoding: emulator.takeOutput(), as: UTF8.self)
    }

    func testArrowsFollowApplicationCursorMode() {
        XCTAssertEqual(keys(.up), "\u{1B}[A")
        XCTAssertEqual(keys(.up, after: "\u{1B}[?1h"), "\u{1B}OA")
        XCTAssertEqual(keys(.left, after: "\u{1B}[?1h"), "\u{1B}OD")
        XCTAssertEqual(keys(.home), "\u{1B}[H")
    }

    func testModifiers() {
        XCTAssertEqual(keys(.up, modifiers: .control), "\u{1B}[1;5A")
        XCTAssertEqual(keys(.right, modifiers: .shift), "\u{1B}[1;2C")
        XCTAssertEqual(keys(.character("x"), modifiers: .alt), "\u{1B}x")
        XCTAssertEqual(keys(.control("c")), "\u{3}")
        XCTAssertEqual(keys(.control("b"), modifiers: .alt), "\u{1B}\u{2}")
        XCTAssertEqual(keys(.backTab), "\u{1B}[Z")
    }

    func testModifiedKeysAreEncodedAsXtermDoes() {
        // Arrows, Home and End: `ESC [ 1 ; m X` in either cursor mode (xterm, too, drops SS3
        // once a modifier is held).
        XCTAssertEqual(keys(.left, modifiers: [.control, .shift]), "\u{1B}[1;6D")
        XCTAssertEqual(keys(.up, modifiers: .control, after: "\u{1B}[?1h"), "\u{1B}[1;5A")
        XCTAssertEqual(keys(.down, modifiers: .alt), "\u{1B}[1;3B")
        XCTAssertEqual(keys(.home, modifiers: .shift), "\u{1B}[1;2H")
        XCTAssertEqual(keys(.end, modifiers: .control, after: "\u{1B}[?1h"), "\u{1B}[1;5F")
        // The editing keys and F5 on: `ESC [ n ; m ~`; F1–F4: `ESC [ 1 ; m P`…
        XCTAssertEqual(keys(.pageUp, modifiers: .shift), "\u{1B}[5;2~")
        XCTAssertEqual(keys(.pageDown, modifiers: .control), "\u{1B}[6;5~")
        XCTAssertEqual(keys(.delete, modifiers: .alt), "\u{1B}[3;3~")
        XCTAssertEqual(keys(.function(5), modifiers: .control), "\u{1B}[15;5~")
        XCTAssertEqual(keys(.function(12), modifiers: .shift), "\u{1B}[24;2~")
        XCTAssertEqual(keys(.function(1), modifiers: .shift), "\u{1B}[1;2P")
        // Without a modifier, application cursor mode still gives SS3.
        XCTAssertEqual(keys(.end, after: "\u{1B}[?1h"), "\u{1B}OF")
    }

    func testOtherKeys() {
        XCTAssertEqual(keys(.enter), "\r")
        XCTAssertEqual(keys(.backspace), "\u{7F}")
        XCTAssertEqual(keys(.tab), "\t")
        XCTAssertEqual(keys(.escape), "\u{1B}")
        XCTAssertEqual(keys(.delete), "\u{1B}[3~")
        XCTAssertEqual(keys(.function(1)), "\u{1B}OP")
        XCTAssertEqual(keys(.function(5)), "\u{1B}[15~")
        XCTAssertEqual(keys(.character("é")), "é")
    }

    func testPasteIsBracketedOnlyWhenAskedAndCannotEndItself() {
        let emulator = TerminalEmulator(columns: 20, rows: 4)
        emulator.paste("a\nb")
        XCTAssertEqual(String(decoding: emulator.takeOutput(), as: UTF8.self), "a\rb")
        emulator.feed("\u{1B}[?2004h")
        emulator.paste("x\u{1B}[201~y")
        XCTAssertEqual(String(decoding: emulator.takeOutput(), as: UTF8.self), "\u{1B}[200~x[201~y\u{1B}[201~")
    }

    func testMouseIsReportedOnlyInTheModeAsked() {
        let emulator = TerminalEmulator(columns: 20, rows: 4)
        XCTAssertFalse(emulator.mouse(.press, column: 2, row: 1))
        XCTAssertTrue(emulator.takeOutput().isEmpty)
        emulator.feed("\u{1B}[?1000h\u{1B}[?1006h")
        XCTAssertTrue(emulator.mouse(.press, column: 2, row: 1))
        XCTAssertEqual(String(decoding: emulator.takeOutput(), as: UTF8.self), "\u{1B}[<0;3;2M")
    }
}
