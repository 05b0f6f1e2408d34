import CVterm
import Glibc
import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// One terminal emulation and the scrollback above it (docs/terminal-tabs.md, "Emulation").
/// libvterm's state layer parses what a program wrote (escape sequences, modes, the cursor, the
/// pen, character sets, widths) and tells this class what to draw; the screen itself is the
/// project's own (`ScreenRows`: cells as the frames use them, rows that scroll by moving slot
/// numbers), so a line scrolling away costs its encoding into the scrollback and nothing more.
/// What a program shows comes out as `TerminalImage`, so no byte of the program's reaches the
/// outer terminal (clipboard, hyperlinks and queries stay here). Keys, pastes and mouse reports
/// are encoded as the program asked for (application cursor keys, bracketed paste, the mouse
/// mode and format) into `output`, with the emulation's own replies (cursor position reports,
/// device attributes).
///
/// Not thread-safe: its owner serializes every call.
package final class TerminalEmulator {
    private let terminal: OpaquePointer
    private let state: OpaquePointer
    private let callbacks: UnsafeMutablePointer<VTermStateCallbacks>
    /// What a glyph, an erase or a scroll touches, behind a pointer: writing a cell is then a
    /// plain store, with no exclusivity check on a stored property (once per character).
    private let screen: UnsafeMutablePointer<Screen>
    package var columns: Int { screen.pointee.normal.columns }
    package var rows: Int { screen.pointee.normal.rows }
    /// Bytes for the program: encoded keys and the emulation's replies, until taken.
    package var output: [UInt8] = []
    /// The screen changed since the last image.
    package var isDamaged: Bool { screen.pointee.damaged }
    /// Bells since the flag was last cleared.
    package var rang = false
    package private(set) var title = ""
    package private(set) var mouse = TerminalMouseMode.none
    package var alternateScreen: Bool { screen.pointee.onAlternate }
    private var cursorVisible = true
    private var cursorShape = TerminalCursor.Shape.block
    private var cursorBlinks = true
    /// The whole screen shown in reverse video (DECSCNM).
    private var reversed = false
    /// Lines that scrolled off the top, oldest first.
    package private(set) var scrollback: ScrollbackStore
    /// The line being pushed into the scrollback (kept to reuse its room).
    private var lineWriter = ScrollbackLine.Writer(capacity: 256)
    /// How far the view is scrolled back (0: live). Kept on the same lines while output arrives.
    package private(set) var viewOffset = 0

    /// The screens and the pen.
    struct Screen {
        var normal: ScreenRows
        var alternate: ScreenRows
        var onAlternate = false
        /// The style the pen writes and erases in.
        var style = CellStyle.plain
        var pen = Pen()
        var damaged = true
        /// Glyphs put so far, and the last one's place and packed word: what the plain-text path
        /// (`writeText`) reads after handing libvterm one character.
        var glyphs = 0
        var lastRow = 0
        var lastColumn = 0
        var lastPacked: UInt32 = 0
        /// The last glyph put, its characters (at most 6, 0-terminated when fewer) and width (0
        /// before the first, and for a glyph of no width): what a repeat (`CSI n b`) writes.
        var lastWidth: Int32 = 0
        var lastChars: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0)
        /// Scrolls sideways so far (insert mode shifts a line's characters before each glyph).
        var sidewaysScrolls = 0

        var current: ScreenRows { onAlternate ? alternate : normal }

        /// The last glyph of several characters (a base and its marks) and its code: the same
        /// cluster over and over (`CSI n b` repeats it) is made into a code once, not per cell.
        var lastCluster: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0)
        var lastClusterCode: UInt32 = 0

        mutating func code(of chars: UnsafePointer<UInt32>) -> UInt32 {
            guard chars[1] != 0 else { return TerminalCells.code(of: chars) }
            var key: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &key) { raw in
                let slots = raw.bindMemory(to: UInt32.self)
                var index = 0
                while index < 6, chars[index] != 0 {
                    slots[index] = chars[index]
                    index += 1
                }
            }
            if key == lastCluster, lastClusterCode != 0 { return lastClusterCode }
            lastCluster = key
            lastClusterCode = TerminalCells.code(of: chars)
            return lastClusterCode
        }
    }

    /// The pen's attributes and colours as libvterm sets them (`setpenattr`).
    struct Pen {
        var attributes: CellStyle.Attributes = []
        var foreground: UInt8?
        var background: UInt8?

        var style: CellStyle { CellStyle(attributes, foreground: foreground, background: background) }
    }

    /// - Parameters:
    ///   - scrollback: lines kept above the screen.
    ///   - scrollbackBytes: the most the scrollback keeps, in bytes (docs/terminal-tabs.md).
    package init(columns: Int, rows: Int, scrollback: Int = ContentOptions.defaultScrollback,
                 scrollbackBytes: Int = ScrollbackStore.defaultByteLimit) {
        let columns = max(1, columns), rows = max(1, rows)
        self.scrollback = ScrollbackStore(capacity: max(0, scrollback), byteLimit: scrollbackBytes)
        screen = .allocate(capacity: 1)
        screen.initialize(to: Screen(normal: ScreenRows(columns: columns, rows: rows),
                                     alternate: ScreenRows(columns: columns, rows: rows)))
        terminal = vterm_new(Int32(rows), Int32(columns))
        vterm_set_utf8(terminal, 1)
        state = vterm_obtain_state(terminal)
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: VTermStateCallbacks(
            putglyph: { info, position, user in
                guard let info else { return 0 }
                TerminalEmulator.put(info, at: position, on: TerminalEmulator.with(user) { $0.screen })
                return 1
            },
            movecursor: { _, _, _, user in
                TerminalEmulator.with(user) { $0.screen.pointee.damaged = true }
                return 1
            },
            scrollrect: { rect, downward, rightward, user in
                TerminalEmulator.with(user) { $0.scroll(rect, downward: Int(downward), rightward: Int(rightward)) }
                return 1
            },
            moverect: { destination, source, user in
                TerminalEmulator.with(user) { $0.move(destination, from: source) }
                return 1
            },
            erase: { rect, selective, user in
                TerminalEmulator.with(user) { $0.erase(rect, selective: selective != 0) }
                return 1
            },
            initpen: { user in
                let screen = TerminalEmulator.with(user) { $0.screen }
                screen.pointee.pen = Pen()
                screen.pointee.style = .plain
                return 1
            },
            setpenattr: { attribute, value, user in
                guard let value else { return 1 }
                TerminalEmulator.with(user) { $0.setPen(attribute, value.pointee) }
                return 1
            },
            settermprop: { property, value, user in
                guard let value else { return 1 }
                TerminalEmulator.with(user) { $0.set(property, value.pointee) }
                return 1
            },
            bell: { user in TerminalEmulator.with(user) { $0.rang = true }; return 1 },
            resize: { rows, columns, delta, user in
                TerminalEmulator.with(user) { $0.resizeScreens(rows: Int(rows), columns: Int(columns), delta: delta) }
                return 1
            },
            setlineinfo: { _, _, _, _ in 1 }))
        let user = Unmanaged.passUnretained(self).toOpaque()
        vterm_state_set_callbacks(state, callbacks, user)
        vterm_output_set_callback(terminal, { bytes, length, user in
            guard let bytes, let user else { return }
            let emulator = Unmanaged<TerminalEmulator>.fromOpaque(user).takeUnretainedValue()
            bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
                emulator.output.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
            }
        }, user)
        vterm_state_reset(state, 1)
    }

    deinit {
        vterm_free(terminal)
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
        screen.pointee.normal.free()
        screen.pointee.alternate.free()
        screen.deinitialize(count: 1)
        screen.deallocate()
    }

    /// The emulator a callback's `user` points to, lent without retaining it (it outlives its
    /// libvterm, which calls back only from inside this class's own calls).
    @inline(__always)
    private static func with<Result>(_ user: UnsafeMutableRawPointer?, _ body: (TerminalEmulator) -> Result) -> Result {
        Unmanaged<TerminalEmulator>.fromOpaque(user!)._withUnsafeGuaranteedRef(body)
    }

    // MARK: Input from the program

    /// Emulates what the program wrote. The strings libvterm does not know (SOS, PM and APC:
    /// `ESC X`, `ESC ^`, `ESC _` up to `ESC \`, or cut short by any other escape, CAN or SUB, as
    /// a terminal's parser ends them) are dropped here, payload and all, so that they never show
    /// as text; an `ESC` at the end of a write waits for the next byte to tell.
    ///
    /// C1 controls written in UTF-8 (U+0080 to U+009F, `C2 80` to `C2 9F`) are dropped too:
    /// libvterm 0.1.4 takes them for text of width -1, which moves its cursor backwards (to
    /// column -1 at the left edge). A `C2` not followed by a continuation byte becomes U+FFFD.
    package func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return }
        var start = 0
        if leadBytePending {
            leadBytePending = false
            switch base[0] {
            case 0x80...0x9F: start = 1  // a C1 control, dropped
            case 0xA0...0xBF:
                var lead: UInt8 = 0xC2
                feedUnfiltered(&lead, 1)
            default: feedReplacement()
            }
        }
        var from = start
        while from < bytes.count, let found = memchr(base + from, 0xC2, bytes.count - from) {
            let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            if at + 1 == bytes.count {
                feedUnfiltered(base + start, at - start)
                leadBytePending = true
                return
            }
            switch base[at + 1] {
            case 0x80...0x9F:
                feedUnfiltered(base + start, at - start)
                start = at + 2
            case 0xA0...0xBF:
                break
            default:
                // A `C2` with no continuation: libvterm would keep it across what follows (an
                // escape sequence, a control) and join it to a later byte, a C1 control again.
                feedUnfiltered(base + start, at - start)
                feedReplacement()
                start = at + 1
            }
            from = at + 1
        }
        feedUnfiltered(base + start, bytes.count - start)
    }

    /// U+FFFD, for a broken lead byte taken out of the stream.
    private func feedReplacement() {
        var replacement: (UInt8, UInt8, UInt8) = (0xEF, 0xBF, 0xBD)
        withUnsafeBytes(of: &replacement) { feedUnfiltered($0.baseAddress!.assumingMemoryBound(to: UInt8.self), 3) }
    }

    /// A write ended with `C2`, held back until the next byte tells whether it starts a C1 control.
    private var leadBytePending = false

    private func feedUnfiltered(_ base: UnsafePointer<UInt8>, _ count: Int) {
        guard count > 0 else { return }
        var index = 0
        if escapePending {
            if string != .none, base[0] == 0x5C {
                escapePending = false
                endString(with: [0x1B, 0x5C])  // ESC \ ends the string
                index = 1
            } else {
                // Any other escape ends a string (dropping it) and starts a sequence of its own.
                string = .none
                stringBytes.removeAll(keepingCapacity: true)
                // Controls after an escape run inside it (libvterm carries them out and reads
                // on): they go first, and the escape's next byte is the one after them.
                var next = 0
                while next < count, Self.runsInsideEscape(base[next]) { next += 1 }
                write(base, next)
                guard next < count else { return }
                escapePending = false
                index = beginEscape(before: base[next]) ? next + 1 : next
            }
        }
        while index < count {
            if inControlSequence {
                index = passControlSequence(base, from: index, count: count)
                continue
            }
            if string != .none {
                // Up to the end of the string: BEL (for OSC and DCS), an ESC (whatever follows
                // it), CAN or SUB.
                let from = index
                while index < count, base[index] != 0x1B, base[index] != 0x18, base[index] != 0x1A,
                      base[index] != 0x07 || string == .dropping { index += 1 }
                if string == .collecting {
                    let room = max(0, Self.stringLimit - stringBytes.count)
                    stringBytes.append(contentsOf: UnsafeBufferPointer(start: base + from, count: min(room, index - from)))
                }
                guard index < count else { return }
                switch base[index] {
                case 0x07:
                    endString(with: [0x07])
                    index += 1
                case 0x1B:
                    guard index + 1 < count else {
                        escapePending = true
                        return
                    }
                    if base[index + 1] == 0x5C {
                        endString(with: [0x1B, 0x5C])
                        index += 2
                    } else {
                        string = .none  // the ESC starts what follows
                        stringBytes.removeAll(keepingCapacity: true)
                    }
                default:  // CAN, SUB: the string is cancelled
                    string = .none
                    stringBytes.removeAll(keepingCapacity: true)
                    index += 1
                }
                continue
            }
            guard let found = memchr(base + index, 0x1B, count - index) else {
                write(base + index, count - index)
                return
            }
            let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            write(base + index, at - index)
            guard at + 1 < count else {
                escapePending = true
                return
            }
            if Self.runsInsideEscape(base[at + 1]) {
                // Controls inside the escape go first (see above), then the escape itself.
                var next = at + 1
                while next < count, Self.runsInsideEscape(base[next]) { next += 1 }
                write(base + at + 1, next - at - 1)
                guard next < count else {
                    escapePending = true
                    return
                }
                index = beginEscape(before: base[next]) ? next + 1 : next
            } else if beginsString(base[at + 1]) {
                index = at + 2
            } else if base[at + 1] == 0x5B {
                // Handed over with its `ESC [`, in one piece where it fits in this write.
                startControlSequence()
                index = passControlSequence(base, from: at + 2, count: count, keptFrom: at)
            } else {
                write(base + at, 1)
                index = at + 1
            }
        }
    }

    /// A byte libvterm carries out inside an escape without ending it: a C0 control but CAN, SUB
    /// and ESC, or DEL.
    @inline(__always)
    private static func runsInsideEscape(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x18 && byte != 0x1A && byte != 0x1B) || byte == 0x7F
    }

    /// An `ESC` (not yet handed over) followed by `byte`: starts a string, a control sequence
    /// (`ESC [` handed over) or hands the `ESC` over for libvterm to read with what follows.
    /// Returns whether `byte` was taken.
    private func beginEscape(before byte: UInt8) -> Bool {
        if beginsString(byte) { return true }
        if byte == 0x5B {
            let introducer: [UInt8] = [0x1B, 0x5B]
            introducer.withUnsafeBufferPointer { write($0.baseAddress!, 2) }
            startControlSequence()
            return true
        }
        var escape: UInt8 = 0x1B
        write(&escape, 1)
        return false
    }

    /// Starts the string an `ESC` followed by `byte` opens, if it does: SOS, PM and APC (`X`,
    /// `^`, `_`) are dropped; OSC and DCS (`]`, `P`) are collected and handed to libvterm in one
    /// piece when they end, as libvterm 0.1.4 loses a string that reaches it in several writes
    /// (a window title cut between two reads of the program's output never showed).
    private func beginsString(_ byte: UInt8) -> Bool {
        guard byte == 0x58 || byte == 0x5E || byte == 0x5F || byte == 0x5D || byte == 0x50 else { return false }
        // An escape taken here never reaches `write`, whose note of a pending one would be stale.
        escapeEnded = false
        bracketEnded = false
        if byte == 0x58 || byte == 0x5E || byte == 0x5F {
            string = .dropping
            return true
        }
        string = .collecting
        stringBytes.removeAll(keepingCapacity: true)
        stringBytes.append(0x1B)
        stringBytes.append(byte)
        return true
    }

    /// The string ended with `terminator`: a collected one goes to libvterm whole.
    private func endString(with terminator: [UInt8]) {
        if string == .collecting {
            stringBytes.append(contentsOf: terminator)
            stringBytes.withUnsafeBufferPointer { parse($0.baseAddress!, $0.count) }
            if stringBytes.capacity > 4 * 1024 { stringBytes = [] } else { stringBytes.removeAll(keepingCapacity: true) }
        }
        string = .none
    }

    /// The string the program is writing, if any.
    private enum StringState { case none, dropping, collecting }
    private var string = StringState.none
    /// The OSC or DCS string so far, from its `ESC`; at most `stringLimit` bytes are kept (a
    /// title is cut to 120 characters anyway).
    private var stringBytes: [UInt8] = []
    static let stringLimit = 16 * 1024

    /// Inside a control sequence (after `ESC [`), whose parameters are being counted.
    private var inControlSequence = false
    private var separators = 0

    /// libvterm 0.1.4 keeps 16 parameters of a control sequence and writes past them when there
    /// are more (a crash: `ESC [ 38;2;1;2;3;48;2;1;2;3;58;2;1;2;3;1;4 m`). Parameters after the
    /// 16th are dropped here, before it sees them.
    static let parameterLimit = 16

    private func startControlSequence() {
        inControlSequence = true
        separators = 0
        repeatCount = 0
        repeatIsPlain = true
    }

    /// The first parameter of the control sequence so far, and whether it has neither a private
    /// marker nor an intermediate byte (what a repeat needs).
    private var repeatCount = 0
    private var repeatIsPlain = true
    static let repeatLimit = 1 << 20

    /// `CSI n b`: the last glyph written `count` times more, at most a screen's width of them, as
    /// text (so it wraps, and a wide glyph at the last column goes to the next line, as in xterm).
    /// Nothing when no glyph of any width was written yet.
    private func repeatLastGlyph(_ count: Int) {
        guard screen.pointee.lastWidth >= 1 else { return }
        var glyph: [UInt8] = []
        withUnsafeBytes(of: screen.pointee.lastChars) { raw in
            for scalar in raw.bindMemory(to: UInt32.self) {
                guard scalar != 0, let value = Unicode.Scalar(scalar) else { break }
                glyph.append(contentsOf: String(Character(value)).utf8)
            }
        }
        guard !glyph.isEmpty else { return }
        let times = min(count, columns)
        var text: [UInt8] = []
        text.reserveCapacity(glyph.count * times)
        for _ in 0..<times { text.append(contentsOf: glyph) }
        text.withUnsafeBufferPointer { parse($0.baseAddress!, $0.count) }
        lastByteBeyondASCII = glyph[glyph.count - 1] >= 0x80
    }

    /// Hands on a control sequence's bytes from `index` up to its final byte (or what aborts it:
    /// `ESC`, CAN, SUB, left to the caller), dropping parameters past the limit. Controls inside
    /// it are executed by libvterm and do not end it. Returns where it stopped.
    private func passControlSequence(_ base: UnsafePointer<UInt8>, from start: Int, count: Int, keptFrom: Int? = nil) -> Int {
        var index = start
        var kept = keptFrom ?? start
        while index < count {
            let byte = base[index]
            if byte == 0x1B || byte == 0x18 || byte == 0x1A {
                inControlSequence = false
                break
            }
            if byte >= 0x40, byte <= 0x7E {
                if byte == 0x62, repeatIsPlain {
                    // A repeat (REP; with a private marker or an intermediate, `b` is something
                    // else libvterm ignores) never reaches libvterm 0.1.4, which advances by a width it
                    // keeps for itself and loops for ever when that is 0 (after a lone
                    // combining mark, a screen alignment test, or nothing at all). CAN ends the
                    // sequence there; the emulator writes the last glyph again instead.
                    write(base + kept, index - kept)
                    var cancel: UInt8 = 0x18
                    write(&cancel, 1)
                    kept = index + 1
                    repeatLastGlyph(max(1, repeatCount))
                }
                index += 1
                inControlSequence = false
                break
            }
            if separators == 0, byte >= 0x30, byte <= 0x39 {
                repeatCount = min(Self.repeatLimit, repeatCount * 10 + Int(byte - 0x30))
            } else if byte >= 0x3C || (byte >= 0x20 && byte < 0x30) {
                repeatIsPlain = false  // a private marker or an intermediate: no repeat
            }
            if byte == 0x3B || byte == 0x3A { separators += 1 }
            if separators >= Self.parameterLimit, byte >= 0x30, byte <= 0x3F {
                write(base + kept, index - kept)
                kept = index + 1
            }
            index += 1
        }
        write(base + kept, index - kept)
        return index
    }

    /// The last byte written was an `ESC`, not yet passed on.
    private var escapePending = false

    /// Hands bytes to libvterm, but for long runs of plain ASCII text (`writeText`).
    private func write(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        guard count > 0 else { return }
        guard plainTextPath else { return parse(bytes, count) }
        var handled = 0
        var index = 0
        if escapeEnded {
            escapeEnded = false
            noteEscape(bytes, count)
        } else if bracketEnded {
            bracketEnded = false
            if bytes[0] == 0x3F { originModeCut() } else if bytes[0] == 0x21 { originModeUnknown(); sideMargins = nil }
        }
        while index < count {
            let byte = bytes[index]
            guard Self.isPlainText(byte) else {
                if byte == 0x1B {
                    if index + 1 < count { noteEscape(bytes + index + 1, count - index - 1) } else { escapeEnded = true }
                }
                index += 1
                continue
            }
            var end = index + 1
            while end < count, Self.isPlainText(bytes[end]) { end += 1 }
            // Not right after text beyond ASCII (nor its last byte from the previous write):
            // libvterm decodes a piece of text in the character set its first byte chooses, so
            // the run stays in the piece that text began.
            let afterText = index > 0 ? bytes[index - 1] >= 0x80 : lastByteBeyondASCII
            if end - index >= Self.plainRunMinimum, !afterText {
                // The run's last character goes with what follows (a combining mark may).
                parse(bytes + handled, index - handled)
                writeText(bytes + index, end - 1 - index)
                handled = end - 1
            }
            index = end
        }
        parse(bytes + handled, count - handled)
        lastByteBeyondASCII = bytes[count - 1] >= 0x80
    }

    /// The last byte of the previous write was beyond ASCII.
    private var lastByteBeyondASCII = false

    private func parse(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        guard count > 0 else { return }
        bytes.withMemoryRebound(to: CChar.self, capacity: count) { _ = vterm_input_write(terminal, $0, count) }
    }

    // MARK: Plain text without a call per character

    /// Whether long runs of plain text take the short path (`writeText`); off only in the tests
    /// that compare the two paths.
    package var plainTextPath = true

    /// Pieces of text written by the short path (for the tests that check it ran).
    package private(set) var plainTextWrites = 0

    /// Runs of plain text shorter than this go through libvterm as they are.
    static let plainRunMinimum = 12

    @inline(__always)
    private static func isPlainText(_ byte: UInt8) -> Bool { byte &- 0x20 < 0x5F }

    /// Origin mode (DECOM) and side margins (DECLRMM), as the short path needs them off: in origin
    /// mode libvterm clamps its cursor to a region this class does not know (libvterm 0.1.4's text
    /// ignores side margins; they are kept off too, for a libvterm that wraps at them). Followed from the program's `CSI ? … h` and `l` and the resets; nil when that
    /// cannot tell (a sequence cut between two writes, a restored cursor, a soft reset).
    private var originMode: Bool? = false
    private var sideMargins: Bool? = false
    /// Whether origin mode may ever have been on since the last full reset. Until it has been,
    /// it is off whatever else happens (a restored cursor brings back a mode that was off too).
    /// Once it has been, an unknown origin mode keeps the short path off: asking libvterm would
    /// take a control sequence, which in origin mode snaps a cursor outside the scrolling region
    /// back in, something the program did not ask for.
    private var originModeEverOn = false
    /// The last byte handed over was an `ESC`, whose next byte comes with the next write.
    private var escapeEnded = false
    /// The last bytes handed over were `ESC [`, whose next byte comes with the next write.
    private var bracketEnded = false

    private func originModeUnknown() {
        if originModeEverOn { originMode = nil }
    }

    /// A sequence that could set either mode, not readable whole (cut between two writes, or a
    /// list libvterm reads differently).
    private func originModeCut() {
        originModeEverOn = true
        originMode = nil
        sideMargins = nil
    }

    /// What an escape sequence (`bytes` start after its `ESC`) does to the modes above.
    private func noteEscape(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        switch bytes[0] {
        case 0x38:  // ESC 8: the saved cursor (xterm restores origin mode with it)
            originModeUnknown()
        case 0x63:  // ESC c: a full reset
            originMode = false
            sideMargins = false
            originModeEverOn = false
        case 0x5B:  // ESC [
            guard count >= 2 else {
                bracketEnded = true  // what follows comes with the next write
                return
            }
            if bytes[1] == 0x21 {  // CSI ! p: a soft reset (what it resets is libvterm's)
                if count < 3 || bytes[2] == 0x70 {
                    originModeUnknown()
                    sideMargins = nil
                }
                return
            }
            guard bytes[1] == 0x3F else { return }
            // libvterm 0.1.4 reads one mode from `CSI ? Pm h` (the first); anything but a
            // single plain number is taken as unknown.
            var index = 2
            var mode = 0
            while index < count, bytes[index] >= 0x30, bytes[index] <= 0x39, mode < 100_000 {
                mode = mode * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            guard index < count else { return originModeCut() }
            let final = bytes[index]
            // A control inside the sequence (libvterm carries it out and reads on).
            if final < 0x20 { return originModeCut() }
            guard final == 0x68 || final == 0x6C, index > 2 else {
                // Lists, sub-parameters, huge numbers: the mode cannot be told.
                if final == 0x3B || final == 0x3A || mode >= 100_000 { originModeCut() }
                return
            }
            let on = final == 0x68
            switch mode {
            case 6:
                originMode = on
                if on { originModeEverOn = true }
            case 69: sideMargins = on
            case 1048, 1049: if !on { originModeUnknown() }
            default: break
            }
        default:
            break
        }
    }

    /// Whether both modes are off. Side margins that are not known are asked of libvterm
    /// (DECRQM, `CSI ? 69 $ p`; its answer is taken back out of the bytes meant for the program),
    /// only with origin mode known to be off, where the query moves nothing.
    private func modesAllowPlainText() -> Bool {
        guard originMode == false else { return false }
        if sideMargins == nil {
            let before = output.count
            var query: [UInt8] = Array("\u{1B}[?69$p".utf8)
            query.withUnsafeMutableBufferPointer { parse($0.baseAddress!, $0.count) }
            var reply = Array(output[before...])
            output.removeSubrange(before...)
            // After `ESC SP G` (S8C1T) the reply starts with CSI as one C1 control, in UTF-8.
            if reply.starts(with: [0xC2, 0x9B]) { reply.replaceSubrange(0..<2, with: [0x1B, 0x5B]) }
            if reply.first == 0x9B { reply.replaceSubrange(0..<1, with: [0x1B, 0x5B]) }
            sideMargins = reply.elementsEqual("\u{1B}[?69;2$y".utf8) ? false : reply.elementsEqual("\u{1B}[?69;1$y".utf8) ? true : nil
        }
        return sideMargins == false
    }

    /// A run of printable ASCII, drawn as libvterm would draw it with far fewer calls into it
    /// (docs/terminal-tabs.md, "Emulation"). libvterm is handed a character on its own (a probe)
    /// and what it does with it tells what is safe: a glyph put for it, untranslated, at a place
    /// with room to its right, and no insert mode (which scrolls the line sideways first) mean
    /// it is printing text. The characters after it are then written straight into the cells up
    /// to the column before the last, libvterm's cursor is moved past them (`CSI n C`), and the
    /// rest goes on from the next probe: the last column (where libvterm defers its wrap) and the
    /// first of a kind not seen untranslated since the run began (a character set such
    /// as DEC's line drawing maps the lower-case letters and `` ` `` to `~`, and may map `_`; the
    /// UK set maps `#`), as
    /// the first glyph of a run may be under a single shift (SS2, SS3).
    private func writeText(_ run: UnsafePointer<UInt8>, _ length: Int) {
        let screen = self.screen
        var index = 0
        var printed = false
        var lettersSafe = false
        var hashSafe = false
        var underscoreSafe = false
        var failedProbes = 0
        while index < length {
            let byte = run[index]
            let glyphsBefore = screen.pointee.glyphs, sidewaysBefore = screen.pointee.sidewaysScrolls
            parse(run + index, 1)
            index += 1
            guard screen.pointee.glyphs == glyphsBefore &+ 1, screen.pointee.sidewaysScrolls == sidewaysBefore,
                  screen.pointee.lastPacked & ~ScreenRows.protectedBit == UInt32(byte) | 1 << 24 else {
                // Not printed as itself: part of an escape sequence, a string, translated, or
                // insert mode. A few tries, then libvterm takes the whole run.
                failedProbes += 1
                if failedProbes >= 4 {
                    parse(run + index, length - index)
                    return
                }
                continue
            }
            if printed {
                if byte >= 0x60 { lettersSafe = true } else if byte == 0x5F { underscoreSafe = true } else if byte == 0x23 { hashSafe = true }
            }
            printed = true
            // The cursor must have moved on past the glyph: at the last column (or a margin)
            // libvterm defers the wrap, which any control sequence would cancel.
            var cursor = VTermPos(row: 0, col: 0)
            vterm_state_get_cursorpos(state, &cursor)
            let row = screen.pointee.lastRow, column = screen.pointee.lastColumn + 1
            guard Int(cursor.row) == row, Int(cursor.col) == column else { continue }
            // Asked only now, right after a glyph: libvterm is then between sequences, where a
            // query of ours cannot cut into one of the program's.
            guard modesAllowPlainText() else {
                parse(run + index, length - index)
                return
            }
            let rows = screen.pointee.current
            let room = rows.columns - 1 - column
            guard room > 0, index < length else { continue }
            if let info = vterm_state_get_lineinfo(state, Int32(row)), info.pointee.doublewidth != 0 { continue }
            let limit = min(length, index + room)
            var end = index
            while end < limit {
                let next = run[end]
                if next >= 0x60 ? !lettersSafe : next == 0x5F ? !underscoreSafe : (next == 0x23 && !hashSafe) { break }
                end += 1
            }
            let count = end - index
            guard count > 0 else { continue }
            let style = screen.pointee.style
            let protected = screen.pointee.lastPacked & ScreenRows.protectedBit
            let cells = rows.line(row) + column
            for offset in 0..<count {
                cells[offset] = Cell(packed: UInt32(run[index + offset]) | 1 << 24 | protected, style: style)
            }
            screen.pointee.damaged = true
            plainTextWrites &+= 1
            moveCursorForward(count)
            index = end
        }
    }

    /// `CSI n C` to libvterm: its cursor goes where the text written past it ends.
    private func moveCursorForward(_ count: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let base = buffer.baseAddress!
            var digits = 1
            var rest = count / 10
            while rest > 0, digits < 20 { digits += 1; rest /= 10 }
            base[0] = 0x1B
            base[1] = 0x5B
            var value = count
            for index in stride(from: digits + 1, through: 2, by: -1) {
                base[index] = UInt8(0x30 + value % 10)
                value /= 10
            }
            base[digits + 2] = 0x43  // C
            parse(base, digits + 3)
        }
    }

    package func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    package func feed(_ text: String) {
        feed(Array(text.utf8))
    }

    // MARK: The screen, as libvterm's state draws it

    /// A glyph at a position: its text (sanitized) in the pen's style, and a continuation after a
    /// wide one. Once per character a program writes, so it touches nothing but the screen.
    @inline(__always)
    private static func put(_ info: UnsafeMutablePointer<VTermGlyphInfo>, at position: VTermPos,
                            on screen: UnsafeMutablePointer<Screen>) {
        screen.pointee.lastWidth = info.pointee.width
        if let chars = info.pointee.chars {
            withUnsafeMutableBytes(of: &screen.pointee.lastChars) { raw in
                let slots = raw.bindMemory(to: UInt32.self)
                var index = 0
                while index < 6 {
                    slots[index] = chars[index]
                    if chars[index] == 0 { break }
                    index += 1
                }
            }
        }
        let rows = screen.pointee.onAlternate ? screen.pointee.alternate : screen.pointee.normal
        let row = Int(position.row), column = Int(position.col)
        guard let chars = info.pointee.chars, UInt(bitPattern: row) < UInt(rows.rows),
              UInt(bitPattern: column) < UInt(rows.columns) else { return }
        let first = chars[0]
        let code = first &- 0x20 < 0x5F && chars[1] == 0 ? first : screen.pointee.code(of: chars)
        let style = screen.pointee.style
        let line = rows.line(row)
        let protected: UInt32 = info.pointee.protected_cell != 0 ? ScreenRows.protectedBit : 0
        let packed: UInt32
        if info.pointee.width >= 2, column + 1 < rows.columns {
            packed = code | 2 << 24 | protected
            line[column + 1] = Cell(packed: protected, style: style)
        } else {
            packed = code | 1 << 24 | protected
        }
        line[column] = Cell(packed: packed, style: style)
        screen.pointee.damaged = true
        screen.pointee.glyphs &+= 1
        screen.pointee.lastRow = row
        screen.pointee.lastColumn = column
        screen.pointee.lastPacked = packed
    }

    /// Blanks in the pen's style (as a terminal erases: the background colour stays).
    private func erase(_ rect: VTermRect, selective: Bool) {
        let rows = screen.pointee.current
        let blank = Cell(code: 0x20, width: 1, style: screen.pointee.style)
        let top = max(0, Int(rect.start_row)), bottom = min(rows.rows, Int(rect.end_row))
        guard top < bottom else { return }
        for row in top..<bottom {
            rows.fill(row: row, from: Int(rect.start_col), to: Int(rect.end_col), with: blank, keepingProtected: selective)
        }
        screen.pointee.damaged = true
    }

    /// Moves the rectangle's contents by `downward` rows (up for a positive one) and `rightward`
    /// columns (left for a positive one), clearing what is uncovered. Whole-width scrolls move rows
    /// (slot numbers); lines leaving the top of the normal screen go to the scrollback.
    private func scroll(_ rect: VTermRect, downward: Int, rightward: Int) {
        let rows = screen.pointee.current
        let top = max(0, Int(rect.start_row)), bottom = min(rows.rows, Int(rect.end_row))
        let left = max(0, Int(rect.start_col)), right = min(rows.columns, Int(rect.end_col))
        guard top < bottom, left < right else { return }
        let height = bottom - top, width = right - left
        let blank = Cell(code: 0x20, width: 1, style: screen.pointee.style)
        screen.pointee.damaged = true
        if rightward != 0 { screen.pointee.sidewaysScrolls &+= 1 }
        if abs(downward) >= height || abs(rightward) >= width {
            for row in top..<bottom { rows.fill(row: row, from: left, to: right, with: blank) }
            return
        }
        if rightward == 0, left == 0, right == rows.columns {
            if downward > 0 {
                if top == 0, !screen.pointee.onAlternate, !deletesLines(top: top, bottom: bottom) {
                    for row in 0..<downward { pushLine(rows.line(row), columns: rows.columns) }
                }
                rows.rotate(top: top, bottom: bottom, by: downward)
                for row in bottom - downward..<bottom { rows.fill(row: row, from: 0, to: right, with: blank) }
            } else if downward < 0 {
                rows.rotate(top: top, bottom: bottom, by: downward)
                for row in top..<top - downward { rows.fill(row: row, from: 0, to: right, with: blank) }
            }
            return
        }
        // Part of the width, or sideways (inserted and deleted characters): cells are copied.
        let down = max(0, downward), up = max(0, -downward), toLeft = max(0, rightward), toRight = max(0, -rightward)
        rows.move(height: height - down - up, width: width - toLeft - toRight,
                  fromRow: top + down, column: left + toLeft, toRow: top + up, column: left + toRight)
        if downward > 0 {
            for row in bottom - downward..<bottom { rows.fill(row: row, from: left, to: right, with: blank) }
        } else if downward < 0 {
            for row in top..<top - downward { rows.fill(row: row, from: left, to: right, with: blank) }
        }
        if rightward > 0 {
            for row in top..<bottom { rows.fill(row: row, from: right - rightward, to: right, with: blank) }
        } else if rightward < 0 {
            for row in top..<bottom { rows.fill(row: row, from: left, to: left - rightward, with: blank) }
        }
    }

    /// Whether a scroll of rows `top..<bottom` is lines deleted at the cursor (`CSI M`), which
    /// leave no trace in the scrollback as they leave none in xterm's or tmux's: libvterm's state
    /// asks for a deletion, a line feed and a scroll up (`CSI S`) as one kind of scroll, and only
    /// the cursor tells them apart (on the region's first row for a deletion, on its last for a
    /// line feed). A `CSI S` with the cursor on the top row reads as a deletion too.
    private func deletesLines(top: Int, bottom: Int) -> Bool {
        var cursor = VTermPos(row: 0, col: 0)
        vterm_state_get_cursorpos(state, &cursor)
        return Int(cursor.row) == top && Int(cursor.row) != bottom - 1
    }

    /// A rectangle copied elsewhere (libvterm asks only when a scroll is not handled, which this
    /// class always handles; kept for completeness).
    private func move(_ destination: VTermRect, from source: VTermRect) {
        let rows = screen.pointee.current
        let height = min(Int(destination.end_row - destination.start_row), Int(source.end_row - source.start_row))
        let width = min(Int(destination.end_col - destination.start_col), Int(source.end_col - source.start_col))
        guard source.start_row >= 0, destination.start_row >= 0, source.start_col >= 0, destination.start_col >= 0,
              Int(source.start_row) + height <= rows.rows, Int(destination.start_row) + height <= rows.rows,
              Int(source.start_col) + width <= rows.columns, Int(destination.start_col) + width <= rows.columns else { return }
        rows.move(height: height, width: width, fromRow: Int(source.start_row), column: Int(source.start_col),
                  toRow: Int(destination.start_row), column: Int(destination.start_col))
        screen.pointee.damaged = true
    }

    private func setPen(_ attribute: VTermAttr, _ value: VTermValue) {
        var pen = screen.pointee.pen
        func flag(_ attribute: CellStyle.Attributes, _ on: Bool) {
            if on { pen.attributes.insert(attribute) } else { pen.attributes.remove(attribute) }
        }
        switch attribute {
        case VTERM_ATTR_BOLD: flag(.bold, value.boolean != 0)
        case VTERM_ATTR_UNDERLINE: flag(.underline, value.number != 0)
        case VTERM_ATTR_ITALIC: flag(.italic, value.boolean != 0)
        case VTERM_ATTR_REVERSE: flag(.reverse, value.boolean != 0)
        case VTERM_ATTR_STRIKE: flag(.strikethrough, value.boolean != 0)
        case VTERM_ATTR_FOREGROUND: pen.foreground = Self.paletteIndex(value.color, foreground: true)
        case VTERM_ATTR_BACKGROUND: pen.background = Self.paletteIndex(value.color, foreground: false)
        default: return  // blink and fonts are not drawn
        }
        screen.pointee.pen = pen
        screen.pointee.style = pen.style
    }

    /// A colour as a palette index (24-bit ones at the nearest of the 256; the outer terminal's
    /// depth maps them further when frames are written); nil for the default colour.
    private static func paletteIndex(_ color: VTermColor, foreground: Bool) -> UInt8? {
        var color = color
        var kind: UInt8 = 0, index: UInt8 = 0, red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0
        tabnav_vterm_color(&color, foreground ? 1 : 0, &kind, &index, &red, &green, &blue)
        return TerminalCells.color(kind: kind, index: index, red: red, green: green, blue: blue)
    }

    private func set(_ property: VTermProp, _ value: VTermValue) {
        screen.pointee.damaged = true
        switch property {
        case VTERM_PROP_CURSORVISIBLE: cursorVisible = value.boolean != 0
        case VTERM_PROP_CURSORBLINK: cursorBlinks = value.boolean != 0
        case VTERM_PROP_ALTSCREEN: screen.pointee.onAlternate = value.boolean != 0
        case VTERM_PROP_REVERSE: reversed = value.boolean != 0
        case VTERM_PROP_TITLE:
            if let string = value.string { title = Self.sanitizedTitle(String(cString: string)) }
        case VTERM_PROP_CURSORSHAPE:
            switch Int(value.number) {
            case Int(VTERM_PROP_CURSORSHAPE_UNDERLINE): cursorShape = .underline
            case Int(VTERM_PROP_CURSORSHAPE_BAR_LEFT): cursorShape = .bar
            default: cursorShape = .block
            }
        case VTERM_PROP_MOUSE: mouse = TerminalMouseMode(rawValue: Int(value.number)) ?? .none
        default: break
        }
    }

    /// A title as the tab may show it: controls, invisible and direction-changing characters
    /// dropped, at most 120 characters.
    static func sanitizedTitle(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars where !TerminalCells.isUnsafe(scalar) {
            result.unicodeScalars.append(scalar)
            count += 1
            if count == 120 { break }
        }
        return result
    }

    // MARK: Size

    /// The pseudo-terminal changed size: the screen follows (lines go to and come back from the
    /// scrollback as the height changes).
    package func resize(columns: Int, rows: Int) {
        let columns = max(1, columns), rows = max(1, rows)
        guard columns != self.columns || rows != self.rows else { return }
        vterm_set_size(terminal, Int32(rows), Int32(columns))
        screen.pointee.damaged = true
    }

    /// libvterm's state changes size (`resize`): a shorter normal screen first scrolls its lines
    /// above the cursor into the scrollback (blank rows at the bottom go first), a taller one takes
    /// lines back from it; `delta` moves the cursor with the text. The alternate screen is cut or
    /// extended as it is.
    private func resizeScreens(rows newRows: Int, columns newColumns: Int, delta: UnsafeMutablePointer<VTermPos>?) {
        let newRows = max(1, newRows), newColumns = max(1, newColumns)
        let oldRows = rows
        // Lines coming back from the scrollback move the cursor, maybe out of a scrolling region.
        originModeUnknown()
        let onNormal = !screen.pointee.onAlternate
        if onNormal, newRows < oldRows {
            var cursor = VTermPos(row: 0, col: 0)
            vterm_state_get_cursorpos(state, &cursor)
            var row = oldRows - 1
            while row >= newRows, screen.pointee.normal.isBlank(row: row), Int(cursor.row) != row { row -= 1 }
            let firstBlank = row + 1
            // Never the cursor's own line: the rows below it are cut instead.
            let count = min(firstBlank - newRows, max(0, Int(cursor.row)))
            if count > 0 {
                let normal = screen.pointee.normal
                for row in 0..<count { pushLine(normal.line(row), columns: normal.columns) }
                normal.rotate(top: 0, bottom: oldRows, by: count)
                delta?.pointee.row -= Int32(count)
            }
        }
        let normal = screen.pointee.normal.resized(columns: newColumns, rows: newRows)
        let alternate = screen.pointee.alternate.resized(columns: newColumns, rows: newRows)
        screen.pointee.normal.free()
        screen.pointee.alternate.free()
        screen.pointee.normal = normal
        screen.pointee.alternate = alternate
        if onNormal, newRows > oldRows {
            for _ in 0..<newRows - oldRows {
                guard let line = scrollback.removeLast() else { break }
                viewOffset = min(viewOffset, scrollback.count)
                normal.rotate(top: 0, bottom: newRows, by: -1)
                let cells = normal.line(0)
                var column = 0
                for cell in line where column < newColumns {
                    // A wide character cut at the right edge would leave half a character.
                    cells[column] = cell.width == 2 && column + 1 == newColumns ? .blank : cell
                    column += 1
                }
                if column < newColumns { (cells + column).update(repeating: .blank, count: newColumns - column) }
                delta?.pointee.row += 1
            }
        }
        screen.pointee.damaged = true
    }

    // MARK: Scrollback

    /// A line scrolled off the top: encoded straight from the screen's cells into the
    /// scrollback's bytes. Runs of plain ASCII in one style are copied as one piece.
    private func pushLine(_ line: UnsafeMutablePointer<Cell>, columns: Int) {
        guard scrollback.capacity > 0 else { return }
        // A local writer: a stored property would be checked for exclusive access at every cell.
        var writer = ScrollbackLine.Writer()
        swap(&writer, &lineWriter)
        writer.reset()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: columns) { run in
            var column = 0
            while column < columns {
                var cell = line[column]
                cell.packed &= ~ScreenRows.protectedBit
                writer.setStyle(cell.style)
                if cell.packed >= Self.asciiLow, cell.packed < Self.asciiHigh {
                    var count = 0
                    var next = column
                    while next < columns {
                        let other = line[next]
                        let otherCode = other.packed & ~ScreenRows.protectedBit
                        guard other.style == cell.style, otherCode >= Self.asciiLow, otherCode < Self.asciiHigh else { break }
                        run[count] = UInt8(truncatingIfNeeded: otherCode)
                        count += 1
                        next += 1
                    }
                    writer.addASCII(UnsafeBufferPointer(rebasing: run[0..<count]))
                    column = next
                } else if cell.width == 2 {
                    if column + 1 < columns, line[column + 1].isContinuation {
                        writer.addPacked(cell.packed)
                        writer.addContinuation()
                        column += 2
                    } else {
                        writer.addASCII(0x20)
                        column += 1
                    }
                } else {
                    if cell.width == 0 || cell.code == 0x20 { writer.addASCII(0x20) } else { writer.addPacked(cell.packed) }
                    column += 1
                }
            }
        }
        scrollback.append(encoded: writer.finish())
        swap(&writer, &lineWriter)
        if viewOffset > 0 { viewOffset = min(viewOffset + 1, scrollback.count) }
    }

    /// `Cell.packed` of one-column ASCII cells lies in `asciiLow..<asciiHigh`.
    private static let asciiLow = Cell(code: 0x20, width: 1, style: .plain).packed
    private static let asciiHigh = Cell(code: 0x7F, width: 1, style: .plain).packed

    /// Shows the screen scrolled back by `offset` lines (clamped to what is kept).
    package func setViewOffset(_ offset: Int) {
        let clamped = max(0, min(offset, scrollback.count))
        if clamped != viewOffset { screen.pointee.damaged = true }
        viewOffset = clamped
    }

    // MARK: The image

    /// The screen as it looks now (scrolled back by `viewOffset`); clears `isDamaged`.
    package func image() -> TerminalImage {
        screen.pointee.damaged = false
        let columns = self.columns, rows = self.rows
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        let offset = min(viewOffset, scrollback.count)
        for row in 0..<rows {
            let start = cells.count
            if row < offset {
                scrollback.cells(of: scrollback.count - offset + row, into: &cells, limit: columns)
                // A wide character cut at the right edge would leave half a character.
                if cells.count - start == columns, cells.last?.width == 2 { cells[cells.count - 1] = .blank }
            } else {
                appendScreenRow(row - offset, to: &cells)
            }
            while cells.count - start < columns { cells.append(.blank) }
        }
        var cursor: TerminalCursor?
        var position = VTermPos(row: 0, col: 0)
        vterm_state_get_cursorpos(state, &position)
        if cursorVisible, offset == 0, position.row >= 0, position.row < rows, position.col >= 0, position.col < columns {
            cursor = TerminalCursor(row: Int(position.row), column: Int(position.col), shape: cursorShape, blinks: cursorBlinks)
        }
        return TerminalImage(columns: columns, rows: rows, cells: cells, cursor: cursor, title: title, mouse: mouse,
                             alternateScreen: alternateScreen, scrollbackLines: scrollback.count, viewOffset: offset)
    }

    /// A row of the screen as the frames draw it: half a wide character (its other half
    /// overwritten) becomes a blank, and the whole screen's reverse video is applied.
    private func appendScreenRow(_ row: Int, to cells: inout [Cell]) {
        let screenRows = screen.pointee.current
        let line = screenRows.line(row)
        let columns = screenRows.columns
        var column = 0
        while column < columns {
            var cell = line[column]
            cell.packed &= ~ScreenRows.protectedBit
            if reversed { cell.style.attributes.formSymmetricDifference(.reverse) }
            if cell.width == 2 {
                if column + 1 < columns, line[column + 1].isContinuation {
                    cells.append(cell)
                    cells.append(.continuation(cell.style))
                    column += 2
                    continue
                }
                cell = Cell(code: 0x20, width: 1, style: cell.style)
            } else if cell.width == 0 {
                cell = Cell(code: 0x20, width: 1, style: cell.style)
            }
            cells.append(cell)
            column += 1
        }
    }

    /// The text of the whole history (scrollback, then the screen), a line each, for finding.
    package func lineText(_ index: Int) -> String {
        if index < scrollback.count {
            return scrollback[index].filter { !$0.isContinuation }.map(\.text).joined()
        }
        var cells: [Cell] = []
        appendScreenRow(index - scrollback.count, to: &cells)
        return cells.filter { !$0.isContinuation }.map(\.text).joined()
    }

    /// Scrolls the view to the nearest line above (`older`) or below its top line that holds
    /// `text` (case-insensitively). With none that way, the search goes on from the other end of
    /// the history, as vim's and less's wrapping searches do (`.wrapped`); `.notFound`, and the
    /// view unchanged, when no line holds it.
    @discardableResult
    package func find(_ text: String, older: Bool) -> TerminalFindResult {
        guard !text.isEmpty else { return .notFound }
        let needle = text.lowercased()
        let top = min(max(0, scrollback.count - viewOffset), historyLines)
        let onward: [Int] = older ? Array((0..<top).reversed()) : Array(min(top + 1, historyLines)..<historyLines)
        // Wrapped: from the far end back to the top line itself (the only match may be there).
        let wrapped: [Int] = older ? Array((top..<historyLines).reversed()) : Array(0...min(top, historyLines - 1))
        for (candidates, result) in [(onward, TerminalFindResult.found), (wrapped, .wrapped)] {
            for index in candidates where lineText(index).lowercased().contains(needle) {
                setViewOffset(max(0, scrollback.count - index))
                return result
            }
        }
        return .notFound
    }

    /// Lines of history: the scrollback's and the screen's.
    package var historyLines: Int { scrollback.count + rows }

    // MARK: Keys, paste and mouse into the program

    /// Encodes a key as the program asked for (application cursor keys, keypad mode) into `output`.
    package func send(_ key: KeyEvent, modifiers: TerminalModifiers = []) {
        let mod = VTermModifier(rawValue: UInt32(modifiers.rawValue))
        func press(_ vtermKey: VTermKey, _ extra: TerminalModifiers = []) {
            vterm_keyboard_key(terminal, vtermKey, VTermModifier(rawValue: mod.rawValue | UInt32(extra.rawValue)))
        }
        switch key {
        case .character(let character):
            for scalar in character.unicodeScalars { vterm_keyboard_unichar(terminal, scalar.value, mod) }
        case .control(let character):
            // The classic control bytes (Ctrl-@ is NUL, Ctrl-? is DEL), Alt as an ESC before.
            guard let ascii = character.asciiValue else { return }
            if modifiers.contains(.alt) { output.append(0x1B) }
            output.append(ascii == 0x3F ? 0x7F : ascii & 0x1F)
        case .up: press(VTERM_KEY_UP)
        case .down: press(VTERM_KEY_DOWN)
        case .left: press(VTERM_KEY_LEFT)
        case .right: press(VTERM_KEY_RIGHT)
        case .home: press(VTERM_KEY_HOME)
        case .end: press(VTERM_KEY_END)
        case .pageUp: press(VTERM_KEY_PAGEUP)
        case .pageDown: press(VTERM_KEY_PAGEDOWN)
        case .enter: press(VTERM_KEY_ENTER)
        case .escape: press(VTERM_KEY_ESCAPE)
        case .tab: press(VTERM_KEY_TAB)
        case .backTab: press(VTERM_KEY_TAB, .shift)
        case .backspace: press(VTERM_KEY_BACKSPACE)
        case .delete: press(VTERM_KEY_DEL)
        case .insert: press(VTERM_KEY_INS)
        case .function(let n):
            guard n >= 1, n <= 63 else { return }
            press(tabnav_vterm_function_key(Int32(n)))
        }
    }

    /// A paste, bracketed when the program asked for it (mode 2004). Line feeds become carriage
    /// returns as a terminal sends them, and a paste can never end its own brackets early.
    package func paste(_ text: String) {
        vterm_keyboard_start_paste(terminal)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x0A: if bytes.last != 0x0D { bytes.append(0x0D) }
            case 0x1B: continue  // no ESC: `ESC [ 201 ~` inside would end the paste
            default: bytes.append(byte)
            }
        }
        output += bytes
        vterm_keyboard_end_paste(terminal)
    }

    /// A mouse event at a cell of the screen, reported only in the mode (and format) the program
    /// asked for; false when the program takes no mouse reports of this kind.
    @discardableResult
    package func mouse(_ kind: MouseEvent.Kind, column: Int, row: Int) -> Bool {
        guard mouse != .none else { return false }
        let none = VTermModifier(rawValue: 0)
        vterm_mouse_move(terminal, Int32(row), Int32(column), none)
        switch kind {
        case .press: vterm_mouse_button(terminal, 1, true, none)
        case .release: vterm_mouse_button(terminal, 1, false, none)
        case .rightPress:
            vterm_mouse_button(terminal, 3, true, none)
            vterm_mouse_button(terminal, 3, false, none)
        case .wheelUp: vterm_mouse_button(terminal, 4, true, none)
        case .wheelDown: vterm_mouse_button(terminal, 5, true, none)
        case .drag: break  // the move above reported it (with the button held)
        }
        return true
    }

    /// Takes the bytes waiting for the program.
    package func takeOutput() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }
}

/// Keyboard modifiers: libvterm numbers them as xterm does, as `KeyModifiers` does.
package typealias TerminalModifiers = KeyModifiers

/// Conversion of what libvterm's state hands over into the project's cells (docs/terminal-tabs.md,
/// "Cells").
package enum TerminalCells {
    /// A glyph's code (`CellText`): the base character with its combining marks (`chars` ends at
    /// a zero, at most six); a control, invisible or direction-changing character is drawn as a
    /// space, and such a mark is dropped.
    static func code(of chars: UnsafePointer<UInt32>) -> UInt32 {
        guard let base = Unicode.Scalar(chars[0]), !isUnsafe(base) else { return 0x20 }
        guard chars[1] != 0 else { return base.value }
        var text = String(base)
        var index = 1
        while index < 6, chars[index] != 0 {
            if let mark = Unicode.Scalar(chars[index]), !isUnsafe(mark) { text.unicodeScalars.append(mark) }
            index += 1
        }
        return CellText.code(text)
    }

    /// Characters that must never reach the outer terminal from a program: controls (C0, DEL,
    /// C1) and those that change the direction of the text or hide it.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return true }
        switch value {
        case 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            return true
        default:
            return false
        }
    }

    /// A colour libvterm describes (kind 0 default, 1 palette `index`, 2 RGB) as a palette
    /// index: 24-bit ones at the nearest of the 256.
    static func color(kind: UInt8, index: UInt8, red: UInt8, green: UInt8, blue: UInt8) -> UInt8? {
        switch kind {
        case 1: return index
        case 2: return nearestPaletteIndex(red: Int(red), green: Int(green), blue: Int(blue))
        default: return nil
        }
    }

    /// The index of xterm's 6×6×6 cube or grey ramp nearest to a 24-bit colour (the first 16,
    /// whose colours each terminal chooses, are never picked).
    package static func nearestPaletteIndex(red: Int, green: Int, blue: Int) -> UInt8 {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: Int) -> Int {
            var best = 0
            for (i, level) in levels.enumerated() where abs(level - value) < abs(levels[best] - value) { best = i }
            return best
        }
        let r = nearestLevel(red), g = nearestLevel(green), b = nearestLevel(blue)
        func distance(_ a: (Int, Int, Int)) -> Int {
            let dr = a.0 - red, dg = a.1 - green, db = a.2 - blue
            return dr * dr + dg * dg + db * db
        }
        let cube = distance((levels[r], levels[g], levels[b]))
        let average = (red + green + blue) / 3
        let greyStep = max(0, min(23, (average - 8 + 5) / 10))
        let grey = 8 + 10 * greyStep
        if distance((grey, grey, grey)) < cube { return UInt8(232 + greyStep) }
        return UInt8(16 + 36 * r + 6 * g + b)
    }
}
