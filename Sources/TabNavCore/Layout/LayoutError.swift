/// Why a layout file was refused, in one line that names the place and the reason.
///
/// `message` is the text the specification prescribes, e.g.
/// `tabs[3].placement: unknown value "pined" (expected fixed, default, movable, optional, pinned, sidebarOnly)`
/// or `line 4, column 12: expected ',' or '}' after an object member`.
/// `description` puts the file in front (`ops.json: tabs[3]…`), except for errors about the file
/// itself (`cannot read FILE: …`), which name it already; a program can print it as is.
public struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is, for callers that react differently (an editor jumping to a line).
    public enum Kind: Sendable, Equatable {
        /// The file could not be read (missing, unreadable, too large).
        case file
        /// The text is not JSON.
        case syntax(line: Int, column: Int)
        /// The JSON does not follow the layout schema, at this JSON path ("" for the top level).
        case schema(path: String)
        /// The hierarchy breaks a rule of docs/behaviour.md, "Model and customization" (duplicate id, depth…), at this JSON path.
        case hierarchy(path: String)
        /// Not the file's fault: the program ran out of memory reading it (`tabnav-tui` exits
        /// with status 1 for it, not 2).
        case memory
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
        if kind == .file || kind == .memory || source.isEmpty { return message }
        return "\(source): \(message)"
    }
}
