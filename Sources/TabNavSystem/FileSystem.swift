#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system steps the state store (and the program's plain output) need, each returning
/// the `errno` of a failure.
package enum FileSystem {
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    package static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The path with every symbolic link resolved, or `nil` (a dangling link, say).
    package static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `resolved(path)`, with this process's own `/proc/<pid>/` written `/proc/self/` (as
    /// whichever process reads the path finds it); nil when it cannot be resolved.
    package static func resolvedAsShown(_ path: String) -> String? {
        guard let resolved = resolved(path) else { return nil }
        let own = "/proc/\(getpid())/"
        return resolved.hasPrefix(own) ? "/proc/self/" + resolved.dropFirst(own.count) : resolved
    }

    /// The path of an open file, every link resolved, as the kernel knows it
    /// (`/proc/self/fd/N`), checked to still name that same file (`info` is its `fstat`); nil
    /// when it was removed or renamed meanwhile, or the system cannot say.
    package static func path(ofOpen fd: Int32, info: FileStatus) -> String? {
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { room in
            room.baseAddress!.withMemoryRebound(to: CChar.self, capacity: room.count) {
                readlink("/proc/self/fd/\(fd)", $0, room.count - 1)
            }
        }
        guard count > 0, count < buffer.count - 1 else { return nil }
        let path = String(decoding: buffer[0..<count], as: UTF8.self)
        #else
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
        guard fcntl(fd, F_GETPATH, &buffer) == 0 else { return nil }
        let path = String(cString: buffer)
        #endif
        guard path.hasPrefix("/") else { return nil }
        var now = stat()
        guard stat(path, &now) == 0, UInt64(now.st_dev) == info.device, UInt64(now.st_ino) == info.inode else { return nil }
        return path
    }

    /// `mkdir -p` with `mode` for every folder it creates. Returns the folder that could not be
    /// created and why, or `nil` on success.
    package static func makeDirectories(_ path: String, mode: mode_t) -> (folder: String, code: Int32)? {
        if isDirectory(path) { return nil }
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, mode) == 0 { continue }
            let code = currentErrno()
            // An existing folder is fine whatever mkdir said (EEXIST, or EACCES/EROFS for a parent
            // we may not write to); anything else in the way, or a real failure, is the answer.
            if isDirectory(prefix) { continue }
            return (prefix, code == EEXIST ? ENOTDIR : code)
        }
        return nil
    }

    /// Writes all of `bytes`, retrying short writes and interruptions; returns the errno on failure.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                let code = currentErrno()
                if code == EINTR { continue }
                return code
            }
            offset += written
        }
        return nil
    }

    /// Flushes a folder's entries (a rename inside it) to disk. Best effort: some file systems
    /// refuse `fsync` on folders, and by then the new file is already in place.
    package static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
