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
        try loadHierarchy(path: path).layout
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

    /// Reads a layout file straight into the indexed hierarchy the program runs, in one pass.
    package static func loadHierarchy(path: String) throws(LayoutError) -> TabHierarchy {
        try decode(bytes: try read(path), source: sourceName(path), folder: folder(of: path)).hierarchy
    }

    /// A layout file for running: the hierarchy, and the fingerprint trust is recorded under
    /// (docs/layout-files.md, "Trust"). A file without commands needs no trust, so it gets no
    /// fingerprint (hashing a large file is a good part of loading it).
    package static func loadFile(path: String) throws(LayoutError) -> (hierarchy: TabHierarchy, fingerprint: LayoutFingerprint?) {
        let (hierarchy, bytes) = try decode(bytes: try read(path), source: sourceName(path), folder: folder(of: path))
        guard path != standardInputPath, hasCommands(hierarchy) else { return (hierarchy, nil) }
        return (hierarchy, LayoutFingerprint.of(path: path, bytes: bytes))
    }

    /// Whether anything in the hierarchy runs a command (a `command` content or action).
    private static func hasCommands(_ hierarchy: TabHierarchy) -> Bool {
        // By index: the fields are read in place, no node is copied.
        hierarchy.nodes.indices.contains { index in
            if case .command = hierarchy.nodes[index].item.content { return true }
            return hierarchy.nodes[index].item.actions.contains { $0.command != nil }
        }
    }

    /// Parses and validates layout text; `source` names it in `LayoutError.description`.
    public static func parse(text: String, source: String) throws(LayoutError) -> TabLayout {
        try parse(bytes: Array(text.utf8), source: source)
    }

    /// Parses and validates layout bytes (UTF-8 JSON); `source` names it in `LayoutError.description`.
    public static func parse(bytes: [UInt8], source: String) throws(LayoutError) -> TabLayout {
        try decode(bytes: bytes, source: source).hierarchy.layout
    }

    /// Parses, decodes and validates; also gives back the bytes (for a fingerprint).
    private static func decode(bytes: [UInt8], source: String, folder: String? = nil) throws(LayoutError) -> (hierarchy: TabHierarchy, bytes: [UInt8]) {
        if isBlank(bytes) {
            throw LayoutError(
                source: source, kind: .syntax(line: 1, column: 1),
                message: "the layout is empty (expected a JSON object with \"id\", \"title\" and \"tabs\")")
        }
        let tape: JSONTape
        do {
            tape = try JSONParser.tape(bytes)
        } catch {
            throw LayoutError(
                source: source, kind: .syntax(line: error.line, column: error.column), message: error.description)
        }
        let result: Result<TabHierarchy, LayoutError> = tape.withView { view in
            var decoder = LayoutDecoder(document: LayoutDocument(tape: view, source: source), folder: folder)
            do throws(LayoutError) {
                return .success(try decoder.decodeHierarchy())
            } catch {
                return .failure(error)
            }
        }
        return (try result.get(), bytes)
    }

    /// Whether the text holds nothing but whitespace (and perhaps a byte order mark).
    private static func isBlank(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
