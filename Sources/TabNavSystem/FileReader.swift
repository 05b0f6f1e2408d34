#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file into memory with a size cap, for layout, state, trust and configuration files.
///
/// A path is read only when it is a regular file (`openRegular`): a FIFO, a device or a socket in
/// its place is refused at once, never opened in a way that blocks (docs/behaviour.md, "Hostile
/// surroundings"). The cap keeps a huge file from eating all memory; the read loop does not trust
/// the size `fstat` reports, so a file that grows while being read, and standard input
/// (`check-layout -`, which may be a pipe), are read to their end.
package enum FileReader {
    package enum Failure: Error, Equatable {
        /// A system call failed with this `errno`.
        case system(Int32)
        /// The file holds more than `limit` bytes.
        case tooLarge(limit: Int)
        /// Not a regular file (`a FIFO`, `a device`…): never read.
        case notRegular(String)

        package var reason: String {
            switch self {
            case .system(let code): return systemErrorMessage(code)
            case .tooLarge(let limit): return "the file is larger than \(FileReader.sizeText(limit))"
            case .notRegular(let what): return "\(what), not a regular file (not read)"
            }
        }
    }

    /// Opens `path` for reading without ever blocking (`O_NONBLOCK`: a FIFO without a writer would
    /// wait forever in `open`) and without taking a terminal as the controlling one, and accepts
    /// only a regular file, checked with `fstat` on the descriptor itself: a FIFO, a device, a
    /// socket or a folder is refused before anything is read. The descriptor is the caller's to
    /// close; `info` is its `fstat`.
    ///
    /// - Parameter followingLinks: false refuses a symbolic link in the file's place (`O_NOFOLLOW`).
    package static func openRegular(path: String, followingLinks: Bool = true) throws(Failure) -> (fd: Int32, info: FileStatus) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            let code = currentErrno()
            if code == ELOOP, !followingLinks { throw .notRegular("a symbolic link") }
            throw .system(code)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = currentErrno()
            close(fd)
            throw .system(code)
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(fd)
            if kind == S_IFDIR { throw .system(EISDIR) }
            throw .notRegular(kindName(kind))
        }
        // A regular file never blocks; reads go on as usual.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return (fd, FileStatus(info))
    }

    /// "a FIFO", "a device"…: what a file of this `st_mode` type is, for a message.
    package static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// 64 MB: far above any real layout or state file, far below the memory of a small machine.
    package static let defaultLimit = 64 << 20

    /// Reads the regular file at `path` (`openRegular`: never a FIFO or a device, never blocking).
    package static func readAll(path: String, limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        let (fd, _) = try openRegular(path: path)
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
    package static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}

/// What `fstat` says of an open file, in the project's own terms (so no layer above this one reads
/// the C library's `stat` fields).
package struct FileStatus: Sendable {
    /// The owner's user id.
    package let owner: UInt32
    /// The permission bits (`0o7777` of the mode).
    package let permissions: UInt32
    /// The device and inode: which file this is, to compare with a path looked up later.
    package let device: UInt64
    package let inode: UInt64

    init(_ info: stat) {
        owner = UInt32(info.st_uid)
        permissions = UInt32(info.st_mode & 0o7777)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
