/// Reads a layout file (docs/layout-files.md, "Layout files") into a validated `TabLayout`.
///
/// Every failure is a `LayoutError` with one line that names the place and the reason, so
/// `tabnav-tui --layout` and `check-layout` can print it as is and exit with status 2.
public enum LayoutLoader {
    /// Files larger than this are refused before parsing (64 MB: a 100,000-tab layout is ~10 MB).
    public static let maximumFileSize = FileReader.defaultLimit

    /// Reads, parses and validates the file at `path`; errors name the file.
    ///
    /// The path `-` means standard input, named "standard input" in messages.
    public static func load(path: String) throws(LayoutError) -> TabLayout {
        let bytes = try read(path)
        let source = sourceName(path)
        let (layout, root) = try decode(bytes: bytes, source: source, folder: folder(of: path))
        do {
            try TabHierarchy.validate(layout.items)
        } catch {
            throw HierarchyErrorTranslation.layoutError(error, root: root, items: layout.items, source: source)
        }
        return layout
    }

    /// The path `-` stands for standard input (`tabnav-tui check-layout - < file`).
    static let standardInputPath = "-"

    private static func sourceName(_ path: String) -> String {
        path == standardInputPath ? "standard input" : path
    }

    /// The folder a layout file's relative paths and commands start from: the folder of the file
    /// itself (symbolic links resolved); none for standard input.
    package static func folder(of path: String) -> String? {
        guard path != standardInputPath, let canonical = FileSystem.resolved(path) else { return nil }
        return AtomicFile.folder(of: canonical)
    }

    private static func read(_ path: String) throws(LayoutError) -> [UInt8] {
        do {
            if path == standardInputPath { return try FileReader.readAll(descriptor: 0, limit: maximumFileSize) }
            return try FileReader.readAll(path: path, limit: maximumFileSize)
        } catch {
            throw LayoutError(source: sourceName(path), kind: .file, message: "cannot read \(sourceName(path)): \(error.reason)")
        }
    }

    /// Reads a layout file straight into the indexed hierarchy the program runs, validating it
    /// once (`load(path:)` followed by `TabHierarchy(_:)` would validate twice).
    package static func loadHierarchy(path: String) throws(LayoutError) -> TabHierarchy {
        try loadFile(path: path).hierarchy
    }

    /// A layout file for running: the hierarchy, and the fingerprint trust is recorded under
    /// (docs/layout-files.md, "Trust").
    package static func loadFile(path: String) throws(LayoutError) -> (hierarchy: TabHierarchy, fingerprint: LayoutFingerprint?) {
        let bytes = try read(path)
        let source = sourceName(path)
        let (layout, root) = try decode(bytes: bytes, source: source, folder: folder(of: path))
        do {
            return (try TabHierarchy(layout), path == standardInputPath ? nil : LayoutFingerprint.of(path: path, bytes: bytes))
        } catch {
            throw HierarchyErrorTranslation.layoutError(error, root: root, items: layout.items, source: source)
        }
    }

    /// Parses and validates layout text; `source` names it in `LayoutError.description`.
    public static func parse(text: String, source: String) throws(LayoutError) -> TabLayout {
        try parse(bytes: Array(text.utf8), source: source)
    }

    /// Parses and validates layout bytes (UTF-8 JSON); `source` names it in `LayoutError.description`.
    public static func parse(bytes: [UInt8], source: String) throws(LayoutError) -> TabLayout {
        let (layout, root) = try decode(bytes: bytes, source: source)
        do {
            try TabHierarchy.validate(layout.items)
        } catch {
            throw HierarchyErrorTranslation.layoutError(error, root: root, items: layout.items, source: source)
        }
        return layout
    }

    /// Parses and decodes (without the hierarchy rules), keeping the JSON for error paths.
    private static func decode(bytes: [UInt8], source: String, folder: String? = nil) throws(LayoutError) -> (TabLayout, JSONValue) {
        if isBlank(bytes) {
            throw LayoutError(
                source: source, kind: .syntax(line: 1, column: 1),
                message: "the layout is empty (expected a JSON object with \"id\", \"title\" and \"tabs\")")
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw LayoutError(
                source: source, kind: .syntax(line: error.line, column: error.column), message: error.description)
        }
        return (try LayoutDecoder(source: source, folder: folder).decodeLayout(root), root)
    }

    /// Whether the text holds nothing but whitespace (and perhaps a byte order mark).
    private static func isBlank(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
