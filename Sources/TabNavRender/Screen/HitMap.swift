import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Which part of the last frame lies under each cell, so a mouse report can be turned into an
/// action. Regions added later win (an overlay covers what is beneath it).
package struct HitMap: Sendable, Equatable {
    package private(set) var regions: [(rect: Rect, target: HitTarget)] = []
    /// The first scrolling tab-bar item on screen (an index into the bar), where the wheel and
    /// `‹` `›` scroll from; nil without a bar or when nothing scrolls.
    package var barFirstShown: Int?

    /// Room for a screen's usual regions from the start (a frame adds dozens; growing the array
    /// one step at a time cost more than the content's own drawing).
    package init() {
        regions.reserveCapacity(64)
    }

    package mutating func add(_ rect: Rect, _ target: HitTarget) {
        guard !rect.isEmpty else { return }
        regions.append((rect, target))
    }

    /// Removes everything under `rect` (an overlay drawn on top takes the clicks).
    package mutating func cover(_ rect: Rect) {
        regions.removeAll { !$0.rect.intersection(rect).isEmpty }
    }

    package func target(column: Int, row: Int) -> HitTarget? {
        regions.last { $0.rect.contains(column: column, row: row) }?.target
    }

    package static func == (lhs: HitMap, rhs: HitMap) -> Bool {
        lhs.barFirstShown == rhs.barFirstShown && lhs.regions.count == rhs.regions.count
            && zip(lhs.regions, rhs.regions).allSatisfy { $0.rect == $1.rect && $0.target == $1.target }
    }
}

/// A rendered screen: the cells to draw, what lies under them, and where the terminal's cursor
/// goes: on what has the focus (docs/behaviour.md, "Screen readers").
package struct Frame: Sendable, Equatable {
    package var grid: CellGrid
    package var hits: HitMap
    /// The cell of the focused item (the selected tab, the sidebar or content row under the
    /// cursor, the end of a field's text); nil when nothing on screen has the focus.
    package var cursor: CellPosition?
    /// The cursor shown after the frame, in its shape: a terminal tab's program's, while that
    /// program has the keys; nil: the cursor stays hidden (at `cursor`).
    package var shownCursor: ScreenCursor? = nil
}

/// A cell of the screen (0-based).
package struct CellPosition: Sendable, Equatable {
    package var column: Int
    package var row: Int

    package init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

extension HitMap {
    /// Moves the regions of one row as `CellGrid.mirrorRuns` moved its pieces (a region inside a
    /// piece moves with it).
    package mutating func move(row: Int, _ moves: [CellGrid.RunMove]) {
        for index in regions.indices where regions[index].rect.row == row && regions[index].rect.height == 1 {
            let rect = regions[index].rect
            guard let move = moves.first(where: { rect.column >= $0.from && rect.column < $0.from + $0.width }) else { continue }
            regions[index].rect = Rect(column: rect.column - move.from + move.to, row: row, width: rect.width, height: 1)
        }
    }
}
