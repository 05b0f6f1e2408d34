import TabNavCore
import TabNavDrawing

/// Splits content text into lines for display: tabs become spaces up to the next multiple of 8
/// (as a terminal would show them) and a final newline does not make an empty last line. Other
/// control characters stay, for the renderer to show as visible stand-ins.
package enum TextLines {
    package static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { expandTabs(Substring($0)) }
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        return lines
    }

    static func expandTabs(_ line: Substring) -> String {
        guard line.contains("\t") else { return String(line.hasSuffix("\r") ? line.dropLast() : line) }
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
        return out.hasSuffix("\r") ? String(out.dropLast()) : out
    }
}
