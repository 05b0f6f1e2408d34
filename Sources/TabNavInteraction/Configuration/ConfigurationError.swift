/// Why a configuration file was refused, in one line that names the place and the reason.
///
/// `message` is e.g. `keys.normal.n: unknown command "nxt-tab" (expected one of: …)` or
/// `line 3, column 5: expected ',' or '}' after an object member`. `description` puts the file
/// in front (`config.json: keys.normal.n: …`), except for errors about the file itself
/// (`cannot read FILE: …`), which name it already; a program can print it as is.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Equatable {
        /// The file could not be read (missing when named with `--config`, unreadable, too large).
        case file
        /// The text is not JSON.
        case syntax(line: Int, column: Int)
        /// The JSON is not a configuration, at this JSON path ("" for the top level).
        case schema(path: String)
    }

    /// The file name (or another name for where the text came from).
    public var source: String
    public var kind: Kind
    /// The one-line message, without the source.
    public var message: String

    public init(source: String, kind: Kind, message: String) {
        self.source = source
        self.kind = kind
        self.message = message
    }

    public var description: String {
        if kind == .file || source.isEmpty { return message }
        return "\(source): \(message)"
    }
}
