#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The fingerprint of bytes read from `path` (nil when the path cannot be resolved).
    package static func of(path: String, bytes: [UInt8]) -> LayoutFingerprint? {
        guard let canonical = FileSystem.resolved(path) else { return nil }
        return LayoutFingerprint(canonicalPath: canonical, sha256: SHA256.hex(bytes))
    }
}

/// The layout files the person trusted to run commands (docs/layout-files.md, "Trust"):
/// `<state folder>/trusted.json`, mode 0600, replaced atomically. A file is trusted while its
/// canonical path and the SHA-256 of its bytes both match an entry; a changed file is not.
///
/// A trust file that cannot be read trusts nothing and is never overwritten (saving refuses).
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
        guard case .success(let entries) = read() else { return false }
        return entries.contains(file)
    }

    /// Records trust in the file (replacing an older entry for the same path).
    package func trust(_ file: LayoutFingerprint) throws(StateStoreError) {
        var entries: [LayoutFingerprint]
        switch read() {
        case .success(let list): entries = list
        case .failure(let reason):
            throw StateStoreError(path: path, reason: "\(reason); it is left as it is (remove it to trust again)")
        }
        entries.removeAll { $0.canonicalPath == file.canonicalPath }
        entries.append(file)
        let value = JSONValue.object([
            ("version", .number(1)),
            ("trusted", .array(entries.map { .object([("path", .string($0.canonicalPath)), ("sha256", .string($0.sha256))]) })),
        ])
        if let failure = AtomicFile.write(JSONWriter.bytes(value, style: .pretty) + [0x0A], to: path, counter: &counter) {
            throw StateStoreError(path: path, reason: "\(failure.step) \(failure.file): \(systemErrorMessage(failure.code))")
        }
    }

    private struct Unreadable: Error { var reason: String }

    /// The entries; a missing file has none.
    private func read() -> Result<[LayoutFingerprint], Unreadable> {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(path: path, limit: 16 << 20)
        } catch {
            if case .system(let code) = error, code == ENOENT { return .success([]) }
            return .failure(Unreadable(reason: "cannot read it: \(error.reason)"))
        }
        guard let root = try? JSONParser.parse(bytes), let list = root["trusted"]?.arrayValue else {
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
