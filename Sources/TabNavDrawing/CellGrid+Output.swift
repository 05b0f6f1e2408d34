extension CellGrid {
    /// The grid as plain text: rows joined by "\n", trailing spaces trimmed, continuation cells
    /// contributing nothing (the wide character before them already covers their column).
    /// What `tabnav-tui render` prints and what snapshot tests compare.
    public func plainText() -> String {
        var out = ""
        out.reserveCapacity((columns + 1) * rows)
        for row in 0..<rows {
            if row > 0 { out += "\n" }
            let start = row * columns
            let end = lastShownIndex(from: start, to: start + columns) { _ in false }
            for index in start..<end where cells[index].width != 0 { out += cells[index].text }
        }
        return out
    }

    /// The grid with SGR escape sequences: one sequence per style change (each starting with a
    /// reset, so no attribute leaks from one style into the next) and a reset at the end of every
    /// line that ends styled. Colours are written for `colors` (256-colour `38;5;n`, or the eight
    /// colours `3n`/`4n`, or none). Trailing blanks are trimmed only where they are invisible.
    public func ansiText(colors: ColorDepth) -> String {
        var out = ""
        out.reserveCapacity((columns + 1) * rows * 2)
        for row in 0..<rows {
            if row > 0 { out += "\n" }
            let start = row * columns
            let end = lastShownIndex(from: start, to: start + columns) { style in
                let shown = colors.effective(style)
                return shown.background != nil || !shown.attributes.isDisjoint(with: [.reverse, .underline])
            }
            var current = CellStyle.plain
            for index in start..<end where cells[index].width != 0 {
                let style = colors.effective(cells[index].style)
                if style != current {
                    out += SGR.sequence(for: style, colors: colors)
                    current = style
                }
                out += cells[index].text
            }
            if current != .plain { out += SGR.reset }
        }
        return out
    }

    /// The end of the row's range once trailing blank cells are dropped; a blank cell whose style
    /// makes it visible (per `isVisibleBlank`) is kept.
    func lastShownIndex(from start: Int, to end: Int, isVisibleBlank: (CellStyle) -> Bool) -> Int {
        var last = end
        while last > start {
            let cell = cells[last - 1]
            if cell.width == 0 || cell.text != " " || isVisibleBlank(cell.style) { break }
            last -= 1
        }
        return last
    }
}
