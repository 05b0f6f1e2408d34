import CNcursesw
import TabNavDrawing
import TabNavRender
#if canImport(Glibc)
import Glibc
#endif

/// Writes frames of `Cell`s into an ncurses window, remembering the last one.
///
/// Only cells that differ from the previous frame are put into the window (`mvwadd_wch`); ncurses
/// then compares the window with what the terminal shows and sends the fewest bytes. Colour pairs
/// are defined the first time a combination is drawn. Must be used on the thread that owns the
/// screen, with the screen current (`set_term`).
struct ScreenPainter {
    let window: UnsafeMutablePointer<WINDOW>
    let colorDepth: ColorDepth
    /// Colour number for "the terminal's default" text and background: -1 where
    /// `use_default_colors` worked, otherwise white on black.
    let defaultForeground: Int16
    let defaultBackground: Int16
    private var pairs: ColorPairCache
    private var previous: [Cell]?
    private var previousColumns = 0
    private var previousRows = 0
    private var needsClear = false
    private var characters = [wchar_t](repeating: 0, count: Int(tabnav_ccharw_max()) + 1)
    private var lastStyle: CellStyle?
    private var lastAttributes = tabnav_attr_normal()
    private var lastPair: Int32 = 0

    init(window: UnsafeMutablePointer<WINDOW>, colorDepth: ColorDepth, defaultColors: Bool, pairCapacity: Int) {
        self.window = window
        self.colorDepth = colorDepth
        defaultForeground = defaultColors ? -1 : 7
        defaultBackground = defaultColors ? -1 : 0
        let defaultKey = defaultColors
            ? ColorPairCache.Key(foreground: -1, background: -1)
            : ColorPairCache.Key(foreground: 7, background: 0)
        pairs = ColorPairCache(capacity: pairCapacity, defaultKey: defaultKey)
    }

    /// The next frame is drawn in full and the terminal cleared first (after a resize, a resume,
    /// or when something else may have written to the terminal).
    mutating func invalidate() {
        previous = nil
        needsClear = true
    }

    /// Puts the changed cells of a `columns`×`rows` row-major frame into the window. Cells beyond
    /// the window are clipped; window cells beyond the frame are blank. Call `doupdate` after.
    mutating func paint(columns: Int, rows: Int, cells: [Cell]) {
        let columns = max(0, columns)
        let rows = max(0, min(rows, columns == 0 ? 0 : cells.count / columns))
        let frame = cells.count == columns * rows ? cells : Array(cells.prefix(columns * rows))
        if previous == nil || previousColumns != columns || previousRows != rows {
            previous = nil
            werase(window)
        }
        if needsClear {
            clearok(window, true)
            needsClear = false
        }
        let visibleColumns = min(columns, Int(getmaxx(window)))
        let visibleRows = min(rows, Int(getmaxy(window)))
        for index in FrameDiff.cellsToWrite(previous: previous, current: frame, columns: columns) {
            let row = index / columns
            let column = index % columns
            guard row < visibleRows, column < visibleColumns else { continue }
            put(frame, index, row: row, column: column, visibleColumns: visibleColumns)
        }
        previous = frame
        previousColumns = columns
        previousRows = rows
        wnoutrefresh(window)
    }

    private mutating func put(_ frame: [Cell], _ index: Int, row: Int, column: Int, visibleColumns: Int) {
        let cell = frame[index]
        setAttributes(for: cell.style)
        var count = 0
        var width = 1
        if cell.isContinuation {
            characters[0] = 0x20 // A continuation without its wide character: show a blank.
            count = 1
        } else {
            count = fillCharacters(cell.text)
            width = count == 0 ? 1 : Int(tabnav_wcwidth(characters[0]))
            if count == 0 || width < 1 || width != Int(max(cell.width, 1))
                || column + width > visibleColumns {
                // Not printable here, or not as wide as the renderer measured: a stand-in keeps
                // every later cell in its column.
                characters[0] = count == 0 || width == 0 ? 0x20 : 0x3F
                count = 1
                width = 1
            }
        }
        characters[count] = 0
        var pair = lastPair
        var value = cchar_t()
        characters.withUnsafeBufferPointer { buffer in
            _ = setcchar(&value, buffer.baseAddress, lastAttributes, Int16(clamping: pair), &pair)
        }
        _ = mvwadd_wch(window, Int32(row), Int32(column), &value)
        if cell.width == 2 && width == 1 && column + 1 < visibleColumns {
            // The stand-in is narrow: blank the cell the wide character would have covered.
            characters[0] = 0x20
            characters[1] = 0
            characters.withUnsafeBufferPointer { buffer in
                _ = setcchar(&value, buffer.baseAddress, lastAttributes, Int16(clamping: pair), &pair)
            }
            _ = mvwadd_wch(window, Int32(row), Int32(column + 1), &value)
        }
    }

    /// Copies the base character and its zero-width marks into `characters`; returns how many.
    private mutating func fillCharacters(_ text: String) -> Int {
        var count = 0
        let limit = characters.count - 1
        for scalar in text.unicodeScalars {
            let value = wchar_t(bitPattern: scalar.value)
            if count == 0 {
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return 0 }
                characters[0] = value
                count = 1
            } else if count < limit && tabnav_wcwidth(value) == 0 {
                characters[count] = value
                count += 1
            }
        }
        return count
    }

    private mutating func setAttributes(for style: CellStyle) {
        if style == lastStyle { return }
        lastStyle = style
        lastAttributes = Self.attributes(style.attributes)
        lastPair = pairNumber(foreground: style.foreground, background: style.background)
    }

    private mutating func pairNumber(foreground: UInt8?, background: UInt8?) -> Int32 {
        guard colorDepth != .none, foreground != nil || background != nil else { return 0 }
        let key = ColorPairCache.Key(
            foreground: ColorMapping.cursesColor(foreground, depth: colorDepth, defaultColor: defaultForeground),
            background: ColorMapping.cursesColor(background, depth: colorDepth, defaultColor: defaultBackground))
        switch pairs.pair(for: key) {
        case .existing(let number):
            return number
        case .new(let number):
            if init_extended_pair(number, Int32(key.foreground), Int32(key.background)) == ERR {
                return 0
            }
            return number
        case .exhausted:
            return 0
        }
    }

    /// The curses attributes for a cell's attributes.
    static func attributes(_ attributes: CellStyle.Attributes) -> attr_t {
        var result = tabnav_attr_normal()
        if attributes.contains(.bold) { result |= tabnav_attr_bold() }
        if attributes.contains(.dim) { result |= tabnav_attr_dim() }
        if attributes.contains(.underline) { result |= tabnav_attr_underline() }
        if attributes.contains(.reverse) { result |= tabnav_attr_reverse() }
        if attributes.contains(.italic) { result |= tabnav_attr_italic() }
        return result
    }
}
