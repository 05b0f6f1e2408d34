import CNcursesw
import TabNavDrawing
import TabNavInteraction
import TabNavRender

/// Anything that can be drawn as a grid of cells, so `TerminalScreen` does not depend on the exact
/// shape of the renderer's grid type.
package protocol TerminalDrawable {
    /// Width of the grid in cells.
    var columns: Int { get }
    /// Height of the grid in cells.
    var rows: Int { get }
    /// The cells, row by row (`columns * rows` of them).
    var cells: [Cell] { get }
}

extension TerminalScreen {
    /// Shows a frame: a `columns`×`rows` grid of cells, row by row.
    ///
    /// Only cells that changed since the last frame are written, in one `write`; nothing is
    /// cleared unless the size changed, the terminal was resized or resumed, or `redrawAll()` was
    /// called. A grid larger than the screen is clipped; screen cells outside a smaller grid are
    /// blank.
    ///
    /// The terminal's cursor is then put at `cursor` (what has the focus: a screen reader reads
    /// there), when given and on screen; or shown at `shownCursor` (a terminal tab's program's).
    package func draw(columns: Int, rows: Int, cells: [Cell], cursor: CellPosition? = nil,
                      shownCursor: ScreenCursor? = nil) {
        guard isOpen else { return }
        activate()
        painter.paint(columns: columns, rows: rows, cells: cells,
                      visibleColumns: Int(getmaxx(window)), visibleRows: Int(getmaxy(window)), cursor: cursor, shownCursor: shownCursor)
    }

    /// Shows a frame from any grid type (see `draw(columns:rows:cells:cursor:shownCursor:)`).
    package func draw(_ grid: some TerminalDrawable, cursor: CellPosition? = nil, shownCursor: ScreenCursor? = nil) {
        draw(columns: grid.columns, rows: grid.rows, cells: grid.cells, cursor: cursor, shownCursor: shownCursor)
    }

    /// Draws with the colours of `theme` from now on (a 24-bit terminal is given its exact colours).
    package func useColors(of theme: Theme) {
        guard isOpen else { return }
        painter.useColors(of: theme)
    }

    /// Makes the next `draw` clear the terminal and repaint every cell (Ctrl-L, or after another
    /// program may have written to the terminal).
    package func redrawAll() {
        guard isOpen else { return }
        painter.invalidate()
    }
}
