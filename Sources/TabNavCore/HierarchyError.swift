/// Why a hierarchy was rejected, naming the item so a person can find and fix it.
public struct HierarchyError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case emptyID
        case emptyTitle
        /// The id is already used by the item at `firstPath`.
        case duplicateID(firstPath: [Int])
        /// An item below level `maximum`, or a section at level `maximum` (which could hold
        /// nothing); a top-level item is level 1.
        case tooDeep(maximum: Int)
        /// A `fixed` or `pinned` item inside a section (they only make sense at the top level).
        case placementInSection(TabPlacement)
        /// A tab (not a section) with children.
        case childrenOnTab
    }

    /// Indices from the top level down to the item (`[4, 0]`: first child of the fifth item).
    public var path: [Int]
    public var id: String
    public var title: String
    public var reason: Reason

    public init(path: [Int], id: String, title: String, reason: Reason) {
        self.path = path
        self.id = id
        self.title = title
        self.reason = reason
    }

    /// The reason alone, worded for a person ("duplicate id \"home\"").
    public var reasonText: String {
        switch reason {
        case .emptyID: return "empty id"
        case .emptyTitle: return "empty title"
        case .duplicateID: return "duplicate id \"\(id)\""
        case .tooDeep(let maximum):
            return "a section at level \(maximum) could hold nothing (items nest at most \(maximum) levels deep; a top-level item is level 1)"
        case .placementInSection(let p): return "a \(p.rawValue) tab cannot be inside a section"
        case .childrenOnTab: return "a tab cannot have children (use a section)"
        }
    }

    public var description: String {
        let name = id.isEmpty ? (title.isEmpty ? "item at \(path)" : "\"\(title)\"") : "\"\(id)\""
        return "\(name): \(reasonText)"
    }
}
