import TabNavCore
import TabNavDrawing

/// The lines a command or file page shows, built from output as it arrives: standard output and
/// standard error each decoded on their own (an escape or a line split between reads stays
/// whole), completed lines in arrival order, the last `maxLines` kept.
public struct OutputLines: Sendable {
    public private(set) var lines: [StyledLine] = []
    /// Lines dropped from the top to keep `maxLines`.
    public private(set) var dropped = 0
    public let maxLines: Int
    private var stdout = SGRDecoder()
    private var stderr = SGRDecoder(isError: true)
    /// Characters in the longest line (how far `>` may scroll).
    public private(set) var widest = 0

    public init(maxLines: Int = ContentOptions.defaultMaxLines) {
        self.maxLines = max(1, maxLines)
    }

    /// Lines to show: the completed ones, then any unfinished last line of each stream.
    public var count: Int { lines.count + (stdout.hasPartialLine ? 1 : 0) + (stderr.hasPartialLine ? 1 : 0) }

    /// Whether any line came from standard error (the page then marks lines in a gutter).
    public private(set) var hasErrors = false

    /// Line `index` of `count`.
    public subscript(index: Int) -> StyledLine {
        if index < lines.count { return lines[index] }
        var out = stdout, err = stderr
        let partials = [out.finish(), err.finish()].compactMap { $0 }
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
        add(added)
    }

    public mutating func append(text: String) {
        add([StyledLine([StyledSpan(text)])])
    }

    /// Ends unfinished lines (the output is over).
    public mutating func finish() {
        var added: [StyledLine] = []
        if let line = stdout.finish() { added.append(line) }
        if let line = stderr.finish() { added.append(line) }
        add(added)
    }

    private mutating func add(_ added: [StyledLine]) {
        guard !added.isEmpty else { return }
        for line in added { widest = max(widest, line.spans.reduce(0) { $0 + $1.text.utf8.count }) }
        lines += added
        if lines.count > maxLines {
            let extra = lines.count - maxLines
            lines.removeFirst(extra)
            dropped += extra
        }
    }
}
