import TabNavSystem

/// A tape made on a thread of its own while another thread already reads the values it has
/// (docs/benchmark.md, "Loading a large layout"): for a layout of 10,000 tabs, parsing takes
/// well under half as long as decoding, and the decoder no longer waits for the whole parse
/// before it begins.
///
/// What the reading thread may look at is decided by the parser's publications. The parser
/// publishes the count of tokens written (the *frontier*) each time it closes a container and
/// at most two levels stay open (the root and one container inside it). So, at a publication,
/// every container that starts before the frontier is closed, its tokens final, except those
/// two, whose `extra` (where they end) is still being written and must not be read. The
/// storage of the tokens has room for the most a text of its size can hold, so it never moves.
///
/// A reader asks with `waitForChild(_:of:)`, `waitUntilWritten(_:)` and `waitUntilComplete(_:)`;
/// all of them return false once the parser has failed, whose error `finish()` gives back.
final class JSONTapeStream: @unchecked Sendable {
    let tokens: JSONTape.TokenBuffer
    private let input: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private let keyCodes: JSONKeyCodes?
    /// Guards what follows; its condition changes with each publication.
    private let lock = SystemLock()

    // Guarded by `lock`.
    private var frontier = 0
    private var open: (Int, Int) = (-1, -1)
    private var outcome: Outcome = .running
    /// Memory the reader is about to fill, for the parser's thread to fault in first (`prefault`).
    private var pendingPrefault: (address: UInt, byteCount: Int)?
    /// Work for the parser's thread once it has parsed (`afterParsing`).
    private var pendingWork: [@Sendable () -> Void] = []
    /// Whether that work is done too: the last thing the parser's thread does.
    private var workDone = false

    private enum Outcome {
        case running, finished, failed(JSONSyntaxError)
    }

    /// Starts parsing `input` on a new thread, or here and now when no thread can be had; nil
    /// when the room for its tokens cannot be reserved (the caller parses the usual way). The
    /// bytes must stay where they are until `finish()` has returned.
    init?(
        input: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONParser.defaultMaximumDepth, keyCodes: JSONKeyCodes? = nil
    ) {
        guard let tokens = JSONTape.TokenBuffer(
            capacity: JSONReader.maximumTokens(byteCount: input.count), onHugePages: true) else { return nil }
        self.input = input
        self.maximumDepth = maximumDepth
        self.keyCodes = keyCodes
        self.tokens = tokens
        if !DetachedThread.start({ self.parse() }) { parse() }
    }

    private func parse() {
        var reader = JSONReader(input: input, maximumDepth: maximumDepth, tokens: tokens, stream: self, keyCodes: keyCodes)
        do throws(JSONSyntaxError) {
            try reader.readDocument()
            settle(.finished)
        } catch {
            settle(.failed(error))
        }
    }

    private func settle(_ result: Outcome) {
        lock.lock()
        outcome = result
        let work = pendingWork
        pendingWork = []
        lock.broadcast()
        lock.unlock()
        for job in work { job() }
        lock.lock()
        workDone = true
        lock.broadcast()
        lock.unlock()
    }

    /// Asks the parser's thread to do `work` once it has parsed, while the reader still
    /// decodes (`finish()` waits for it). False when the parser is done already: the caller
    /// then does the work itself, or goes without.
    func afterParsing(_ work: @escaping @Sendable () -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if isDone { return false }
        pendingWork.append(work)
        return true
    }

    /// Called by the parser: the first `frontier` tokens can be read, except the `extra` of the
    /// (at most two) containers still open.
    func publish(frontier: Int, open: (Int, Int)) {
        lock.lock()
        self.frontier = frontier
        self.open = open
        let prefault = pendingPrefault
        pendingPrefault = nil
        lock.broadcast()
        lock.unlock()
        if let prefault { HugePages.populate(address: prefault.address, byteCount: prefault.byteCount) }
    }

    /// Asks the parser's thread, which is mostly ahead of its reader with time to spare, to
    /// fault in the pages of memory the reader is about to fill (the decoder's table of items):
    /// a page fault costs the thread that takes it a few microseconds. Populating changes no
    /// byte, so the reader may write there meanwhile; if the parser is done, nothing happens.
    func prefault(_ base: UnsafeMutableRawPointer, byteCount: Int) {
        lock.lock()
        if !isDone { pendingPrefault = (UInt(bitPattern: base), byteCount) }
        lock.unlock()
    }

    /// Waits for the parser to end, and for the work given to `afterParsing`; the parser's
    /// error, if it failed.
    @discardableResult
    func finish() -> JSONSyntaxError? {
        lock.lock()
        defer { lock.unlock() }
        while !workDone { lock.wait() }
        if case .failed(let error) = outcome { return error }
        return nil
    }

    /// Waits until token `token` is written (its `extra` may still change if it is a container).
    func waitUntilWritten(_ token: Int) -> Bool {
        waitFor { token < $0 }
    }

    /// Waits until token `token` and all of its contents are final.
    func waitUntilComplete(_ token: Int) -> Bool {
        waitFor { token < $0 && !self.isOpen(token) }
    }

    /// Waits until it is known whether `candidate`, the token after the previous child of the
    /// container `container` (or its first child), is another child: true when it is one, and
    /// complete; false at the end of the container, or when the parser failed.
    func waitForChild(_ candidate: Int, of container: Int) -> Bool {
        var isChild = false
        let parsed = waitFor { frontier in
            if !self.isOpen(container), container < frontier {
                // Closed before the publication seen: its end is final.
                isChild = candidate < Int(self.tokens.base[container].extra)
                return true
            }
            // Still open: everything before the frontier from its start on is inside it.
            if candidate < frontier, !self.isOpen(candidate) {
                isChild = true
                return true
            }
            return false
        }
        return parsed && isChild
    }

    /// Whether the parser read the whole input without an error (for work it does afterwards).
    var parsedWhole: Bool {
        lock.lock()
        defer { lock.unlock() }
        if case .finished = outcome { return true }
        return false
    }

    private var isDone: Bool {
        if case .running = outcome { return false }
        return true
    }

    /// Whether `token` was open at the last publication (with the lock held).
    private func isOpen(_ token: Int) -> Bool {
        if isDone { return false }
        return token == open.0 || token == open.1
    }

    /// Waits until `ready(frontier)` holds, or the parser has ended; false if it failed. With
    /// the parser done, every token is final, so `ready` is asked once more with the end.
    private func waitFor(_ ready: (Int) -> Bool) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        while true {
            switch outcome {
            case .failed: return false
            case .finished:
                // Every token is final: `ready` is asked once more for what it finds out.
                _ = ready(Int.max)
                return true
            case .running:
                if ready(frontier) { return true }
                lock.wait()
            }
        }
    }
}
