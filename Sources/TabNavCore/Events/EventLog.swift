import TabNavSystem

/// Appends every event as one JSON line to a file, for scripts that follow the program
/// (`--events FILE`, docs/behaviour.md, "Events").
///
/// The file is opened with `O_APPEND | O_NONBLOCK`, and each line goes out with `write(2)` and no
/// buffering in between, so a reader (`tail -f`) sees each event as it happens and lines from
/// several writers never interleave mid-line. The program never waits for the reader: when a
/// pipe is full the event is dropped and counted (`droppedEvents`); the rest of a line the pipe
/// took only in part is kept and finished first, so the reader never gets half a line. A failed
/// write does not stop the program either: it is counted in `failedWrites` and its reason kept
/// in `lastError`. `takeNotice()` hands out one sentence about the first trouble, once.
public final class EventLog: TabNavDelegate {
    public let path: String
    /// How many events could not be written because of an error.
    public private(set) var failedWrites = 0
    /// How many events were dropped because the reader was not keeping up.
    public private(set) var droppedEvents = 0
    /// The reason of the most recent failed write.
    public private(set) var lastError: String?

    private let fd: Int32
    /// The unwritten rest of a line a full pipe took only in part.
    private var pending: [UInt8] = []
    private var noticeGiven = false
    private var notice: String?

    /// Opens (creating if needed, mode 0666 less the umask, like a shell's `>>`) the file at `path`.
    ///
    /// Refuses a FIFO that nobody reads (the program would otherwise wait for a reader before
    /// its first screen) and a terminal (the lines would be drawn over the screen).
    public init(path: String) throws(EventLogError) {
        let fd: Int32
        switch SystemCalls.openForAppending(path) {
        case .success(let opened): fd = opened
        case .failure(let error):
            let reason = error.code == SystemError.noReader ? "no program is reading this FIFO" : error.message
            throw EventLogError(path: path, reason: reason)
        }
        if SystemCalls.isTerminal(fd) {
            SystemCalls.closeFile(fd)
            throw EventLogError(path: path, reason: "it is a terminal, where the events would be drawn over the screen")
        }
        self.path = path
        self.fd = fd
    }

    deinit {
        SystemCalls.closeFile(fd)
    }

    public func tabNav(didEmit event: TabNavEvent) {
        record(event)
    }

    /// Writes one event line now, or drops it if the reader is not keeping up.
    public func record(_ event: TabNavEvent) {
        if !pending.isEmpty {
            switch send(pending) {
            case .done: pending.removeAll()
            case .blocked(let written): pending.removeFirst(written); dropped(); return
            case .failed(let code): pending.removeAll(); failed(code); return
            }
        }
        let line = Array((event.jsonLine + "\n").utf8)
        switch send(line) {
        case .done: break
        case .blocked(let written):
            if written == 0 { dropped() } else { pending = Array(line[written...]) }
        case .failed(let code): failed(code)
        }
    }

    /// One sentence about the first dropped event or failed write, the first time it is asked
    /// for after that happened; `nil` otherwise (before, and ever after).
    public func takeNotice() -> String? {
        guard let notice, !noticeGiven else { return nil }
        noticeGiven = true
        return notice
    }

    private enum Outcome { case done, blocked(Int), failed(Int32) }

    private func send(_ bytes: [UInt8]) -> Outcome {
        var offset = 0
        while offset < bytes.count {
            switch bytes.withUnsafeBytes({ SystemCalls.writeSome(fd, $0, from: offset) }) {
            case .success(let written): offset += written
            case .failure(let error):
                if error.code == SystemError.interrupted { continue }
                if error.isWouldBlock { return .blocked(offset) }
                return .failed(error.code)
            }
        }
        return .done
    }

    private func dropped() {
        droppedEvents += 1
        if notice == nil { notice = "Events log \(path): the reader is not keeping up; events are being dropped" }
    }

    private func failed(_ code: Int32) {
        failedWrites += 1
        lastError = systemErrorMessage(code)
        if notice == nil { notice = "Events log \(path) cannot be written (\(systemErrorMessage(code))); events are lost" }
    }
}
