import TabNavDrawing
@testable import TabNavTerminal
import TestSupport
import XCTest

/// What a program can write that libvterm 0.1.4 does not survive on its own (docs/terminal-tabs.md,
/// "Emulation"): a repeat with no glyph before it, and C1 controls written in UTF-8, which it
/// takes for text of width -1. Each of these froze a terminal tab (and the program with it) or
/// moved its cursor off the screen before the emulator kept them from libvterm.
final class EmulatorHostileInputTests: XCTestCase {
    private let escape = "\u{1B}"

    private func row(_ emulator: TerminalEmulator, _ row: Int = 0) -> String { emulator.image().text(ofRow: row) }

    func testARepeatOnAFreshScreenDoesNothingAndEnds() {
        let e = TerminalEmulator(columns: 10, rows: 2, scrollback: 10)
        e.feed("\(escape)[b\(escape)[5bok")
        XCTAssertEqual(row(e), "ok")
        XCTAssertEqual(e.image().cursor?.column, 2)
    }

    func testARepeatAfterAGlyphOfNoWidthDoesNothing() {
        // A combining mark where the cursor moved away from the last glyph stands alone, with
        // no width; so does a Hangul medial vowel after a move.
        for glyph in ["\u{301}", "\u{1160}"] {
            let e = TerminalEmulator(columns: 10, rows: 2, scrollback: 10)
            e.feed("ab\(escape)[6G\(glyph)\(escape)[3bz")
            XCTAssertEqual(e.image().cursor?.column, 6, glyph.debugDescription)
            XCTAssertTrue(row(e).hasPrefix("ab"), glyph.debugDescription)
        }
    }

    func testARepeatOfAGlyphStillRepeatsIt() {
        let e = TerminalEmulator(columns: 10, rows: 2, scrollback: 10)
        e.feed("x\(escape)[3by")
        XCTAssertEqual(row(e), "xxxxy")
        let cut = TerminalEmulator(columns: 10, rows: 2, scrollback: 10)
        cut.feed("\(escape)[")
        cut.feed("3")
        cut.feed("b")  // nothing before it, cut in pieces
        cut.feed("x\(escape)[")
        cut.feed("2b")
        XCTAssertEqual(row(cut), "xxx")
    }

    func testC1ControlsInUTF8AreDroppedWholeButTheTextAroundThemStays() {
        // NEL (U+0085) and CSI (U+009B) as UTF-8: libvterm drew them as text of width -1, so the
        // next letter overwrote the one before ("x\u{85}yz" showed "yz").
        let e = TerminalEmulator(columns: 10, rows: 2, scrollback: 10)
        e.feed("x\u{85}yz\u{9B}31m!")
        XCTAssertEqual(row(e), "xyz31m!")
        XCTAssertEqual(e.image().cursor?.column, 7)
        XCTAssertEqual(e.image().cells[0].style, e.image().cells[6].style)
        // Cut between its two bytes, and after a lead byte held back at the end of a write.
        let cut = TerminalEmulator(columns: 10, rows: 2, scrollback: 10)
        cut.feed([0x78, 0xC2])
        cut.feed([0x85, 0x79, 0xC2])
        cut.feed([0xA9, 0x7A])  // C2 A9 is ©, not a control
        XCTAssertEqual(row(cut), "xy©z")
    }

    func testARepeatAfterAC1ControlEnds() {
        // The attacker's case: a C1 control as the last glyph, then a repeat (with a soft reset
        // and an alternate-screen exit before it) on a narrow screen made smaller.
        let e = TerminalEmulator(columns: 3, rows: 1, scrollback: 10)
        e.feed("ab\u{9F}")
        e.resize(columns: 2, rows: 1)
        e.feed("\(escape)[!p\(escape)[?1049l\(escape)[0;1047;32768b")
        XCTAssertEqual(e.columns, 2)
        let fresh = TerminalEmulator(columns: 2, rows: 1, scrollback: 10)
        fresh.feed("\u{80}\(escape)[32768b")
        XCTAssertEqual(row(fresh), "")
    }

    /// Random bytes (broken UTF-8, C1 controls, repeats, resizes to one cell and back) in random
    /// pieces: every write returns and the cursor stays on the screen.
    func testRandomHostileStreamsKeepTheCursorOnTheScreen() {
        var random = SplitMix64(seed: 0xBAD5EED)
        let pieces: [[UInt8]] = [[0x1B, 0x5B], [0x62], [0x1B, 0x5B, 0x39, 0x39, 0x39, 0x62], [0xC2], [0x85], [0x9B],
                                 [0xCC, 0x81], [0xE1, 0x85, 0xA0], [0x1B, 0x63], [0x1B, 0x5B, 0x21, 0x70], [0x1B, 0x5B, 0x3F, 0x31, 0x30, 0x34, 0x39, 0x68],
                                 [0x1B, 0x5B, 0x3F, 0x31, 0x30, 0x34, 0x39, 0x6C], [0x1B, 0x5B, 0x34, 0x68], [0x1B, 0x5B, 0x36, 0x34, 0x47],
                                 [0x41], [0x20, 0x20, 0x20], [0x0D, 0x0A], [0x09], [0x08], [0xE6, 0x97, 0xA5], [0xFF], [0x1B]]
        for round in 0..<400 {
            let e = TerminalEmulator(columns: random.int(in: 1...6), rows: random.int(in: 1...3), scrollback: 5)
            for _ in 0..<random.int(in: 10...80) {
                if random.percent(5) { e.resize(columns: random.int(in: 1...6), rows: random.int(in: 1...3)) }
                var bytes: [UInt8] = []
                for _ in 0..<random.int(in: 1...6) {
                    bytes += random.percent(20) ? [UInt8(truncatingIfNeeded: random.next())] : random.pick(pieces)
                }
                e.feed(bytes)
            }
            let image = e.image()
            XCTAssertEqual(image.cells.count, image.columns * image.rows, "round \(round)")
            if let cursor = image.cursor {
                XCTAssertTrue((0..<image.rows).contains(cursor.row) && (0..<image.columns).contains(cursor.column),
                              "round \(round): cursor \(cursor.row),\(cursor.column) on \(image.columns)x\(image.rows)")
            }
            if testRun?.failureCount ?? 0 > 3 { return }
        }
    }
}

extension EmulatorHostileInputTests {
    /// Strings the emulator drops itself (SOS, PM, APC) and the escapes that end them, cut in
    /// random places: the screen is the same as from one write.
    func testDroppedStringsCutAnywhereGiveTheScreenOfOneWrite() {
        var random = SplitMix64(seed: 0x5751)
        let pieces = ["\u{1B}_", "\u{1B}^", "\u{1B}X", "\u{1B}\\", "\u{1B}", "\u{1B}[", "\u{1B}[31m", "\u{18}", "\u{1A}",
                      "abc", "\\", "_", "X", "[", "m", "\u{1B}]0;t\u{7}", "\r\n", "\u{1B}[2J"]
        for round in 0..<600 {
            var bytes: [UInt8] = []
            for _ in 0..<random.int(in: 2...24) { bytes += Array(random.pick(pieces).utf8) }
            let whole = TerminalEmulator(columns: 12, rows: 3, scrollback: 5)
            whole.feed(bytes)
            let cut = TerminalEmulator(columns: 12, rows: 3, scrollback: 5)
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + random.int(in: 1...4))
                cut.feed(Array(bytes[offset..<end]))
                offset = end
            }
            XCTAssertEqual(cut.image(), whole.image(), "round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if testRun?.failureCount ?? 0 > 3 { return }
        }
    }
}

extension EmulatorHostileInputTests {
    func testATitleCutBetweenWritesOrLongerThanARunStillSetsTheTitle() {
        let bytes = Array("\u{1B}]0;a title longer than twelve\u{7}ok".utf8)
        for cut in 0...bytes.count {
            let e = TerminalEmulator(columns: 40, rows: 2, scrollback: 10)
            e.feed(Array(bytes[..<cut]))
            e.feed(Array(bytes[cut...]))
            XCTAssertEqual(e.title, "a title longer than twelve", "cut at \(cut)")
            XCTAssertEqual(row(e), "ok", "cut at \(cut)")
        }
        // A DCS query ended by ST, cut anywhere, is answered once.
        let query = Array("\u{1B}P$qm\u{1B}\\".utf8)
        for cut in 0...query.count {
            let e = TerminalEmulator(columns: 40, rows: 2, scrollback: 10)
            e.feed(Array(query[..<cut]))
            e.feed(Array(query[cut...]))
            XCTAssertTrue(String(decoding: e.takeOutput(), as: UTF8.self).hasPrefix("\u{1B}P1$r"), "cut at \(cut)")
        }
    }

    func testTheShortPathRunsAfterEightBitControlsWereAskedFor() {
        // After S8C1T libvterm answers the emulator's own side-margin query with a one-byte
        // CSI; the answer is still read (and the query not sent again for every run).
        let e = TerminalEmulator(columns: 40, rows: 4, scrollback: 10)
        e.feed("\u{1B} G\u{1B}[!p")
        for _ in 0..<3 { e.feed("abcdefghijklmnopqrstuvw\r\n") }
        XCTAssertEqual(e.plainTextWrites, 3)
        XCTAssertEqual(e.takeOutput(), [])
    }
}

extension EmulatorHostileInputTests {
    /// An attacker's cases: DECALN puts glyphs without giving libvterm a width to repeat by; a
    /// lone `C2` was kept by libvterm across an escape and joined to a later byte as a C1
    /// control; a wide glyph repeated at the last column.
    func testARepeatAfterTheAlignmentTestEnds() {
        let fresh = TerminalEmulator(columns: 6, rows: 2, scrollback: 10)
        fresh.feed("\(escape)#8\(escape)[b")
        XCTAssertEqual(row(fresh), "EEEEEE")
        let afterMark = TerminalEmulator(columns: 6, rows: 2, scrollback: 10)
        afterMark.feed("x\(escape)[5G\u{301}\(escape)#8\(escape)[b")
        XCTAssertEqual(afterMark.image().cells.count, 12)
    }

    func testALoneC2DoesNotJoinALaterByteIntoAC1Control() {
        let e = TerminalEmulator(columns: 20, rows: 2, scrollback: 10)
        e.feed([0xC2, 0x1B, 0x5B, 0x48, 0x9B, 0x68, 0x65, 0x6C, 0x6C, 0x6F])
        XCTAssertTrue(row(e).hasSuffix("hello"), row(e))
        XCTAssertEqual(e.image().cursor?.column, 6)
        _ = e.takeOutput()
        e.feed("\(escape)[6n")
        XCTAssertEqual(String(decoding: e.takeOutput(), as: UTF8.self), "\(escape)[1;7R")
        // Held back at the end of a write, then an escape.
        let cut = TerminalEmulator(columns: 20, rows: 2, scrollback: 10)
        cut.feed([0x61, 0xC2])
        cut.feed([0x1B, 0x5B, 0x43, 0x85, 0x62])
        XCTAssertEqual(cut.image().cursor?.column, 5, "a, U+FFFD, one column right, U+FFFD, b")
    }

    func testAWideGlyphRepeatedAtTheLastColumnGoesToTheNextLine() {
        let e = TerminalEmulator(columns: 9, rows: 3, scrollback: 10)
        e.feed("中\(escape)[1;9H\(escape)[b")
        XCTAssertEqual(row(e, 1), "中")
        XCTAssertFalse(e.image().cells[8].text == "中", "no wide glyph in the last cell")
    }
}

extension EmulatorHostileInputTests {
    /// A reviewer's case: controls after an `ESC` run inside the escape (libvterm carries them
    /// out and reads on), so `ESC CR [ b` is a repeat, and `ESC CR ] … BEL` a title.
    func testControlsInsideAnEscapeDoNotHideWhatFollows() {
        for pieces in [["\(escape)\r[b"], ["\(escape)", "\r[b"], ["\(escape)\r", "[b"], ["\(escape)\u{0}\u{7F}[b"],
                       ["\(escape)_x\(escape)", "\r[b"]] {
            let e = TerminalEmulator(columns: 10, rows: 2, scrollback: 10)
            for piece in pieces { e.feed(piece) }
            e.feed("ok")
            XCTAssertEqual(row(e), "ok", "\(pieces)")
        }
        let titled = TerminalEmulator(columns: 40, rows: 2, scrollback: 10)
        titled.feed("\(escape)\r]0;a title of some length\u{7}after")
        XCTAssertEqual(titled.title, "a title of some length")
        XCTAssertEqual(row(titled), "after")
        // A `b` after a private marker is no repeat and keeps the short path on.
        let marked = TerminalEmulator(columns: 40, rows: 2, scrollback: 10)
        marked.feed("\(escape)[?6b")
        marked.feed("abcdefghijklmnopqrstuvw")
        XCTAssertEqual(marked.plainTextWrites, 1)
    }
}
