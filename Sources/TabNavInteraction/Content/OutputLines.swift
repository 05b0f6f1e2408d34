import TabNavCore
import TabNavDrawing

/// The lines a command or file page shows, built from output as it arrives: standard output and
/// standard error each decoded on their own (an escape or a line split between reads stays
/// whole), completed lines in arrival order, the last `maxLines` kept, and no more of them than
/// `maxBytes` of text holds.
public struct OutputLines: Sendable {
    public private(set) var lines: [StyledLine] = []
    /// Lines dropped from the top to keep `maxLines` (or `maxBytes`).
    public private(set) var dropped = 0
    public let maxLines: Int
    /// Bytes of text (UTF-8) the kept lines may hold together; the last line is kept whatever
    /// its size.
    public let maxBytes: Int
    /// Bytes of text the kept lines hold.
    public private(set) var keptBytes = 0
    private var stdout = SGRDecoder()
    private var stderr = SGRDecoder(isError: true)
    /// Characters in the longest line (how far `>` may scroll).
    public private(set) var widest = 0

    public init(maxLines: Int = ContentOptions.defaultMaxLines, maxBytes: Int = Int.max) {
        self.maxLines = max(1, maxLines)
        self.maxBytes = max(1, maxBytes)
    }

    private static func byteCount(_ line: StyledLine) -> Int {
        line.spans.reduce(0) { $0 + $1.text.utf8.count }
    }

    /// Lines to show: the completed ones, then any unfinished last line of each stream.
    public var count: Int { lines.count + (hasPartial(0) ? 1 : 0) + (hasPartial(1) ? 1 : 0) }

    /// Whether a stream has a line under way (text, or a cut line whose text was all controls).
    private func hasPartial(_ stream: Int) -> Bool {
        (stream == 0 ? stdout : stderr).hasPartialLine || cutMarks[stream] != nil
    }

    /// Whether any line came from standard error (the page then marks lines in a gutter).
    public private(set) var hasErrors = false

    /// Line `index` of `count`.
    public subscript(index: Int) -> StyledLine {
        if index < lines.count { return lines[index] }
        var copy = self
        let partials = [copy.finishLine(0), copy.finishLine(1)].compactMap { $0 }
        return partials[min(partials.count - 1, index - lines.count)]
    }

    public mutating func append(_ bytes: [UInt8], stderr isError: Bool) {
        var added: [StyledLine] = []
        if isError {
            hasErrors = true
            stderr.feed(bytes) { added.append($0) }
        } else {
            stdout.feed(bytes) { added.append($0) }
        }
        if !added.isEmpty, cutMarks[isError ? 1 : 0] != nil { added[0] = marked(added[0]) }
        add(added)
    }

    public mutating func append(text: String) {
        add([StyledLine([StyledSpan(text)])])
    }

    /// Style of the program's own lines among the output (a file truncated or replaced, a line
    /// cut): reverse video, so they stand out in colour, without colour and in ASCII alike.
    public static let noticeStyle = CellStyle(.reverse)

    /// A marked line of the program's own (`[ notes.txt was truncated: reading it from its start ]`).
    public mutating func append(notice: String) {
        add([StyledLine([StyledSpan("[ \(notice) ]", style: Self.noticeStyle)])])
    }

    /// The line under way on a stream was cut at `limit` bytes: it ends with a mark when it ends.
    public mutating func markCut(limit: Int, stderr isError: Bool) {
        cutMarks[isError ? 1 : 0] = limit
    }

    /// Earlier lines were skipped (so many came at once that they would have been dropped):
    /// what is shown goes, and counts as dropped.
    public mutating func skip(lines skipped: Int) {
        dropped += lines.count + skipped
        lines.removeAll()
        keptBytes = 0
        stdout = SGRDecoder()
        stderr = SGRDecoder(isError: true)
        cutMarks = [nil, nil]
    }

    /// Per stream, the limit its current line was cut at, if it was.
    private var cutMarks: [Int?] = [nil, nil]

    /// Ends a stream's line under way, marked if it was cut.
    private mutating func finishLine(_ stream: Int) -> StyledLine? {
        let line = stream == 0 ? stdout.finish() : stderr.finish()
        if let line { return marked(line) }
        return cutMarks[stream] != nil ? marked(StyledLine([], isError: stream == 1)) : nil
    }

    private mutating func marked(_ line: StyledLine) -> StyledLine {
        let stream = line.isError ? 1 : 0
        guard let limit = cutMarks[stream] else { return line }
        cutMarks[stream] = nil
        var line = line
        line.spans.append(StyledSpan(" [ line cut at \(limit >> 10) KB ]", style: Self.noticeStyle))
        return line
    }

    /// Ends unfinished lines (the output is over).
    public mutating func finish() {
        let added = [finishLine(0), finishLine(1)].compactMap { $0 }
        add(added)
    }

    private mutating func add(_ added: [StyledLine]) {
        guard !added.isEmpty else { return }
        for line in added {
            let bytes = Self.byteCount(line)
            widest = max(widest, bytes)
            keptBytes += bytes
        }
        lines += added
        // The oldest lines go, in one removal, until both limits hold.
        var extra = max(0, lines.count - maxLines)
        var bytes = keptBytes
        for index in 0..<extra { bytes -= Self.byteCount(lines[index]) }
        while bytes > maxBytes, extra < lines.count - 1 {
            bytes -= Self.byteCount(lines[extra])
            extra += 1
        }
        if extra > 0 {
            lines.removeFirst(extra)
            dropped += extra
            keptBytes = bytes
        }
    }
}
