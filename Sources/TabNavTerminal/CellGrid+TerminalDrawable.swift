import TabNavDrawing
import TabNavRender

/// The renderer's grid is what the screen draws.
extension CellGrid: TerminalDrawable {}
