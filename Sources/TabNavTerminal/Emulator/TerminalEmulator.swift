import CVterm
import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// One terminal emulation (libvterm's VTerm and its screen) and the scrollback above it
/// (docs/terminal-tabs.md, "Emulation"). Bytes a program wrote go in through `feed`; what it
/// shows comes out as `TerminalImage`, cells in the project's own format, so no byte of the
/// program's reaches the outer terminal (clipboard, hyperlinks and queries stay here). Keys,
/// pastes and mouse reports are encoded as the program asked for (application cursor keys,
/// bracketed paste, the mouse mode and format) into `output`, with the emulation's own replies
/// (cursor position reports, device attributes).
///
/// Not thread-safe: its owner serializes every call.
package final class TerminalEmulator {
    private let terminal: OpaquePointer
    private let screen: OpaquePointer
    private let state: OpaquePointer
    private let callbacks: UnsafeMutablePointer<VTermScreenCallbacks>
    package private(set) var columns: Int
    package private(set) var rows: Int
    /// Bytes for the program: encoded keys and the emulation's replies, until taken.
    package var output: [UInt8] = []
    /// The screen changed since the last image.
    package private(set) var isDamaged = true
    /// Bells since the flag was last cleared.
    package var rang = false
    package private(set) var title = ""
    package private(set) var mouse = TerminalMouseMode.none
    package private(set) var alternateScreen = false
    private var cursorVisible = true
    private var cursorShape = TerminalCursor.Shape.block
    private var cursorBlinks = true
    private var cursorPosition = VTermPos(row: 0, col: 0)
    /// Lines that scrolled off the top, oldest first.
    package private(set) var scrollback: ScrollbackStore
    /// The line being pushed into the scrollback (kept to reuse its room).
    private var lineWriter = ScrollbackLine.Writer(capacity: 256)
    /// How far the view is scrolled back (0: live). Kept on the same lines while output arrives.
    package private(set) var viewOffset = 0

    /// - Parameters:
    ///   - scrollback: lines kept above the screen.
    ///   - scrollbackBytes: the most the scrollback keeps, in bytes (docs/terminal-tabs.md).
    package init(columns: Int, rows: Int, scrollback: Int = ContentOptions.defaultScrollback,
                 scrollbackBytes: Int = ScrollbackStore.defaultByteLimit) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.scrollback = ScrollbackStore(capacity: max(0, scrollback), byteLimit: scrollbackBytes)
        terminal = vterm_new(Int32(self.rows), Int32(self.columns))
        vterm_set_utf8(terminal, 1)
        screen = vterm_obtain_screen(terminal)
        state = vterm_obtain_state(terminal)
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: VTermScreenCallbacks(
            damage: { _, user in TerminalEmulator.from(user).isDamaged = true; return 1 },
            moverect: { _, _, user in TerminalEmulator.from(user).isDamaged = true; return 1 },
            movecursor: { position, _, visible, user in
                let emulator = TerminalEmulator.from(user)
                emulator.cursorPosition = position
                emulator.isDamaged = true
                return 1
            },
            settermprop: { property, value, user in
                guard let value else { return 1 }
                TerminalEmulator.from(user).set(property, value.pointee)
                return 1
            },
            bell: { user in TerminalEmulator.from(user).rang = true; return 1 },
            resize: { _, _, user in TerminalEmulator.from(user).isDamaged = true; return 1 },
            sb_pushline: { columns, cells, user in
                guard let cells else { return 0 }
                TerminalEmulator.from(user).pushLine(columns: Int(columns), cells: cells)
                return 1
            },
            sb_popline: { columns, cells, user in
                guard let cells else { return 0 }
                return TerminalEmulator.from(user).popLine(columns: Int(columns), into: cells) ? 1 : 0
            }))
        let user = Unmanaged.passUnretained(self).toOpaque()
        vterm_screen_set_callbacks(screen, callbacks, user)
        vterm_output_set_callback(terminal, { bytes, length, user in
            guard let bytes, let user else { return }
            let emulator = Unmanaged<TerminalEmulator>.fromOpaque(user).takeUnretainedValue()
            bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
                emulator.output.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
            }
        }, user)
        vterm_screen_set_damage_merge(screen, VTERM_DAMAGE_SCROLL)
        vterm_screen_enable_altscreen(screen, 1)
        vterm_screen_reset(screen, 1)
    }

    deinit {
        vterm_free(terminal)
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
    }

    private static func from(_ user: UnsafeMutableRawPointer?) -> TerminalEmulator {
        Unmanaged<TerminalEmulator>.fromOpaque(user!).takeUnretainedValue()
    }

    // MARK: Input from the program

    /// Emulates what the program wrote.
    package func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        _ = vterm_input_write(terminal, base.assumingMemoryBound(to: CChar.self), bytes.count)
    }

    package func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    package func feed(_ text: String) {
        feed(Array(text.utf8))
    }

    private func set(_ property: VTermProp, _ value: VTermValue) {
        isDamaged = true
        switch property {
        case VTERM_PROP_CURSORVISIBLE: cursorVisible = value.boolean != 0
        case VTERM_PROP_CURSORBLINK: cursorBlinks = value.boolean != 0
        case VTERM_PROP_ALTSCREEN: alternateScreen = value.boolean != 0
        case VTERM_PROP_TITLE:
            if let string = value.string { title = Self.sanitizedTitle(String(cString: string)) }
        case VTERM_PROP_CURSORSHAPE:
            switch Int(value.number) {
            case Int(VTERM_PROP_CURSORSHAPE_UNDERLINE): cursorShape = .underline
            case Int(VTERM_PROP_CURSORSHAPE_BAR_LEFT): cursorShape = .bar
            default: cursorShape = .block
            }
        case VTERM_PROP_MOUSE: mouse = TerminalMouseMode(rawValue: Int(value.number)) ?? .none
        default: break
        }
    }

    /// A title as the tab may show it: controls, invisible and direction-changing characters
    /// dropped, at most 120 characters.
    static func sanitizedTitle(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars where !TerminalCells.isUnsafe(scalar) {
            result.unicodeScalars.append(scalar)
            count += 1
            if count == 120 { break }
        }
        return result
    }

    // MARK: Size

    /// The pseudo-terminal changed size: the screen follows (lines go to and come back from the
    /// scrollback as the height changes).
    package func resize(columns: Int, rows: Int) {
        let columns = max(1, columns), rows = max(1, rows)
        guard columns != self.columns || rows != self.rows else { return }
        self.columns = columns
        self.rows = rows
        vterm_set_size(terminal, Int32(rows), Int32(columns))
        vterm_screen_flush_damage(screen)
        isDamaged = true
    }

    // MARK: Scrollback

    /// A line scrolled off the top: encoded straight from libvterm's cells into the scrollback's
    /// bytes, never made into cells here. Runs of plain ASCII in one pen are copied in one call
    /// (`tabnav_vterm_ascii_run`), and the style is worked out only where the pen changes.
    private func pushLine(columns: Int, cells: UnsafePointer<VTermScreenCell>) {
        guard scrollback.capacity > 0 else { return }
        // A local writer: a stored property would be checked for exclusive access at every cell.
        var writer = ScrollbackLine.Writer()
        swap(&writer, &lineWriter)
        writer.reset()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: columns) { run in
            var flat = tabnav_vterm_cell()
            var pen = TerminalCells.Pen()
            var style = CellStyle.plain
            var column = 0
            while column < columns {
                tabnav_vterm_line_cell(cells, Int32(column), &flat)
                let cellPen = TerminalCells.Pen(flat)
                if cellPen != pen {
                    pen = cellPen
                    style = TerminalCells.style(of: flat)
                }
                writer.setStyle(style)
                let ascii = Int(tabnav_vterm_ascii_run(cells, Int32(column), Int32(columns - column), run.baseAddress))
                if ascii > 0 {
                    writer.addASCII(UnsafeBufferPointer(rebasing: run[0..<ascii]))
                    column += ascii
                } else if flat.width >= 2 {
                    if columns - column >= 2 {
                        writer.addPacked(Cell(code: TerminalCells.code(of: flat), width: 2, style: style).packed)
                        writer.addContinuation()
                        column += 2
                    } else {
                        writer.addASCII(0x20)
                        column += 1
                    }
                } else {
                    let code = TerminalCells.code(of: flat)
                    if code == 0x20 { writer.addASCII(0x20) } else {
                        writer.addPacked(Cell(code: code, width: 1, style: style).packed)
                    }
                    column += 1
                }
            }
        }
        scrollback.append(encoded: writer.finish())
        swap(&writer, &lineWriter)
        if viewOffset > 0 { viewOffset = min(viewOffset + 1, scrollback.count) }
    }

    private func popLine(columns: Int, into cells: UnsafeMutablePointer<VTermScreenCell>) -> Bool {
        guard let line = scrollback.removeLast() else { return false }
        viewOffset = min(viewOffset, scrollback.count)
        var column = 0
        for cell in line where column < columns {
            var flat = TerminalCells.flat(cell)
            if cell.isContinuation { flat.chars.0 = UInt32.max }
            tabnav_vterm_set_line_cell(cells, Int32(column), &flat)
            column += 1
        }
        var blank = TerminalCells.flat(.blank)
        while column < columns {
            tabnav_vterm_set_line_cell(cells, Int32(column), &blank)
            column += 1
        }
        return true
    }

    /// Shows the screen scrolled back by `offset` lines (clamped to what is kept).
    package func setViewOffset(_ offset: Int) {
        let clamped = max(0, min(offset, scrollback.count))
        if clamped != viewOffset { isDamaged = true }
        viewOffset = clamped
    }

    // MARK: The image

    /// The screen as it looks now (scrolled back by `viewOffset`); clears `isDamaged`.
    package func image() -> TerminalImage {
        vterm_screen_flush_damage(screen)
        isDamaged = false
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        let offset = min(viewOffset, scrollback.count)
        for row in 0..<rows {
            let start = cells.count
            if row < offset {
                scrollback.cells(of: scrollback.count - offset + row, into: &cells, limit: columns)
                // A wide character cut at the right edge would leave half a character.
                if cells.count - start == columns, cells.last?.width == 2 { cells[cells.count - 1] = .blank }
            } else {
                appendScreenRow(row - offset, to: &cells)
            }
            while cells.count - start < columns { cells.append(.blank) }
        }
        var cursor: TerminalCursor?
        if cursorVisible, offset == 0, cursorPosition.row >= 0, cursorPosition.row < rows,
           cursorPosition.col >= 0, cursorPosition.col < columns {
            cursor = TerminalCursor(row: Int(cursorPosition.row), column: Int(cursorPosition.col),
                                    shape: cursorShape, blinks: cursorBlinks)
        }
        return TerminalImage(columns: columns, rows: rows, cells: cells, cursor: cursor, title: title, mouse: mouse,
                             alternateScreen: alternateScreen, scrollbackLines: scrollback.count, viewOffset: offset)
    }

    private func appendScreenRow(_ row: Int, to cells: inout [Cell]) {
        var flat = tabnav_vterm_cell()
        var column = 0
        while column < columns {
            guard tabnav_vterm_screen_cell(screen, Int32(row), Int32(column), &flat) != 0 else {
                cells.append(.blank)
                column += 1
                continue
            }
            column += TerminalCells.append(flat, to: &cells, room: columns - column)
        }
    }

    /// The text of the whole history (scrollback, then the screen), a line each, for finding.
    package func lineText(_ index: Int) -> String {
        if index < scrollback.count {
            return scrollback[index].filter { !$0.isContinuation }.map(\.text).joined()
        }
        var cells: [Cell] = []
        appendScreenRow(index - scrollback.count, to: &cells)
        return cells.filter { !$0.isContinuation }.map(\.text).joined()
    }

    /// Scrolls the view to the nearest line above (`older`) or below its top line that holds
    /// `text` (case-insensitively). With none that way, the search goes on from the other end of
    /// the history, as vim's and less's wrapping searches do (`.wrapped`); `.notFound`, and the
    /// view unchanged, when no line holds it.
    @discardableResult
    package func find(_ text: String, older: Bool) -> TerminalFindResult {
        guard !text.isEmpty else { return .notFound }
        let needle = text.lowercased()
        let top = min(max(0, scrollback.count - viewOffset), historyLines)
        let onward: [Int] = older ? Array((0..<top).reversed()) : Array(min(top + 1, historyLines)..<historyLines)
        // Wrapped: from the far end back to the top line itself (the only match may be there).
        let wrapped: [Int] = older ? Array((top..<historyLines).reversed()) : Array(0...min(top, historyLines - 1))
        for (candidates, result) in [(onward, TerminalFindResult.found), (wrapped, .wrapped)] {
            for index in candidates where lineText(index).lowercased().contains(needle) {
                setViewOffset(max(0, scrollback.count - index))
                return result
            }
        }
        return .notFound
    }

    /// Lines of history: the scrollback's and the screen's.
    package var historyLines: Int { scrollback.count + rows }

    // MARK: Keys, paste and mouse into the program

    /// Encodes a key as the program asked for (application cursor keys, keypad mode) into `output`.
    package func send(_ key: KeyEvent, modifiers: TerminalModifiers = []) {
        let mod = VTermModifier(rawValue: UInt32(modifiers.rawValue))
        func press(_ vtermKey: VTermKey, _ extra: TerminalModifiers = []) {
            vterm_keyboard_key(terminal, vtermKey, VTermModifier(rawValue: mod.rawValue | UInt32(extra.rawValue)))
        }
        switch key {
        case .character(let character):
            for scalar in character.unicodeScalars { vterm_keyboard_unichar(terminal, scalar.value, mod) }
        case .control(let character):
            // The classic control bytes (Ctrl-@ is NUL, Ctrl-? is DEL), Alt as an ESC before.
            guard let ascii = character.asciiValue else { return }
            if modifiers.contains(.alt) { output.append(0x1B) }
            output.append(ascii == 0x3F ? 0x7F : ascii & 0x1F)
        case .up: press(VTERM_KEY_UP)
        case .down: press(VTERM_KEY_DOWN)
        case .left: press(VTERM_KEY_LEFT)
        case .right: press(VTERM_KEY_RIGHT)
        case .home: press(VTERM_KEY_HOME)
        case .end: press(VTERM_KEY_END)
        case .pageUp: press(VTERM_KEY_PAGEUP)
        case .pageDown: press(VTERM_KEY_PAGEDOWN)
        case .enter: press(VTERM_KEY_ENTER)
        case .escape: press(VTERM_KEY_ESCAPE)
        case .tab: press(VTERM_KEY_TAB)
        case .backTab: press(VTERM_KEY_TAB, .shift)
        case .backspace: press(VTERM_KEY_BACKSPACE)
        case .delete: press(VTERM_KEY_DEL)
        case .insert: press(VTERM_KEY_INS)
        case .function(let n):
            guard n >= 1, n <= 63 else { return }
            press(tabnav_vterm_function_key(Int32(n)))
        }
    }

    /// A paste, bracketed when the program asked for it (mode 2004). Line feeds become carriage
    /// returns as a terminal sends them, and a paste can never end its own brackets early.
    package func paste(_ text: String) {
        vterm_keyboard_start_paste(terminal)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x0A: if bytes.last != 0x0D { bytes.append(0x0D) }
            case 0x1B: continue  // no ESC: `ESC [ 201 ~` inside would end the paste
            default: bytes.append(byte)
            }
        }
        output += bytes
        vterm_keyboard_end_paste(terminal)
    }

    /// A mouse event at a cell of the screen, reported only in the mode (and format) the program
    /// asked for; false when the program takes no mouse reports of this kind.
    @discardableResult
    package func mouse(_ kind: MouseEvent.Kind, column: Int, row: Int) -> Bool {
        guard mouse != .none else { return false }
        let none = VTermModifier(rawValue: 0)
        vterm_mouse_move(terminal, Int32(row), Int32(column), none)
        switch kind {
        case .press: vterm_mouse_button(terminal, 1, true, none)
        case .release: vterm_mouse_button(terminal, 1, false, none)
        case .rightPress:
            vterm_mouse_button(terminal, 3, true, none)
            vterm_mouse_button(terminal, 3, false, none)
        case .wheelUp: vterm_mouse_button(terminal, 4, true, none)
        case .wheelDown: vterm_mouse_button(terminal, 5, true, none)
        case .drag: break  // the move above reported it (with the button held)
        }
        return true
    }

    /// Takes the bytes waiting for the program.
    package func takeOutput() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }
}

/// Keyboard modifiers: libvterm numbers them as xterm does, as `KeyModifiers` does.
package typealias TerminalModifiers = KeyModifiers

/// Conversion of libvterm's cells into the project's (docs/terminal-tabs.md, "Cells").
package enum TerminalCells {
    /// Appends the cell (and a continuation after a wide one that fits) and returns the columns
    /// it covered.
    static func append(_ flat: tabnav_vterm_cell, to cells: inout [Cell], room: Int) -> Int {
        let style = style(of: flat)
        let first = flat.chars.0
        if first == UInt32.max || first == 0 {
            // The right half of a wide character whose left half is gone, or an empty cell.
            cells.append(Cell(code: 0x20, width: 1, style: style))
            return 1
        }
        let code = code(of: flat)
        if flat.width >= 2 {
            guard room >= 2 else {
                cells.append(Cell(code: 0x20, width: 1, style: style))
                return 1
            }
            cells.append(Cell(code: code, width: 2, style: style))
            cells.append(.continuation(style))
            return 2
        }
        cells.append(Cell(code: code, width: 1, style: style))
        return 1
    }

    /// The text's code: the base character with its combining marks; a control, invisible or
    /// direction-changing character is drawn as a space.
    static func code(of flat: tabnav_vterm_cell) -> UInt32 {
        guard let base = Unicode.Scalar(flat.chars.0), !isUnsafe(base) else { return 0x20 }
        guard flat.chars.1 != 0 else { return base.value }
        let marks = [flat.chars.1, flat.chars.2, flat.chars.3, flat.chars.4, flat.chars.5]
        var text = String(base)
        for value in marks {
            guard value != 0 else { break }
            if let mark = Unicode.Scalar(value), !isUnsafe(mark) { text.unicodeScalars.append(mark) }
        }
        return CellText.code(text)
    }

    /// What decides a cell's style in libvterm's cell: two cells with the same pen have the same
    /// style, so a line works the style out only where the pen changes.
    struct Pen: Equatable {
        var attributes: UInt32 = 0
        var foreground: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0)
        var background: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0)

        init() {}

        init(_ flat: tabnav_vterm_cell) {
            attributes = flat.attributes
            foreground = (flat.foreground_kind, flat.foreground_index, flat.foreground_red, flat.foreground_green, flat.foreground_blue)
            background = (flat.background_kind, flat.background_index, flat.background_red, flat.background_green, flat.background_blue)
        }

        static func == (a: Pen, b: Pen) -> Bool {
            a.attributes == b.attributes && a.foreground == b.foreground && a.background == b.background
        }
    }

    /// Characters that must never reach the outer terminal from a program: controls (C0, DEL,
    /// C1) and those that change the direction of the text or hide it.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return true }
        switch value {
        case 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            return true
        default:
            return false
        }
    }

    /// The style: attributes, and colours as palette indices (24-bit ones at the nearest of the
    /// 256; the outer terminal's depth maps them further when frames are written).
    static func style(of flat: tabnav_vterm_cell) -> CellStyle {
        var attributes: CellStyle.Attributes = []
        let bits = flat.attributes
        if bits & 1 != 0 { attributes.insert(.bold) }
        if bits & 2 != 0 { attributes.insert(.underline) }
        if bits & 4 != 0 { attributes.insert(.italic) }
        if bits & 16 != 0 { attributes.insert(.reverse) }
        if bits & 32 != 0 { attributes.insert(.strikethrough) }
        let foreground = color(kind: flat.foreground_kind, index: flat.foreground_index,
                               red: flat.foreground_red, green: flat.foreground_green, blue: flat.foreground_blue)
        let background = color(kind: flat.background_kind, index: flat.background_index,
                               red: flat.background_red, green: flat.background_green, blue: flat.background_blue)
        return CellStyle(attributes, foreground: foreground, background: background)
    }

    static func color(kind: UInt8, index: UInt8, red: UInt8, green: UInt8, blue: UInt8) -> UInt8? {
        switch kind {
        case 1: return index
        case 2: return nearestPaletteIndex(red: Int(red), green: Int(green), blue: Int(blue))
        default: return nil
        }
    }

    /// The index of xterm's 6×6×6 cube or grey ramp nearest to a 24-bit colour (the first 16,
    /// whose colours each terminal chooses, are never picked).
    package static func nearestPaletteIndex(red: Int, green: Int, blue: Int) -> UInt8 {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: Int) -> Int {
            var best = 0
            for (i, level) in levels.enumerated() where abs(level - value) < abs(levels[best] - value) { best = i }
            return best
        }
        let r = nearestLevel(red), g = nearestLevel(green), b = nearestLevel(blue)
        func distance(_ a: (Int, Int, Int)) -> Int {
            let dr = a.0 - red, dg = a.1 - green, db = a.2 - blue
            return dr * dr + dg * dg + db * db
        }
        let cube = distance((levels[r], levels[g], levels[b]))
        let average = (red + green + blue) / 3
        let greyStep = max(0, min(23, (average - 8 + 5) / 10))
        let grey = 8 + 10 * greyStep
        if distance((grey, grey, grey)) < cube { return UInt8(232 + greyStep) }
        return UInt8(16 + 36 * r + 6 * g + b)
    }

    /// A cell of the project's back in libvterm's form (a line returning from the scrollback).
    static func flat(_ cell: Cell) -> tabnav_vterm_cell {
        var flat = tabnav_vterm_cell()
        let scalars = Array(cell.text.unicodeScalars.prefix(6).map(\.value))
        withUnsafeMutableBytes(of: &flat.chars) { raw in
            let chars = raw.bindMemory(to: UInt32.self)
            for (i, value) in scalars.enumerated() { chars[i] = value }
        }
        flat.width = Int32(max(1, cell.width))
        var bits: UInt32 = 0
        let attributes = cell.style.attributes
        if attributes.contains(.bold) { bits |= 1 }
        if attributes.contains(.underline) { bits |= 2 }
        if attributes.contains(.italic) { bits |= 4 }
        if attributes.contains(.reverse) { bits |= 16 }
        if attributes.contains(.strikethrough) { bits |= 32 }
        flat.attributes = bits
        if let foreground = cell.style.foreground {
            flat.foreground_kind = 1
            flat.foreground_index = foreground
        }
        if let background = cell.style.background {
            flat.background_kind = 1
            flat.background_index = background
        }
        return flat
    }
}
