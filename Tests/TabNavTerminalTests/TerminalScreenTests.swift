import CNcursesw
import Foundation
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender
@testable import TabNavTerminal
import XCTest

/// A real ncurses screen on a pseudo-terminal: what it writes, what it reads, how it leaves.
final class TerminalScreenTests: XCTestCase {
    private let options = TerminalScreen.Options(terminalType: "xterm-256color")

    private func open(_ pty: PseudoTerminal, _ options: TerminalScreen.Options? = nil) throws -> TerminalScreen {
        try TerminalScreen.open(options: options ?? self.options,
                                inputDescriptor: pty.secondary, outputDescriptor: pty.secondary)
    }

    private func grid(columns: Int, rows: Int, lines: [String], style: CellStyle = .plain) -> [Cell] {
        var cells = [Cell](repeating: .blank, count: columns * rows)
        for (row, line) in lines.enumerated() {
            for (column, character) in line.enumerated() {
                cells[row * columns + column] = Cell(text: String(character), style: style)
            }
        }
        return cells
    }

    /// Events until `count` arrived or five seconds passed without any.
    private func events(_ screen: TerminalScreen, count: Int) -> [InputEvent] {
        var result: [InputEvent] = []
        while result.count < count {
            let next = screen.nextEvents(timeout: .seconds(5))
            if next.isEmpty { break }
            result += next
        }
        return result
    }

    private func termiosFlags(_ descriptor: Int32) -> [UInt32] {
        var settings = termios()
        tcgetattr(descriptor, &settings)
        return [settings.c_iflag, settings.c_oflag, settings.c_cflag, settings.c_lflag]
    }

    // MARK: - Drawing

    func testDrawWritesTheTextThenOnlyWhatChanged() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        XCTAssertEqual(screen.columns, 40)
        XCTAssertEqual(screen.rows, 10)
        _ = pty.outputUntilNow()

        var cells = grid(columns: 40, rows: 10, lines: [" Watch Now  Library  Search ", "", "Up Next"])
        screen.draw(columns: 40, rows: 10, cells: cells)
        let first = pty.outputUntilNow()
        XCTAssertTrue(first.contains("Watch Now"))
        XCTAssertTrue(first.contains("Up Next"))

        cells[2 * 40 + 1] = Cell(text: "X")
        screen.draw(columns: 40, rows: 10, cells: cells)
        let second = pty.outputUntilNow()
        XCTAssertTrue(second.contains("X"))
        XCTAssertLessThan(second.count, 24, "one changed cell: a cursor move and a character")
        XCTAssertLessThan(second.count * 4, first.count)

        screen.draw(columns: 40, rows: 10, cells: cells)
        XCTAssertEqual(pty.outputUntilNow(), [], "an unchanged frame writes nothing")
    }

    func testWideCharactersAttributesAndColours() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 20, rows: 3))
        let screen = try open(pty)
        defer { screen.close() }
        XCTAssertEqual(screen.colorDepth, .full256)
        XCTAssertTrue(screen.isUTF8, "run the tests with LANG=C.UTF-8")
        _ = pty.outputUntilNow()

        var cells = [Cell](repeating: .blank, count: 20 * 3)
        let red = CellStyle(.bold, foreground: 196)
        cells[0] = Cell(text: "日", width: 2, style: red)
        cells[1] = .continuation(red)
        cells[2] = Cell(text: "e\u{301}", style: red)
        cells[20] = Cell(text: "R", style: CellStyle(.reverse))
        screen.draw(columns: 20, rows: 3, cells: cells)
        let output = pty.outputUntilNow()
        XCTAssertTrue(output.contains("日e\u{301}"), "wide character then base + combining mark")
        XCTAssertTrue(output.contains("38;5;196"), "256-colour foreground")
        XCTAssertTrue(output.contains("\u{1B}[7m") || output.contains(";7m"), "reverse video")
    }

    func testEightColourTerminalGetsBasicColours() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 20, rows: 3))
        let screen = try open(pty, .init(terminalType: "xterm"))
        defer { screen.close() }
        XCTAssertEqual(screen.colorDepth, .eight)
        _ = pty.outputUntilNow()
        var cells = [Cell](repeating: .blank, count: 60)
        cells[0] = Cell(text: "A", style: CellStyle(foreground: 196))
        screen.draw(columns: 20, rows: 3, cells: cells)
        let output = pty.outputUntilNow()
        XCTAssertTrue(output.contains("\u{1B}[31m"), "196 drawn as basic red")
        XCTAssertFalse(output.contains("38;5"))
    }

    func testNoColourOptionDrawsAttributesOnly() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 20, rows: 3))
        let screen = try open(pty, .init(colors: false, terminalType: "xterm-256color"))
        defer { screen.close() }
        XCTAssertEqual(screen.colorDepth, .none)
        _ = pty.outputUntilNow()
        var cells = [Cell](repeating: .blank, count: 60)
        cells[0] = Cell(text: "A", style: CellStyle(.underline, foreground: 196))
        screen.draw(columns: 20, rows: 3, cells: cells)
        let output = pty.outputUntilNow()
        XCTAssertFalse(output.contains("38;5"))
        XCTAssertTrue(output.contains("\u{1B}[4m") || output.contains(";4m"), "underline still drawn")
    }

    func testGridOfAnotherSizeIsClippedAndRedrawn() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 10, rows: 2))
        let screen = try open(pty)
        defer { screen.close() }
        _ = pty.outputUntilNow()
        screen.draw(columns: 12, rows: 3, cells: grid(columns: 12, rows: 3, lines: ["abcdefghijkl", "mnop", "qrst"]))
        let output = pty.outputUntilNow()
        XCTAssertTrue(output.contains("abcdefghij"))
        XCTAssertFalse(output.contains("k"), "column 10 is beyond the screen")
        XCTAssertFalse(output.contains("q"), "row 2 is beyond the screen")
        screen.draw(columns: 3, rows: 1, cells: grid(columns: 3, rows: 1, lines: ["xyz"]))
        XCTAssertTrue(pty.outputUntilNow().contains("xyz"))
    }

    func testBottomRightCellIsDrawn() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 10, rows: 2))
        let screen = try open(pty)
        defer { screen.close() }
        _ = pty.outputUntilNow()
        var cells = [Cell](repeating: .blank, count: 20)
        cells[19] = Cell(text: "Z")
        cells[17] = Cell(text: "日", width: 2)
        cells[18] = .continuation(.plain)
        screen.draw(columns: 10, rows: 2, cells: cells)
        let output = pty.outputUntilNow()
        XCTAssertTrue(output.contains("Z"), "the last cell is drawable although the cursor cannot move past it")
        XCTAssertTrue(output.contains("日"))
    }

    func testMeasuringWidthsDoesNotDisturbAnOpenScreen() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 20, rows: 3))
        let screen = try open(pty)
        defer { screen.close() }
        _ = pty.outputUntilNow()
        XCTAssertEqual(NcursesWidth.columns(of: "日本語"), 6)
        screen.draw(columns: 20, rows: 3, cells: grid(columns: 20, rows: 3, lines: ["still here"]))
        XCTAssertTrue(pty.outputUntilNow().contains("still here"))
        XCTAssertEqual(screen.columns, 20)
    }

    // MARK: - Input

    func testKeysTextAndMouseReportsAreDecoded() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.type("\u{1B}[<0;10;1M\u{1B}[<32;11;2M\u{1B}[<0;11;2mé\u{03}\u{1B}OA\u{1B}[M !!\r")
        let received = events(screen, count: 8)
        XCTAssertEqual(received, [
            .mouse(MouseEvent(.press, column: 9, row: 0)),
            .mouse(MouseEvent(.drag, column: 10, row: 1)),
            .mouse(MouseEvent(.release, column: 10, row: 1)),
            .key(.character("é")),
            .key(.control("c")),
            .key(.up),
            .mouse(MouseEvent(.press, column: 0, row: 0)),
            .key(.enter),
        ])
    }

    func testTheTerminalsOwnKeySequencesAreKeys() throws {
        // xterm's entry names its keypad's corners (ka1, kc1, ka3, kc3) and a DEL Backspace; the
        // Linux console's entry names `ESC [ [ A` as F1. Each terminal's table is its own.
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        pty.type("\u{1B}Ow\u{1B}Oq\u{1B}Oy\u{1B}Os\u{7F}")
        XCTAssertEqual(events(screen, count: 5), [.key(.home), .key(.end), .key(.pageUp), .key(.pageDown), .key(.backspace)])
        screen.close()

        let console = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let linux = try open(console, TerminalScreen.Options(terminalType: "linux"))
        defer { linux.close() }
        console.type("\u{1B}[[A\u{1B}[1~\u{1B}[4~")
        XCTAssertEqual(events(linux, count: 3), [.key(.function(1)), .key(.home), .key(.end)])
    }

    func testAVT52sFunctionAndKeypadKeysAreKeys() throws {
        // vt52: F1 is `ESC P`, the keypad's 7 and 1 are `ESC ? q` and `ESC ? p`.
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty, TerminalScreen.Options(terminalType: "vt52"))
        defer { screen.close() }
        XCTAssertFalse(screen.knowsTerminfoKeys, "the entry's keys are read with the first input, not before the first frame")
        pty.type("\u{1B}P\u{1B}?q\u{1B}?p\u{1B}Ak")
        XCTAssertEqual(events(screen, count: 5), [.key(.function(1)), .key(.home), .key(.end), .key(.up), .key(.character("k"))])
        XCTAssertTrue(screen.knowsTerminfoKeys)
    }

    func testACharacterSplitBetweenTwoReadsIsWhole() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.type(bytes: [0x61, 0xE2, 0x82])
        XCTAssertEqual(events(screen, count: 1), [.key(.character("a"))])
        pty.type(bytes: [0xAC, 0x62])
        XCTAssertEqual(events(screen, count: 2), [.key(.character("€")), .key(.character("b"))])
    }

    func testTypedBytesThatAreNotUTF8AreDroppedAsNcursesDroppedThem() throws {
        // Outside a paste a stray byte is no character at all (ncurses' wget_wch refused it);
        // what surrounds it still counts, an arrow key included.
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.type(bytes: [0x61, 0xFF, 0x62, 0xE6, 0x41, 0xC3, 0x1B, 0x5B, 0x41])
        XCTAssertEqual(events(screen, count: 4),
                       [.key(.character("a")), .key(.character("b")), .key(.character("A")), .key(.up)])
        pty.type(bytes: Array("\u{1B}[200~x".utf8) + [0xFF] + Array("y\u{1B}[201~".utf8))
        XCTAssertEqual(events(screen, count: 1), [.paste("x\u{FFFD}y")], "a paste shows where a byte was lost")
    }

    func testAnEscapeFollowedByAByteThatIsNotUTF8IsAltAndAKey() throws {
        // Alt and a key of another character set (Latin-1's é is E9; FF is no UTF-8 at all): the
        // byte is dropped, yet it followed the Escape, so the two are Alt plus a key (no key). It
        // left the Escape waiting: the Escape key came after the delay, or the next key typed
        // was taken as Alt plus that key and lost.
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        screen.escapeDelay = 60_000 // what follows the Escape decides, not the machine's speed
        pty.type(bytes: [0x1B, 0xFF])
        pty.type("x")
        XCTAssertEqual(events(screen, count: 1), [.key(.character("x"))])
        pty.type(bytes: [0x1B, 0xE9, 0x79])
        XCTAssertEqual(events(screen, count: 1), [.key(.character("y"))], "a character cut short ends the Escape's wait too")
    }

    func testATwoByteCharacterOfANonUTF8LocaleIsOneCharacter() throws {
        // GBK spells 丂 as 81 40: its second byte is ASCII's `@` and must not be read as one.
        let localedef = "/usr/bin/localedef"
        guard FileManager.default.isExecutableFile(atPath: localedef) else { throw XCTSkip("no localedef") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabnav-locale-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let make = Process()
        make.executableURL = URL(fileURLWithPath: localedef)
        make.arguments = ["-i", "zh_CN", "-f", "GBK", folder.appendingPathComponent("zh_CN.GBK").path]
        make.standardOutput = FileHandle.nullDevice
        make.standardError = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        let savedAll = getenv("LC_ALL").map { String(cString: $0) }
        setenv("LOCPATH", folder.path, 1)
        setenv("LC_ALL", "zh_CN.GBK", 1)
        defer {
            unsetenv("LOCPATH")
            if let savedAll { setenv("LC_ALL", savedAll, 1) } else { unsetenv("LC_ALL") }
            setlocale(LC_ALL, "")
        }
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        guard String(cString: nl_langinfo(nl_item(CODESET))) == "GBK" else { throw XCTSkip("the GBK locale could not be made") }
        XCTAssertFalse(screen.isUTF8)
        pty.type(bytes: [0x61, 0x81, 0x40, 0x62, 0xB0, 0xA1])
        XCTAssertEqual(events(screen, count: 4),
                       [.key(.character("a")), .key(.character("丂")), .key(.character("b")), .key(.character("啊"))])
        pty.type(bytes: [0x81, 0x1B, 0x5B, 0x41, 0x63])
        XCTAssertEqual(events(screen, count: 2), [.key(.up), .key(.character("c"))], "a cut-off character is dropped")
        // A byte the locale cannot read right after an Escape: Alt plus a key, as in UTF-8.
        screen.escapeDelay = 60_000
        pty.type(bytes: [0x1B, 0xFF, 0x64])
        XCTAssertEqual(events(screen, count: 1), [.key(.character("d"))], "the byte after the Escape ends its wait")
    }

    func testX10ReportBeyondColumn95IsReadAsRawBytes() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 240, rows: 120))
        let screen = try open(pty)
        defer { screen.close() }
        // Coordinates 200 and 107 encode as bytes 233 and 140: not UTF-8, and must not be decoded.
        pty.type(bytes: Array("\u{1B}[M".utf8) + [32, 233, 140] + Array("z".utf8))
        XCTAssertEqual(events(screen, count: 2), [
            .mouse(MouseEvent(.press, column: 200, row: 107)),
            .key(.character("z")),
        ])
    }

    func testPartialSequenceIsDroppedAfterABoundedWait() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.type("\u{1B}[<0;1")
        // Until the decoder has read the part and let it go (its wait, then its tail's), however
        // late a slow machine delivers the bytes or ends the waits (a fixed 300 ms was 100 ms
        // more than the two waits, counted from a read that may come late).
        var early: [InputEvent] = []
        let start = ContinuousClock.now
        while !screen.decoder.hasPendingInput, early.isEmpty, start.duration(to: .now) < .seconds(5) {
            early += screen.nextEvents(timeout: .milliseconds(10))
        }
        XCTAssertTrue(screen.decoder.hasPendingInput, "the part was read")
        while screen.decoder.hasPendingInput, early.isEmpty, start.duration(to: .now) < .seconds(10) {
            early += screen.nextEvents(timeout: .milliseconds(10))
        }
        XCTAssertEqual(early, [])
        XCTAssertFalse(screen.decoder.hasPendingInput, "the part is dropped after a bounded wait")
        pty.type("2;3M")
        XCTAssertEqual(events(screen, count: 4), [.key(.character("2")), .key(.character(";")),
                                                 .key(.character("3")), .key(.character("M"))],
                       "the dropped part does not swallow what is typed next")
    }

    /// Reads until the decoder has let go of the part of a sequence it was given (its wait is
    /// over and it now waits for the tail), returning what came meanwhile.
    private func readUntilThePartIsDropped(_ screen: TerminalScreen) -> [InputEvent] {
        var early: [InputEvent] = []
        let start = ContinuousClock.now
        while screen.decoder.state != .discardCSI, early.isEmpty, start.duration(to: .now) < .seconds(10) {
            early += screen.nextEvents(timeout: .milliseconds(10))
        }
        XCTAssertEqual(screen.decoder.state, .discardCSI, "the part was read and dropped")
        return early
    }

    /// Over a slow link the rest of a mouse report can come 300 ms after its start: its tail
    /// (`5m`) is dropped, not typed (`5` would select a tab, `m` pick an entry up).
    func testTheTailOfAReportCutByA300MillisecondPauseIsNotTyped() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.type("\u{1B}[<0;10;")
        XCTAssertEqual(readUntilThePartIsDropped(screen), [])
        // The pause under test: the screen's own wait, with nothing typed.
        XCTAssertEqual(screen.nextEvents(timeout: .milliseconds(300)), [])
        pty.type("5m")
        pty.type("l")
        XCTAssertEqual(events(screen, count: 1), [.key(.character("l"))])
    }

    /// A paste's start marker cut 300 ms before its `~` still starts the paste: a pasted `q`
    /// never quits.
    func testAPasteStartCutByA300MillisecondPauseStillStartsThePaste() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.type("\u{1B}[200")
        XCTAssertEqual(readUntilThePartIsDropped(screen), [])
        XCTAssertEqual(screen.nextEvents(timeout: .milliseconds(300)), [])
        pty.type("~qq\u{1B}[201~")
        XCTAssertEqual(events(screen, count: 1), [.paste("qq")])
    }

    func testLoneEscapeArrivesAfterTheEscapeDelay() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.type("\u{1B}")
        XCTAssertEqual(events(screen, count: 1), [.key(.escape)])
        pty.type("\u{1B}x") // Alt-x: not the key x (only a terminal tab's program takes it)
        pty.type("q")
        XCTAssertEqual(events(screen, count: 2), [.altKey(.character("x")), .key(.character("q"))])
    }

    func testResizeIsReportedWithTheNewSize() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.resize(columns: 60, rows: 20)
        kill(getpid(), SIGWINCH) // the kernel signals only the terminal's own session
        XCTAssertEqual(events(screen, count: 1), [.resize(TerminalSize(columns: 60, rows: 20))])
        XCTAssertEqual(screen.columns, 60)
        XCTAssertEqual(screen.rows, 20)
    }

    /// Over the "too large" limit the real size is reported (the notice shows) while ncurses is
    /// given one row of at most 2000 columns, so its buffers never grow with the terminal.
    func testATooLargeTerminalIsReportedButNcursesKeepsOneRow() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.resize(columns: 5000, rows: 3000)
        kill(getpid(), SIGWINCH)
        XCTAssertEqual(events(screen, count: 1), [.resize(TerminalSize(columns: 5000, rows: 3000))])
        XCTAssertEqual(getmaxy(screen.window), 1)
        XCTAssertEqual(getmaxx(screen.window), 2000)
        XCTAssertEqual(screen.columns, 5000)

        pty.resize(columns: 70, rows: 25)
        kill(getpid(), SIGWINCH)
        XCTAssertEqual(events(screen, count: 1), [.resize(TerminalSize(columns: 70, rows: 25))])
        XCTAssertEqual(getmaxy(screen.window), 25)
        XCTAssertEqual(getmaxx(screen.window), 70)
    }

    func testTerminationSignalBecomesAnEventAndHandlersAreRestored() throws {
        let before = Self.handlerAddress(SIGTERM)
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        XCTAssertNotEqual(Self.handlerAddress(SIGTERM), before)
        kill(getpid(), SIGTERM)
        XCTAssertEqual(events(screen, count: 1), [.terminate(signal: SIGTERM)])
        kill(getpid(), SIGHUP)
        XCTAssertEqual(events(screen, count: 1), [.terminate(signal: SIGHUP)])
        screen.close()
        XCTAssertEqual(Self.handlerAddress(SIGTERM), before)
    }

    func testWakerWakesFromAnotherThread() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        let waker = screen.waker
        Thread.detachNewThread { waker.wake() }
        XCTAssertEqual(events(screen, count: 1), [.wake])

        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            waker.wake()
            waker.wake()
            done.signal()
        }
        done.wait()
        XCTAssertEqual(screen.nextEvents(timeout: .seconds(5)), [.wake], "wake-ups before a look coalesce")
    }

    func testTheRunLoopWaitsOnOneEpollSetClosedWithTheScreen() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        let set = screen.waitSet
        XCTAssertGreaterThanOrEqual(set, 0)
        XCTAssertNotEqual(fcntl(set, F_GETFD) & FD_CLOEXEC, 0, "no layout command inherits it")
        XCTAssertEqual(linkTarget(descriptor: set), "anon_inode:[eventpoll]")
        pty.type("k")
        XCTAssertEqual(events(screen, count: 1), [.key(.character("k"))])
        screen.close()
        XCTAssertEqual(fcntl(set, F_GETFD), -1, "closed with the screen")
    }

    private func linkTarget(descriptor: Int32) -> String {
        var target = [UInt8](repeating: 0, count: 256)
        let count = target.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { readlink("/proc/self/fd/\(descriptor)", $0.baseAddress!, 255) }
        }
        return String(decoding: target.prefix(max(0, count)), as: UTF8.self)
    }

    func testAnEscapeWaitsItsFullDelayWhateverTheCallersTimeout() throws {
        // The run loop's own deadline (a running command's next frame) may come before the escape
        // delay is over: the Escape must still wait, or the rest of an arrow key read later is typed.
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        screen.escapeDelay = 60_000
        pty.type("\u{1B}")
        var early: [InputEvent] = []
        let start = ContinuousClock.now
        while !screen.decoder.isAwaitingEscape && early.isEmpty && start.duration(to: .now) < .seconds(5) {
            early += screen.nextEvents(timeout: .milliseconds(1))
        }
        // Callers' timeouts far shorter than the delay, as many as fit in it: none ends it.
        for _ in 0..<5 { early += screen.nextEvents(timeout: .microseconds(1)) }
        XCTAssertEqual(early, [], "the Escape is still waiting for what follows it")
        pty.type("[A")
        XCTAssertEqual(events(screen, count: 1), [.key(.up)])
    }

    func testWakeUpsDoNotKeepAnEscapeWaitingForever() throws {
        // A command tab that streams output wakes the run loop more often than the escape delay:
        // the Escape key must still arrive once its delay is over.
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.type("\u{1B}")
        var seen: [InputEvent] = []
        let start = ContinuousClock.now
        while !seen.contains(.key(.escape)) && start.duration(to: .now) < .seconds(3) {
            screen.waker.wake()
            seen += screen.nextEvents()
        }
        XCTAssertTrue(seen.contains(.key(.escape)), "Escape came through between the wake-ups")
        XCTAssertFalse(seen.contains { if case .key(let key) = $0 { key != .escape } else { false } })
    }

    func testHangupEndsInputWithoutSpinning() throws {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        var size = winsize(ws_row: 10, ws_col: 40, ws_xpixel: 0, ws_ypixel: 0)
        XCTAssertEqual(openpty(&primary, &secondary, nil, nil, &size), 0)
        defer { Glibc.close(secondary) }
        let screen = try TerminalScreen.open(options: options, inputDescriptor: secondary, outputDescriptor: secondary)
        defer { screen.close() }
        Glibc.close(primary)
        XCTAssertEqual(screen.nextEvents(timeout: .seconds(5)), [.endOfInput])
        let start = ContinuousClock.now
        XCTAssertEqual(screen.nextEvents(), [.endOfInput], "returns at once, never blocks again")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(1))
    }

    // MARK: - Opening and closing

    func testOpenAndCloseSwitchModesAndRestoreTheTerminal() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let flagsBefore = termiosFlags(pty.secondary)
        let screen = try open(pty)
        let setup = pty.outputUntilNow()
        XCTAssertTrue(setup.contains("\u{1B}[?1049h"), "alternate screen")
        XCTAssertTrue(setup.contains(RestoreSequence.mouseOn), "press, button-motion and SGR mouse modes")
        XCTAssertTrue(setup.contains(RestoreSequence.bracketedPasteOn), "bracketed paste")
        XCTAssertNotEqual(termiosFlags(pty.secondary), flagsBefore, "raw mode")

        screen.close()
        let teardown = pty.outputUntilNow()
        XCTAssertTrue(teardown.contains(RestoreSequence.mouseOff))
        XCTAssertTrue(teardown.contains(RestoreSequence.bracketedPasteOff))
        XCTAssertTrue(teardown.contains("\u{1B}[?1049l"), "main screen back")
        XCTAssertTrue(teardown.contains("\u{1B}[?25h"), "cursor visible")
        XCTAssertEqual(termiosFlags(pty.secondary), flagsBefore)
        XCTAssertFalse(screen.isOpen)

        screen.close()
        XCTAssertEqual(pty.outputUntilNow(), [], "closing twice does nothing")
        XCTAssertEqual(screen.nextEvents(), [.endOfInput])
    }

    func testOutputProcessingIsOffWhileOpenAndBackAfterwards() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let outputFlags = { self.termiosFlags(pty.secondary)[1] }
        XCTAssertNotEqual(outputFlags() & tcflag_t(OPOST), 0, "a new terminal processes output")
        let screen = try open(pty)
        XCTAssertEqual(outputFlags() & tcflag_t(OPOST), 0, "frames are copied as they are")
        XCTAssertEqual(outputFlags() & tcflag_t(ONLCR), 0)
        endwin() // what Ctrl-Z does before the program stops,
        XCTAssertNotEqual(outputFlags() & tcflag_t(OPOST), 0)
        doupdate() // and what puts ncurses' program modes back when it continues
        XCTAssertEqual(outputFlags() & tcflag_t(OPOST), 0, "still off after ncurses put its modes back")
        screen.close()
        XCTAssertNotEqual(outputFlags() & tcflag_t(OPOST), 0, "and on again after")
        XCTAssertNotEqual(outputFlags() & tcflag_t(ONLCR), 0)
    }

    func testATerminalSetToTranslateOutputKeepsItsProcessing() throws {
        // ncurses itself stops tabs being expanded; a translation it leaves alone stays on.
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        var mode = termios()
        tcgetattr(pty.secondary, &mode)
        mode.c_oflag |= tcflag_t(OLCUC)
        tcsetattr(pty.secondary, TCSANOW, &mode)
        let screen = try open(pty)
        defer { screen.close() }
        let flags = termiosFlags(pty.secondary)[1]
        XCTAssertNotEqual(flags & tcflag_t(OLCUC), 0)
        XCTAssertNotEqual(flags & tcflag_t(OPOST), 0, "lower case is still turned into upper case")
    }

    func testWithoutMouseNoMouseModesAreSet() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty, .init(mouse: false, terminalType: "xterm-256color"))
        XCTAssertFalse(pty.outputUntilNow().contains("\u{1B}[?1002h"))
        screen.close()
        XCTAssertFalse(pty.outputUntilNow().contains("\u{1B}[?1002l"))
    }

    func testEmergencyRestoreWritesThePreparedBytesAndResetsModes() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let flagsBefore = termiosFlags(pty.secondary)
        let screen = try open(pty)
        defer { screen.close() }
        _ = pty.outputUntilNow()
        SignalRelay.emergencyRestoreNow() // what the crash handler does before dying
        let output = pty.outputUntilNow()
        XCTAssertTrue(output.starts(with: RestoreSequence.mouseOff))
        XCTAssertTrue(output.contains(RestoreSequence.bracketedPasteOff))
        XCTAssertTrue(output.contains("\u{1B}[?1049l"))
        XCTAssertTrue(output.contains("\u{1B}[?25h"))
        XCTAssertEqual(termiosFlags(pty.secondary), flagsBefore)
    }

    func testUnknownTerminalTypeThrowsAndLeavesTheTerminalAlone() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let flagsBefore = termiosFlags(pty.secondary)
        XCTAssertThrowsError(try open(pty, .init(terminalType: "no-such-terminal-type"))) { error in
            XCTAssertEqual(error as? TerminalError, .unknownTerminal("no-such-terminal-type"))
        }
        XCTAssertEqual(pty.outputUntilNow(), [], "nothing written, not even by ncurses")
        XCTAssertEqual(termiosFlags(pty.secondary), flagsBefore)
        XCTAssertThrowsError(try open(pty, .init(terminalType: "dumb"))) { error in
            XCTAssertEqual(error as? TerminalError, .unsupportedTerminal("dumb"))
        }
        XCTAssertEqual(pty.outputUntilNow(), [])
        XCTAssertEqual(termiosFlags(pty.secondary), flagsBefore)
        let screen = try open(pty) // the failed attempts released everything
        screen.close()
    }

    func testNotATerminal() throws {
        var descriptors: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer {
            Glibc.close(descriptors[0])
            Glibc.close(descriptors[1])
        }
        XCTAssertThrowsError(try TerminalScreen.open(
            options: options, inputDescriptor: descriptors[0], outputDescriptor: descriptors[1])) { error in
            XCTAssertEqual(error as? TerminalError, .notATerminal(input: false))
        }
    }

    func testOnlyOneScreenAtATime() throws {
        let first = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let second = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(first)
        XCTAssertThrowsError(try open(second)) { error in
            XCTAssertEqual(error as? TerminalError, .alreadyOpen)
        }
        screen.close()
        try open(second).close()
    }

    /// The address of the handler currently installed for `signal` (to compare dispositions).
    private static func handlerAddress(_ signal: Int32) -> UInt {
        var action = sigaction()
        sigaction(signal, nil, &action)
        return unsafeBitCast(action.__sigaction_handler, to: UInt.self)
    }

    // MARK: - The decoder's waits are its own (faults found by feeding hostile input)

    func testACallersShortTimeoutDoesNotEndAPaste() throws {
        // The run loop asks with a timeout while a page animates (a running command's spinner,
        // every 100 ms): a paste arriving in two reads across such a tick ended at the tick, and
        // the rest ran as keys — a pasted `q` quit.
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        pty.type("\u{1B}[200~abc")
        XCTAssertEqual(screen.nextEvents(timeout: .milliseconds(20)), [])
        pty.type("q\u{1B}[201~")
        XCTAssertEqual(events(screen, count: 1), [.paste("abcq")])
    }

    func testTheRestOfASequenceThatCameDuringASlowFrameIsReadBeforeTheWaitEnds() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        screen.escapeDelay = 60_000 // until the test ends the wait itself, below
        pty.type("j\u{1B}")
        var early = events(screen, count: 1)
        let start = ContinuousClock.now
        while !screen.decoder.isAwaitingEscape, early.count == 1, start.duration(to: .now) < .seconds(5) {
            early += screen.nextEvents(timeout: .milliseconds(1))
        }
        XCTAssertEqual(early, [.key(.character("j"))])
        pty.type("[A")
        var queued = pollfd(fd: pty.secondary, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&queued, 1, 5000), 1, "the rest is waiting in the terminal")
        // The run loop drew a frame that took longer than the escape delay: its wait is over.
        // (Busy-waiting for 25 ms instead left the rest's delivery to the machine's speed.)
        screen.pendingInputDeadline = ContinuousClock.now
        XCTAssertEqual(events(screen, count: 1), [.key(.up)])
    }

    func testAStreamOfBytesThatAreNoKeysDoesNotHoldBackTheCallersTimeout() throws {
        // An endless terminal string (or paste) gives no events; the loop went on reading and never
        // came back at the caller's deadline, so a running command's spinner and refresh stopped.
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try open(pty)
        defer { screen.close() }
        let primary = pty.primary
        let state = FloodState()
        let flood = Thread {
            let chunk = [UInt8](repeating: 0x61, count: 256)
            _ = Array("\u{1B}]".utf8).withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
            let start = ContinuousClock.now
            while !state.stopRequested, start.duration(to: .now) < .seconds(5) {
                _ = chunk.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
            }
            state.finish()
            _ = [UInt8(7)].withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
        }
        flood.start()
        let events = screen.nextEvents(timeout: .milliseconds(50))
        let floodWasRunning = !state.finished
        state.requestStop()
        XCTAssertEqual(events, [])
        XCTAssertTrue(floodWasRunning, "the call came back only once the stream stopped")
        var drained: [InputEvent] = []
        while !state.finished { drained += screen.nextEvents(timeout: .milliseconds(10)) } // its writes wait for reads
        XCTAssertEqual(drained, [])
        pty.type("x")
        var rest: [InputEvent] = []
        while rest.last != .key(.character("x")) {
            let next = screen.nextEvents(timeout: .seconds(5))
            if next.isEmpty { break }
            rest += next
        }
        XCTAssertEqual(rest, [.key(.character("x"))], "the string is consumed whole")
    }
}

/// The flood thread's flags, shared with the test.
private final class FloodState: @unchecked Sendable {
    private let lock = NSLock()
    private var stop = false
    private var done = false
    var stopRequested: Bool { lock.withLock { stop } }
    var finished: Bool { lock.withLock { done } }
    func requestStop() { lock.withLock { stop = true } }
    func finish() { lock.withLock { done = true } }
}

/// The background query (docs/themes.md): asked as the screen opens, its answer an event, never keys;
/// 24-bit colours written exactly where the terminal says it takes them.
final class TerminalBackgroundTests: XCTestCase {
    func testTheScreenAsksForTheBackgroundAndReadsTheAnswer() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try TerminalScreen.open(
            options: .init(terminalType: "xterm-256color", asksBackground: true),
            inputDescriptor: pty.secondary, outputDescriptor: pty.secondary)
        defer { screen.close() }
        XCTAssertTrue(pty.read(until: "\u{1B}]11;?\u{1B}\\").count > 0, "the query is written")
        XCTAssertNotNil(screen.backgroundAskedAt)
        pty.type("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\q")
        var events: [InputEvent] = []
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while events.count < 2, ContinuousClock.now < deadline { events += screen.nextEvents(timeout: .seconds(1)) }
        XCTAssertEqual(events, [.terminalBackground(.white), .key(.character("q"))])
    }

    func testNoQueryUnlessAsked() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 40, rows: 10))
        let screen = try TerminalScreen.open(options: .init(terminalType: "xterm-256color"),
                                             inputDescriptor: pty.secondary, outputDescriptor: pty.secondary)
        defer { screen.close() }
        XCTAssertNil(screen.backgroundAskedAt)
        XCTAssertFalse(pty.outputUntilNow().contains(Array("\u{1B}]11;?".utf8)))
    }

    func testDirectColoursAreTheThemesExactColours() throws {
        let pty = try XCTUnwrap(PseudoTerminal(columns: 20, rows: 3))
        let screen = try TerminalScreen.open(options: .init(terminalType: "xterm-256color", directColor: true),
                                             inputDescriptor: pty.secondary, outputDescriptor: pty.secondary)
        defer { screen.close() }
        XCTAssertEqual(screen.colorDepth, .direct)
        let custom = Theme.custom(ThemeColors(base: .dark, colors: [.accent: .rgb(RGBColor(hex: 0x123456))]),
                                  background: nil, depth: .direct)
        screen.useColors(of: custom)
        _ = pty.outputUntilNow()
        var cells = [Cell](repeating: .blank, count: 20 * 3)
        cells[0] = Cell(text: "A", style: custom.barSelected)
        cells[1] = Cell(text: "B", style: CellStyle(foreground: 117))
        screen.draw(columns: 20, rows: 3, cells: cells)
        let output = String(decoding: pty.outputUntilNow(), as: UTF8.self)
        XCTAssertTrue(output.contains("38;2;18;52;86m"), "the person's colour exactly: \(output.debugDescription)")
        XCTAssertTrue(output.contains("38;2;135;215;255m"), "a palette colour as xterm's standard one")
    }
}
