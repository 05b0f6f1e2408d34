#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls the model's persistence and event log make, each answering the `errno` of a
/// failure, so the layers above call no C function themselves.
package enum SystemCalls {
    /// Opens `path` for appending without ever blocking (`O_APPEND | O_NONBLOCK`, created with
    /// mode 0666 less the umask): the descriptor, or the `errno` (`ENXIO`: a FIFO nobody reads).
    package static func openForAppending(_ path: String) -> Result<Int32, SystemError> {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o666)
        return fd >= 0 ? .success(fd) : .failure(SystemError(code: currentErrno()))
    }

    /// One `write(2)` of `bytes[offset...]`: how many were written, or the failure.
    package static func writeSome(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, from offset: Int) -> Result<Int, SystemError> {
        guard let base = bytes.baseAddress else { return .success(0) }
        let written = write(fd, base + offset, bytes.count - offset)
        return written >= 0 ? .success(written) : .failure(SystemError(code: currentErrno()))
    }

    /// Whether the descriptor is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    package static func closeFile(_ fd: Int32) {
        _ = close(fd)
    }

    /// A hard link `to` for `from`; refuses an existing name atomically.
    package static func makeLink(_ from: String, _ to: String) -> SystemError? {
        link(from, to) == 0 ? nil : SystemError(code: currentErrno())
    }

    package static func renameFile(_ from: String, _ to: String) -> SystemError? {
        rename(from, to) == 0 ? nil : SystemError(code: currentErrno())
    }

    package static func removeFile(_ path: String) {
        _ = unlink(path)
    }

    /// What a path names, links followed.
    package enum FileKind: Sendable, Equatable { case regular, folder, other }

    /// What `path` names; nil when nothing is there (or it cannot be looked at).
    package static func fileKind(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// The names in a folder (without `.` and `..`); empty when it cannot be read.
    package static func names(inFolder folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether a process with this id is known to have ended (`kill(pid, 0)` fails with `ESRCH`).
    package static func processIsGone(_ pid: Int32) -> Bool {
        kill(pid, 0) == -1 && currentErrno() == ESRCH
    }

    /// The effective user id.
    package static var userID: UInt32 { geteuid() }

    /// The home folder the password database gives the user, if any.
    package static var passwordHome: String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }

    /// Compares `count` bytes at two addresses, as `memcmp` does (negative, zero, positive).
    @inline(__always)
    package static func compareBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Int32 {
        memcmp(a, b, count)
    }

    /// `malloc` memory of `byteCount` bytes (at least one), let go with `freeMemory`.
    package static func allocateMemory(_ byteCount: Int) -> UnsafeMutableRawPointer? { malloc(max(byteCount, 1)) }

    package static func freeMemory(_ memory: UnsafeMutableRawPointer?) { free(memory) }

    /// `realloc`: the memory moved to room of `byteCount` bytes, its bytes kept (a large buffer
    /// is moved by remapping its pages); nil when the memory cannot be had.
    package static func reallocateMemory(_ memory: UnsafeMutableRawPointer?, _ byteCount: Int) -> UnsafeMutableRawPointer? {
        realloc(memory, byteCount)
    }
}

/// A failed system call's `errno`, with its text.
package struct SystemError: Error, Equatable, Sendable {
    package var code: Int32
    package init(code: Int32) { self.code = code }
    package var message: String { systemErrorMessage(code) }
    package static var noReader: Int32 { ENXIO }
    package static var notFound: Int32 { ENOENT }
    package static var alreadyExists: Int32 { EEXIST }
    package static var interrupted: Int32 { EINTR }
    /// `EAGAIN` or `EWOULDBLOCK`: a non-blocking descriptor has no room (or nothing) now.
    package var isWouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }
    package static var notADirectory: Int32 { ENOTDIR }
}
