#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends every event as one JSON line to a file, for scripts that follow the program
/// (`--events FILE`, docs/behaviour.md, "Events").
///
/// The file is opened with `O_APPEND`, and each line goes out in a single `write(2)` with no
/// buffering in between, so a reader (`tail -f`) sees each event as it happens and lines from
/// several writers never interleave mid-line. A failed write does not stop the program: it is
/// counted in `failedWrites` and its reason kept in `lastError`.
public final class EventLog: TabNavDelegate {
    public let path: String
    /// How many events could not be written completely.
    public private(set) var failedWrites = 0
    /// The reason of the most recent failed write.
    public private(set) var lastError: String?

    private let fd: Int32

    /// Opens (creating if needed, mode 0666 less the umask, like a shell's `>>`) the file at `path`.
    public init(path: String) throws(EventLogError) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw EventLogError(path: path, reason: systemErrorMessage(currentErrno()))
        }
        self.path = path
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    public func tabNav(didEmit event: TabNavEvent) {
        record(event)
    }

    /// Writes one event line now.
    public func record(_ event: TabNavEvent) {
        let line = Array((event.jsonLine + "\n").utf8)
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                let code = currentErrno()
                if code == EINTR { continue }
                failedWrites += 1
                lastError = systemErrorMessage(code)
                return
            }
            // A short write (a full disk) is finished rather than leaving half a line.
            offset += written
        }
    }
}
