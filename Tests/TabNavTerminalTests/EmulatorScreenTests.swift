import TabNavDrawing
@testable import TabNavTerminal
import XCTest

/// The emulator's own screen on libvterm's state layer (docs/terminal-tabs.md, "Emulation"):
/// scrolling regions, inserted and deleted lines and characters, erasing in the pen's colours,
/// the alternate screen, protected cells, half-overwritten wide characters, reverse video and
/// resizing, each as a terminal (and libvterm's own screen, which these were checked against)
/// shows them.
final class EmulatorScreenTests: XCTestCase {
    private let escape = "\u{1B}"

    private func rows(_ emulator: TerminalEmulator) -> [String] {
        let image = emulator.image()
        return (0..<image.rows).map { image.text(ofRow: $0) }
    }

    private func emulator(_ text: String, columns: Int = 10, rows: Int = 4, scrollback: Int = 100) -> TerminalEmulator {
        let emulator = TerminalEmulator(columns: columns, rows: rows, scrollback: scrollback)
        emulator.feed(text)
        return emulator
    }

    func testAScrollingRegionScrollsOnlyItsRowsAndKeepsTheScrollbackOutOfIt() {
        // Rows 2–3 (1-based) scroll; the first and last stay. Lines leaving a region that does
        // not start at the top do not go to the scrollback.
        let e = emulator("top\r\nr1\r\nr2\r\nbottom\(escape)[2;3r\(escape)[3;1Hx\r\ny\r\nz")
        XCTAssertEqual(rows(e), ["top", "y", "z", "bottom"])
        XCTAssertEqual(e.scrollback.count, 0)
    }

    func testARegionAtTheTopSendsItsLinesToTheScrollback() {
        let e = emulator("a\r\nb\r\nc\r\nstatus\(escape)[1;3r\(escape)[3;1Hc\r\nd\r\ne")
        XCTAssertEqual(rows(e), ["c", "d", "e", "status"])
        XCTAssertEqual(e.scrollback.count, 2)
        XCTAssertEqual(e.lineText(0).trimmingCharacters(), "a")
        XCTAssertEqual(e.lineText(1).trimmingCharacters(), "b")
    }

    func testInsertedAndDeletedLines() {
        let e = emulator("1\r\n2\r\n3\r\n4\(escape)[2;1H\(escape)[L")
        XCTAssertEqual(rows(e), ["1", "", "2", "3"])
        e.feed("\(escape)[1;1H\(escape)[2M")
        XCTAssertEqual(rows(e), ["2", "3", "", ""])
        XCTAssertEqual(e.scrollback.count, 0, "deleting lines is not scrolling them away")
    }

    func testInsertedAndDeletedCharacters() {
        let e = emulator("abcdef\(escape)[1;3H\(escape)[2@")
        XCTAssertEqual(rows(e)[0], "ab  cdef")
        e.feed("\(escape)[1;1H\(escape)[3P")
        XCTAssertEqual(rows(e)[0], " cdef")
        e.feed("\(escape)[1;2H\(escape)[2X")
        XCTAssertEqual(rows(e)[0], "   ef")
    }

    func testErasingKeepsThePensBackground() {
        let e = emulator("\(escape)[44m\(escape)[2J\(escape)[0mx")
        let image = e.image()
        XCTAssertEqual(image.cells[0].style.background, nil, "written after the reset")
        XCTAssertEqual(image.cells[1].style.background, 4, "erased in blue")
        XCTAssertEqual(image.cells[image.cells.count - 1].style.background, 4)
        // A new line scrolled in takes the pen's background too.
        e.feed("\(escape)[41m\(escape)[4;1H\n")
        XCTAssertEqual(e.image().cells[3 * 10 + 5].style.background, 1)
    }

    func testTheAlternateScreenLeavesTheNormalOneAndItsScrollbackAlone() {
        let e = emulator("one\r\ntwo")
        e.feed("\(escape)[?1049h")
        XCTAssertTrue(e.alternateScreen)
        XCTAssertEqual(rows(e), ["", "", "", ""], "the alternate screen starts blank")
        e.feed("full\r\n1\r\n2\r\n3\r\n4\r\n5")
        XCTAssertEqual(e.scrollback.count, 0, "nothing scrolls into the scrollback from the alternate screen")
        e.feed("\(escape)[?1049l")
        XCTAssertFalse(e.alternateScreen)
        XCTAssertEqual(rows(e), ["one", "two", "", ""])
        XCTAssertEqual(e.image().cursor?.row, 1)
        XCTAssertEqual(e.image().cursor?.column, 3)
    }

    func testProtectedCellsSurviveASelectiveErase() {
        // DECSCA 1 protects what follows; DECSED (CSI ? J) spares it; a plain ED does not.
        let e = emulator("ab\(escape)[1\"qPR\(escape)[0\"qcd\(escape)[?2J")
        XCTAssertEqual(rows(e)[0], "  PR")
        e.feed("\(escape)[2J")
        XCTAssertEqual(rows(e)[0], "")
    }

    func testHalfAWideCharacterOverwrittenLeavesABlank() {
        let e = emulator("日本")
        XCTAssertEqual(rows(e)[0], "日本")
        e.feed("\(escape)[1;2Hx")  // over the right half of 日
        XCTAssertEqual(rows(e)[0], " x本")
        e.feed("\(escape)[1;3Hy")  // over the left half of 本
        let image = e.image()
        XCTAssertEqual(image.text(ofRow: 0), " xy")
        XCTAssertFalse(image.cells[0..<10].contains { $0.width == 2 }, "no wide lead without its continuation")
        XCTAssertFalse(image.cells[0..<10].contains(where: \.isContinuation))
    }

    func testReverseVideoOfTheWholeScreen() {
        let e = emulator("a\(escape)[7mb\(escape)[?5h")
        let image = e.image()
        XCTAssertTrue(image.cells[0].style.attributes.contains(.reverse))
        XCTAssertFalse(image.cells[1].style.attributes.contains(.reverse), "reversed twice")
        e.feed("\(escape)[?5l")
        XCTAssertFalse(e.image().cells[0].style.attributes.contains(.reverse))
    }

    func testShorterScreenScrollsTheLinesAboveTheCursorIntoTheScrollback() {
        let e = emulator("1\r\n2\r\n3\r\n4", rows: 4)
        e.resize(columns: 10, rows: 2)
        XCTAssertEqual(rows(e), ["3", "4"])
        XCTAssertEqual(e.scrollback.count, 2)
        XCTAssertEqual(e.image().cursor?.row, 1)
        e.resize(columns: 10, rows: 4)
        XCTAssertEqual(rows(e), ["1", "2", "3", "4"], "taller again: the lines come back")
        XCTAssertEqual(e.scrollback.count, 0)
        XCTAssertEqual(e.image().cursor?.row, 3)
    }

    func testShorterScreenDropsBlankRowsBelowTheCursorFirst() {
        let e = emulator("1\r\n2", rows: 4)
        e.resize(columns: 10, rows: 2)
        XCTAssertEqual(rows(e), ["1", "2"])
        XCTAssertEqual(e.scrollback.count, 0)
    }

    func testNarrowerScreenCutsLinesAndTheCursorStaysOnIt() {
        let e = emulator("abcdefghij\r\nxy", columns: 10, rows: 3)
        e.resize(columns: 4, rows: 3)
        XCTAssertEqual(rows(e), ["abcd", "xy", ""])
        e.feed("z")
        XCTAssertEqual(rows(e)[1], "xyz")
    }

    func testAWideCharacterCutByANarrowerScreenIsNotHalfDrawn() {
        let e = emulator("abc日", columns: 10, rows: 2)
        e.resize(columns: 4, rows: 2)
        let image = e.image()
        XCTAssertEqual(image.text(ofRow: 0), "abc")
        XCTAssertFalse(image.cells[0..<4].contains { $0.width == 2 })
    }

    func testWideAndStyledLinesGoToTheScrollbackAsShown() {
        let e = emulator("\(escape)[31mred\(escape)[0m 日本\r\n2\r\n3\r\n4\r\n5", rows: 4)
        XCTAssertEqual(e.scrollback.count, 1)
        let line = e.scrollback[0]
        XCTAssertEqual(line[0].style.foreground, 1)
        XCTAssertEqual(line[3].style.foreground, nil)
        XCTAssertEqual(line[4].text, "日")
        XCTAssertEqual(line[4].width, 2)
        XCTAssertTrue(line[5].isContinuation)
        XCTAssertEqual(e.lineText(0), "red 日本")
    }

    func testScrollingDownwardAndTheCursorAtTheBottomOfARegion() {
        // Reverse index at the top scrolls the screen down: nothing goes to the scrollback.
        let e = emulator("1\r\n2\r\n3\r\n4\(escape)[1;1H\(escape)M")
        XCTAssertEqual(rows(e), ["", "1", "2", "3"])
        XCTAssertEqual(e.scrollback.count, 0)
        // CSI S and CSI T scroll the whole screen; lines scrolled up go to the scrollback (with
        // the cursor off the top row, where a scroll would read as deleted lines).
        e.feed("\(escape)[4;1H\(escape)[2S")
        XCTAssertEqual(rows(e), ["2", "3", "", ""])
        XCTAssertEqual(e.scrollback.count, 2)
        e.feed("\(escape)[T")
        XCTAssertEqual(rows(e), ["", "2", "3", ""])
    }

    func testASideMarginScrollsOnlyItsColumns() {
        // DECLRMM with DECSLRM: columns 3–6 (1-based) form the region; a line feed at its bottom
        // scrolls only those columns.
        let e = emulator("aaaaaaaaaa\r\nbbbbbbbbbb\(escape)[?69h\(escape)[3;6s\(escape)[1;2r\(escape)[2;3H\n")
        XCTAssertEqual(rows(e)[0], "aabbbbaaaa")
        XCTAssertEqual(rows(e)[1], "bb    bbbb")
        XCTAssertEqual(e.scrollback.count, 0)
    }

    func testApplicationProgramAndPrivacyStringsAreDroppedWholeInAnyPieces() {
        let text = "a\(escape)_apc payload\(escape)\\b\(escape)^pm\(escape)\\c\(escape)Xsos\(escape)\\d\(escape)[1me"
        XCTAssertEqual(rows(emulator(text, columns: 20))[0], "abcde")
        // Byte by byte: every escape and every terminator split from what follows.
        let split = TerminalEmulator(columns: 20, rows: 2)
        for byte in text.utf8 { split.feed([byte]) }
        XCTAssertEqual(rows(split)[0], "abcde")
        XCTAssertTrue(split.image().cells[4].style.attributes.contains(.bold), "the escape after the strings still works")
    }

    func testAnUnendedStringEndsAtTheNextEscapeCancelOrSubstitute() {
        // `cat` of a binary file may start an APC and never end it: the next escape ends it.
        let e = emulator("a\(escape)_oops\(escape)[1mb\(escape)^x\u{18}c\(escape)Xy\u{1A}d", columns: 20)
        XCTAssertEqual(rows(e)[0], "abcd")
        XCTAssertTrue(e.image().cells[1].style.attributes.contains(.bold), "the escape that ended it still works")
        let reset = emulator("x\(escape)_never ended\(escape)cafter", columns: 20)
        XCTAssertEqual(rows(reset)[0], "after", "a full reset gets through")
    }

    func testAShorterScreenKeepsTheCursorsLine() {
        let e = emulator("1\r\n2\r\n3\r\n4\r\n5\r\n6\(escape)[H", rows: 6)
        e.resize(columns: 10, rows: 2)
        XCTAssertEqual(e.image().cursor?.row, 0)
        e.feed("X")
        XCTAssertEqual(rows(e)[0], "X")
    }

    func testMoreThanSixteenParametersAreDroppedNotACrash() {
        // libvterm 0.1.4 writes past its 16 parameters: these crashed the whole program.
        let long = "\(escape)[38;2;1;2;3;48;2;1;2;3;58;2;1;2;3;1;4mA"
        let e = emulator(long + "\(escape)[0m" + "\(escape)[" + String(repeating: "1;", count: 40) + "1mB" + "\(escape)[" + String(repeating: ";", count: 30) + "HC"
                         + "\(escape)[?" + String(repeating: "1;", count: 20) + "hD" + "\(escape)[" + String(repeating: "1:", count: 20) + "1mE", columns: 20)
        XCTAssertEqual(rows(e)[0], "C" + "DE", "the cursor went home at the 16-parameter CSI H")
        let first = emulator(long, columns: 20).image().cells[0]
        XCTAssertEqual(first.style.foreground, TerminalCells.nearestPaletteIndex(red: 1, green: 2, blue: 3), "the first parameters still count")
        // Byte by byte, the same.
        let split = TerminalEmulator(columns: 20, rows: 4)
        for byte in long.utf8 { split.feed([byte]) }
        XCTAssertEqual(split.image().cells[0], first)
    }
}

private extension String {
    func trimmingCharacters() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
