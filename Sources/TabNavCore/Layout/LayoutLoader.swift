import TabNavSystem

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
    ///
    /// Found from the path, for callers that have only a path: loading finds it from the open file
    /// (`Source`), which is what the program uses.
    package static func folder(of path: String) -> String? {
        guard path != standardInputPath, let canonical = FileSystem.resolved(path) else { return nil }
        return AtomicFile.folder(of: canonical)
    }

    /// A layout file as read: its bytes, and where the file that gave them really is.
    ///
    /// The file is opened once (docs/layout-files.md, "Trust"): it must be a regular file (checked
    /// on the descriptor, opened without blocking), and its bytes, its canonical path and so its
    /// folder all come from that one descriptor. A path resolved again later could name another
    /// file by then (a symbolic link swapped while a FIFO held the open), and a trusted
    /// fingerprint would then vouch for commands run in the wrong folder.
    package struct Source {
        package var bytes: [UInt8]
        /// The name messages give it: the path as given, or "standard input".
        package var name: String
        /// The open file's own path, every link resolved; nil for standard input or a file that
        /// was removed or renamed while it was read.
        package var canonicalPath: String?
        /// The folder of `canonicalPath`, from which relative paths and commands start.
        package var folder: String? { canonicalPath.map(AtomicFile.folder(of:)) }

        /// The bytes, handed over: the caller's is then the only reference (a large file is let
        /// go on another thread, `ReleaseLater`).
        mutating func takeBytes() -> [UInt8] {
            defer { bytes = [] }
            return bytes
        }
    }

    /// Reads the layout at `path` (`-`: standard input) as `Source` describes.
    package static func read(_ path: String) throws(LayoutError) -> Source {
        let name = sourceName(path)
        func failure(_ error: FileReader.Failure) -> LayoutError {
            LayoutError(source: name, kind: .file, message: "cannot read \(name): \(error.reason)")
        }
        if path == standardInputPath {
            do {
                return Source(bytes: try FileReader.readAll(descriptor: 0, limit: maximumFileSize), name: name, canonicalPath: nil)
            } catch {
                throw failure(error)
            }
        }
        do {
            let (fd, info) = try FileReader.openRegular(path: path)
            defer { SystemCalls.closeFile(fd) }
            let bytes = try FileReader.readAll(descriptor: fd, limit: maximumFileSize)
            return Source(bytes: bytes, name: name, canonicalPath: FileSystem.path(ofOpen: fd, info: info))
        } catch {
            throw failure(error)
        }
    }

    /// Reads a layout file straight into the indexed hierarchy the program runs, in one pass.
    package static func loadHierarchy(path: String) throws(LayoutError) -> TabHierarchy {
        let source = try read(path)
        return try decode(bytes: source.bytes, source: source.name, folder: source.folder).hierarchy
    }

    /// A layout file for `check-layout`: the layout and the folder its commands run in, both from
    /// one open of the file.
    package static func loadForCheck(path: String) throws(LayoutError) -> (layout: TabLayout, folder: String?) {
        let source = try read(path)
        let decoded = try decode(bytes: source.bytes, source: source.name, folder: source.folder)
        return (decoded.hierarchy.layout, source.folder)
    }

    /// A layout file for running: the hierarchy, the commands it runs as a person must see them
    /// before trusting them (`LayoutSummary.commands`), and the fingerprint trust is recorded
    /// under (docs/layout-files.md, "Trust"). A file without commands needs no trust, so it gets
    /// no fingerprint (hashing a large file is a good part of loading it).
    ///
    /// - Parameter whenIDIsKnown: for a large file, given the layout's id (one fit to name a
    ///   file) on another thread while the rest of the file is decoded, to read the state file
    ///   meanwhile; not called for a small file, under an address-space limit, when the id comes
    ///   after the tabs, or when the parser finished before the id was read (the caller then
    ///   reads the state itself, as for a small file).
    package static func loadFile(
        path: String, whenIDIsKnown: (@Sendable (String) -> Void)? = nil
    ) throws(LayoutError) -> (hierarchy: TabHierarchy, commands: [String], fingerprint: LayoutFingerprint?) {
        var source = try read(path)
        let folder = source.folder
        let (hierarchy, bytes, commandNodes, tokens, leftovers) = try decode(
            bytes: source.takeBytes(), source: source.name, folder: folder, whenIDIsKnown: whenIDIsKnown)
        // The decoder noted the nodes with commands: no walk over every node to find them. A file
        // tab on a kernel file system waits for trust as a command does (docs/layout-files.md).
        let kernelFiles = LayoutSummary.kernelFiles(in: hierarchy, folder: folder)
        let commands = LayoutSummary.commands(in: hierarchy, at: commandNodes, folder: folder) + kernelFiles
        var fingerprint: LayoutFingerprint?
        // A file tab may be on a kernel file system later (a link changed after the load), and
        // then waits for trust: a file with one can be trusted however few commands it has now.
        if let canonical = source.canonicalPath, !commands.isEmpty || LayoutSummary.hasFileTabs(hierarchy) {
            // The path and the bytes of the one open file (`Source`).
            fingerprint = LayoutFingerprint(canonicalPath: canonical, sha256: SHA256.hex(bytes))
        }
        // Handed over, not copied: a reference still held here would most often be the last one,
        // and this thread would free them after all.
        if bytes.count >= releasedLater { ReleaseLater.drop((consume bytes, consume tokens, consume leftovers)) }
        return (hierarchy, commands, fingerprint)
    }

    /// From this size on, the file and its tape are let go on another thread (`ReleaseLater`).
    static let releasedLater = 256 << 10

    /// Parses and validates layout text; `source` names it in `LayoutError.description`.
    public static func parse(text: String, source: String) throws(LayoutError) -> TabLayout {
        try parse(bytes: Array(text.utf8), source: source)
    }

    /// Parses and validates layout bytes (UTF-8 JSON); `source` names it in `LayoutError.description`.
    public static func parse(bytes: [UInt8], source: String) throws(LayoutError) -> TabLayout {
        try decode(bytes: bytes, source: source).hierarchy.layout
    }

    /// `parse(bytes:source:)` with the parser on a thread of its own (`streamed`) or not,
    /// whatever the size, and with the keys numbered by the parser (`numberedKeys`) or matched
    /// by their text: every way must give the same answer.
    ///
    /// `tailFirst` (streamed only): the parser's thread decodes the second half of the top level
    /// before this thread begins (`LayoutTail`), which otherwise happens only when the parser
    /// ends ahead of the decoder.
    package static func parse(
        bytes: [UInt8], source: String, streamed: Bool, numberedKeys: Bool = true, tailFirst: Bool = false
    ) throws(LayoutError) -> TabHierarchy {
        try decode(bytes: bytes, source: source, streamed: streamed, numberedKeys: numberedKeys, tailFirst: tailFirst).hierarchy
    }

    /// Parses, decodes and validates; also gives back the bytes (for a fingerprint).
    private static func decode(
        bytes: [UInt8], source: String, folder: String? = nil, streamed: Bool? = nil, numberedKeys: Bool = true,
        tailFirst: Bool = false, whenIDIsKnown: (@Sendable (String) -> Void)? = nil
    ) throws(LayoutError) -> (
        hierarchy: TabHierarchy, bytes: [UInt8], commandNodes: [Int], tokens: JSONTape.TokenBuffer,
        leftovers: [TabHierarchy.Node]
    ) {
        if isBlank(bytes) {
            throw LayoutError(
                source: source, kind: .syntax(line: 1, column: 1),
                message: "the layout is empty (expected a JSON object with \"id\", \"title\" and \"tabs\")")
        }
        func syntaxError(_ error: JSONSyntaxError) -> LayoutError {
            if error.isOutOfMemory {
                let limit = AddressSpaceLimit.described.map { "; \($0)" } ?? ""
                return LayoutError(source: source, kind: .memory, message: "not enough memory to read \(source) (\(error.message)\(limit))")
            }
            return LayoutError(source: source, kind: .syntax(line: error.line, column: error.column), message: error.description)
        }
        let keyCodes = numberedKeys ? LayoutSchema.keyCodes : nil
        typealias Decoded = Result<(hierarchy: TabHierarchy, commandNodes: [Int], leftovers: [TabHierarchy.Node]), LayoutError>
        func decode(_ document: LayoutDocument) -> Decoded {
            var decoder = LayoutDecoder(document: document, folder: folder, whenIDIsKnown: whenIDIsKnown)
            decoder.tailFirst = tailFirst
            do throws(LayoutError) {
                return .success((try decoder.decodeHierarchy(), decoder.commandNodes, decoder.leftovers))
            } catch {
                return .failure(error)
            }
        }
        // A large file: parsed on a thread of its own while it is decoded (`JSONTapeStream`),
        // unless the room for its tokens cannot be had.
        func decodeStreamed() -> (Decoded, JSONTape.TokenBuffer)? {
            bytes.withUnsafeBufferPointer { buffer in
                guard let stream = JSONTapeStream(input: buffer, keyCodes: keyCodes) else { return nil }
                // Room for every token there can be: the view reads only what the stream says is written.
                let room = UnsafeBufferPointer(start: stream.tokens.base, count: stream.tokens.capacity)
                let decoded = decode(LayoutDocument(tape: JSONTape.View(bytes: buffer, tokens: room), source: source, stream: stream))
                if let error = stream.finish() { return (.failure(syntaxError(error)), stream.tokens) }
                return (decoded, stream.tokens)
            }
        }
        let result: Decoded
        let tokens: JSONTape.TokenBuffer
        if streamed ?? streams(byteCount: bytes.count), let streamedResult = decodeStreamed() {
            (result, tokens) = streamedResult
        } else {
            let tape: JSONTape
            do {
                tape = try JSONParser.tape(bytes, keyCodes: keyCodes)
            } catch {
                throw syntaxError(error)
            }
            tokens = tape.tokens
            result = tape.withView { decode(LayoutDocument(tape: $0, source: source)) }
        }
        let (hierarchy, commandNodes, leftovers) = try result.get()
        return (hierarchy, bytes, commandNodes, tokens, leftovers)
    }

    /// Files of these sizes are parsed on a thread of their own while the decoder reads them
    /// (`JSONTapeStream`): from about 1,000 tabs, where a thread costs far less than it saves, to
    /// 32 MB, whose tape may reserve (not use) up to six times its size.
    static let streamedSizes = (128 << 10)...(32 << 20)

    /// Whether a file of `byteCount` bytes is parsed on a thread of its own: not under an
    /// address-space limit, where the tape's room and the thread's stack would be taken from what
    /// the rest of the load needs (the usual parse reserves no more than it is likely to use).
    static func streams(byteCount: Int) -> Bool {
        streamedSizes.contains(byteCount) && !AddressSpaceLimit.isSet
    }

    /// Whether the text holds nothing but whitespace (and perhaps a byte order mark).
    private static func isBlank(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
