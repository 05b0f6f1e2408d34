/// One capture of a tmux pane (`capture-pane -p -e`): the text of every row and which cells are
/// drawn in reverse video (the cursor, the focused item, the footer's mode badge).
struct Screen: CustomStringConvertible {
    struct Row {
        /// The row's characters (trailing blanks trimmed by tmux).
        var text: String
        /// For each character of `text`, whether it is drawn in reverse video.
        var reverse: [Bool]

        /// The characters drawn in reverse video, in order.
        var reversedText: String {
            String(zip(text, reverse).filter { $0.1 }.map { $0.0 })
        }
    }

    var rows: [Row]
    /// The capture as tmux gave it (two equal captures in a row: nothing is being drawn).
    let captured: String

    /// Parses `capture-pane -e` output: text with SGR sequences; other sequences are dropped.
    init(captured: String, height: Int) {
        var rows = captured.split(separator: "\n", omittingEmptySubsequences: false).map { Screen.parse(Substring($0)) }
        if rows.count > height { rows.removeLast(rows.count - height) }
        while rows.count < height { rows.append(Row(text: "", reverse: [])) }
        self.rows = rows
        self.captured = captured
    }

    var lines: [String] { rows.map(\.text) }
    var description: String { lines.enumerated().map { "\($0.offset)\t|\($0.element)" }.joined(separator: "\n") }

    /// The bottom row: the program's footer.
    var footer: String { rows.last?.text ?? "" }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// The first row (0-based) whose text contains `text`.
    func row(containing text: String) -> Int? { lines.firstIndex { $0.contains(text) } }

    /// The 1-based column where `text` starts in row `row` (every character of the demo's bar is
    /// one cell wide, so characters count as cells).
    func column(of text: String, inRow row: Int) -> Int? {
        let line = lines[row]
        guard let range = line.range(of: text) else { return nil }
        return line.distance(from: line.startIndex, to: range.lowerBound) + 1
    }

    /// The row (other than the footer) whose reverse-video text contains `text`: where the
    /// cursor is.
    func highlightedRow(containing text: String) -> Int? {
        rows.dropLast().firstIndex { $0.reversedText.contains(text) }
    }

    /// The row that shows the tab bar: the one with both `first` and `second` in it.
    func barRow(_ first: String = "Watch Now", _ second: String = "Library") -> Int? {
        lines.firstIndex { $0.contains(first) && $0.contains(second) }
    }

    /// The titles of `titles` in the order they appear in row `row`.
    func order(of titles: [String], inRow row: Int) -> [String] {
        let line = lines[row]
        return titles.compactMap { title in line.range(of: title).map { (title, $0.lowerBound) } }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }

    private static func parse(_ line: Substring) -> Row {
        var text = ""
        var reverse: [Bool] = []
        var isReverse = false
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                guard scalars.first == "[" else { _ = scalars.popFirst(); continue }
                scalars = scalars.dropFirst()
                var parameters = ""
                while let next = scalars.popFirst() {
                    if (0x40...0x7E).contains(next.value) {
                        if next == "m" { isReverse = applySGR(parameters, reverse: isReverse) }
                        break
                    }
                    parameters.unicodeScalars.append(next)
                }
                continue
            }
            let before = text.count
            text.unicodeScalars.append(scalar)
            // A combining scalar joins the previous character; only new characters get a flag.
            if text.count > before { reverse.append(isReverse) }
        }
        return Row(text: text, reverse: reverse)
    }

    /// The reverse-video state after an SGR sequence with `parameters`.
    private static func applySGR(_ parameters: String, reverse: Bool) -> Bool {
        var result = reverse
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { return false }
        while let code = codes.popFirst() {
            switch code {
            case 0: result = false
            case 7: result = true
            case 27: result = false
            case 38, 48, 58:
                // Extended colours: 5;N or 2;R;G;B follow.
                let kind = codes.popFirst()
                codes = codes.dropFirst(kind == 2 ? 3 : 1)
            default: break
            }
        }
        return result
    }
}
