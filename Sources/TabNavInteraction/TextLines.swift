import TabNavCore
import TabNavDrawing

/// The lines of content text, made one at a time as they are shown: the text itself and where
/// every 16th line begins, not a `String` per line. A layout's text of 60 MB that is all line
/// feeds made 30 million strings (16 bytes each and more) before; now it costs its own bytes and
/// half a byte a line (docs/behaviour.md, "Content").
///
/// A line is what `split` gives: tabs become spaces up to the next multiple of 8 (as a terminal
/// would show them), a final newline does not make an empty last line, and other control
/// characters stay, for the renderer to show as visible stand-ins. Lines end at a line feed, and
/// a carriage return just before it goes with it (CRLF text). The text is split by its UTF-8
/// bytes, not by `Character`: a `Character` is a whole grapheme, so `"\r\n"` is one and
/// splitting at `"\n"` left CRLF text on a single line; bytes are also what a page of a few
/// megabytes can afford (a `Character` walk cost ~850 instructions per character).
package struct TextLines: RandomAccessCollection, Sendable, Equatable {
    private enum Storage: Sendable, Equatable {
        case lines([String])
        /// The text, and the byte offset where lines 0, 16, 32… begin.
        case text(String, checkpoints: [Int])
    }

    private static let stride = 16
    private let storage: Storage
    package let count: Int
    /// UTF-8 bytes of the longest line (how far `>` may scroll).
    package let widest: Int

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    /// Lines already made (a file or a command's output).
    package init(_ lines: [String]) {
        storage = .lines(lines)
        count = lines.count
        widest = lines.reduce(0) { Swift.max($0, $1.utf8.count) }
    }

    /// The lines of `text`, found in one pass over its bytes.
    package init(text: String) {
        var text = text
        text.makeContiguousUTF8()
        var checkpoints = [0]
        var count = 0
        var widest = 0
        text.withUTF8 { bytes in
            var start = 0
            func end(_ range: Range<Int>) {
                count += 1
                if count % Self.stride == 0 { checkpoints.append(range.upperBound + 1) }
                var upper = range.upperBound
                if upper > range.lowerBound, bytes[upper - 1] == 0x0D { upper -= 1 }
                let slice = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<upper])
                let width = slice.contains(0x09) ? Self.expandedCount(slice) : slice.count
                widest = Swift.max(widest, width)
            }
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0x0A {
                    end(start..<index)
                    start = index + 1
                }
                index += 1
            }
            // The last line, unless the text ends with a line feed after at least one line.
            // (A last line that is only a carriage return is empty once it is dropped: no line.)
            let onlyReturn = bytes.count - start == 1 && bytes[start] == 0x0D
            if count == 0 || (start < bytes.count && !onlyReturn) { end(start..<bytes.count) }
        }
        storage = .text(text, checkpoints: checkpoints)
        self.count = count
        self.widest = widest
    }

    package subscript(index: Int) -> String {
        line(index, prefixBytes: Int.max)
    }

    /// Line `index`, or as much of its start as `prefixBytes` of the text make: a page draws a
    /// screen's width of a line of megabytes without making all of it at every frame.
    package func line(_ index: Int, prefixBytes: Int) -> String {
        precondition(index >= 0 && index < count, "line \(index) of \(count)")
        switch storage {
        case .lines(let lines):
            return lines[index]
        case .text(var text, let checkpoints):
            return text.withUTF8 { bytes in
                var start = checkpoints[index / Self.stride]
                for _ in 0..<(index % Self.stride) {
                    start = (bytes[start...].firstIndex(of: 0x0A) ?? bytes.count) + 1
                }
                let stop = prefixBytes >= bytes.count - start ? bytes.count : start + prefixBytes
                let end = bytes[start..<stop].firstIndex(of: 0x0A) ?? stop
                return Self.line(bytes, start..<end)
            }
        }
    }

    /// The same lines: compared line by line only when they are kept differently (the text and
    /// its line starts compare at once when they are the same storage).
    package static func == (lhs: TextLines, rhs: TextLines) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.storage == rhs.storage || lhs.elementsEqual(rhs)
    }

    /// Every line of `text` as strings (for tests and small texts).
    package static func split(_ text: String) -> [String] {
        Array(TextLines(text: text))
    }

    /// The line of `bytes[range]` (without its line feed): a final carriage return dropped, tabs
    /// expanded.
    private static func line(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var end = range.upperBound
        if end > range.lowerBound, bytes[end - 1] == 0x0D { end -= 1 }
        let slice = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end])
        let text = String(decoding: slice, as: UTF8.self)
        return slice.contains(0x09) ? expandTabs(Substring(text)) : text
    }

    /// The UTF-8 bytes of `bytes` once its tabs are expanded, counted without making the line
    /// (a column is a scalar here; `expandTabs` counts `Character`s, which differs only where
    /// combining marks come before a tab, by a column or two of how far `>` may scroll).
    private static func expandedCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var column = 0
        for byte in bytes {
            if byte == 0x09 {
                let spaces = 8 - column % 8
                count += spaces
                column += spaces
            } else {
                count += 1
                if byte & 0xC0 != 0x80 { column += 1 }
            }
        }
        return count
    }

    static func expandTabs(_ line: Substring) -> String {
        var out = ""
        var column = 0
        for c in line {
            if c == "\t" {
                let spaces = 8 - column % 8
                out += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                out.append(c)
                column += 1
            }
        }
        return out
    }
}
