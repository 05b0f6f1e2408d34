import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Turns what the terminal sends — characters and, inside an X10 mouse report, raw bytes — into
/// `KeyEvent`s.
///
/// Decodes keys (the sequences the terminal's terminfo entry names, see `TerminfoKeys`, and the
/// CSI/SS3 sequences of xterm-like terminals, with their modifiers: `ESC [ 1 ; 5 A` is Ctrl-↑, and
/// rxvt's spellings), mouse reports, bracketed pastes, control keys and text, and consumes the
/// terminal's own answers (OSC, DCS and the other strings). The state survives between calls, so
/// a report split across two reads still decodes as one event. Anything not understood — answers
/// to queries, truncated reports — is dropped whole, never leaked as characters that would act as
/// key presses.
struct InputDecoder {
    enum State: Equatable {
        case ground
        /// Saw ESC: a lone Escape, an Alt-modified key, or the start of a sequence.
        case escape
        /// Saw `ESC [`; `buffer` holds parameter and intermediate bytes.
        case csi
        /// Saw `ESC O`.
        case ss3
        /// Saw `ESC [ M`; `buffer` collects the three values of an X10 mouse report.
        case x10
        /// The rest of an X10 report whose beginning timed out: its raw bytes are dropped until
        /// `buffer` holds three, so a coordinate such as `q` never becomes a key.
        case x10Tail
        /// Saw Escape and the start of a sequence the terminfo entry names that is neither CSI
        /// nor SS3 (a VT52's keypad `ESC ? q`); `buffer` holds what followed the Escape.
        case named
        /// The byte after the beginning of a sequence that timed out (a terminfo sequence, the
        /// Linux console's `ESC [ [`): its last byte, dropped if printable, never typed.
        case droppedTail
        /// Skipping the rest of a CSI sequence that grew too long to be anything useful, or
        /// whose beginning timed out (so its tail never becomes keys).
        case discardCSI
        /// The final byte of an SS3 sequence whose `ESC O` timed out.
        case ss3Tail
        /// Saw `ESC [ [`: the Linux console's F1–F5 end with one more byte (A–E).
        case linuxFunction
        /// Inside a string sequence (OSC, DCS, APC, PM, SOS): everything up to its terminator
        /// (ST, BEL) is the terminal talking, never keys — however long it takes to arrive.
        case string
        /// Saw ESC inside a string: `\` ends it (ST); anything else ends it and starts anew.
        case stringEscape
        /// Inside a bracketed paste: text collected until `ESC [ 201 ~`.
        case paste
        /// Inside a paste, `pasteEndMatched` bytes of `ESC [ 201 ~` seen.
        case pasteEnd
    }

    /// The parameters of `ESC [ 200 ~`, which starts a bracketed paste.
    static let pasteStartParameters: [UInt32] = [0x32, 0x30, 0x30]
    /// The bytes that end a bracketed paste.
    static let pasteEndMarker: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    /// Most characters of one paste kept; the rest is dropped (a text field holds far fewer).
    static let maximumPasteLength = 4096

    /// What the screen feeds for bytes that were not a character (U+FFFD, as `UTF8Assembler`
    /// makes of them; a typed U+FFFD reads the same).
    static let notACharacter: UInt32 = 0xFFFD

    /// Longest CSI parameter string kept; longer ones are discarded to their final byte.
    static let maximumSequenceLength = 32
    /// The most parameter and intermediate bytes the tail of a cut sequence may have before it is
    /// taken for typing: an SGR mouse report's are at most `<64;2000;1000` (13).
    static let longestCutTail = 16
    /// Whether `discardCSI` drops the tail of a sequence a pause cut (which may turn out to be
    /// typing), not the rest of one that grew too long (dropped to its end).
    private var isCutTail = false

    private(set) var state: State = .ground
    /// The sequences the terminal's terminfo entry names; they win over the generic reading.
    var terminfo: TerminfoKeys
    private var buffer: [UInt32] = []
    private var pasted = String.UnicodeScalarView()
    private var pastedCount = 0
    private var pasteEndMatched = 0
    /// The string being skipped is an OSC one; `oscText` holds its beginning.
    private var stringIsOSC = false
    private var oscText: [UInt32] = []

    init(terminfo: TerminfoKeys = TerminfoKeys()) {
        self.terminfo = terminfo
    }

    /// Whether the next input must be raw bytes rather than decoded characters: the
    /// coordinates of an X10 mouse report are bytes up to 255, which are not valid UTF-8.
    var wantsRawBytes: Bool { state == .x10 || state == .x10Tail }

    /// Whether a bracketed paste is being collected (its text may be read in bulk).
    var isInsidePaste: Bool { state == .paste || state == .pasteEnd }

    /// Whether an Escape is waiting to learn if anything follows it.
    var isAwaitingEscape: Bool { state == .escape }

    /// Whether the rest of a sequence cut short (or grown too long) is being dropped: its tail
    /// may come long after its start over a slow link, so the screen waits for it as long as for
    /// a paste's end (see `cutSequenceTailMilliseconds` in the screen).
    var isAwaitingTail: Bool {
        switch state {
        case .discardCSI, .ss3Tail, .droppedTail, .x10Tail: true
        default: false
        }
    }

    /// Whether part of a sequence is buffered (the screen then waits a bounded time for the rest).
    /// Strings wait for their terminator without a time limit; a paste ends when the terminal
    /// goes quiet in the middle of one (see `pasteSilenceMilliseconds` in the screen).
    var hasPendingInput: Bool {
        switch state {
        case .ground, .string, .stringEscape: false
        default: true
        }
    }

    /// Feeds one character (a Unicode scalar value).
    mutating func feed(character value: UInt32, into events: inout [InputEvent]) {
        switch state {
        case .ground:
            ground(value, into: &events)
        case .escape:
            if value < 0x80, value != 0x5B, value != 0x4F, !terminfo.hasNoSequences {
                // The entry's own sequences first: a VT52's F1 is `ESC P`, not the start of a DCS
                // string, and its keypad's `ESC ? q` must not leave `q` to be typed.
                if let key = terminfo.key(sequence: [0x1B, UInt8(value)]) {
                    state = .ground
                    events.append(.key(key))
                    return
                }
                if terminfo.isPrefix([0x1B, UInt8(value)]) {
                    state = .named
                    buffer.removeAll(keepingCapacity: true)
                    buffer.append(value)
                    return
                }
            }
            switch value {
            case 0x5B: // [
                state = .csi
                buffer.removeAll(keepingCapacity: true)
            case 0x4F: // O
                state = .ss3
            case 0x5D, 0x50, 0x5F, 0x5E, 0x58: // ] P _ ^ X: OSC, DCS, APC, PM, SOS.
                startString(osc: value == 0x5D)
            case 0x1B: // Escape pressed twice: the first one stands alone.
                events.append(.key(.escape))
            default:
                // Alt plus a key (the entry's own `ESC x` keys, a VT52's arrows, were matched
                // above): no binding uses Alt, and the key alone would be a wrong action; a
                // terminal tab's program takes it (vi's Esc typed fast before `:`, readline's Alt-b).
                state = .ground
                var inner: [InputEvent] = []
                ground(value, into: &inner)
                for case .key(let key) in inner { events.append(.altKey(key)) }
            }
        case .csi:
            csi(value, into: &events)
        case .ss3, .ss3Tail:
            state = .ground
            let named = value < 0x80 ? terminfo.key(sequence: [0x1B, 0x4F, UInt8(value)]) : nil
            if let key = named ?? Self.ss3Key(value) {
                events.append(.key(key))
            } else if (0x61...0x64).contains(value), let key = Self.csiKey(numbers: [], final: value - 0x20) {
                events.append(.modifiedKey(key, .control))  // rxvt's Ctrl-arrows, `ESC O a`…
            } else {
                abandonSequence(at: value, into: &events)
            }
        case .linuxFunction:
            state = .ground
            if value < 0x80, let key = terminfo.key(sequence: [0x1B, 0x5B, 0x5B, UInt8(value)]) {
                events.append(.key(key))
            } else if (0x41...0x45).contains(value) {
                events.append(.key(.function(Int(value) - 0x40)))
            } else {
                abandonSequence(at: value, into: &events)
            }
        case .x10:
            collectX10(value, into: &events)
        case .x10Tail:
            buffer.append(value)
            if buffer.count >= 3 {
                state = .ground
                buffer.removeAll(keepingCapacity: true)
            }
        case .named:
            named(value, into: &events)
        case .droppedTail:
            abandonSequence(at: value, into: &events)
        case .discardCSI:
            if (0x40...0x7E).contains(value) {
                state = .ground
                // The start of a paste cut by a pause: what follows is still pasted text, never keys.
                if value == 0x7E, buffer == Self.pasteStartParameters { beginPaste() }
                // `ESC [` cut before `M`: an X10 report, whose three raw bytes are its tail too
                // (unless `ESC [ M` is a key of this terminal, cons25's F1).
                if value == 0x4D, buffer.isEmpty, terminfo.key(sequence: [0x1B, 0x5B, 0x4D]) == nil {
                    state = .x10Tail
                }
                buffer.removeAll(keepingCapacity: true)
            } else if (0x20...0x3F).contains(value) {
                if isCutTail, value >= 0x30 && buffer.contains(where: { $0 < 0x30 }) || buffer.count >= Self.longestCutTail {
                    // Not the tail of a cut sequence after all: a parameter byte after an
                    // intermediate one breaks CSI's rules, and no report is this long. The person
                    // is typing (after Alt-[, say): from here on, bytes are keys again.
                    state = .ground
                    buffer.removeAll(keepingCapacity: true)
                    ground(value, into: &events)
                    return
                }
                // Kept (up to the limit) only to recognise a paste's start; a sequence that grew
                // too long stays at the limit and never matches.
                if buffer.count < Self.maximumSequenceLength { buffer.append(value) }
            } else {
                abandonSequence(at: value, into: &events)
            }
        case .string:
            insideString(value, into: &events)
        case .stringEscape:
            if value == 0x5C { // ESC \ (ST)
                state = .ground
                finishString(into: &events)
            } else {
                state = .escape
                feed(character: value, into: &events)
            }
        case .paste, .pasteEnd:
            insidePaste(value, into: &events)
        }
    }

    /// Feeds one raw byte while `wantsRawBytes` is true.
    mutating func feed(rawByte: UInt8, into events: inout [InputEvent]) {
        feed(character: UInt32(rawByte), into: &events)
    }

    /// Tells the decoder that nothing more is coming for now (the escape delay passed after an
    /// Escape, or a partial sequence timed out): a pending Escape becomes `.escape`,
    /// a partial sequence is dropped.
    ///
    /// A sequence cut short (CSI, SS3, a terminfo one, an X10 report's coordinates) is dropped
    /// together with its tail, should that still come within the next wait (`ESC [ < 0 ; 1` now
    /// and `0 ; 5 m` later must not type `m`); strings and pastes go on.
    mutating func flush(into events: inout [InputEvent]) {
        switch state {
        case .escape:
            events.append(.key(.escape))
            state = .ground
        case .csi:
            // Its parameters are kept: a paste's start cut here still starts the paste.
            state = .discardCSI
            isCutTail = true
            return
        case .ss3:
            state = .ss3Tail
        case .named, .linuxFunction:
            state = .droppedTail
        case .x10:
            // Its remaining coordinates are raw bytes that may still come: they are dropped too.
            state = .x10Tail
            return
        case .string, .stringEscape:
            return
        case .paste, .pasteEnd:
            // The terminal went quiet inside a paste (its end marker lost, or a hostile one that
            // never comes): the paste ends with what arrived, and the keyboard is back.
            finishPaste(into: &events)
        default:
            state = .ground
        }
        buffer.removeAll(keepingCapacity: true)
    }

    // MARK: - States

    private mutating func ground(_ value: UInt32, into events: inout [InputEvent]) {
        if value < 0x20 || value == 0x7F, let key = terminfo.key(control: value) {
            events.append(.key(key)) // kbs, or an old terminal's single-byte arrow
            return
        }
        switch value {
        case 0x1B:
            state = .escape
        case 0x0D, 0x0A:
            events.append(.key(.enter))
        case 0x09:
            events.append(.key(.tab))
        case 0x08, 0x7F:
            events.append(.key(.backspace))
        case 0x00:
            events.append(.key(.control("@")))
        case 0x01...0x1A:
            let letter = Unicode.Scalar(UInt8(0x60 + value))
            events.append(.key(.control(Character(letter))))
        case 0x1C:
            events.append(.key(.control("\\")))
        case 0x1D:
            events.append(.key(.control("]")))
        case 0x1E:
            events.append(.key(.control("^")))
        case 0x1F:
            events.append(.key(.control("_")))
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: // C1 DCS, SOS, OSC, PM, APC
            startString(osc: value == 0x9D)
        case 0x80...0x9F:
            break // C1 controls are never typed text.
        case Self.notACharacter:
            // Bytes that were not a character (invalid UTF-8, or one the locale cannot read):
            // dropped, as ncurses dropped them. Elsewhere they still count — inside a paste as
            // text, after an Escape as Alt plus a key (no key), in a sequence as its end.
            break
        default:
            if let scalar = Unicode.Scalar(value) {
                events.append(.key(.character(Character(scalar))))
            }
        }
    }

    /// The next character of a sequence the terminfo entry names (see `State.named`): the key
    /// once it is whole, and anything that is no longer one of its sequences is dropped whole.
    private mutating func named(_ value: UInt32, into events: inout [InputEvent]) {
        if value < 0x80 {
            let sequence = [0x1B] + buffer.map { UInt8(truncatingIfNeeded: $0) } + [UInt8(value)]
            if let key = terminfo.key(sequence: sequence) {
                state = .ground
                buffer.removeAll(keepingCapacity: true)
                events.append(.key(key))
                return
            }
            if terminfo.isPrefix(sequence), buffer.count < Self.maximumSequenceLength {
                buffer.append(value)
                return
            }
        }
        abandonSequence(at: value, into: &events)
    }

    private mutating func csi(_ value: UInt32, into events: inout [InputEvent]) {
        if value == 0x5B, buffer.isEmpty {
            // `ESC [ [ A`…`E`: the Linux console's F1–F5. Its last byte is consumed, never typed.
            state = .linuxFunction
            return
        }
        switch value {
        case 0x20...0x2F where terminfo.hasUnterminatedCSI:
            // rxvt's Shift-Delete `ESC [ 3 $`: whole here, though CSI's rules would read on.
            let sequence = [0x1B, 0x5B] + buffer.map { UInt8(truncatingIfNeeded: $0) } + [UInt8(value)]
            if terminfo.isUnterminatedCSI(sequence) {
                state = .ground
                let parameters = buffer
                buffer.removeAll(keepingCapacity: true)
                if let key = terminfo.key(sequence: sequence) {
                    events.append(.key(key))
                } else if value == 0x24, let numbers = Self.numbers(parameters[...]), numbers.count == 1,
                          let key = Self.csiKey(numbers: numbers, final: 0x7E) {
                    events.append(.modifiedKey(key, .shift))  // rxvt's Shift-Delete, Shift-PgUp…
                }
            } else if buffer.count >= Self.maximumSequenceLength {
                state = .discardCSI
                isCutTail = false
            } else {
                buffer.append(value)
            }
        case 0x20...0x3F:
            if buffer.count >= Self.maximumSequenceLength {
                state = .discardCSI
                isCutTail = false
            } else {
                buffer.append(value)
            }
        case 0x40...0x7E:
            dispatchCSI(final: value, into: &events)
        default:
            abandonSequence(at: value, into: &events)
        }
    }

    /// Drops the sequence in progress; `value` interrupted it and is decoded on its own
    /// (an ESC starts a new sequence, a control key or text stands for itself).
    private mutating func abandonSequence(at value: UInt32, into events: inout [InputEvent]) {
        state = .ground
        buffer.removeAll(keepingCapacity: true)
        guard (0x00...0x1F).contains(value) || value >= 0x7F else { return }
        ground(value, into: &events)
    }

    /// A string ends at ST (`ESC \\` or C1 0x9C) or BEL; CAN and SUB cancel it. Any other C0
    /// control ends it too and counts as typed (no terminal reply contains one, so a person who
    /// typed Alt-P or Alt-] by chance gets the keyboard back with Enter).
    private mutating func insideString(_ value: UInt32, into events: inout [InputEvent]) {
        switch value {
        case 0x1B: state = .stringEscape
        case 0x07, 0x9C:
            state = .ground
            finishString(into: &events)
        case 0x18, 0x1A: state = .ground
        case 0x00...0x1F:
            state = .ground
            ground(value, into: &events)
        default:
            // Only the beginning of an OSC string is kept: enough for the answer to the
            // background query (`11;rgb:RRRR/GGGG/BBBB`).
            if stringIsOSC, oscText.count < Self.longestOSCAnswer { oscText.append(value) }
        }
    }

    /// The most characters of an OSC string kept to be read as an answer.
    static let longestOSCAnswer = 48

    private mutating func startString(osc: Bool) {
        state = .string
        stringIsOSC = osc
        oscText.removeAll(keepingCapacity: true)
    }

    /// A string ended with its terminator: the answer to the background query becomes
    /// `.terminalBackground`; everything else the terminal says is dropped.
    private mutating func finishString(into events: inout [InputEvent]) {
        defer { stringIsOSC = false }
        guard stringIsOSC, let color = Self.backgroundAnswer(oscText) else { return }
        events.append(.terminalBackground(color))
    }

    /// `11;rgb:R/G/B` with one to four hexadecimal digits per channel (xterm answers with four),
    /// as the colour it names; nil for anything else.
    static func backgroundAnswer(_ text: [UInt32]) -> RGBColor? {
        let prefix = Array("11;rgb:".unicodeScalars.map(\.value))
        guard text.count > prefix.count, Array(text.prefix(prefix.count)) == prefix else { return nil }
        var levels: [UInt8] = []
        for part in text.dropFirst(prefix.count).split(separator: 0x2F, omittingEmptySubsequences: false) {
            guard (1...4).contains(part.count) else { return nil }
            var value = 0
            for digit in part {
                guard let scalar = Unicode.Scalar(digit), let number = Character(scalar).hexDigitValue else { return nil }
                value = value * 16 + number
            }
            // Scaled to 0–255 from however many digits there were.
            let maximum = (1 << (4 * part.count)) - 1
            levels.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        guard levels.count == 3 else { return nil }
        return RGBColor(red: levels[0], green: levels[1], blue: levels[2])
    }

    private mutating func insidePaste(_ value: UInt32, into events: inout [InputEvent]) {
        if value == Self.pasteEndMarker[pasteEndMatched] {
            pasteEndMatched += 1
            state = .pasteEnd
            if pasteEndMatched == Self.pasteEndMarker.count { finishPaste(into: &events) }
            return
        }
        if pasteEndMatched > 0 {
            // Not the end after all: the ESC (a control) is dropped, what followed it is text.
            for byte in Self.pasteEndMarker[1..<pasteEndMatched] { appendPasted(byte) }
            pasteEndMatched = 0
            state = .paste
            if value == Self.pasteEndMarker[0] {
                pasteEndMatched = 1
                state = .pasteEnd
                return
            }
        }
        appendPasted(value)
    }

    private mutating func beginPaste() {
        state = .paste
        pasted = String.UnicodeScalarView()
        pastedCount = 0
        pasteEndMatched = 0
    }

    /// The paste collected so far becomes one event, and what follows is keys again.
    private mutating func finishPaste(into events: inout [InputEvent]) {
        events.append(.paste(String(pasted)))
        pasted = String.UnicodeScalarView()
        pastedCount = 0
        pasteEndMatched = 0
        state = .ground
    }

    private mutating func appendPasted(_ value: UInt32) {
        guard pastedCount < Self.maximumPasteLength else { return }
        let text: UInt32
        switch value {
        case 0x0D, 0x0A: text = 0x0A
        case 0x09: text = 0x20
        case 0x00...0x1F, 0x7F...0x9F: return // controls are never text
        default: text = value
        }
        guard let scalar = Unicode.Scalar(text) else { return }
        pasted.append(scalar)
        pastedCount += 1
    }

    private mutating func dispatchCSI(final: UInt32, into events: inout [InputEvent]) {
        state = .ground
        let parameters = buffer
        buffer.removeAll(keepingCapacity: true)
        if final == 0x7E, parameters == Self.pasteStartParameters { // ESC [ 200 ~: a paste begins.
            beginPaste()
            return
        }
        if parameters.isEmpty && final == 0x4D { // ESC [ M: X10 mouse report follows…
            if let key = terminfo.key(sequence: [0x1B, 0x5B, 0x4D]) { // …unless it is a key (cons25's F1)
                events.append(.key(key))
            } else {
                state = .x10
            }
            return
        }
        if !terminfo.hasNoSequences,
           let key = terminfo.key(sequence: [0x1B, 0x5B] + parameters.map { UInt8(truncatingIfNeeded: $0) } + [UInt8(final)]) {
            events.append(.key(key))
            return
        }
        if parameters.first == 0x3C { // '<': SGR mouse report.
            if final == 0x4D || final == 0x6D,
               let numbers = Self.numbers(parameters.dropFirst()), numbers.count == 3,
               let event = MouseReport.event(
                   code: numbers[0], column: numbers[1] - 1, row: numbers[2] - 1,
                   isSGRRelease: final == 0x6D) {
                events.append(.mouse(event))
            }
            return
        }
        guard let numbers = Self.numbers(parameters[...]) else { return }
        if let key = Self.csiKey(numbers: numbers, final: final) {
            events.append(.key(key))
        } else if let (key, modifiers) = Self.modifiedCSIKey(numbers: numbers, final: final) {
            events.append(.modifiedKey(key, modifiers))
        }
    }

    private mutating func collectX10(_ value: UInt32, into events: inout [InputEvent]) {
        buffer.append(value)
        guard buffer.count == 3 else { return }
        let values = buffer.map { Int($0) }
        buffer.removeAll(keepingCapacity: true)
        state = .ground
        guard values.allSatisfy({ $0 >= 32 }),
              let event = MouseReport.event(
                  code: values[0] - 32, column: values[1] - 33, row: values[2] - 33,
                  isSGRRelease: false) else { return }
        events.append(.mouse(event))
    }

    // MARK: - Tables

    /// Parses `1;2;3` (digits and semicolons only; empty fields read as 0).
    /// `nil` for anything else: private markers (`?`, `>`), intermediates, or huge numbers.
    static func numbers(_ bytes: ArraySlice<UInt32>) -> [Int]? {
        guard !bytes.isEmpty else { return [] }
        var result: [Int] = []
        var current = 0
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                current = current * 10 + Int(byte - 0x30)
                if current > 1_000_000 { return nil }
            case 0x3B:
                result.append(current)
                current = 0
            default:
                return nil
            }
        }
        result.append(current)
        return result
    }

    /// Keys that arrive as CSI sequences when the terminfo entry does not name them, without a
    /// modifier (those are `modifiedCSIKey`'s).
    static func csiKey(numbers: [Int], final: UInt32) -> KeyEvent? {
        let plain = numbers.isEmpty || numbers == [1]
        switch final {
        case 0x41: return plain ? .up : nil
        case 0x42: return plain ? .down : nil
        case 0x43: return plain ? .right : nil
        case 0x44: return plain ? .left : nil
        case 0x48: return plain ? .home : nil
        case 0x46: return plain ? .end : nil
        case 0x5A: return numbers.isEmpty ? .backTab : nil
        case 0x50, 0x51, 0x52, 0x53: return plain ? .function(Int(final - 0x50) + 1) : nil
        case 0x7E:
            guard numbers.count == 1 else { return nil }
            switch numbers[0] {
            case 1, 7: return .home
            case 4, 8: return .end
            case 2: return .insert
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            case 11...15: return .function(numbers[0] - 10)
            case 17...21: return .function(numbers[0] - 11)
            case 23, 24: return .function(numbers[0] - 12)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Keys with modifiers as CSI sequences: xterm's `ESC [ 1 ; m X` (arrows, Home, End, F1–F4)
    /// and `ESC [ n ; m ~` (the editing keys, F5 and on), where m is one more than the sum of
    /// Shift 1, Alt 2, Ctrl 4 (Meta 8, read as Alt); rxvt's Shift-arrows `ESC [ a`…`d` and its
    /// `ESC [ n ^` (Ctrl) and `ESC [ n @` (Ctrl-Shift).
    static func modifiedCSIKey(numbers: [Int], final: UInt32) -> (KeyEvent, KeyModifiers)? {
        switch final {
        case 0x41...0x44, 0x46, 0x48, 0x50...0x53:
            guard numbers.count == 2, numbers[0] <= 1, let modifiers = KeyModifiers(xtermParameter: numbers[1]),
                  let key = csiKey(numbers: [], final: final) else { return nil }
            return (key, modifiers)
        case 0x7E:
            guard numbers.count == 2, let modifiers = KeyModifiers(xtermParameter: numbers[1]),
                  let key = csiKey(numbers: [numbers[0]], final: 0x7E) else { return nil }
            return (key, modifiers)
        case 0x61...0x64:
            guard numbers.isEmpty, let key = csiKey(numbers: [], final: final - 0x20) else { return nil }
            return (key, .shift)
        case 0x5E, 0x40:
            guard numbers.count == 1, let key = csiKey(numbers: numbers, final: 0x7E) else { return nil }
            return (key, final == 0x40 ? [.control, .shift] : .control)
        default:
            return nil
        }
    }

    /// Keys sent as `ESC O x` (application cursor mode, keypad Enter, F1–F4).
    static func ss3Key(_ value: UInt32) -> KeyEvent? {
        switch value {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x4D: return .enter
        case 0x50, 0x51, 0x52, 0x53: return .function(Int(value - 0x50) + 1)
        default: return nil
        }
    }
}
