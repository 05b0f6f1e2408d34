/// A validated tab hierarchy, indexed for constant-time look-ups by id.
///
/// Items are kept in a flat table (each with its parent and children by index) so that a
/// 100,000-tab layout costs one pass to build and nothing per look-up afterwards.
public struct TabHierarchy: Sendable {
    /// The deepest nesting allowed: a top-level item is level 1.
    public static let maximumDepth = 3

    /// One item of the flat table.
    public struct Node: Sendable {
        /// The item itself, its `children` emptied (they are in `children` below, by index).
        public var item: TabItem
        public var parent: Int?
        public var children: [Int]
        /// 1 for top-level items.
        public var depth: Int
    }

    public let id: String
    public let title: String
    public private(set) var nodes: [Node]
    /// Top-level items in declared order.
    public private(set) var roots: [Int]
    private var indexByID: [String: Int]

    /// Builds and validates a hierarchy; throws the first problem found, in declared order.
    public init(_ layout: TabLayout) throws(HierarchyError) {
        try Self.validate(layout.items)
        id = layout.id
        title = layout.title
        nodes = []
        roots = []
        indexByID = [:]
        nodes.reserveCapacity(layout.items.count)
        for item in layout.items {
            roots.append(append(item, parent: nil, depth: 1))
        }
    }

    private mutating func append(_ item: TabItem, parent: Int?, depth: Int) -> Int {
        var flat = item
        flat.children = []
        let index = nodes.count
        nodes.append(Node(item: flat, parent: parent, children: [], depth: depth))
        indexByID[item.id] = index
        var childIndices: [Int] = []
        childIndices.reserveCapacity(item.children.count)
        for child in item.children {
            childIndices.append(append(child, parent: index, depth: depth + 1))
        }
        nodes[index].children = childIndices
        return index
    }

    /// Checks the rules of SPEC §1 without building anything.
    public static func validate(_ items: [TabItem]) throws(HierarchyError) {
        var seen: [String: [Int]] = [:]
        try validate(items, path: [], depth: 1, seen: &seen)
    }

    /// - Parameters:
    ///   - firstOffset: the index the first of `items` has among its siblings (items appended to
    ///     a section at run time follow its existing children).
    ///   - existing: the path of an id already taken outside `items`, for run-time additions.
    private static func validate(
        _ items: [TabItem], path: [Int], depth: Int, seen: inout [String: [Int]], firstOffset: Int = 0,
        existing: (String) -> [Int]? = { _ in nil }
    ) throws(HierarchyError) {
        for (offset, item) in items.enumerated() {
            let here = path + [firstOffset + offset]
            func fail(_ reason: HierarchyError.Reason) -> HierarchyError {
                HierarchyError(path: here, id: item.id, title: item.title, reason: reason)
            }
            if item.id.isEmpty { throw fail(.emptyID) }
            if item.title.isEmpty { throw fail(.emptyTitle) }
            if let first = seen[item.id] ?? existing(item.id) { throw fail(.duplicateID(firstPath: first)) }
            seen[item.id] = here
            if depth > maximumDepth { throw fail(.tooDeep(maximum: maximumDepth)) }
            if depth > 1, item.placement == .fixed || item.placement == .pinned {
                throw fail(.placementInSection(item.placement))
            }
            if item.kind == .tab, !item.children.isEmpty { throw fail(.childrenOnTab) }
            if item.kind == .section {
                try validate(item.children, path: here, depth: depth + 1, seen: &seen, existing: existing)
            }
        }
    }

    // MARK: Look-ups

    public var count: Int { nodes.count }

    public func index(of id: String) -> Int? { indexByID[id] }

    public func contains(_ id: String) -> Bool { indexByID[id] != nil }

    public func item(_ id: String) -> TabItem? {
        guard let i = indexByID[id] else { return nil }
        return nodes[i].item
    }

    public func node(_ id: String) -> Node? {
        guard let i = indexByID[id] else { return nil }
        return nodes[i]
    }

    /// The section holding `id`, or `nil` for a top-level item.
    public func parentID(of id: String) -> String? {
        guard let i = indexByID[id], let p = nodes[i].parent else { return nil }
        return nodes[p].item.id
    }

    /// Children ids of a section in declared order.
    public func declaredChildren(of id: String) -> [String] {
        guard let i = indexByID[id] else { return [] }
        return nodes[i].children.map { nodes[$0].item.id }
    }

    /// Every id, in declared (depth-first) order.
    public var allIDs: [String] { depthFirstIndices.map { nodes[$0].item.id } }

    /// Every node index in declared (depth-first) order. This is the order of `nodes` until
    /// children are appended at run time: those are stored last but belong after their siblings.
    public var depthFirstIndices: [Int] {
        var order: [Int] = []
        order.reserveCapacity(nodes.count)
        var stack = roots.reversed() as [Int]
        while let index = stack.popLast() {
            order.append(index)
            stack.append(contentsOf: nodes[index].children.reversed())
        }
        return order
    }

    // MARK: Changes at run time

    /// Adds a new child at the end of a section (SPEC §1: children can change at run time).
    ///
    /// The child is validated with its own children by the rules of ``init(_:)``, its ids also
    /// against every id already in the hierarchy; nothing changes when it is rejected.
    public mutating func appendChild(_ item: TabItem, to sectionID: String) throws(HierarchyError) {
        guard let s = indexByID[sectionID], nodes[s].item.kind == .section else {
            throw HierarchyError(path: [], id: item.id, title: item.title, reason: .childrenOnTab)
        }
        var seen: [String: [Int]] = [:]
        try Self.validate(
            [item], path: path(of: s), depth: nodes[s].depth + 1, seen: &seen,
            firstOffset: nodes[s].children.count,
            existing: { id in indexByID[id].map { path(of: $0) } }
        )
        let index = append(item, parent: s, depth: nodes[s].depth + 1)
        nodes[s].children.append(index)
    }

    /// Indices from the top level down to the node (the `path` of ``HierarchyError``).
    public func path(of index: Int) -> [Int] {
        var path: [Int] = []
        var current = index
        while let parent = nodes[current].parent {
            path.append(nodes[parent].children.firstIndex(of: current) ?? 0)
            current = parent
        }
        path.append(roots.firstIndex(of: current) ?? 0)
        return path.reversed()
    }

    /// The ids of a node and everything below it, in declared (depth-first) order.
    public func subtreeIDs(of id: String) -> [String] {
        guard let start = indexByID[id] else { return [] }
        var ids: [String] = []
        var stack = [start]
        while let index = stack.popLast() {
            ids.append(nodes[index].item.id)
            stack.append(contentsOf: nodes[index].children.reversed())
        }
        return ids
    }

    /// Replaces an item's badge (badges are live data, not structure).
    public mutating func setBadge(_ badge: TabBadge?, for id: String) {
        guard let i = indexByID[id] else { return }
        nodes[i].item.badge = badge
    }
}
