import CNcursesw
import TabNavDrawing
import TabNavInteraction
#if canImport(Glibc)
import Glibc
#endif

/// Turns a new frame into the bytes that bring the terminal from the previous frame to it.
///
/// ncurses' `doupdate` compared every cell again and formatted each move and colour through
/// `tiparm`: three fifths of a keystroke's CPU (docs/terminal-notes.md). The frames already say what
/// changed, so this writes just that: a cursor move where a changed run starts (or the few
/// unchanged characters in between, when shorter), a style change only where the style differs,
/// the text, and "erase to end of line" for a row that ends in blanks. The capabilities still come
/// from terminfo, so any terminal ncurses accepts is served. Pure apart from `wcwidth`: tests feed
/// it frames and read the bytes.
struct FrameEncoder {
    private(set) var capabilities: TerminalCapabilities
    let colorDepth: ColorDepth
    /// Whether the locale's characters are UTF-8 (otherwise each character is converted).
    let isUTF8: Bool
    /// Where the terminal's cursor is, when known (unknown at first and after the last column).
    private var cursor: (row: Int, column: Int)?
    /// The style the terminal draws with now (as shown: see `shown(_:)`), when known.
    private var current: CellStyle?
    /// The style `current` was set for: a cell asking for it again needs no change (and no
    /// `shown(_:)`), the common case by far. Meaningful only while `current` is known.
    private var requested: CellStyle = .plain
    /// The screen could not be cleared: compared with nothing, every cell is written.
    private var screenIsUnknown = false

    init(capabilities: TerminalCapabilities, colorDepth: ColorDepth, isUTF8: Bool) {
        self.capabilities = capabilities
        self.colorDepth = colorDepth
        self.isUTF8 = isUTF8
    }

    /// On a 24-bit terminal, the colours of `theme` (its palette indices as exact colours).
    mutating func useColors(of theme: Theme) {
        guard colorDepth == .direct else { return }
        capabilities.useDirectColors(theme.directColor)
        current = nil
    }

    /// Someone else wrote to the terminal (ncurses on resume, a child): assume nothing.
    mutating func forgetTerminalState() {
        cursor = nil
        current = nil
    }

    /// Appends the bytes that put the terminal's attributes and colours back to normal.
    mutating func clearStyle(into bytes: inout [UInt8]) {
        current = nil
        setStyle(.plain, into: &bytes)
    }

    /// Appends the bytes that clear the screen (the screen is then blank in the default style).
    mutating func clear(into bytes: inout [UInt8]) {
        clearStyle(into: &bytes)
        if let clear = capabilities.clearScreen {
            bytes += clear
            cursor = (0, 0)
        } else {
            // Nothing clears this terminal: the next frame writes every cell instead.
            cursor = nil
            screenIsUnknown = true
        }
    }

    /// Appends what changed from `previous` to `current` in the visible part of a `columns`-wide
    /// row-major frame. `previous == nil` means the screen is blank (just cleared).
    mutating func encode(previous: [Cell]?, current frame: [Cell], columns: Int,
                         visibleColumns: Int, visibleRows: Int, into bytes: inout [UInt8]) {
        guard columns > 0, visibleColumns > 0 else { return }
        let rows = min(visibleRows, frame.count / columns)
        let width = min(visibleColumns, columns)
        let writeEveryCell = previous == nil && screenIsUnknown
        screenIsUnknown = false
        for row in 0..<rows {
            // The bottom-right cell of a terminal that scrolls when it is written stays as it is.
            let drawable = capabilities.wrapsEarly && row == rows - 1 ? width - 1 : width
            encodeRow(row, previous: previous, frame: frame, columns: columns, visibleColumns: drawable,
                      writeEveryCell: writeEveryCell, into: &bytes)
        }
    }

    private mutating func encodeRow(_ row: Int, previous: [Cell]?, frame: [Cell], columns: Int,
                                    visibleColumns: Int, writeEveryCell: Bool, into bytes: inout [UInt8]) {
        let base = row * columns
        let end = base + visibleColumns
        // From here to the row's end everything is blank: found once, when a change needs it.
        var blankFrom: Int?
        var index = writeEveryCell ? base : Self.firstChange(in: frame, previous: previous, from: base, to: end)
        while index < end {
            let column = index - base
            let cell = frame[index]
            if cell.isContinuation {
                if column > 0, frame[index - 1].width == 2 {
                    // Its wide character covers it: draw that character again.
                    write(frame, at: column - 1, row: row, base: base, visibleColumns: visibleColumns, into: &bytes)
                } else {
                    write(.blank, row: row, column: column, visibleColumns: visibleColumns, into: &bytes)
                }
                index += 1
            } else {
                if blankFrom == nil { blankFrom = Self.blankTail(of: frame, from: base, to: end) }
                if index >= blankFrom!, end - index >= 4, let eraseLine = capabilities.eraseLine {
                    // The rest of the row is blank: one "erase to end of line" instead of spaces.
                    move(row: row, column: column, frame: frame, base: base, into: &bytes)
                    setStyle(.plain, into: &bytes)
                    bytes += eraseLine
                    return
                }
                index += write(frame, at: column, row: row, base: base, visibleColumns: visibleColumns, into: &bytes)
                index = appendPlainRun(frame, previous: previous, from: index, to: min(end, blankFrom!), row: row,
                                       base: base, visibleColumns: visibleColumns, writeEveryCell: writeEveryCell,
                                       into: &bytes)
            }
            // The next cell usually changed too (a run); look further only when it did not.
            if writeEveryCell {
                continue
            } else if index < end, let previous, frame[index] == previous[index] {
                index = Self.firstChange(in: frame, previous: previous, from: index, to: end)
            } else if index < end, previous == nil, frame[index] == .blank {
                index = Self.firstChange(in: frame, previous: nil, from: index, to: end)
            }
        }
    }

    /// Writes the changed cells from `start` on while each is one column of printable ASCII in
    /// the style the terminal has now, with the cursor already there: just their bytes, as `put`
    /// would write them. Returns the first index it did not write (`start` when none).
    private mutating func appendPlainRun(_ frame: [Cell], previous: [Cell]?, from start: Int, to limit: Int, row: Int,
                                         base: Int, visibleColumns: Int, writeEveryCell: Bool,
                                         into bytes: inout [UInt8]) -> Int {
        guard start < limit, current != nil, let cursor, cursor.row == row, cursor.column == start - base else {
            return start
        }
        let style = requested
        let blank = Cell.blank
        var index = start
        frame.withUnsafeBufferPointer { cells in
            while index < limit {
                let cell = cells[index]
                guard cell.style == style, cell.width == 1, Self.asciiByte(cell.code) != nil else { break }
                if !writeEveryCell {
                    if let previous {
                        if previous[index] == cell { break }
                    } else if cell == blank {
                        break
                    }
                }
                index += 1
            }
            // The run's bytes in one append (a byte at a time, each append checked the buffer).
            guard index > start else { return }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: index - start) { run in
                for offset in 0..<(index - start) { run[offset] = UInt8(truncatingIfNeeded: cells[start + offset].code) }
                bytes.append(contentsOf: run)
            }
        }
        if index > start {
            let next = index - base
            self.cursor = next < visibleColumns ? (row, next) : nil
        }
        return index
    }

    /// The first index in `start..<end` whose cell differs from `previous` (or from a blank when
    /// there is no previous frame); `end` when none does. The one loop that sees every cell.
    private static func firstChange(in frame: [Cell], previous: [Cell]?, from start: Int, to end: Int) -> Int {
        frame.withUnsafeBufferPointer { current in
            guard let previous else {
                let blank = Cell.blank
                var index = start
                while index < end && current[index] == blank { index += 1 }
                return index
            }
            return previous.withUnsafeBufferPointer { old in
                guard start < end, let now = current.baseAddress, let before = old.baseAddress else { return start }
                // Cells are two words without padding (Cell.packed), so equal runs are compared as
                // memory: a whole unchanged row at once, else 32 cells at a time up to the change.
                let stride = MemoryLayout<Cell>.stride
                if memcmp(now + start, before + start, (end - start) * stride) == 0 { return end }
                var index = start
                let chunk = 32
                while end - index >= chunk, memcmp(now + index, before + index, chunk * stride) == 0 { index += chunk }
                while index < end && current[index] == old[index] { index += 1 }
                return index
            }
        }
    }

    /// The index from which `frame[start..<end]` is blank (default style) to its end.
    private static func blankTail(of frame: [Cell], from start: Int, to end: Int) -> Int {
        frame.withUnsafeBufferPointer { cells in
            let blank = Cell.blank
            var index = end
            while index > start && cells[index - 1] == blank { index -= 1 }
            return index
        }
    }

    /// Writes the cell at `column` (moving there first); returns how many columns it covered.
    @discardableResult
    private mutating func write(_ frame: [Cell], at column: Int, row: Int, base: Int, visibleColumns: Int,
                                into bytes: inout [UInt8]) -> Int {
        move(row: row, column: column, frame: frame, base: base, into: &bytes)
        return put(frame[base + column], row: row, column: column, visibleColumns: visibleColumns, into: &bytes)
    }

    private mutating func write(_ cell: Cell, row: Int, column: Int, visibleColumns: Int, into bytes: inout [UInt8]) {
        move(row: row, column: column, frame: nil, base: 0, into: &bytes)
        put(cell, row: row, column: column, visibleColumns: visibleColumns, into: &bytes)
    }

    /// Shows the cursor at (`row`, `column`) in a shape (a terminal tab's program's cursor), or
    /// hides it (nil). The shape is xterm's DECSCUSR, sent only to terminals that speak ANSI.
    mutating func showCursor(_ cursor: ScreenCursor?, wasShown: Bool, shape previous: inout Int, into bytes: inout [UInt8]) {
        guard let cursor else {
            if wasShown, let hidden = capabilities.cursorHidden { bytes += hidden }
            return
        }
        move(row: cursor.row, column: cursor.column, frame: nil, base: 0, into: &bytes)
        if capabilities.ansiCursorAddress {
            let base: Int
            switch cursor.shape {
            case .block: base = 1
            case .underline: base = 3
            case .bar: base = 5
            }
            let code = base + (cursor.blinks ? 0 : 1)
            if code != previous {
                bytes += Array("\u{1B}[\(code) q".utf8)
                previous = code
            }
        }
        if !wasShown, let shown = capabilities.cursorShown { bytes += shown }
    }

    /// Leaves the terminal's cursor at (`row`, `column`) (on what has the focus), in the plain
    /// style: nothing when it is there already.
    mutating func placeCursor(row: Int, column: Int, into bytes: inout [UInt8]) {
        move(row: row, column: column, frame: nil, base: 0, into: &bytes)
    }

    /// Moves the cursor to (`row`, `column`): by rewriting up to three unchanged characters of the
    /// current style when the cursor is just before them on this row, else by column or full
    /// address.
    private mutating func move(row: Int, column: Int, frame: [Cell]?, base: Int, into bytes: inout [UInt8]) {
        if let cursor, cursor.row == row, cursor.column == column { return }
        if !capabilities.movesInStyle, let current, !current.attributes.isEmpty {
            setStyle(.plain, into: &bytes) // this terminal must not move the cursor in a style
        }
        if let cursor, cursor.row == row {
            let gap = column - cursor.column
            if gap > 0, gap <= 3, let frame, rewriteGap(frame, from: cursor.column, to: column, base: base, into: &bytes) {
                self.cursor = (row, column)
                return
            }
            if capabilities.moveToColumn(column, into: &bytes) {
                self.cursor = (row, column)
                return
            }
        }
        capabilities.moveCursor(row: row, column: column, into: &bytes)
        cursor = (row, column)
    }

    /// Writes the frame's plain ASCII characters between two columns when they are in the style
    /// the terminal has now; `false` (nothing written) otherwise.
    private func rewriteGap(_ frame: [Cell], from start: Int, to end: Int, base: Int, into bytes: inout [UInt8]) -> Bool {
        let cells = (base + start)..<(base + end)
        for index in cells {
            let cell = frame[index]
            guard cell.width == 1, shown(cell.style) == current, Self.asciiByte(cell.code) != nil else { return false }
        }
        for index in cells { bytes.append(UInt8(truncatingIfNeeded: frame[index].code)) }
        return true
    }

    /// Draws one cell where the cursor is; returns the columns it covered (2 for a wide character).
    @discardableResult
    private mutating func put(_ cell: Cell, row: Int, column: Int, visibleColumns: Int, into bytes: inout [UInt8]) -> Int {
        setStyle(cell.style, into: &bytes)
        var covered = 1
        if cell.isContinuation {
            bytes.append(0x20) // A continuation without its wide character: a blank.
        } else if cell.width == 1, let byte = Self.asciiByte(cell.code) {
            bytes.append(byte)
        } else {
            let expected = Int(max(cell.width, 1))
            let width = CellText.isScalar(cell.code)
                ? appendScalars(CollectionOfOne(Unicode.Scalar(cell.code) ?? " "), column: column, expected: expected,
                                visibleColumns: visibleColumns, into: &bytes)
                : appendScalars(CellText.string(cell.code).unicodeScalars, column: column, expected: expected,
                                visibleColumns: visibleColumns, into: &bytes)
            covered = width
            if cell.width == 2 && width == 1 && column + 1 < visibleColumns {
                // The stand-in is narrow: blank the cell the wide character would have covered.
                bytes.append(0x20)
                covered = 2
            }
        }
        let next = column + covered
        // After the last column the cursor waits to wrap: its position is not to be trusted.
        cursor = next < visibleColumns ? (row, next) : nil
        return max(covered, Int(cell.width))
    }

    /// Appends a base character and the zero-width marks that stay with it; a character that is
    /// not printable, or not as wide as the renderer measured, becomes a one-column stand-in so
    /// every later cell stays in its column. Returns the columns drawn.
    private func appendScalars(_ text: some Sequence<Unicode.Scalar>, column: Int, expected: Int, visibleColumns: Int,
                               into bytes: inout [UInt8]) -> Int {
        var scalars = text.makeIterator()
        guard let base = scalars.next(), base.value >= 0x20, !(0x7F...0x9F).contains(base.value) else {
            bytes.append(0x20)
            return 1
        }
        let width = Int(tabnav_wcwidth(wchar_t(bitPattern: base.value)))
        guard width >= 1, width == expected, column + width <= visibleColumns else {
            bytes.append(width == 0 ? 0x20 : 0x3F)
            return 1
        }
        appendScalar(base, into: &bytes)
        while let mark = scalars.next() {
            if tabnav_wcwidth(wchar_t(bitPattern: mark.value)) == 0 { appendScalar(mark, into: &bytes) }
        }
        return width
    }

    private func appendScalar(_ scalar: Unicode.Scalar, into bytes: inout [UInt8]) {
        if isUTF8 {
            UTF8.encode(scalar) { bytes.append($0) }
            return
        }
        var state = mbstate_t()
        var buffer = [CChar](repeating: 0, count: 16)
        let count = wcrtomb(&buffer, wchar_t(bitPattern: scalar.value), &state)
        if count == -1 || count > buffer.count {
            bytes.append(0x3F)
        } else {
            for index in 0..<count { bytes.append(UInt8(bitPattern: buffer[index])) }
        }
    }

    /// Changes the terminal's style to `style`: only what was added, or from a reset when
    /// something must be taken away.
    @inline(__always)
    private mutating func setStyle(_ requested: CellStyle, into bytes: inout [UInt8]) {
        if current != nil, requested == self.requested { return }
        changeStyle(requested, into: &bytes)
    }

    private mutating func changeStyle(_ requested: CellStyle, into bytes: inout [UInt8]) {
        self.requested = requested
        let style = shown(requested)
        if let current, current == style { return }
        let foreground = colorDepth.map(style.foreground)
        let background = colorDepth.map(style.background)
        var base = current ?? .plain
        let previousForeground = current.flatMap { colorDepth.map($0.foreground) }
        let previousBackground = current.flatMap { colorDepth.map($0.background) }
        let mustReset = current == nil
            || !style.attributes.isSuperset(of: base.attributes)
            || (previousForeground != nil && foreground == nil)
            || (previousBackground != nil && background == nil)
        if mustReset {
            bytes += capabilities.resetAttributes
            if colorDepth != .none, let defaultColors = capabilities.defaultColors,
               current == nil || previousForeground != nil || previousBackground != nil {
                bytes += defaultColors
            }
            base = .plain
        }
        let added = style.attributes.subtracting(base.attributes)
        if added.contains(.bold), let bold = capabilities.bold { bytes += bold }
        if added.contains(.dim), let dim = capabilities.dim { bytes += dim }
        if added.contains(.underline), let underline = capabilities.underline { bytes += underline }
        if added.contains(.reverse), let reverse = capabilities.reverse { bytes += reverse }
        if added.contains(.italic), let italic = capabilities.italic { bytes += italic }
        if added.contains(.strikethrough), let strikethrough = capabilities.strikethrough { bytes += strikethrough }
        let baseForeground = mustReset ? nil : previousForeground
        let baseBackground = mustReset ? nil : previousBackground
        if let foreground, foreground != baseForeground {
            capabilities.setForeground(foreground, into: &bytes)
        }
        if let background, background != baseBackground {
            capabilities.setBackground(background, into: &bytes)
        }
        current = style
    }

    /// The style as this terminal can show it: without the attributes it cannot combine with
    /// colour (`ncv`) where a colour is shown.
    private func shown(_ style: CellStyle) -> CellStyle {
        let excluded = capabilities.attributesNotWithColor
        guard !excluded.isEmpty, colorDepth.map(style.foreground) != nil || colorDepth.map(style.background) != nil
        else { return style }
        var shown = style
        shown.attributes.subtract(excluded)
        return shown
    }

    /// The byte of a cell that is one printable ASCII character, or `nil`.
    @inline(__always)
    static func asciiByte(_ code: UInt32) -> UInt8? {
        code >= 0x20 && code < 0x7F ? UInt8(code) : nil
    }
}
