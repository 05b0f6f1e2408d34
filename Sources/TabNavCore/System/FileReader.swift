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
            while let base = buffer.baseAddress, used < buffer.count {
                let got = read(fd, base + used, buffer.count - used)
                if got < 0 {
                    let code = currentErrno()
                    if code == EINTR { continue }
                    failure = code
                    break
                }
                if got == 0 { break }
                used += got
            }
            count = used
        }
        if let failure { throw .system(failure) }
        // The room is full: the file is longer than `fstat` said (a pipe, a file that grew).
        var full = used == initial
        while full {
            if data.count > limit { throw .tooLarge(limit: limit) }
            data.append(contentsOf: repeatElement(0, count: min(data.count, limit + 1 - data.count)))
            while used < data.count {
                let count = data.withUnsafeMutableBytes { buffer in
                    read(fd, buffer.baseAddress! + used, buffer.count - used)
                }
                if count < 0 {
                    let code = currentErrno()
                    if code == EINTR { continue }
                    throw .system(code)
                }
                if count == 0 { break }
                used += count
            }
            full = used == data.count
        }
        data.removeLast(data.count - used)
        return data
    }

    /// "64 MB", "512 KB", "100 bytes".
    static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}
