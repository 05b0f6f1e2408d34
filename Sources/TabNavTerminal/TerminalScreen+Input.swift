import CNcursesw
import CSystem
import TabNavCore
import TabNavDrawing
import TabNavInteraction
#if canImport(Glibc)
import Glibc
#endif

extension TerminalScreen {
    /// Most bytes read at once outside a bracketed paste, so a flood of typed (unbracketed) text
    /// becomes at most this many keys before the run loop draws again.
    static let inputBatchLimit = 4096
    /// Bytes read at once inside a bracketed paste: its text is collected, never keys.
    static let pasteBlockSize = 1 << 16
    /// How long an Escape waits for the rest of a sequence before it counts as the Escape key.
    static let escapeDelayMilliseconds: Int32 = 25
    /// How long the rest of a sequence that arrived in part may take before the part is dropped.
    static let partialSequenceMilliseconds: Int32 = 100
    /// How long a paste may go quiet before it is taken as ended (its end marker lost).
    static let pasteSilenceMilliseconds: Int32 = 1000
    /// How long the tail of a sequence whose part was dropped may still come and be dropped too
    /// (a mouse report split by a slow link: `ESC [ < 0 ; 1 0 ;`, then `5 m` 300 ms later must
    /// not type `5` and `m`); after that silence, keys are keys again.
    static let cutSequenceTailMilliseconds: Int32 = 1000

    /// Blocks until something happens, then returns everything that did, in order.
    ///
    /// Waits (`epoll_wait`, or `poll`) on the terminal, the signal self-pipe and the wake pipe —
    /// no timers, no CPU while idle — and then reads what the terminal has, in one `read`. Never
    /// returns an empty array. After `.endOfInput` (or once closed) it returns `[.endOfInput]` at once,
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
            if let pendingInputDeadline {
                let limit = Self.milliseconds(until: pendingInputDeadline)
                wait = wait < 0 ? limit : min(wait, limit)
            }
            let (ready, inputFlags, signalled, wakeable) = waitForEvents(milliseconds: wait)
            if ready < 0 && errno != EINTR && errno != EAGAIN {
                inputEnded = true
                return [.endOfInput]
            }
            if ready == 0 {
                // Only the decoder's own wait may end what it holds: the caller's deadline ending
                // first (a spinner's tick) cuts no sequence or paste short.
                flushPendingInputIfDue(into: &events)
                if events.isEmpty, let deadline, ContinuousClock.now >= deadline { return [] }
                continue
            }

            var terminations: [InputEvent] = []
            var suspendRequested = false
            var resized = false
            if signalled {
                for number in signalPipe.drain() {
                    switch Int32(number) {
                    case SIGTSTP: suspendRequested = true
                    case SIGWINCH: resized = true
                    default: terminations.append(.terminate(signal: Int32(number)))
                    }
                }
            }
            let woke = wakeable && !waker.pipe.drain().isEmpty

            if inputFlags & Int16(POLLIN) != 0 {
                if !readInput(into: &events) { inputEnded = true }
                restartPendingInputWait()
            } else {
                if inputFlags & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { inputEnded = true }
                // Only when the terminal has nothing to read: the rest of a sequence that came
                // while the caller drew a slow frame is read before any wait is judged over.
                flushPendingInputIfDue(into: &events)
            }
            if resized {
                catchUpWithResize(events: &events)
            }
            if suspendRequested {
                suspend()
                // The time stopped was not the terminal's silence: what the decoder holds (a paste
                // in progress) gets its whole wait again.
                restartPendingInputWait()
                // Frames are not drawn by ncurses, so its repaint on resume leaves the screen
                // blank: ask the run loop for a full frame, as `TabNavApplication.suspend` does.
                if !events.contains(where: { if case .resize = $0 { true } else { false } }) {
                    events.append(.resize(TerminalSize(columns: columns, rows: rows)))
                }
            }
            if woke { events.append(.wake) }
            events += terminations
            if inputEnded { events.append(.endOfInput) }
            // Bytes that are no events (a long terminal string, a paste) keep the terminal
            // readable: the caller's deadline still comes (a spinner's tick, a refresh).
            if events.isEmpty, let deadline, ContinuousClock.now >= deadline { return [] }
        }
        return events
    }

    /// How long the decoder waits for the rest of what it holds, counted from the last byte read.
    /// A terminal sends a paste at once: a second of silence inside one means its end marker is
    /// not coming, and the keyboard must not stay captured.
    private var pendingInputLimit: Int64 {
        Int64(decoder.isInsidePaste ? Self.pasteSilenceMilliseconds
            : decoder.isAwaitingTail ? Self.cutSequenceTailMilliseconds
            : decoder.isAwaitingEscape ? escapeDelay : Self.partialSequenceMilliseconds)
    }

    /// After bytes were decoded: the decoder's wait starts again if it holds part of something.
    private func restartPendingInputWait() {
        pendingInputDeadline = decoder.hasPendingInput
            ? ContinuousClock.now.advanced(by: .milliseconds(pendingInputLimit)) : nil
    }

    /// Ends what the decoder holds once its wait is over (a lone Escape becomes the key, a cut
    /// sequence is dropped, a paste ends); a state that waits again (the tail of a dropped
    /// sequence) gets a new wait.
    private func flushPendingInputIfDue(into events: inout [InputEvent]) {
        guard let due = pendingInputDeadline, ContinuousClock.now >= due else { return }
        decoder.flush(into: &events)
        restartPendingInputWait()
    }

    /// Waits as `poll` does on the terminal, the signal pipe and the wake pipe: through the epoll
    /// set registered when the screen opened (docs/terminal-notes.md, "Reading keys ourselves"),
    /// or `poll` if there is none. Returns the count ready (-1 on an error, `errno` set), the
    /// terminal's flags as `poll` gives them (`POLLIN`, `POLLHUP`) and whether each pipe has bytes.
    private func waitForEvents(milliseconds: Int32) -> (ready: Int32, input: Int16, signalled: Bool, woken: Bool) {
        if waitSet >= 0 {
            var flags: UInt32 = 0
            let ready = tabnav_wait(waitSet, milliseconds, &flags)
            let input = (flags & 1 != 0 ? Int16(POLLIN) : 0) | (flags & 2 != 0 ? Int16(POLLHUP) : 0)
            return (ready, input, flags & 0b1100 != 0, flags & 0b11_0000 != 0)
        }
        var descriptors = [
            pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalPipe.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: waker.pipe.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        return (ready, descriptors[0].revents, descriptors[1].revents != 0, descriptors[2].revents != 0)
    }

    /// Reads what the terminal has — one `read`: the wait said it is readable — and decodes it.
    /// Returns `false` at the end of input (the terminal hung up or is gone).
    ///
    /// ncurses is not asked for keys: its `wget_wch` spent three system calls and its own
    /// decoding on every key (docs/terminal-notes.md, "Reading keys ourselves"). What it did is
    /// done here: UTF-8 (or the locale's characters) put together across reads, terminfo's key
    /// sequences (`TerminfoKeys`, read with the first input), the escape delay (`escapeDelay`, a
    /// deadline `nextEvents` keeps).
    private func readInput(into events: inout [InputEvent]) -> Bool {
        let size = decoder.isInsidePaste ? Self.pasteBlockSize : Self.inputBatchLimit
        if inputBuffer.count < size { inputBuffer = [UInt8](repeating: 0, count: size) }
        let count = inputBuffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, size) }
        if count < 0 { return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK }
        if count == 0 { return false }
        if !knowsTerminfoKeys {
            decoder.terminfo = .current(capability: Self.capability)
            knowsTerminfoKeys = true
        }
        inputBuffer.withUnsafeBufferPointer { bytes in
            for index in 0..<count { feed(bytes[index], into: &events) }
        }
        return true
    }

    /// Feeds one byte read from the terminal to the decoder.
    private func feed(_ byte: UInt8, into keys: inout [InputEvent]) {
        if decoder.wantsRawBytes && !assembler.isPending {
            // An X10 mouse report's coordinates: bytes up to 255, never UTF-8.
            decoder.feed(rawByte: byte, into: &keys)
        } else if isUTF8 {
            if byte < 0x80 && !assembler.isPending {
                decoder.feed(character: UInt32(byte), into: &keys)
            } else {
                // A byte that is not UTF-8 arrives as U+FFFD: the decoder drops it where it
                // would be a key and keeps it in a paste (`InputDecoder.notACharacter`).
                assembler.push(byte) { decoder.feed(character: $0, into: &keys) }
            }
        } else {
            // Another character set (Latin-1, Big5): the locale says what the bytes are. A byte
            // it cannot read is handed on as the decoder's "not a character", as in UTF-8.
            var handed = false
            localeAssembler.push(byte) { handed = true; decoder.feed(character: $0, into: &keys) }
            if !handed, !localeAssembler.isPending {
                decoder.feed(character: InputDecoder.notACharacter, into: &keys)
            }
        }
    }

    /// After SIGWINCH, tells ncurses the new size (ncurses' own handler is not chained: it would
    /// allocate buffers for any size at all) and reports it. `resize_term`, not `resizeterm`: the
    /// latter queues a `KEY_RESIZE` for a `wgetch` that is never called.
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
        resize_term(cursesRows, cursesColumns)
        painter.invalidate()
        events.append(.resize(TerminalSize(columns: columns, rows: rows)))
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
