import TabNavCore
import TabNavSystem

/// Reads a configuration file (docs/keys.md) into a `TabNavConfiguration`.
///
/// Every failure is a `ConfigurationError` with one line that names the file, the place and the
/// reason, so the program can print it as is and exit with status 2 before touching the terminal.
public enum ConfigurationLoader {
    /// Files larger than this are refused before parsing: a configuration is a few kilobytes.
    public static let maximumFileSize = 1 << 20

    /// Reads the file `--config` named, or the default one (which may be missing: then the
    /// standard configuration) — see `ConfigurationLocation.file(configPath:environment:)`.
    public static func load(configPath: String?, environment: [String: String]) throws(ConfigurationError) -> TabNavConfiguration {
        let file = ConfigurationLocation.file(configPath: configPath, environment: environment)
        return file.required ? try load(path: file.path) : try loadIfPresent(path: file.path)
    }

    /// Reads and checks the file at `path`, which must exist; errors name the file.
    public static func load(path: String) throws(ConfigurationError) -> TabNavConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(path: path, limit: maximumFileSize)
        } catch {
            throw unreadable(path, error)
        }
        return try parse(bytes: bytes, source: path)
    }

    /// Reads and checks the file at `path`; a missing file (or folder) gives the standard
    /// configuration, silently. Any other problem is an error.
    public static func loadIfPresent(path: String) throws(ConfigurationError) -> TabNavConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(path: path, limit: maximumFileSize)
        } catch {
            if error == .system(SystemError.notFound) || error == .system(SystemError.notADirectory) { return .standard }
            throw unreadable(path, error)
        }
        return try parse(bytes: bytes, source: path)
    }

    /// Parses and checks configuration text; `source` names it in `ConfigurationError.description`.
    public static func parse(text: String, source: String) throws(ConfigurationError) -> TabNavConfiguration {
        try parse(bytes: Array(text.utf8), source: source)
    }

    /// Parses and checks configuration bytes (UTF-8 JSON); `source` names it in errors.
    public static func parse(bytes: [UInt8], source: String) throws(ConfigurationError) -> TabNavConfiguration {
        if isBlank(bytes) {
            throw ConfigurationError(
                source: source, kind: .syntax(line: 1, column: 1),
                message: #"the configuration is empty (expected a JSON object such as {"keys": {"normal": {"n": "next-tab"}}})"#)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            // Not the file's fault (a configuration is small: this is the process at its end).
            if error.isOutOfMemory { AddressSpaceLimit.endForLackOfMemory() }
            throw ConfigurationError(
                source: source, kind: .syntax(line: error.line, column: error.column), message: error.description)
        }
        return try ConfigurationDecoder(source: source).decode(root)
    }

    /// `cannot read FILE: No such file or directory`.
    private static func unreadable(_ path: String, _ failure: FileReader.Failure) -> ConfigurationError {
        ConfigurationError(source: path, kind: .file, message: "cannot read \(path): \(failure.reason)")
    }

    /// Whether the text holds nothing but whitespace (and perhaps a byte order mark).
    private static func isBlank(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
