import CNcursesw
import TabNavDrawing
import TabNavInteraction
import TabNavRender
#if canImport(Glibc)
import Glibc
#endif

/// Writes frames of `Cell`s to the terminal, remembering the last one.
///
/// ncurses opens and restores the terminal and knows its capabilities; the frames
/// themselves are written here, one `write` each, with only what changed since the previous
/// frame (`FrameEncoder`). Must be used on the thread that owns the screen.
struct ScreenPainter {
    let outputDescriptor: Int32
    private var encoder: FrameEncoder
    private var previous: [Cell]?
    private var previousColumns = 0
    private var previousRows = 0
    /// Whether the screen must be cleared before the next frame (first frame after a resize, a
    /// resume, or when something else may have written to the terminal).
    private var needsClear = false
    /// The screen is blank (ncurses just cleared it): the next frame needs no clearing.
    private var screenIsBlank = true
    private var bytes: [UInt8] = []
    /// Whether the cursor shows (at a terminal tab's program's cursor), and the DECSCUSR shape
    /// last sent (0: the terminal's own).
    private var cursorShown = false
    private var cursorShape = 0

    init(outputDescriptor: Int32, capabilities: TerminalCapabilities, colorDepth: ColorDepth, isUTF8: Bool) {
        self.outputDescriptor = outputDescriptor
        encoder = FrameEncoder(capabilities: capabilities, colorDepth: colorDepth, isUTF8: isUTF8)
    }

    /// The colours of `theme` from now on (24-bit terminals write its exact colours).
    mutating func useColors(of theme: Theme) {
        encoder.useColors(of: theme)
    }

    /// The next frame is drawn in full and the terminal cleared first (after a resize, a resume,
    /// or when something else may have written to the terminal).

    mutating func invalidate() {
        previous = nil
        needsClear = true
        encoder.forgetTerminalState()
    }

    /// Writes the changed cells of a `columns`×`rows` row-major frame. Cells beyond the visible
    /// `visibleColumns`×`visibleRows` are clipped; screen cells beyond the frame are blank. The
    /// terminal's cursor ends at `cursor` when it is on screen, hidden; or it shows at
    /// `shownCursor` (a terminal tab's program's) in its shape.
    mutating func paint(columns: Int, rows: Int, cells: [Cell], visibleColumns: Int, visibleRows: Int,
                        cursor: CellPosition? = nil, shownCursor: ScreenCursor? = nil) {
        let columns = max(0, columns)
        let rows = max(0, min(rows, columns == 0 ? 0 : cells.count / columns))
        bytes.removeAll(keepingCapacity: true)
        if previous == nil || previousColumns != columns || previousRows != rows {
            previous = nil
            if !screenIsBlank { needsClear = true }
        }
        if needsClear {
            encoder.clear(into: &bytes)
            needsClear = false
        }
        screenIsBlank = false
        encoder.encode(previous: previous, current: cells, columns: columns,
                       visibleColumns: min(columns, visibleColumns), visibleRows: min(rows, visibleRows), into: &bytes)
        let visibleCursor = shownCursor.flatMap { $0.column < min(columns, visibleColumns) && $0.row < min(rows, visibleRows) ? $0 : nil }
        if visibleCursor != nil || cursorShown {
            encoder.showCursor(visibleCursor, wasShown: cursorShown, shape: &cursorShape, into: &bytes)
            cursorShown = visibleCursor != nil
        }
        if visibleCursor == nil, let cursor, cursor.column < min(columns, visibleColumns), cursor.row < min(rows, visibleRows) {
            encoder.placeCursor(row: cursor.row, column: cursor.column, into: &bytes)
        }
        previous = cells
        previousColumns = columns
        previousRows = rows
        if !TerminalScreen.writeAll(outputDescriptor, bytes) {
            // Part of the frame may be missing: draw the next one whole.
            invalidate()
        }
        if bytes.count > 1 << 20 { bytes = [] } // A huge frame's buffer is not kept.
    }

    /// The terminal's attributes back to normal (before ncurses takes the terminal back).
    mutating func resetAttributes() {
        bytes.removeAll(keepingCapacity: true)
        encoder.clearStyle(into: &bytes)
        // The terminal's own cursor shape back (ncurses shows the cursor itself).
        if cursorShape != 0 { bytes += Array("\u{1B}[0 q".utf8) }
        cursorShape = 0
        cursorShown = false
        TerminalScreen.writeAll(outputDescriptor, bytes)
    }
}
