import CNcursesw
import TabNavDrawing
#if canImport(Glibc)
import Glibc
#endif

/// The terminfo strings a frame is written with, read once from the current terminal.
///
/// Cursor addressing and colours are formatted with the terminal's own capabilities; where a
/// capability is the common ANSI form, the bytes are produced here directly instead of through
/// `tiparm` (which cost a sixth of a tab switch when ncurses wrote the frames). Colour sequences
/// are formatted once per colour and kept.
struct TerminalCapabilities {
    /// `cup`: move to (row, column); every terminal the program accepts has it.
    let cursorAddress: [UInt8]
    /// `hpa`: move to a column of the current row, if the terminal has it.
    let columnAddress: [UInt8]?
    /// `sgr0`: all attributes and colours off.
    let resetAttributes: [UInt8]
    /// `op`: colours back to the terminal's defaults.
    let defaultColors: [UInt8]?
    /// `bold`, `dim`, `smul`, `rev`, `sitm` (each optional).
    let bold: [UInt8]?
    let dim: [UInt8]?
    let underline: [UInt8]?
    let reverse: [UInt8]?
    let italic: [UInt8]?
    /// `smxx` (strike-through), where the entry has it.
    let strikethrough: [UInt8]?
    /// `cnorm` and `civis`: the cursor shown and hidden (a terminal tab's program shows it).
    let cursorShown: [UInt8]?
    let cursorHidden: [UInt8]?
    /// `el`: erase from the cursor to the end of the line (in the current background).
    let eraseLine: [UInt8]?
    /// `clear`: blank the screen and home the cursor.
    let clearScreen: [UInt8]?
    /// `setaf` and `setab`: colour templates.
    let foregroundTemplate: [UInt8]?
    let backgroundTemplate: [UInt8]?
    /// The terminal scrolls as soon as the bottom-right cell is written (`am` without `xenl`):
    /// that cell is then left alone.
    let wrapsEarly: Bool
    /// `msgr`: the cursor may move while attributes are on (otherwise they are reset first).
    let movesInStyle: Bool
    /// `ncv`: attributes the terminal cannot show together with colours (the Linux console shows
    /// underline and dim as colours); they are left out of coloured cells, as ncurses does.
    let attributesNotWithColor: CellStyle.Attributes
    /// Whether `cup` and `hpa` are the ANSI forms (`ESC [ row ; column H`, `ESC [ column G`).
    let ansiCursorAddress: Bool
    let ansiColumnAddress: Bool

    private var foregrounds = [[UInt8]?](repeating: nil, count: 256)
    private var backgrounds = [[UInt8]?](repeating: nil, count: 256)

    /// The capabilities of ncurses' current terminal (call after `newterm`).
    static func current() -> TerminalCapabilities {
        TerminalCapabilities(lookup: { name in TerminalScreen.capability(name) },
                             flag: { name in tigetflag(name) > 0 },
                             number: { name in Int(tigetnum(name)) })
    }

    /// Capabilities from `lookup` (a terminfo name → its bytes), `flag` (a boolean capability)
    /// and `number` (a numeric one, negative when absent); `cup` falls back to ANSI.
    init(lookup: (String) -> [UInt8]?, flag: (String) -> Bool, number: (String) -> Int = { _ in -1 }) {
        wrapsEarly = flag("am") && !flag("xenl")
        movesInStyle = flag("msgr")
        let ncv = number("ncv")
        var notWithColor: CellStyle.Attributes = []
        if ncv > 0 {
            // terminfo's bits: underline 2, reverse 4, dim 16, bold 32, italic 32768.
            if ncv & 2 != 0 { notWithColor.insert(.underline) }
            if ncv & 4 != 0 { notWithColor.insert(.reverse) }
            if ncv & 16 != 0 { notWithColor.insert(.dim) }
            if ncv & 32 != 0 { notWithColor.insert(.bold) }
            if ncv & 32768 != 0 { notWithColor.insert(.italic) }
        }
        attributesNotWithColor = notWithColor
        let cup = lookup("cup") ?? Array("\u{1B}[%i%p1%d;%p2%dH".utf8)
        cursorAddress = cup
        columnAddress = lookup("hpa")
        // Without sgr0, ANSI's reset only where cursor addressing is ANSI too (vt52 would print it).
        let ansi = TerminalScreen.speaksANSI(cursorAddress: cup)
        resetAttributes = Self.withoutPadding(lookup("sgr0") ?? (ansi ? Array("\u{1B}[m".utf8) : []))
        defaultColors = lookup("op").map(Self.withoutPadding)
        bold = lookup("bold").map(Self.withoutPadding)
        dim = lookup("dim").map(Self.withoutPadding)
        underline = lookup("smul").map(Self.withoutPadding)
        reverse = lookup("rev").map(Self.withoutPadding)
        italic = lookup("sitm").map(Self.withoutPadding)
        strikethrough = lookup("smxx").map(Self.withoutPadding)
        cursorShown = lookup("cnorm").map(Self.withoutPadding)
        cursorHidden = lookup("civis").map(Self.withoutPadding)
        eraseLine = lookup("el").map(Self.withoutPadding)
        clearScreen = lookup("clear").map(Self.withoutPadding)
        foregroundTemplate = lookup("setaf")
        backgroundTemplate = lookup("setab")
        ansiCursorAddress = Self.withoutPadding(cup) == Array("\u{1B}[%i%p1%d;%p2%dH".utf8)
        ansiColumnAddress = columnAddress.map(Self.withoutPadding) == Array("\u{1B}[%i%p1%dG".utf8)
    }

    /// Appends the bytes that move the cursor to (`row`, `column`), zero-based.
    func moveCursor(row: Int, column: Int, into bytes: inout [UInt8]) {
        if ansiCursorAddress {
            bytes.append(0x1B)
            bytes.append(0x5B)
            Self.appendDecimal(row + 1, to: &bytes)
            bytes.append(0x3B)
            Self.appendDecimal(column + 1, to: &bytes)
            bytes.append(0x48)
        } else {
            Self.format(cursorAddress, row, column, into: &bytes)
        }
    }

    /// Appends the bytes that move the cursor to `column` of its row, when that is cheaper than a
    /// full address; `false` when the terminal cannot.
    func moveToColumn(_ column: Int, into bytes: inout [UInt8]) -> Bool {
        if ansiColumnAddress {
            bytes.append(0x1B)
            bytes.append(0x5B)
            Self.appendDecimal(column + 1, to: &bytes)
            bytes.append(0x47)
            return true
        }
        guard let columnAddress else { return false }
        Self.format(columnAddress, column, nil, into: &bytes)
        return true
    }

    /// Appends the sequence for text colour `color` (a colour number the terminal has).
    mutating func setForeground(_ color: UInt8, into bytes: inout [UInt8]) {
        bytes += Self.formatted(color, template: foregroundTemplate, cache: &foregrounds)
    }

    /// Appends the sequence for background colour `color`.
    mutating func setBackground(_ color: UInt8, into bytes: inout [UInt8]) {
        bytes += Self.formatted(color, template: backgroundTemplate, cache: &backgrounds)
    }

    /// Makes every colour a 24-bit one (`ESC [ 38;2;r;g;b m`): the palette index `index` is drawn
    /// as `color(index)` exactly, whatever palette the terminal was given.
    mutating func useDirectColors(_ color: (UInt8) -> RGBColor) {
        for index in 0...255 {
            let rgb = color(UInt8(index))
            foregrounds[index] = Array("\u{1B}[38;2;\(rgb.red);\(rgb.green);\(rgb.blue)m".utf8)
            backgrounds[index] = Array("\u{1B}[48;2;\(rgb.red);\(rgb.green);\(rgb.blue)m".utf8)
        }
    }

    /// `template` formatted for `color`, once per colour.
    private static func formatted(_ color: UInt8, template: [UInt8]?, cache: inout [[UInt8]?]) -> [UInt8] {
        if let known = cache[Int(color)] { return known }
        guard let template else { return [] }
        var result: [UInt8] = []
        format(template, Int(color), nil, into: &result)
        cache[Int(color)] = result
        return result
    }

    /// `template` formatted by terminfo's rules (`tiparm`), without `$<…>` padding.
    private static func format(_ template: [UInt8], _ first: Int, _ second: Int?, into bytes: inout [UInt8]) {
        let result: UnsafePointer<CChar>? = (template + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                if let second {
                    return tabnav_tiparm2(characters.baseAddress, Int32(clamping: first), Int32(clamping: second))
                }
                return tabnav_tiparm1(characters.baseAddress, Int32(clamping: first))
            }
        }
        guard let result else { return }
        let length = strlen(result)
        bytes += withoutPadding(Array(UnsafeRawBufferPointer(start: result, count: length)))
    }

    /// `value` without terminfo delay marks (`$<5>`), which only ncurses' own output interprets.
    static func withoutPadding(_ value: [UInt8]) -> [UInt8] {
        RestoreSequence.withoutPadding(value)
    }

    /// Appends `value` (not negative) in decimal digits.
    @inline(__always)
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &bytes) }
        bytes.append(UInt8(0x30 + value % 10))
    }
}
