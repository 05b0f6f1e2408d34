import TabNavSystem

/// A layout file as trust knows it: where it really is and what its bytes are.
package struct LayoutFingerprint: Sendable, Equatable {
    /// The file's path with every symbolic link resolved.
    package var canonicalPath: String
    /// SHA-256 of the file's bytes, in lowercase hexadecimal.
    package var sha256: String

    package init(canonicalPath: String, sha256: String) {
        self.canonicalPath = canonicalPath
        self.sha256 = sha256
    }

    /// The fingerprint of bytes read from `path` (nil when the path cannot be resolved). The
    /// program takes both from one open file instead (`LayoutLoader.Source`).
    package static func of(path: String, bytes: [UInt8]) -> LayoutFingerprint? {
        guard let canonical = FileSystem.resolved(path) else { return nil }
        return LayoutFingerprint(canonicalPath: canonical, sha256: SHA256.hex(bytes))
    }
}

/// The layout files the person trusted to run commands (docs/layout-files.md, "Trust"):
/// `<state folder>/trusted.json`, mode 0600, replaced atomically. A file is trusted while its
/// canonical path and the SHA-256 of its bytes both match an entry; a changed file is not.
///
/// A trust file that cannot be read, or that is not the person's own private regular file,
/// trusts nothing and is never overwritten (saving refuses).
package final class TrustStore {
    package static let fileName = "trusted.json"
    /// The layout id whose state file would be the trust file: layouts may not use it.
    package static let layoutIDTaken = "trusted"
    package let path: String
    private var counter = 0

    package init(directory: String) {
        path = (directory.hasSuffix("/") ? directory : directory + "/") + Self.fileName
    }

    /// Whether this exact file (path and bytes) was trusted.
    package func isTrusted(_ file: LayoutFingerprint) -> Bool {
        check(file) == .trusted
    }

    /// What the trust file says about a layout file.
    package enum Verdict: Equatable, Sendable {
        case trusted
        /// Not recorded (or recorded with other bytes).
        case untrusted
        /// The trust file cannot be used, so it trusts nothing: why, in a sentence for the footer
        /// ("trusted.json is not used: its mode is 0666 (it must be 0600 or stricter)").
        case unusable(String)
    }

    /// Whether this exact file (path and bytes) was trusted, or why the trust file cannot say.
    package func check(_ file: LayoutFingerprint) -> Verdict {
        switch read() {
        case .success(let entries): return entries.contains(file) ? .trusted : .untrusted
        case .failure(let problem): return .unusable("\(Self.fileName) is not used: \(problem.reason)")
        }
    }

    /// Records trust in the file (replacing an older entry for the same path).
    package func trust(_ file: LayoutFingerprint) throws(StateStoreError) {
        var entries: [LayoutFingerprint]
        switch read() {
        case .success(let list): entries = list
        case .failure(let reason):
            throw StateStoreError(path: path, why: "\(Self.fileName): \(reason.reason); it is left as it is (remove it to trust again)", location: path)
        }
        entries.removeAll { $0.canonicalPath == file.canonicalPath }
        entries.append(file)
        let value = JSONValue.object([
            ("version", .number(1)),
            ("trusted", .array(entries.map { .object([("path", .string($0.canonicalPath)), ("sha256", .string($0.sha256))]) })),
        ])
        if let failure = AtomicFile.write(JSONWriter.bytes(value, style: .pretty) + [0x0A], to: path, counter: &counter) {
            throw StateStoreError(path: path, failure: failure)
        }
    }

    private struct Unreadable: Error { var reason: String }

    /// `0644`.
    static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The entries; a missing file has none.
    ///
    /// Only a file the person could have written alone is believed (docs/layout-files.md,
    /// "Trust"): a regular file (not a FIFO, a device or a symbolic link, checked on the open
    /// descriptor, opened without blocking), owned by the effective user, that nobody else may
    /// read or write (mode 0600 or stricter). In a shared state folder, an entry written by
    /// anyone else would otherwise make a command run with no question asked.
    private func read() -> Result<[LayoutFingerprint], Unreadable> {
        let bytes: [UInt8]
        do {
            let (fd, info) = try FileReader.openRegular(path: path, followingLinks: false)
            defer { SystemCalls.closeFile(fd) }
            if info.owner != SystemCalls.userID {
                return .failure(Unreadable(reason: "it belongs to user \(info.owner), not to you (user \(SystemCalls.userID))"))
            }
            let mode = info.permissions
            if mode & 0o177 != 0 {
                return .failure(Unreadable(reason: "its mode is \(Self.octal(mode)) (it must be 0600 or stricter)"))
            }
            bytes = try FileReader.readAll(descriptor: fd, limit: 16 << 20)
        } catch {
            if case .system(let code) = error, code == SystemError.notFound { return .success([]) }
            return .failure(Unreadable(reason: "cannot read it: \(error.reason)"))
        }
        let parsed: JSONValue?
        do {
            parsed = try JSONParser.parse(bytes)
        } catch {
            // Not the file's fault: it must not be called "not a trust file".
            if error.isOutOfMemory { AddressSpaceLimit.endForLackOfMemory() }
            parsed = nil
        }
        guard let root = parsed, let list = root["trusted"]?.arrayValue else {
            return .failure(Unreadable(reason: "it is not a trust file"))
        }
        var entries: [LayoutFingerprint] = []
        for entry in list {
            guard let path = entry["path"]?.stringValue, let digest = entry["sha256"]?.stringValue else {
                return .failure(Unreadable(reason: "it is not a trust file"))
            }
            entries.append(LayoutFingerprint(canonicalPath: path, sha256: digest))
        }
        return .success(entries)
    }
}
