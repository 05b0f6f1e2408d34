#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash-safe replacement of a small file: the bytes go to `.<name>.tmp-<pid>-<n>` in the same
/// folder (created exclusively, mode 0600), which is flushed and renamed over the target, and the
/// folder is flushed too. A kill at any moment leaves the old file or the new one, never a mix.
/// The state file and the trust file are written this way.
package enum AtomicFile {
    /// Replaces `target` with `bytes`, creating its folder (mode 0700) if needed; `counter` makes
    /// temporary names unique within the process. Returns the failure as (step, errno, file).
    package static func write(_ bytes: [UInt8], to target: String, counter: inout Int) -> (step: String, code: Int32, file: String)? {
        let folder = folder(of: target)
        if let (failedFolder, code) = FileSystem.makeDirectories(folder, mode: 0o700) {
            return ("creating the folder", code, failedFolder)
        }
        let name = String(target.split(separator: "/").last ?? "file")
        let pid = getpid()
        var temporary = ""
        var fd: Int32 = -1
        while fd < 0 {
            counter += 1
            temporary = "\(folder)/.\(name).tmp-\(pid)-\(counter)"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                let code = currentErrno()
                if code == EEXIST || code == EINTR { continue }
                return ("creating a temporary file in", code, folder)
            }
        }
        func fail(_ step: String, _ code: Int32, closing: Bool) -> (step: String, code: Int32, file: String) {
            if closing { close(fd) }
            unlink(temporary)
            return (step, code, temporary)
        }
        // Exactly 0600, whatever the umask let `open` give.
        if fchmod(fd, 0o600) != 0 { return fail("setting the mode of", currentErrno(), closing: true) }
        if let code = FileSystem.writeAll(fd, bytes) { return fail("writing", code, closing: true) }
        if fsync(fd) != 0 { return fail("flushing", currentErrno(), closing: true) }
        if close(fd) != 0 { return fail("closing", currentErrno(), closing: false) }
        if rename(temporary, target) != 0 {
            let code = currentErrno()
            unlink(temporary)
            return ("renaming \(temporary) to", code, target)
        }
        FileSystem.syncDirectory(folder)
        return nil
    }

    package static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }
}
