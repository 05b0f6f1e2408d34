/// How the built-in pages draw runs of styled text and lines of output (a command's, a file's),
/// and wrap text keeping every character (the trust screen, wrapped text pages).
extension PageCanvas {
    /// Draws styled runs on a row from `column`, the first `skipping` columns scrolled out of view
    /// (a mark shows that more lies left); colours are dropped when `noColor`.
    public mutating func drawStyled(_ spans: [StyledSpan], row: Int, column start: Int, skipping: Int, noColor: Bool) {
        var at = start
        if skipping > 0 {
            text(glyphs.overflowLeading, row: row, column: start, style: theme.dim)
            at += 1
        }
        if rightToLeft {
            // One line, however many runs of colour: its runs stay in their order, the line
            // ends at the right edge (drawn run by run, mirroring would reverse them).
            drawStyledRightToLeft(spans, row: row, from: at, skipping: skipping, noColor: noColor)
            return
        }
        forEachShownRun(of: spans, skipping: skipping, noColor: noColor) { text, style in
            at = self.text(text, row: row, column: at, style: style)
            return at < rect.width
        }
    }

    /// Lines `first…` of `count` from `row` on, at most `rows` of them, each scrolled `skipping`
    /// columns; with a `gutter`, lines from standard error are marked in its first column (the
    /// text starts two columns in). Returns the row after the last one drawn.
    @discardableResult
    package mutating func drawLines(count: Int, from first: Int, row top: Int, rows: Int, gutter: Bool, skipping: Int,
                                    noColor: Bool, line: (Int) -> StyledLine) -> Int {
        var row = top
        var index = first
        while row < top + rows, row < rect.height, index < count {
            let shown = line(index)
            if gutter, shown.isError { text(ascii ? "!" : "┃", row: row, style: theme.error) }
            drawStyled(shown.spans, row: row, column: gutter ? 2 : 0, skipping: skipping, noColor: noColor)
            row += 1
            index += 1
        }
        return row
    }

    /// Lines of at most `width` columns holding every character: broken after the last space
    /// that fits (the space stays at the end of its line), anywhere only inside a word longer
    /// than the line (`'FA` / `IL test 4'` read as two words).
    package static func wrappedWhole(_ text: String, width: Int, ascii: Bool) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line: [Character] = []
            var widths: [Int] = []
            var used = 0
            func place(_ character: Character, _ w: Int) {
                if used + w > width, !line.isEmpty {
                    // Back to just after the last space, when the line has one past its start.
                    if let space = line.lastIndex(of: " "), space + 1 < line.count {
                        lines.append(String(line[...space]))
                        line.removeSubrange(...space)
                        widths.removeSubrange(...space)
                        used = widths.reduce(0, +)
                    }
                    // Still no room beside the word after that space: the word gets a line of its
                    // own (a line one column too wide would be cut, and its last character hidden).
                    if used + w > width {
                        lines.append(String(line))
                        line.removeAll()
                        widths.removeAll()
                        used = 0
                    }
                }
                line.append(character)
                widths.append(w)
                used += w
            }
            for character in paragraph {
                let w = DisplayWidth.of(String(character), ascii: ascii)
                // A cluster wider than the line (a hundred joining marks, or a prepended letter
                // that joins what follows it, a `;` included) is placed scalar by scalar: cut
                // whole, it would hide what it holds.
                if w > width, character.unicodeScalars.count > 1 {
                    for scalar in character.unicodeScalars {
                        place(Character(scalar), DisplayWidth.of(String(scalar), ascii: ascii))
                    }
                } else {
                    place(character, w)
                }
            }
            lines.append(String(line))
        }
        return lines
    }
}
