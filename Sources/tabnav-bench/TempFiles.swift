import Glibc

/// The benchmark's scratch folder (layouts, state files, the child programs' HOME), removed at
/// the end so a run leaves nothing behind but `bench/results.json`.
enum TempFiles {
    /// Creates a fresh folder under `$TMPDIR` (or `/tmp`).
    static func makeDirectory() -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/tabnav-bench-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            fatalError("tabnav-bench: cannot create a folder in \(base)")
        }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Writes `bytes` to `path`, replacing it; a failure ends the benchmark with a message.
    static func write(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { fatalError("tabnav-bench: cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { fatalError("tabnav-bench: cannot write \(path)") }
            offset += n
        }
    }

    static func makeDirectory(at path: String) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            fatalError("tabnav-bench: cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes a folder tree (only the benchmark's own scratch folder is ever passed here).
    static func removeTree(_ path: String) {
        guard let directory = opendir(path) else { unlink(path); return }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names {
            let child = "\(path)/\(name)"
            var info = stat()
            if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                removeTree(child)
            } else {
                unlink(child)
            }
        }
        rmdir(path)
    }
}
