import XCTest
import TabNavDrawing

/// Command output as `less -R` shows it (docs/layout-files.md, "Output"): SGR colours and
/// attributes become styles; every other escape sequence and control character is neutralised.
final class SGRDecoderTests: XCTestCase {
    private func decode(_ pieces: [String], isError: Bool = false) -> [StyledLine] {
        decode(bytes: pieces.map { Array($0.utf8) }, isError: isError)
    }

    private func decode(bytes pieces: [[UInt8]], isError: Bool = false) -> [StyledLine] {
        var decoder = SGRDecoder(isError: isError)
        var lines: [StyledLine] = []
        for piece in pieces { decoder.feed(piece) { lines.append($0) } }
        if let last = decoder.finish() { lines.append(last) }
        return lines
    }

    func testSixteenColoursAndReset() {
        let lines = decode(["\u{1B}[31mred\u{1B}[0m plain \u{1B}[1;94mbright\u{1B}[m\n"])
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual(lines[0].spans, [
            StyledSpan("red", style: CellStyle(foreground: 1)),
            StyledSpan(" plain ", style: .plain),
            StyledSpan("bright", style: CellStyle(.bold, foreground: 12)),
        ])
    }

    func testExtendedColoursAndAttributes() {
        let lines = decode(["\u{1B}[38;5;208;48;5;17mx\u{1B}[38;2;255;0;0;2;3;4;7my\u{1B}[22;23;24;27;39;49mz"])
        XCTAssertEqual(lines[0].spans, [
            StyledSpan("x", style: CellStyle(foreground: 208, background: 17)),
            StyledSpan("y", style: CellStyle([.dim, .italic, .underline, .reverse], foreground: 196, background: 17)),
            StyledSpan("z", style: .plain),
        ])
    }

    func testTrueColourMapsToTheNearestPaletteEntry() {
        XCTAssertEqual(SGRDecoder.paletteIndex(red: 0, green: 0, blue: 0), 16)
        XCTAssertEqual(SGRDecoder.paletteIndex(red: 255, green: 255, blue: 255), 231)
        XCTAssertEqual(SGRDecoder.paletteIndex(red: 128, green: 128, blue: 128), 244)
        XCTAssertEqual(SGRDecoder.paletteIndex(red: 0, green: 135, blue: 255), 33)
    }

    func testOtherSequencesAndControlsAreNeutralised() {
        // Cursor movement, clearing, a window title (OSC, BEL and ST ended), private modes, a
        // character-set switch, DCS, C1 controls, BEL and backspace: none reach the screen.
        let text = "a\u{1B}[2J\u{1B}[10;10Hb\u{1B}]0;owned\u{07}c\u{1B}]8;;http://x\u{1B}\\d\u{1B}[?1049he\u{1B}(Bf"
            + "\u{1B}Pq#0\u{1B}\\g\u{07}\u{08}h\u{0085}i\u{009B}31mj\u{1B}[>4;2mk"
        let lines = decode([text])
        XCTAssertEqual(lines.map(\.text), ["abcdefghi31mjk"])
        XCTAssertTrue(lines[0].spans.allSatisfy { $0.style == .plain }, "\(lines[0].spans)")
    }

    func testSequencesSplitBetweenReadsStayWhole() {
        // ✓ is E2 9C 93 in UTF-8.
        let lines = decode(bytes: [[0x1B], Array("[3".utf8), Array("2mgr".utf8), [0xE2, 0x9C], [0x93], Array("\u{1B}[0".utf8), Array("m\n".utf8)])
        XCTAssertEqual(lines[0].spans, [StyledSpan("gr✓", style: CellStyle(foreground: 2))])
    }

    func testLineEndsTabsAndCarriageReturns() {
        let lines = decode(["one\r\ntwo\n10%\r50%\r100%\na\tb\n"])
        XCTAssertEqual(lines.map(\.text), ["one", "two", "100%", "a       b"])
    }

    func testRunawaySequenceIsDropped() {
        let lines = decode(["\u{1B}[" + String(repeating: "1;", count: 400) + "mx\n"])
        XCTAssertFalse(lines.map(\.text).joined().contains("\u{1B}"))
    }

    func testStandardErrorLinesAreMarked() {
        XCTAssertEqual(decode(["oops\n"], isError: true).map(\.isError), [true])
    }

    /// Any sequence of bytes decodes as the same bytes in an array (the generic `feed` forwards
    /// to the array one, which is specialized).
    func testAnySequenceOfBytesDecodesAsAnArray() {
        let text = "\u{1B}[1mbold\u{1B}[0m\tx\r\nline two\u{1B}]0;title\u{7}\nend"
        var fromArray = SGRDecoder(), fromSlice = SGRDecoder(), fromUTF8 = SGRDecoder()
        var a: [StyledLine] = [], b: [StyledLine] = [], c: [StyledLine] = []
        fromArray.feed(Array(text.utf8)) { a.append($0) }
        fromSlice.feed(Array(text.utf8)[...]) { b.append($0) }
        fromUTF8.feed(text.utf8) { c.append($0) }
        XCTAssertEqual(a.map(\.spans.count), [2, 1])
        XCTAssertEqual(a, b)
        XCTAssertEqual(a, c)
        XCTAssertEqual(fromArray.finish(), fromUTF8.finish())
    }
}
