import CNcursesw
import TabNavCore
import TabNavDrawing
import TabNavInteraction
@testable import TabNavTerminal
import XCTest

final class InputDecoderTests: XCTestCase {
    /// Feeds `text` as characters (what `get_wch` returns), optionally flushing at the end.
    private func decode(_ text: String, flush: Bool = false, decoder: inout InputDecoder) -> [InputEvent] {
        var events: [InputEvent] = []
        for scalar in text.unicodeScalars {
            decoder.feed(character: scalar.value, into: &events)
        }
        if flush { decoder.flush(into: &events) }
        return events
    }

    private func decode(_ text: String, flush: Bool = false) -> [InputEvent] {
        var decoder = InputDecoder()
        return decode(text, flush: flush, decoder: &decoder)
    }

    private func mouse(_ kind: MouseEvent.Kind, _ column: Int, _ row: Int) -> InputEvent {
        .mouse(MouseEvent(kind, column: column, row: row))
    }

    /// Key events as the decoder reports them.
    private func keys(_ keys: KeyEvent...) -> [InputEvent] {
        keys.map(InputEvent.key)
    }

    func testSGRPressAndReleaseUseZeroBasedCells() {
        XCTAssertEqual(decode("\u{1B}[<0;10;1M"), [mouse(.press, 9, 0)])
        XCTAssertEqual(decode("\u{1B}[<0;10;1m"), [mouse(.release, 9, 0)])
        XCTAssertEqual(decode("\u{1B}[<0;300;120M"), [mouse(.press, 299, 119)])
    }

    func testSGRDragCarriesTheMotionBit() {
        XCTAssertEqual(decode("\u{1B}[<32;12;3M"), [mouse(.drag, 11, 2)])
        // Motion with no button held (mode 1003) is not a drag.
        XCTAssertEqual(decode("\u{1B}[<35;12;3M"), [])
    }

    func testSGRWheel() {
        XCTAssertEqual(decode("\u{1B}[<64;5;6M"), [mouse(.wheelUp, 4, 5)])
        XCTAssertEqual(decode("\u{1B}[<65;5;6M"), [mouse(.wheelDown, 4, 5)])
        // Horizontal wheel: no action.
        XCTAssertEqual(decode("\u{1B}[<66;5;6M"), [])
    }

    func testModifiersKeepTheKindButOtherButtonsAreIgnored() {
        XCTAssertEqual(decode("\u{1B}[<4;2;2M"), [mouse(.press, 1, 1)]) // Shift-click
        XCTAssertEqual(decode("\u{1B}[<2;2;2M"), [mouse(.rightPress, 1, 1)]) // right button: the item menu
        XCTAssertEqual(decode("\u{1B}[<1;2;2M"), []) // middle button
        XCTAssertEqual(decode("\u{1B}[<2;2;2m"), [])
        XCTAssertEqual(decode("\u{1B}[<128;2;2M"), []) // extra buttons
    }

    func testX10Reports() {
        // cb = 32 + button code, cx/cy = 33 + 0-based cell.
        XCTAssertEqual(decode("\u{1B}[M !!"), [mouse(.press, 0, 0)])
        XCTAssertEqual(decode("\u{1B}[M#+%"), [mouse(.release, 10, 4)])
        XCTAssertEqual(decode("\u{1B}[M@+%"), [mouse(.drag, 10, 4)])
        XCTAssertEqual(decode("\u{1B}[M`+%"), [mouse(.wheelUp, 10, 4)])
        XCTAssertEqual(decode("\u{1B}[Ma+%"), [mouse(.wheelDown, 10, 4)])
        XCTAssertEqual(decode("\u{1B}[M\u{1F}!!"), []) // a value below 32 is not a report
    }

    func testX10ReportAsksForRawBytesAndTakesHighCoordinates() {
        var decoder = InputDecoder()
        var events = decode("\u{1B}[M", decoder: &decoder)
        XCTAssertTrue(decoder.wantsRawBytes)
        for byte: UInt8 in [32, 233, 140] { // column 200, row 107
            decoder.feed(rawByte: byte, into: &events)
        }
        XCTAssertEqual(events, [mouse(.press, 200, 107)])
        XCTAssertFalse(decoder.wantsRawBytes)
    }

    func testReportsSplitAcrossReadsDecodeOnce() {
        var decoder = InputDecoder()
        XCTAssertEqual(decode("\u{1B}[<0;1", decoder: &decoder), [])
        XCTAssertTrue(decoder.hasPendingInput)
        XCTAssertEqual(decode("2;7M", decoder: &decoder), [mouse(.press, 11, 6)])
        XCTAssertEqual(decode("\u{1B}", decoder: &decoder), [])
        XCTAssertEqual(decode("[M ", decoder: &decoder), [])
        XCTAssertEqual(decode("\"#", decoder: &decoder), [mouse(.press, 1, 2)])
        XCTAssertFalse(decoder.hasPendingInput)
    }

    func testGarbageProducesNoKeys() {
        XCTAssertEqual(decode("\u{1B}[?1;2c"), []) // device attributes answer
        XCTAssertEqual(decode("\u{1B}[<0;10M"), []) // two numbers only
        XCTAssertEqual(decode("\u{1B}[<0;0;0M"), []) // cells are 1-based: 0 is invalid
        XCTAssertEqual(decode("\u{1B}[<0;1;1x"), []) // unknown final byte
        XCTAssertEqual(decode("\u{1B}[<0;99999999;1M"), [])
        XCTAssertEqual(decode("\u{1B}[1;5A"), [.modifiedKey(.up, .control)]) // Ctrl-Up, never a plain Up
        XCTAssertEqual(decode("\u{1B}[200~"), []) // bracketed paste start
        XCTAssertEqual(decode("\u{1B}[I\u{1B}[O"), []) // focus in/out
    }

    func testModifiedKeysArriveWithTheirModifiers() {
        // xterm's `ESC [ 1 ; m X` and `ESC [ n ; m ~`: m is 1 + Shift 1, Alt 2, Ctrl 4 (Meta 8).
        XCTAssertEqual(decode("\u{1B}[1;2D"), [.modifiedKey(.left, .shift)])
        XCTAssertEqual(decode("\u{1B}[1;3C"), [.modifiedKey(.right, .alt)])
        XCTAssertEqual(decode("\u{1B}[1;6B"), [.modifiedKey(.down, [.control, .shift])])
        XCTAssertEqual(decode("\u{1B}[1;5H"), [.modifiedKey(.home, .control)])
        XCTAssertEqual(decode("\u{1B}[1;2F"), [.modifiedKey(.end, .shift)])
        XCTAssertEqual(decode("\u{1B}[5;5~"), [.modifiedKey(.pageUp, .control)])
        XCTAssertEqual(decode("\u{1B}[6;2~"), [.modifiedKey(.pageDown, .shift)])
        XCTAssertEqual(decode("\u{1B}[3;9~"), [.modifiedKey(.delete, .alt)], "Meta reads as Alt")
        XCTAssertEqual(decode("\u{1B}[1;2P"), [.modifiedKey(.function(1), .shift)])
        XCTAssertEqual(decode("\u{1B}[1;5S"), [.modifiedKey(.function(4), .control)])
        XCTAssertEqual(decode("\u{1B}[15;5~"), [.modifiedKey(.function(5), .control)])
        XCTAssertEqual(decode("\u{1B}[24;8~"), [.modifiedKey(.function(12), [.control, .alt, .shift])])
        // rxvt's spellings: Shift-arrows `ESC [ a`, Ctrl-arrows `ESC O a`, Ctrl `^`, Ctrl-Shift `@`.
        XCTAssertEqual(decode("\u{1B}[a\u{1B}[d"), [.modifiedKey(.up, .shift), .modifiedKey(.left, .shift)])
        XCTAssertEqual(decode("\u{1B}Oc"), [.modifiedKey(.right, .control)])
        XCTAssertEqual(decode("\u{1B}[5^"), [.modifiedKey(.pageUp, .control)])
        XCTAssertEqual(decode("\u{1B}[7@"), [.modifiedKey(.home, [.control, .shift])])
        // Anything else with a modifier parameter is dropped whole; what follows is typed.
        XCTAssertEqual(decode("\u{1B}[1;99Aq"), keys(.character("q")))
        XCTAssertEqual(decode("\u{1B}[2;5Aq"), keys(.character("q")))
        XCTAssertEqual(decode("\u{1B}[99;5~q"), keys(.character("q")))
        // Plain keys stay plain.
        XCTAssertEqual(decode("\u{1B}[1~\u{1B}[A\u{1B}OA"), keys(.home, .up, .up))
    }

    func testOverlongSequenceIsSkippedToItsEnd() {
        let long = "\u{1B}[" + String(repeating: "1;", count: 40) + "5~" + "x"
        XCTAssertEqual(decode(long), keys(.character("x")))
    }

    func testControlCharacterInterruptingASequenceStandsForItself() {
        XCTAssertEqual(decode("\u{1B}[<0;1\u{03}"), keys(.control("c")))
        XCTAssertEqual(decode("\u{1B}[<0;1\u{1B}[A"), keys(.up))
    }

    func testEscapeAloneNeedsAFlush() {
        var decoder = InputDecoder()
        XCTAssertEqual(decode("\u{1B}", decoder: &decoder), [])
        XCTAssertTrue(decoder.isAwaitingEscape)
        var events: [InputEvent] = []
        decoder.flush(into: &events)
        XCTAssertEqual(events, keys(.escape))
        XCTAssertFalse(decoder.hasPendingInput)
        XCTAssertEqual(decode("\u{1B}\u{1B}", flush: true), keys(.escape, .escape))
    }

    /// Alt plus a key is never the key alone: it is reported apart (only a terminal tab's
    /// program takes it; TerminalTabTests.testAltKeysReachOnlyATerminalsProgram).
    func testAltKeysAreReportedApart() {
        XCTAssertEqual(decode("\u{1B}x", flush: true), [.altKey(.character("x"))])
        XCTAssertEqual(decode("\u{1B}1q", flush: true), [.altKey(.character("1")), .key(.character("q"))])
        XCTAssertEqual(decode("\u{1B}\r", flush: true), [.altKey(.enter)])
    }

    func testFlushDropsAPartialSequence() {
        XCTAssertEqual(decode("\u{1B}[<0;3", flush: true), [])
        XCTAssertEqual(decode("\u{1B}[M!", flush: true), [])
        XCTAssertEqual(decode("\u{1B}O", flush: true), [])
    }

    func testControlKeys() {
        XCTAssertEqual(decode("\u{03}\u{1A}\u{1C}\u{00}\u{1F}"),
                       keys(.control("c"), .control("z"), .control("\\"), .control("@"), .control("_")))
        XCTAssertEqual(decode("\r\n\t"), keys(.enter, .enter, .tab))
        XCTAssertEqual(decode("\u{7F}\u{08}"), keys(.backspace, .backspace))
    }

    func testTextIncludingWideAndNonASCII() {
        XCTAssertEqual(decode("aé日😀"), keys(.character("a"), .character("é"), .character("日"), .character("😀")))
        XCTAssertEqual(decode("\u{85}\u{9B}"), []) // C1 controls are never text
    }

    func testCSIAndSS3KeysTerminfoDidNotName() {
        XCTAssertEqual(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D"), keys(.up, .down, .right, .left))
        XCTAssertEqual(decode("\u{1B}[1~\u{1B}[4~\u{1B}[5~\u{1B}[6~"), keys(.home, .end, .pageUp, .pageDown))
        XCTAssertEqual(decode("\u{1B}[2~\u{1B}[3~\u{1B}[Z"), keys(.insert, .delete, .backTab))
        XCTAssertEqual(decode("\u{1B}[15~\u{1B}[17~\u{1B}[24~"), keys(.function(5), .function(6), .function(12)))
        XCTAssertEqual(decode("\u{1B}OP\u{1B}OS\u{1B}OH\u{1B}OM"), keys(.function(1), .function(4), .home, .enter))
    }

    func testEscapeThenAnArrowAfterTheDelayKeepsBoth() {
        var decoder = InputDecoder()
        var events = decode("\u{1B}", decoder: &decoder)
        decoder.flush(into: &events) // the escape delay passed
        events += decode("\u{1B}[A", decoder: &decoder)
        XCTAssertEqual(events, keys(.escape, .up))
    }

    // MARK: - The terminal's own key sequences (terminfo)

    private func decoder(_ pairs: [(String, KeyEvent)]) -> InputDecoder {
        InputDecoder(terminfo: TerminfoKeys(pairs.map { (Array($0.0.utf8), $0.1) }))
    }

    func testSequencesTheTerminfoEntryNamesAreKeys() {
        // xterm's keypad Home and End, a VT52's arrows, an old terminal's Page Up: none of them
        // is a sequence the generic reading knows (it drops them whole; `ESC A` reads as Alt-A).
        var plain = InputDecoder()
        XCTAssertEqual(decode("\u{1B}Ow\u{1B}Oq\u{1B}A\u{1B}[V", decoder: &plain), [.altKey(.character("A"))])
        var named = decoder([("\u{1B}Ow", .home), ("\u{1B}Oq", .end), ("\u{1B}A", .up), ("\u{1B}[V", .pageUp)])
        XCTAssertEqual(decode("\u{1B}Ow\u{1B}Oq\u{1B}A\u{1B}[V", decoder: &named), keys(.home, .end, .up, .pageUp))
    }

    func testAVT52sKeysAreKeysNotAStringOrLetters() {
        // A VT52's F1 is `ESC P` (elsewhere the start of a DCS string) and its keypad sends
        // `ESC ? q`: read as ncurses read them, not as a string that swallows what follows, nor
        // as the letter `q` (quit).
        var vt52 = decoder([("\u{1B}P", .function(1)), ("\u{1B}?q", .home), ("\u{1B}?p", .end), ("\u{1B}A", .up)])
        XCTAssertEqual(decode("\u{1B}P\u{1B}?q\u{1B}?p\u{1B}Ak", decoder: &vt52),
                       keys(.function(1), .home, .end, .up, .character("k")))
        XCTAssertEqual(decode("\u{1B}?zk", decoder: &vt52), keys(.character("k")),
                       "a sequence the entry does not name is dropped whole, as an unknown CSI is")
        var cut = vt52
        var events = decode("\u{1B}?", decoder: &cut)
        XCTAssertTrue(cut.hasPendingInput)
        cut.flush(into: &events)
        events += decode("k", decoder: &cut)
        XCTAssertEqual(events, [], "a beginning cut short by the delay is dropped, and so is a tail that follows within the next wait")
        var plain = InputDecoder()
        XCTAssertEqual(decode("\u{1B}Pq\u{1B}\\k", decoder: &plain), keys(.character("k")), "elsewhere ESC P is a DCS")
    }

    func testAnEntryWhoseF1IsTheX10PrefixGetsF1() {
        // FreeBSD's console (cons25) sends `ESC [ M` for F1, which ncurses read as F1; it never
        // sends X10 mouse reports, so the next bytes are keys, not a report's coordinates.
        var cons25 = decoder([("\u{1B}[M", .function(1))])
        XCTAssertEqual(decode("\u{1B}[Mab", decoder: &cons25), keys(.function(1), .character("a"), .character("b")))
        var plain = InputDecoder()
        XCTAssertEqual(decode("\u{1B}[M !!", decoder: &plain).count, 1, "elsewhere it is a mouse report")
    }

    func testANamedSequenceWinsOverTheGenericReading() {
        var named = decoder([("\u{1B}[1~", .end), ("\u{1B}OP", .function(5)), ("\u{1B}[[A", .function(7))])
        XCTAssertEqual(decode("\u{1B}[1~\u{1B}OP\u{1B}[[A\u{1B}[4~", decoder: &named),
                       keys(.end, .function(5), .function(7), .end))
    }

    func testASingleControlByteTheEntryNamesIsThatKey() {
        // A terminal whose Left arrow is Backspace's byte (kcub1=^H): ncurses read it as Left.
        var named = decoder([("\u{8}", .left), ("\u{7F}", .backspace)])
        XCTAssertEqual(decode("\u{8}\u{7F}\u{3}", decoder: &named), keys(.left, .backspace, .control("c")))
    }

    func testTheTableKeepsOnlyControlsAndEscapeSequences() {
        let table = TerminfoKeys([
            (Array("a".utf8), .up), (Array("ab".utf8), .down), ([0x1B], .left), ([0x1B, 0xC3, 0xA9], .right),
            (Array("\u{1B}OA".utf8), .up), (Array("\u{1B}OA".utf8), .down), ([0x0D], .enter),
        ])
        XCTAssertNil(table.key(control: 0x61), "printable text is never a key")
        XCTAssertNil(table.key(sequence: Array("ab".utf8)))
        XCTAssertNil(table.key(sequence: [0x1B]), "a lone Escape is the escape delay's to decide")
        XCTAssertNil(table.key(sequence: [0x1B, 0xC3, 0xA9]), "only ASCII sequences")
        XCTAssertEqual(table.key(sequence: Array("\u{1B}OA".utf8)), .up, "the first naming wins")
        XCTAssertEqual(table.key(control: 0x0D), .enter)
        XCTAssertTrue(TerminfoKeys().hasNoSequences)
    }

    func testTheTableIsReadFromTheCapabilities() {
        let entry: [String: String] = ["kcuu1": "\u{1B}OA", "ka1": "\u{1B}Ow", "kbs": "\u{8}", "kf12": "\u{1B}[24~"]
        let table = TerminfoKeys.current { entry[$0].map { Array($0.utf8) } }
        XCTAssertEqual(table.key(sequence: Array("\u{1B}OA".utf8)), .up)
        XCTAssertEqual(table.key(sequence: Array("\u{1B}Ow".utf8)), .home)
        XCTAssertEqual(table.key(sequence: Array("\u{1B}[24~".utf8)), .function(12))
        XCTAssertEqual(table.key(control: 0x08), .backspace)
        XCTAssertNil(table.key(sequence: Array("\u{1B}OB".utf8)), "kcud1 is not in this entry")
    }

    // MARK: - Faults found by feeding hostile input (each failed before its fix)

    func testAVT52sKeypadSequencesAreKeysAndTypeNothing() {
        // vt52's entry: ka1=\E?q, kc3=\E?n, kf1=\EP. The generic reading dropped `ESC ?` and
        // typed `q` (which quits), and took `ESC P` for the start of a DCS string that swallowed
        // every key after it.
        var vt52 = decoder([("\u{1B}?q", .home), ("\u{1B}?n", .pageDown), ("\u{1B}P", .function(1)), ("\u{1B}A", .up)])
        XCTAssertEqual(decode("\u{1B}?q\u{1B}?n\u{1B}Pq\u{1B}A", decoder: &vt52),
                       keys(.home, .pageDown, .function(1), .character("q"), .up))
        XCTAssertEqual(decode("\u{1B}?zq", decoder: &vt52), keys(.character("q")),
                       "a sequence the entry does not name is dropped whole")
    }

    func testTheTailOfAVT52SequenceCutByAPauseIsNotTyped() {
        var vt52 = decoder([("\u{1B}?q", .home)])
        var events = decode("\u{1B}?", flush: true, decoder: &vt52)
        events += decode("qx", decoder: &vt52)
        XCTAssertEqual(events, keys(.character("x")))
    }

    func testTheLinuxConsolesFunctionKeyCutByAPauseTypesNothing() {
        var decoder = InputDecoder()
        var events = decode("\u{1B}[[", flush: true, decoder: &decoder)
        events += decode("Ax", decoder: &decoder)
        XCTAssertEqual(events, keys(.character("x")))
    }

    func testTheCoordinatesOfAnX10ReportCutByAPauseAreNotTyped() {
        // Column 81 encodes as `q`: after a pause it quit the program.
        var decoder = InputDecoder()
        var events = decode("\u{1B}[M ", flush: true, decoder: &decoder)
        XCTAssertTrue(decoder.wantsRawBytes, "the rest are still raw bytes")
        events += decode("q!x", decoder: &decoder)
        XCTAssertEqual(events, keys(.character("x")))
        events = decode("\u{1B}[M ", flush: true, decoder: &decoder)
        decoder.flush(into: &events)
        events += decode("q", decoder: &decoder)
        XCTAssertEqual(events, keys(.character("q")), "a second wait with nothing ends the dropping")
    }

    func testAPastesStartCutByAPauseStillStartsThePaste() {
        // `ESC [ 20`, a pause, `0 ~ q q q`: the tail of the start marker was dropped and the
        // pasted text ran as keys (q quit).
        var decoder = InputDecoder()
        var events = decode("\u{1B}[20", flush: true, decoder: &decoder)
        events += decode("0~qqq\u{1B}[201~x", decoder: &decoder)
        XCTAssertEqual(events, [.paste("qqq"), .key(.character("x"))])
        events = decode("\u{1B}[" + String(repeating: "1", count: 40) + "200~q", decoder: &decoder)
        XCTAssertEqual(events, keys(.character("q")), "an overlong sequence never starts a paste")
        events = decode("\u{1B}[1", flush: true, decoder: &decoder)
        events += decode("5~q", decoder: &decoder)
        XCTAssertEqual(events, keys(.character("q")), "any other cut sequence is still dropped")
    }

    func testRxvtsShiftedKeysEndingInADollarAreReadWhole() {
        // rxvt's Shift-Delete is `ESC [ 3 $`: read by CSI's rules it had not ended, and the next
        // key typed (`j`) was taken as its end and lost.
        let table = TerminfoKeys([(Array("\u{1B}[A".utf8), .up)],
                                 unbound: [Array("\u{1B}[3$".utf8), Array("\u{1B}[6$".utf8)])
        var rxvt = InputDecoder(terminfo: table)
        XCTAssertEqual(decode("\u{1B}[3$j\u{1B}[6$\u{1B}[6$k\u{1B}[A", decoder: &rxvt),
                       [.modifiedKey(.delete, .shift), .key(.character("j")), .modifiedKey(.pageDown, .shift),
                        .modifiedKey(.pageDown, .shift), .key(.character("k")), .key(.up)])
        var named = InputDecoder(terminfo: TerminfoKeys([(Array("\u{1B}[5$".utf8), .pageUp)]))
        XCTAssertEqual(decode("\u{1B}[5$j", decoder: &named), keys(.pageUp, .character("j")))
        XCTAssertEqual(decode("\u{1B}[?2004;1$yj", decoder: &rxvt), keys(.character("j")),
                       "a reply with an intermediate is still read to its end")
    }

    func testAnEntrysKeyThatLooksLikeAnX10ReportIsThatKey() {
        // FreeBSD's cons25 sends F1 as `ESC [ M`: it swallowed the next three keys as a report.
        var cons25 = decoder([("\u{1B}[M", .function(1))])
        XCTAssertEqual(decode("\u{1B}[Mabc", decoder: &cons25), keys(.function(1), .character("a"), .character("b"), .character("c")))
    }

    func testTheCapabilitiesWithoutABindingAreRead() {
        let entry: [String: String] = ["kDC": "\u{1B}[3$", "kNXT": "\u{1B}[6$", "kf20": "\u{1B}[34~"]
        let table = TerminfoKeys.current { entry[$0].map { Array($0.utf8) } }
        XCTAssertTrue(table.isUnterminatedCSI(Array("\u{1B}[3$".utf8)))
        XCTAssertTrue(table.isUnterminatedCSI(Array("\u{1B}[6$".utf8)))
        XCTAssertNil(table.key(sequence: Array("\u{1B}[3$".utf8)), "no binding: read whole, then dropped")
        XCTAssertFalse(table.isUnterminatedCSI(Array("\u{1B}[34~".utf8)), "ends as CSI does: nothing to keep")
    }

    func testBytesThatWereNotACharacterAreNoKeyButStillEndWhatWaits() {
        let missing = String(Unicode.Scalar(InputDecoder.notACharacter)!)
        XCTAssertEqual(decode("a" + missing + "b"), keys(.character("a"), .character("b")), "never typed")
        XCTAssertEqual(decode("\u{1B}" + missing + "q"), keys(.character("q")),
                       "after an Escape: Alt plus a key (no key), and the next key is not swallowed")
        XCTAssertEqual(decode("\u{1B}[200~x" + missing + "y\u{1B}[201~"), [.paste("x" + missing + "y")], "in a paste: text")
        XCTAssertEqual(decode("\u{1B}[1" + missing + "j"), keys(.character("j")), "it ends a sequence it cuts")
    }
}
