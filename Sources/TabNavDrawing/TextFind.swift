/// How find in page compares text (docs/behaviour.md, "Find in page"): the text typed is found
/// as it is written, character for character, ignoring case unless it holds a capital letter
/// ("smart case", as `less -i` and helix do): `error` finds `Error` and `ERROR`, `Error` only
/// `Error`.
package enum TextFind {
    /// Whether `query` is compared with case (it holds an upper-case letter).
    package static func isCaseSensitive(_ query: String) -> Bool {
        query.contains { $0.isUppercase }
    }

    /// `text` as `query` compares it: lower-cased unless the query is case-sensitive.
    @inline(__always)
    static func folded(_ text: String, caseSensitive: Bool) -> String {
        caseSensitive ? text : text.lowercased()
    }

    /// Whether `line` holds `query` (an empty query is found nowhere).
    package static func line(_ line: String, contains query: String) -> Bool {
        guard !query.isEmpty else { return false }
        let sensitive = isCaseSensitive(query)
        return folded(line, caseSensitive: sensitive).contains(folded(query, caseSensitive: sensitive))
    }
}

extension CellGrid {
    /// Adds `style` to the cells of `rect` that show `query` (find in page's highlight), row by
    /// row as the cells read: a match never spans two rows. Returns how many matches it marked.
    @discardableResult
    package mutating func markMatches(of query: String, in rect: Rect, adding style: CellStyle) -> Int {
        let sensitive = TextFind.isCaseSensitive(query)
        let needle = query.map { TextFind.folded(String($0), caseSensitive: sensitive) }
        let area = rect.intersection(bounds)
        guard !needle.isEmpty, !area.isEmpty else { return 0 }
        var marked = 0
        // The row's cells that show a character (a wide character's second half is skipped),
        // with what each shows, compared as the query is.
        var shown: [(index: Int, text: String)] = []
        for row in area.row..<area.endRow {
            shown.removeAll(keepingCapacity: true)
            for column in area.column..<area.endColumn {
                let index = row * columns + column
                guard cells[index].width > 0 else { continue }
                shown.append((index, TextFind.folded(cells[index].text, caseSensitive: sensitive)))
            }
            var start = 0
            while start + needle.count <= shown.count {
                var matches = true
                for offset in 0..<needle.count where shown[start + offset].text != needle[offset] {
                    matches = false
                    break
                }
                guard matches else {
                    start += 1
                    continue
                }
                for offset in 0..<needle.count {
                    let index = shown[start + offset].index
                    cells[index].style = cells[index].style.adding(style)
                    if cells[index].width == 2, index + 1 < cells.count { cells[index + 1].style = cells[index].style }
                }
                marked += 1
                start += needle.count
            }
        }
        return marked
    }
}
