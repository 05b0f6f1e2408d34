extension CellGrid {
    /// The grid as plain text: rows joined by "\n", trailing spaces trimmed, continuation cells
    /// contributing nothing (the wide character before them already covers their column).
    /// What `tabnav-tui render` prints and what snapshot tests compare.
    public func plainText() -> String {
        // Built as UTF-8 bytes: appending scalar by scalar to a `String` cost more than the frame.
        var out: [UInt8] = []
        out.reserveCapacity((columns + 1) * rows)
        for row in 0..<rows {
            if row > 0 { out.append(0x0A) }
            let start = row * columns
            let end = lastShownIndex(from: start, to: start + columns) { _ in false }
            for index in start..<end where cells[index].width != 0 { cells[index].appendUTF8(to: &out) }
        }
        return String(decoding: out, as: UTF8.self)
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
                cells[index].appendText(to: &out)
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
            if cell.width == 0 || cell.code != 0x20 || isVisibleBlank(cell.style) { break }
            last -= 1
        }
        return last
    }
}

extension Cell {
    /// Appends the cell's text to `out` as UTF-8 (a single scalar without building a string).
    func appendUTF8(to out: inout [UInt8]) {
        if code == 0 { return }
        if code < 0x80 {
            out.append(UInt8(code))
        } else if CellText.isScalar(code), let scalar = Unicode.Scalar(code) {
            UTF8.encode(scalar) { out.append($0) }
        } else {
            out.append(contentsOf: text.utf8)
        }
    }

    /// Appends the cell's text to `out` (a single scalar without building a string for it).
    func appendText(to out: inout String) {
        if code == 0 { return }
        if CellText.isScalar(code), let scalar = Unicode.Scalar(code) {
            out.unicodeScalars.append(scalar)
        } else {
            out += text
        }
    }
}
