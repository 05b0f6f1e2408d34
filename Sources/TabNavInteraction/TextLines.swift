import TabNavCore
import TabNavDrawing

/// Splits content text into lines for display: tabs become spaces up to the next multiple of 8
/// (as a terminal would show them) and a final newline does not make an empty last line. Other
/// control characters stay, for the renderer to show as visible stand-ins.
///
/// Lines end at a line feed, and a carriage return just before it goes with it (CRLF text). The
/// text is split by its UTF-8 bytes, not by `Character`: a `Character` is a whole grapheme, so
/// `"\r\n"` is one and splitting at `"\n"` left CRLF text on a single line; bytes are also what a
/// page of a few megabytes can afford (a `Character` walk cost ~850 instructions per character).
package enum TextLines {
    package static func split(_ text: String) -> [String] {
        var text = text
        var lines = text.withUTF8 { bytes -> [String] in
            var lines: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == 0x0A {
                lines.append(line(bytes, start..<index))
                start = index + 1
            }
            lines.append(line(bytes, start..<bytes.count))
            return lines
        }
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        return lines
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
