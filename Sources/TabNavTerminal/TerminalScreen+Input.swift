import CNcursesw
import TabNavCore
import TabNavDrawing
import TabNavInteraction
#if canImport(Glibc)
import Glibc
#endif

extension TerminalScreen {
    /// Most input items decoded per call; the rest waits for the next call, so a flood of pasted
    /// text cannot keep the run loop from drawing.
    static let inputBatchLimit = 4096
    /// How long the rest of a sequence that arrived in part may take before the part is dropped.
    static let partialSequenceMilliseconds: Int32 = 100
    /// How long a paste may go quiet before it is taken as ended (its end marker lost).
    static let pasteSilenceMilliseconds: Int32 = 1000

    /// Blocks until something happens, then returns everything that did, in order.
    ///
    /// Waits in `poll` on the terminal, the signal self-pipe and the wake pipe — no timers, no CPU
    /// while idle — and then reads every key ncurses has, without blocking. Never returns an
    /// empty array. After `.endOfInput` (or once closed) it returns `[.endOfInput]` at once,
    /// never spinning on a terminal that went away.
    package func nextEvents() -> [InputEvent] {
        nextEvents(deadline: nil)
    }

    /// Like `nextEvents()`, but returns an empty array if nothing happened within `timeout`.
    package func nextEvents(timeout: Duration) -> [InputEvent] {
        nextEvents(deadline: ContinuousClock.now.advanced(by: timeout))
    }

    private func nextEvents(deadline: ContinuousClock.Instant?) -> [InputEvent] {
        guard isOpen, !inputEnded else { return [.endOfInput] }
        activate()
        var events: [InputEvent] = []
        while events.isEmpty {
            var wait = Self.milliseconds(until: deadline)
            if decoder.hasPendingInput {
                // A terminal sends a paste at once: a second of silence inside one means its end
                // marker is not coming, and the keyboard must not stay captured.
                let limit = decoder.isInsidePaste ? Self.pasteSilenceMilliseconds : Self.partialSequenceMilliseconds
                wait = wait < 0 ? limit : min(wait, limit)
            }
            var descriptors = [
                pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalPipe.readDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: waker.pipe.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
            if ready < 0 && errno != EINTR && errno != EAGAIN {
                inputEnded = true
                return [.endOfInput]
            }
            if ready == 0 {
                if decoder.hasPendingInput {
                    var keys: [InputEvent] = []
                    decoder.flush(into: &keys)
                    events += keys
                }
                if events.isEmpty, let deadline, ContinuousClock.now >= deadline { return [] }
                continue
            }

            var terminations: [InputEvent] = []
            var suspendRequested = false
            var resized = false
            if descriptors[1].revents != 0 {
                for number in signalPipe.drain() {
                    switch Int32(number) {
                    case SIGTSTP: suspendRequested = true
                    case SIGWINCH: resized = true // ncurses reports KEY_RESIZE to the read below.
                    default: terminations.append(.terminate(signal: Int32(number)))
                    }
                }
            }
            let woke = descriptors[2].revents != 0 && !waker.pipe.drain().isEmpty

            // Always read: after EINTR (SIGWINCH) ncurses has KEY_RESIZE even with nothing typed.
            let inputFlags = descriptors[0].revents
            var readSomething = drainInput(into: &events)
            if !readSomething && inputFlags & Int16(POLLIN) != 0 {
                // Readable, yet ncurses got nothing: the end of input, or a lone byte it dropped?
                // At the end, the terminal stays readable with nothing to read; ask once more.
                var probe = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
                if poll(&probe, 1, 0) == 1 {
                    readSomething = drainInput(into: &events)
                    if !readSomething { inputEnded = true }
                }
            }
            if !readSomething && inputFlags & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                inputEnded = true
            }
            if resized {
                catchUpWithResize(events: &events)
            }
            if suspendRequested {
                suspend()
                // Frames are not drawn by ncurses, so its repaint on resume leaves the screen
                // blank: ask the run loop for a full frame, as `TabNavApplication.suspend` does.
                if !events.contains(where: { if case .resize = $0 { true } else { false } }) {
                    events.append(.resize(TerminalSize(columns: columns, rows: rows)))
                }
            }
            if woke { events.append(.wake) }
            events += terminations
            if inputEnded { events.append(.endOfInput) }
        }
        return events
    }

    /// Reads and decodes everything ncurses has without waiting (beyond ESCDELAY after an
    /// Escape). Returns whether anything at all was read.
    private func drainInput(into events: inout [InputEvent]) -> Bool {
        var keys: [InputEvent] = []
        var readSomething = false
        var exhausted = false
        for _ in 0..<Self.inputBatchLimit {
            if decoder.isInsidePaste {
                // A paste is text up to its end marker: read it in blocks rather than a byte per
                // system call through ncurses (a megabyte took 1.4 s of CPU that way).
                guard readPastedBlock(into: &keys) else {
                    exhausted = true
                    break
                }
                readSomething = true
            } else if decoder.wantsRawBytes {
                let code = wgetch(window)
                if code == ERR {
                    exhausted = true
                    break
                }
                readSomething = true
                if (0...255).contains(code) {
                    decoder.feed(rawByte: UInt8(code), into: &keys)
                } else {
                    handle(keyCode: code, keys: &keys, events: &events)
                }
            } else {
                var value: wint_t = 0
                errno = 0
                let status = wget_wch(window, &value)
                if status == ERR {
                    if errno == EILSEQ { // Not UTF-8: ncurses consumed and dropped it.
                        readSomething = true
                        continue
                    }
                    exhausted = true
                    break
                }
                readSomething = true
                if status == KEY_CODE_YES {
                    handle(keyCode: Int32(bitPattern: value), keys: &keys, events: &events)
                } else {
                    decoder.feed(character: UInt32(value), into: &keys)
                }
            }
            events += keys
            keys.removeAll(keepingCapacity: true)
        }
        // ncurses returns a lone ESC only after ESCDELAY passed with nothing behind it.
        if exhausted && decoder.isAwaitingEscape {
            decoder.flush(into: &keys)
            events += keys
        }
        return readSomething
    }

    /// Reads what the terminal has (without waiting) straight from its descriptor and feeds it
    /// to the decoder: the paste's text, and whatever follows its end marker in the same block.
    /// Returns `false` when nothing was there.
    ///
    /// Safe beside ncurses: the decoder entered the paste on the marker's last byte, which
    /// ncurses had just read and returned, so nothing of the paste waits in ncurses' own queue.
    private func readPastedBlock(into keys: inout [InputEvent]) -> Bool {
        var wait: Int32 = 0
        var readAny = false
        while true {
            var ready = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, wait) == 1, ready.revents & Int16(POLLIN) != 0 else { break }
            if pasteBlock.isEmpty { pasteBlock = [UInt8](repeating: 0, count: 1 << 16) }
            let count = pasteBlock.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            readAny = true
            for index in 0..<count {
                let byte = pasteBlock[index]
                if decoder.wantsRawBytes && !pasteAssembler.isPending {
                    decoder.feed(rawByte: byte, into: &keys)
                } else if !isUTF8 {
                    // Without a UTF-8 locale only ASCII is text (ncurses dropped the rest too).
                    if byte < 0x80 { decoder.feed(character: UInt32(byte), into: &keys) }
                } else {
                    pasteAssembler.push(byte) { decoder.feed(character: $0, into: &keys) }
                }
            }
            // A block that ends inside a character, or on an Escape typed after the paste, is
            // finished from the next one, waiting as long as ncurses waits for an Escape's rest.
            guard pasteAssembler.isPending || (!decoder.isInsidePaste && decoder.isAwaitingEscape) else { break }
            wait = 25
        }
        guard readAny else { return false }
        if !decoder.isInsidePaste && pasteAssembler.isPending {
            // The block ended inside a character typed after the paste: ncurses reads from here
            // on, so the part read here is shown as one replacement character.
            pasteAssembler = UTF8Assembler()
            decoder.feed(character: 0xFFFD, into: &keys)
        }
        return true
    }

    /// After SIGWINCH, tells ncurses the new size (ncurses' own handler is not chained: it would
    /// allocate buffers for any size at all) and reports it.
    ///
    /// A terminal over the "too large" limit (docs/behaviour.md, "Adaptive layout") gets one row
    /// of at most the maximum width in ncurses, so memory stays bounded however large it grows;
    /// the size reported is still the real one, so the notice is shown.
    private func catchUpWithResize(events: inout [InputEvent]) {
        if events.contains(where: { if case .resize = $0 { true } else { false } }) { return }
        var size = winsize()
        guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return }
        let real = TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
        let tooLarge = LayoutClass(real) == .tooLarge
        let cursesRows = Int32(tooLarge ? 1 : real.rows)
        let cursesColumns = Int32(min(real.columns, LayoutClass.maximumColumns))
        let wasOversize = oversize
        oversize = tooLarge ? real : nil
        guard is_term_resized(cursesRows, cursesColumns) || wasOversize != oversize else { return }
        resizeterm(cursesRows, cursesColumns) // queues KEY_RESIZE
        _ = drainInput(into: &events)
        if !events.contains(where: { if case .resize = $0 { true } else { false } }) {
            painter.invalidate()
            events.append(.resize(TerminalSize(columns: columns, rows: rows)))
        }
    }

    private func handle(keyCode: Int32, keys: inout [InputEvent], events: inout [InputEvent]) {
        switch keyCode {
        case KEY_RESIZE:
            events += keys
            keys.removeAll(keepingCapacity: true)
            painter.invalidate()
            let resize = InputEvent.resize(TerminalSize(columns: columns, rows: rows))
            if case .resize = events.last {
                events[events.count - 1] = resize
            } else {
                events.append(resize)
            }
        case KEY_MOUSE:
            decoder.feed(mousePrefix: mousePrefix, into: &keys)
        default:
            decoder.feed(keyCode: keyCode, into: &keys)
        }
    }

    /// Milliseconds left until `deadline` for `poll` (-1: wait forever).
    private static func milliseconds(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let left = ContinuousClock.now.duration(to: deadline)
        if left <= .zero { return 0 }
        let (seconds, attoseconds) = left.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }
}
