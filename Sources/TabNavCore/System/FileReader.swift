#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file into memory with a size cap, for layout and state files.
///
/// The cap keeps a mistaken or hostile path (a huge log, `/dev/zero`) from eating all memory; the
/// read loop does not trust the size `fstat` reports, so pipes (`--layout <(cmd)`) and files that
/// grow while being read work too.
package enum FileReader {
    package enum Failure: Error, Equatable {
        /// A system call failed with this `errno`.
        case system(Int32)
        /// The file holds more than `limit` bytes.
        case tooLarge(limit: Int)

        package var reason: String {
            switch self {
            case .system(let code): return systemErrorMessage(code)
            case .tooLarge(let limit): return "the file is larger than \(FileReader.sizeText(limit))"
            }
        }
    }

    /// 64 MB: far above any real layout or state file, far below the memory of a small machine.
    package static let defaultLimit = 64 << 20

    package static func readAll(path: String, limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .system(currentErrno()) }
        defer { close(fd) }
        return try readAll(descriptor: fd, limit: limit)
    }

    /// Reads an open descriptor to its end (standard input for `check-layout -`); not closed.
    package static func readAll(descriptor fd: Int32, limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(currentErrno()) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .system(EISDIR) }
        if Int(info.st_size) > limit { throw .tooLarge(limit: limit) }

        // Room for the size `fstat` reports and one byte more (to see the end), read into without
        // being zeroed first (12 MB of zeros cost a 100,000-tab layout 15 M instructions).
        let initial = min(max(Int(info.st_size) + 1, 4096), limit + 1)
        var used = 0
        var failure: Int32?
        var data = [UInt8](unsafeUninitializedCapacity: initial) { buffer, count in
            HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress), byteCount: buffer.count)
            (used, failure) = fill(fd, UnsafeMutableRawBufferPointer(buffer), from: 0)
            count = used
        }
        // The room is full: the file is longer than `fstat` said (a pipe, a file that grew).
        var full = failure == nil && used == initial
        while full {
            if data.count > limit { throw .tooLarge(limit: limit) }
            data.append(contentsOf: repeatElement(0, count: min(data.count, limit + 1 - data.count)))
            (used, failure) = data.withUnsafeMutableBytes { fill(fd, $0, from: used) }
            full = failure == nil && used == data.count
        }
        if let failure { throw .system(failure) }
        data.removeLast(data.count - used)
        return data
    }

    /// Reads into `buffer` from `start` until it is full or the input ends: where it stopped, and
    /// the `errno` of a failed read.
    private static func fill(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, from start: Int) -> (Int, Int32?) {
        guard let base = buffer.baseAddress else { return (start, nil) }
        var end = start
        while end < buffer.count {
            let got = read(fd, base + end, buffer.count - end)
            if got < 0 {
                let code = currentErrno()
                if code == EINTR { continue }
                return (end, code)
            }
            if got == 0 { break }
            end += got
        }
        return (end, nil)
    }

    /// "64 MB", "512 KB", "100 bytes".
    static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}
