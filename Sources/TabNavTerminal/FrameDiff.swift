import TabNavDrawing
import TabNavRender

/// Decides which cells of a new frame must be handed to ncurses.
///
/// Handing over only what changed keeps the per-key CPU small (ncurses compares again and sends
/// the minimum bytes). Continuation cells of wide characters are never drawn on their own — the
/// wide character covers them — but when one changes, its leading cell is redrawn so the pair
/// stays whole.
enum FrameDiff {
    /// Row-major indices of `current` to draw, ascending. `previous` must be the last frame drawn
    /// at the same size, or `nil` to draw everything.
    static func cellsToWrite(previous: [Cell]?, current: [Cell], columns: Int) -> [Int] {
        guard columns > 0 else { return [] }
        var result: [Int] = []
        guard let previous, previous.count == current.count else {
            result.reserveCapacity(current.count)
            for index in current.indices where !isCoveredContinuation(current, index, columns: columns) {
                result.append(index)
            }
            return result
        }
        for index in current.indices where current[index] != previous[index] {
            if isCoveredContinuation(current, index, columns: columns) {
                if result.last != index - 1 {
                    result.append(index - 1)
                }
            } else {
                result.append(index)
            }
        }
        return result
    }

    /// Whether `cells[index]` is the right half of a wide character that starts just before it
    /// on the same row (so drawing that character draws this cell too).
    static func isCoveredContinuation(_ cells: [Cell], _ index: Int, columns: Int) -> Bool {
        guard cells[index].isContinuation, index % columns > 0 else { return false }
        return cells[index - 1].width == 2
    }
}
