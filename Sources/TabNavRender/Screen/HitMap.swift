import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Which part of the last frame lies under each cell, so a mouse report can be turned into an
/// action. Regions added later win (an overlay covers what is beneath it).
public struct HitMap: Sendable, Equatable {
    public private(set) var regions: [(rect: Rect, target: HitTarget)] = []

    public init() {}

    public mutating func add(_ rect: Rect, _ target: HitTarget) {
        guard !rect.isEmpty else { return }
        regions.append((rect, target))
    }

    /// Removes everything under `rect` (an overlay drawn on top takes the clicks).
    public mutating func cover(_ rect: Rect) {
        regions.removeAll { !$0.rect.intersection(rect).isEmpty }
    }

    public func target(column: Int, row: Int) -> HitTarget? {
        regions.last { $0.rect.contains(column: column, row: row) }?.target
    }

    public static func == (lhs: HitMap, rhs: HitMap) -> Bool {
        lhs.regions.count == rhs.regions.count
            && zip(lhs.regions, rhs.regions).allSatisfy { $0.rect == $1.rect && $0.target == $1.target }
    }
}

/// A rendered screen: the cells to draw and what lies under them.
public struct Frame: Sendable, Equatable {
    public var grid: CellGrid
    public var hits: HitMap
}
