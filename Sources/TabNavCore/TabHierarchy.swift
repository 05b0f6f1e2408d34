import TabNavSystem

/// A validated tab hierarchy, indexed for constant-time look-ups by id.
///
/// Items are kept in a flat table (each with its parent and children by index) so that a
/// 100,000-tab layout costs one pass to build and nothing per look-up afterwards.
package struct TabHierarchy: Sendable {
    /// The deepest nesting allowed: a top-level item is level 1.
    package static let maximumDepth = 3

    /// One item of the flat table.
    package struct Node: Sendable {
        /// The item itself, its `children` emptied (they are in `children` below, by index).
        package var item: TabItem
        package var parent: Int?
        package var children: [Int]
        /// 1 for top-level items.
        package var depth: Int
    }

    package let id: String
    package let title: String
    package private(set) var nodes: [Node] {
        didSet { revision = Revision.next() }
    }
    /// Stamped anew at every change of `nodes`, from a counter of the whole process: two
    /// hierarchies with one revision have the same items (titles, icons, badges), whichever copy
    /// or undo step they came from, so a frame can reuse the bar's labels of the last one.
    package private(set) var revision = Revision.next()
    /// Top-level items in declared order.
    package private(set) var roots: [Int]
    /// Each id's node (shared by the model's `knownIDs`: see `KnownIDs`).
    private(set) var indexByID: [String: Int]
    /// The nodes of search tabs, in node order: whether search can be reached is asked every
    /// frame, which must not walk 100,000 nodes of a layout without a search tab. Kept by every
    /// change of `nodes`.
    package private(set) var searchNodes: [Int] = []

    /// Builds and validates a hierarchy; throws the first problem found, in declared order.
    package init(_ layout: TabLayout) throws(HierarchyError) {
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

    /// A hierarchy whose table was built and checked elsewhere, by the rules of ``init(_:)``
    /// (the layout decoder checks each item as it reads it: ``problem(with:depth:)``).
    package init(id: String, title: String, nodes: [Node], roots: [Int], indexByID: [String: Int]) {
        self.id = id
        self.title = title
        self.nodes = nodes
        self.roots = roots
        self.indexByID = indexByID
        // Read in place: a node asked through the array's subscript may be copied whole first.
        searchNodes = nodes.withUnsafeBufferPointer { table in table.indices.filter { table[$0].item.role == .search } }
    }

    private mutating func append(_ item: TabItem, parent: Int?, depth: Int) -> Int {
        var flat = item
        flat.children = []
        let index = nodes.count
        nodes.append(Node(item: flat, parent: parent, children: [], depth: depth))
        indexByID[item.id] = index
        if item.role == .search { searchNodes.append(index) }
        var childIndices: [Int] = []
        childIndices.reserveCapacity(item.children.count)
        for child in item.children {
            childIndices.append(append(child, parent: index, depth: depth + 1))
        }
        nodes[index].children = childIndices
        return index
    }

    /// Checks the rules of docs/behaviour.md, "Model and customization" without building anything.
    package static func validate(_ items: [TabItem]) throws(HierarchyError) {
        var walk = ValidationWalk(items: items, prefix: [], firstOffset: 0, existing: { _ in nil })
        try walk.check(items, depth: 1)
    }

    /// What is wrong with an item's id or title, checked before its id is compared with others.
    package static func namingProblem(with item: TabItem) -> HierarchyError.Reason? {
        namingProblem(emptyID: item.id.isEmpty, emptyTitle: item.title.isEmpty)
    }

    /// `namingProblem(with:)` from the facts it looks at (for an item read in place).
    static func namingProblem(emptyID: Bool, emptyTitle: Bool) -> HierarchyError.Reason? {
        if emptyID { return .emptyID }
        if emptyTitle { return .emptyTitle }
        return nil
    }

    /// What is wrong with an item's place at `depth` (1 for the top level), once its id is known
    /// to be unique.
    package static func placingProblem(with item: TabItem, depth: Int) -> HierarchyError.Reason? {
        placingProblem(placement: item.placement, isSection: item.kind == .section,
                       isTabWithChildren: item.kind == .tab && !item.children.isEmpty, depth: depth)
    }

    /// `placingProblem(with:depth:)` from the facts it looks at (for an item read in place).
    ///
    /// Depth is counted one way everywhere (docs/behaviour.md, "Model and customization"): a
    /// top-level item is level 1 and a section's children one level more, so items go down to
    /// level `maximumDepth` and a section there could hold nothing: it is refused too, empty or not.
    static func placingProblem(placement: TabPlacement, isSection: Bool, isTabWithChildren: Bool, depth: Int) -> HierarchyError.Reason? {
        if depth > maximumDepth || (isSection && depth >= maximumDepth) { return .tooDeep(maximum: maximumDepth) }
        if depth > 1, placement == .fixed || placement == .pinned {
            return .placementInSection(placement)
        }
        if isTabWithChildren { return .childrenOnTab }
        return nil
    }

    /// One pass over items being validated. Paths are built only for an error (a path per item
    /// would cost an allocation each: most of the time of loading a large layout).
    struct ValidationWalk {
        let items: [TabItem]
        let prefix: [Int]
        /// The index the first of `items` has among its siblings (items appended at run time
        /// follow a section's existing children).
        let firstOffset: Int
        /// The path of an id already taken outside `items`, for run-time additions.
        let existing: (String) -> [Int]?
        /// Each id seen so far, with its order of appearance.
        var seen: [String: Int] = [:]
        var path: [Int] = []

        init(items: [TabItem], prefix: [Int], firstOffset: Int, existing: @escaping (String) -> [Int]?) {
            self.items = items
            self.prefix = prefix
            self.firstOffset = firstOffset
            self.existing = existing
            seen.reserveCapacity(items.count * 4)
        }

        mutating func check(_ list: [TabItem], depth: Int) throws(HierarchyError) {
            for (offset, item) in list.enumerated() {
                path.append(path.isEmpty ? firstOffset + offset : offset)
                defer { path.removeLast() }
                if let reason = namingProblem(with: item) { throw fail(item, reason) }
                if let first = existing(item.id) { throw fail(item, .duplicateID(firstPath: first)) }
                if let ordinal = seen[item.id] { throw fail(item, .duplicateID(firstPath: pathOf(ordinal: ordinal))) }
                seen[item.id] = seen.count
                if let reason = placingProblem(with: item, depth: depth) { throw fail(item, reason) }
                if item.kind == .section { try check(item.children, depth: depth + 1) }
            }
        }

        func fail(_ item: TabItem, _ reason: HierarchyError.Reason) -> HierarchyError {
            HierarchyError(path: prefix + path, id: item.id, title: item.title, reason: reason)
        }

        /// The path of the item that came `ordinal`-th in the walk (only on an error).
        func pathOf(ordinal: Int) -> [Int] {
            var counter = 0
            var found: [Int] = []
            func visit(_ list: [TabItem], _ here: [Int], top: Bool) -> Bool {
                for (offset, item) in list.enumerated() {
                    let p = here + [top ? firstOffset + offset : offset]
                    if counter == ordinal { found = p; return true }
                    counter += 1
                    if visit(item.children, p, top: false) { return true }
                }
                return false
            }
            _ = visit(items, [], top: true)
            return prefix + found
        }
    }

    // MARK: Look-ups

    package var count: Int { nodes.count }

    package func index(of id: String) -> Int? { indexByID[id] }

    package func contains(_ id: String) -> Bool { indexByID[id] != nil }

    package func item(_ id: String) -> TabItem? {
        guard let i = indexByID[id] else { return nil }
        return nodes[i].item
    }

    /// Whether the item of `id` is kept in the tab bar, never customized away.
    package func isFixedInTabBar(_ id: String) -> Bool {
        // Read where it lies (`nodes[i].item` is not copied to read one field).
        guard let i = indexByID[id] else { return false }
        return nodes[i].item.tabBarCustomization == .disabled
    }

    package func node(_ id: String) -> Node? {
        guard let i = indexByID[id] else { return nil }
        return nodes[i]
    }

    /// The section holding `id`, or `nil` for a top-level item.
    package func parentID(of id: String) -> String? {
        guard let i = indexByID[id], let p = nodes[i].parent else { return nil }
        return nodes[p].item.id
    }

    /// Children ids of a section in declared order.
    package func declaredChildren(of id: String) -> [String] {
        guard let i = indexByID[id] else { return [] }
        return nodes[i].children.map { nodes[$0].item.id }
    }

    /// Every id, in declared (depth-first) order.
    package var allIDs: [String] { depthFirstIndices.map { nodes[$0].item.id } }

    /// Every node index in declared (depth-first) order. This is the order of `nodes` until
    /// children are appended at run time: those are stored last but belong after their siblings.
    package var depthFirstIndices: [Int] {
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

    /// Adds a new child at the end of a section (docs/behaviour.md, "Model and customization": children can change at run time).
    ///
    /// The child is validated with its own children by the rules of ``init(_:)``, its ids also
    /// against every id already in the hierarchy; nothing changes when it is rejected.
    package mutating func appendChild(_ item: TabItem, to sectionID: String) throws(HierarchyError) {
        guard let s = indexByID[sectionID], nodes[s].item.kind == .section else {
            throw HierarchyError(path: [], id: item.id, title: item.title, reason: .childrenOnTab)
        }
        try validateChild(item, under: s)
        // The validation's copy of `self` is gone by now, so these appends do not copy the table.
        let index = append(item, parent: s, depth: nodes[s].depth + 1)
        nodes[s].children.append(index)
    }

    /// Puts a child back among a section's children at `position` (clamped): how undoing the
    /// delete of a run-time tab returns it to its place. Validated as ``appendChild(_:to:)`` is.
    package mutating func insertChild(_ item: TabItem, into sectionID: String, at position: Int) throws(HierarchyError) {
        try appendChild(item, to: sectionID)
        guard let s = indexByID[sectionID], let index = indexByID[item.id] else { return }
        nodes[s].children.removeLast()
        nodes[s].children.insert(index, at: max(0, min(position, nodes[s].children.count)))
    }

    /// Takes a tab without children out of its section (deleting a run-time tab); returns its
    /// position among the section's children, or `nil` (and changes nothing) when it is not a
    /// child without children of its own. The table closes the gap, so this costs one pass.
    @discardableResult
    package mutating func removeChild(_ id: String) -> Int? {
        guard let gone = indexByID[id], let s = nodes[gone].parent, nodes[gone].children.isEmpty,
              let position = nodes[s].children.firstIndex(of: gone) else { return nil }
        nodes[s].children.remove(at: position)
        nodes.remove(at: gone)
        indexByID[id] = nil
        func shifted(_ index: Int) -> Int { index > gone ? index - 1 : index }
        for i in nodes.indices {
            if let parent = nodes[i].parent, parent > gone { nodes[i].parent = parent - 1 }
            if nodes[i].children.contains(where: { $0 > gone }) { nodes[i].children = nodes[i].children.map(shifted) }
            if i >= gone { indexByID[nodes[i].item.id] = i }
        }
        roots = roots.map(shifted)
        searchNodes = searchNodes.compactMap { $0 == gone ? nil : shifted($0) }
        return position
    }

    /// Adds a new item (a tab, or a section with its children) at the end of the top level,
    /// validated as ``appendChild(_:to:)`` is (a tab added by the embedding program).
    package mutating func appendRoot(_ item: TabItem) throws(HierarchyError) {
        try validateRoot(item)
        roots.append(append(item, parent: nil, depth: 1))
    }

    /// Validates a new top-level item; non-mutating for the reason ``validateChild(_:under:)`` is.
    private func validateRoot(_ item: TabItem) throws(HierarchyError) {
        var walk = ValidationWalk(items: [item], prefix: [], firstOffset: roots.count,
                                  existing: { id in self.indexByID[id].map { self.path(of: $0) } })
        try walk.check([item], depth: 1)
    }

    /// Takes an item and everything under it out of the hierarchy, at the top level or in a
    /// section; returns the ids removed (empty when there is no such item). One pass over the
    /// table, which closes the gaps.
    @discardableResult
    package mutating func removeSubtree(_ id: String) -> [String] {
        let gone = subtreeIDs(of: id)
        guard let top = indexByID[id] else { return [] }
        var removed = [Bool](repeating: false, count: nodes.count)
        for goneID in gone { if let index = indexByID[goneID] { removed[index] = true } }
        if let parent = nodes[top].parent {
            nodes[parent].children.removeAll { $0 == top }
        } else {
            roots.removeAll { $0 == top }
        }
        // Where each kept node goes once the removed ones are out.
        var newIndex = [Int](repeating: -1, count: nodes.count)
        var next = 0
        for index in nodes.indices where !removed[index] {
            newIndex[index] = next
            next += 1
        }
        var kept: [Node] = []
        kept.reserveCapacity(next)
        for index in nodes.indices where !removed[index] {
            var node = nodes[index]
            node.parent = node.parent.map { newIndex[$0] }
            node.children = node.children.map { newIndex[$0] }
            kept.append(node)
        }
        nodes = kept
        for goneID in gone { indexByID[goneID] = nil }
        for index in nodes.indices { indexByID[nodes[index].item.id] = index }
        roots = roots.map { newIndex[$0] }
        searchNodes = searchNodes.compactMap { removed[$0] ? nil : newIndex[$0] }
        return gone
    }

    /// Validates a run-time child without changing anything. Non-mutating on purpose: the closure
    /// below captures a copy of the hierarchy, which must not outlive the check — a copy alive
    /// while `nodes` is appended to would copy the whole table on every append.
    private func validateChild(_ item: TabItem, under s: Int) throws(HierarchyError) {
        let existing: (String) -> [Int]? = { [indexByID] id in
            indexByID[id] == nil ? nil : []
        }
        var walk = ValidationWalk(items: [item], prefix: [], firstOffset: 0, existing: existing)
        do {
            try walk.check([item], depth: nodes[s].depth + 1)
        } catch {
            // Rare: build the error's paths now, against the whole hierarchy.
            var precise = ValidationWalk(items: [item], prefix: path(of: s), firstOffset: nodes[s].children.count,
                                         existing: { id in self.indexByID[id].map { self.path(of: $0) } })
            try precise.check([item], depth: nodes[s].depth + 1)
            throw error
        }
    }

    /// Indices from the top level down to the node (the `path` of ``HierarchyError``).
    package func path(of index: Int) -> [Int] {
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
    package func subtreeIDs(of id: String) -> [String] {
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
    package mutating func setBadge(_ badge: TabBadge?, for id: String) {
        guard let i = indexByID[id] else { return }
        nodes[i].item.badge = badge
    }

    /// Changes an item's symbol (the embedding program's live data).
    package mutating func setIcon(_ icon: String, for id: String) {
        guard let i = indexByID[id] else { return }
        nodes[i].item.icon = icon
    }

    /// Renames an item (a tab added at run time).
    package mutating func setTitle(_ title: String, for id: String) {
        guard let i = indexByID[id] else { return }
        nodes[i].item.title = title
    }
}
