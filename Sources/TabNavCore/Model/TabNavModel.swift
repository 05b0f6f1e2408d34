/// The tab hierarchy together with a person's customization: the single source of truth for
/// what the tab bar and the sidebar hold.
///
/// Every change goes through a method here, which keeps the invariants of docs/behaviour.md, "Model and customization" true after
/// each step: bar items exist, are visible and may be in the bar; fixed items lead and pinned
/// items trail; each section's order is a permutation of its children; the selection is visible.
/// Derived lists (the bar, the sidebar rows) are rebuilt once per change, never per frame, so
/// drawing stays independent of the number of tabs.
package struct TabNavModel: Sendable {
    package internal(set) var hierarchy: TabHierarchy
    package internal(set) var customization: Customization
    /// What an edit changed can be undone; the newest entry is last.
    package internal(set) var undoStack: [EditSnapshot] = []
    /// What `undo` took back, for `redo`; the newest entry is last. Emptied by any new edit.
    package internal(set) var redoStack: [EditSnapshot] = []
    /// Keeps memory bounded in long sessions.
    package static let undoLimit = 500
    /// Tabs added at run time, in the order they were added: the only ones that can be renamed
    /// and deleted (docs/behaviour.md, "Item menu").
    package internal(set) var runTimeTabs: [String] = []

    /// The composed tab bar (without the sidebar toggle): fixed, customizable, pinned.
    package internal(set) var tabBar: [TabBarEntry] = [] {
        didSet { updateBarPositions(from: oldValue) }
    }
    /// For each node, its place in `tabBar` (or -1): a tab switch and each frame ask where the
    /// selection is in the bar, which must not compare every entry's id in a bar of thousands.
    var barPositionOfNode: [Int32] = []
    /// Whether the hierarchy's nodes changed (`changeHierarchy`) since `barPositionOfNode` was built.
    private var barPositionsStale = true
    /// Sidebar rows outside edit mode (hidden items absent, collapsed sections folded).
    package internal(set) var sidebarRows: [SidebarRow] = []
    /// Sidebar rows in edit mode (hidden items present and marked).
    package internal(set) var editSidebarRows: [SidebarRow] = []
    var rowOfNode: [Int32] = []
    var editRowOfNode: [Int32] = []

    /// The state of the bar, the hidden set and the orders an undo returns to.
    package struct EditSnapshot: Sendable, Equatable {
        package var tabBar: [String]
        package var hidden: Set<String>
        package var sectionOrder: [String: [String]]
        package var selected: String?
        /// The run-time tabs a rename or a delete changed, as they were (empty for other edits).
        package var runTimeTabs: [RunTimeTabState] = []
        /// Folded sections: kept only by a reset (folding is not an edit, so undoing an edit
        /// leaves it alone, but undoing a reset unfolds nothing it did not fold).
        package var collapsed: Set<String>? = nil
    }

    /// Builds the model from a hierarchy and, when there is one, a saved customization, merged
    /// as docs/behaviour.md, "Persistence" says: ids gone are dropped, new ids take their default places, the rest keeps
    /// the person's order.
    /// - Parameter runTimeTabs: the ids of `hierarchy` that were added at run time (restored
    ///   from a state file), in the order they were added.
    package init(hierarchy: TabHierarchy, saved: Customization? = nil, runTimeTabs: [String] = []) {
        self.hierarchy = hierarchy
        self.runTimeTabs = runTimeTabs.filter { hierarchy.contains($0) }
        let defaults = Self.defaultCustomization(for: hierarchy)
        if let saved {
            self.customization = Self.merge(saved, into: defaults, hierarchy: hierarchy)
        } else {
            self.customization = defaults
        }
        rebuild()
    }

    // MARK: Queries

    /// The selected item: always a visible item (or `nil` only when nothing at all is visible).
    package var selectedID: String? { customization.selected }

    package var selectedItem: TabItem? { customization.selected.flatMap { hierarchy.item($0) } }

    /// Ids of the bar's items, in order.
    package var tabBarIDs: [String] { tabBar.map(\.id) }

    package func isInTabBar(_ id: String) -> Bool {
        tabBarPosition(of: id) != nil
    }

    /// Where an item is in the composed tab bar, if it is there.
    package func tabBarPosition(of id: String) -> Int? {
        // Between a change of the nodes and the bar composed anew, the index is not asked.
        guard !barPositionsStale else { return tabBar.firstIndex { $0.id == id } }
        guard let node = hierarchy.index(of: id), barPositionOfNode.indices.contains(node) else { return nil }
        let position = Int(barPositionOfNode[node])
        // Checked against the bar itself, so a stale index can only mean "not found".
        return position >= 0 && position < tabBar.count && tabBar[position].id == id ? position : nil
    }

    /// How many entries at the end of the bar are pinned (they always come last).
    package var pinnedCount: Int {
        var count = 0
        for entry in tabBar.reversed() {
            guard entry.region == .pinned else { break }
            count += 1
        }
        return count
    }

    /// Brings `barPositionOfNode` up to date with a new bar: the old entries' nodes cleared and
    /// the new ones set, so an edit costs the bar's length, not the hierarchy's; the whole index
    /// is built again when the hierarchy's nodes changed (added, removed, moved).
    private mutating func updateBarPositions(from old: [TabBarEntry]) {
        guard !barPositionsStale, barPositionOfNode.count == hierarchy.count else {
            barPositionOfNode = Self.barPositions(of: tabBar, in: hierarchy)
            barPositionsStale = false
            return
        }
        for entry in old {
            if let node = hierarchy.index(of: entry.id) { barPositionOfNode[node] = -1 }
        }
        for (position, entry) in tabBar.enumerated() {
            if let node = hierarchy.index(of: entry.id) { barPositionOfNode[node] = Int32(position) }
        }
    }

    static func barPositions(of bar: [TabBarEntry], in hierarchy: TabHierarchy) -> [Int32] {
        var positions = [Int32](repeating: -1, count: hierarchy.count)
        for (position, entry) in bar.enumerated() {
            if let node = hierarchy.index(of: entry.id) { positions[node] = Int32(position) }
        }
        return positions
    }

    /// Hidden itself or inside a hidden section.
    package func isEffectivelyHidden(_ id: String) -> Bool {
        Self.isEffectivelyHidden(id, hidden: customization.hidden, in: hierarchy)
    }

    /// Shown somewhere (in the sidebar at least): exists and is not hidden.
    package func isVisible(_ id: String) -> Bool {
        hierarchy.contains(id) && !isEffectivelyHidden(id)
    }

    /// A section's children in display order.
    package func displayOrder(of sectionID: String) -> [String] {
        customization.sectionOrder[sectionID] ?? hierarchy.declaredChildren(of: sectionID)
    }

    package func isCollapsed(_ sectionID: String) -> Bool {
        customization.collapsed.contains(sectionID)
    }

    /// The item the selection falls back to: the first item of the bar, else the first visible
    /// sidebar row.
    package var firstSelectableID: String? {
        if let first = tabBar.first { return first.id }
        return sidebarRows.first.map { hierarchy.nodes[$0.node].item.id }
    }

    // MARK: Changes that are not edits (not undoable)

    /// Selects a visible item; returns the event when the selection changed.
    @discardableResult
    package mutating func select(_ id: String) -> TabNavEvent? {
        guard isVisible(id), customization.selected != id else { return nil }
        customization.selected = id
        return .selectionDidChange(tab: id)
    }

    /// Folds or unfolds a section's children in the sidebar.
    package mutating func setCollapsed(_ sectionID: String, _ collapsed: Bool) {
        guard let item = hierarchy.item(sectionID), item.isSection else { return }
        if collapsed { customization.collapsed.insert(sectionID) } else { customization.collapsed.remove(sectionID) }
        rebuildSidebar()
    }

    /// Records whether the sidebar shows; returns the event when it changed.
    @discardableResult
    package mutating func setSidebarVisible(_ visible: Bool) -> TabNavEvent? {
        guard customization.sidebarVisible != visible else { return nil }
        customization.sidebarVisible = visible
        return .sidebarVisibilityDidChange(visible: visible)
    }

    /// Adds a tab (or a section with its children) to a section at run time (docs/behaviour.md, "Model and customization": children
    /// can change). It is appended to the section's display order, starts hidden if it is hidden
    /// by default, and joins the bar when its defaults say so, next to its default neighbour —
    /// where it would be had it been declared from the start. The undo history gets the same
    /// additions, so undoing an earlier edit never takes the new tab away.
    package mutating func appendTab(_ item: TabItem, to sectionID: String) throws(HierarchyError) {
        try changeHierarchy { hierarchy throws(HierarchyError) in try hierarchy.appendChild(item, to: sectionID) }
        runTimeTabs.append(item.id)
        let added = hierarchy.subtreeIDs(of: item.id)
        let hierarchy = self.hierarchy
        // The default bar places the items that join the bar; it is worked out (a pass over
        // every node) only when one does.
        let joinsBar = added.contains { id in hierarchy.node(id).map { Self.startsInTabBar($0, hierarchy: hierarchy) } ?? false }
        let defaultBar = joinsBar ? Self.defaultTabBar(for: hierarchy) : []
        func place(tabBar: inout [String], hidden: inout Set<String>, sectionOrder: inout [String: [String]]) {
            Self.placeAppended(added, in: sectionID, tabBar: &tabBar, hidden: &hidden, sectionOrder: &sectionOrder,
                               defaultBar: defaultBar, hierarchy: hierarchy)
        }
        place(tabBar: &customization.tabBar, hidden: &customization.hidden, sectionOrder: &customization.sectionOrder)
        for index in undoStack.indices {
            var kept = undoStack[index]
            place(tabBar: &kept.tabBar, hidden: &kept.hidden, sectionOrder: &kept.sectionOrder)
            undoStack[index] = kept
        }
        for index in redoStack.indices {
            var kept = redoStack[index]
            place(tabBar: &kept.tabBar, hidden: &kept.hidden, sectionOrder: &kept.sectionOrder)
            redoStack[index] = kept
        }
        rebuild()
    }

    /// Gives items just appended to `sectionID` their default places in one state of the
    /// customization (the current one or one kept for undo).
    private static func placeAppended(
        _ ids: [String], in sectionID: String, tabBar: inout [String], hidden: inout Set<String>,
        sectionOrder: inout [String: [String]], defaultBar: [String], hierarchy: TabHierarchy
    ) {
        if let first = ids.first, sectionOrder[sectionID] != nil { sectionOrder[sectionID]?.append(first) }
        for id in ids where hierarchy.item(id)?.isHiddenByDefault == true { hidden.insert(id) }
        let joining = ids.filter { id in
            guard let node = hierarchy.node(id), Self.startsInTabBar(node, hierarchy: hierarchy) else { return false }
            return !Self.isEffectivelyHidden(id, hidden: hidden, in: hierarchy)
        }
        tabBar = Self.inserting(joining, into: tabBar, following: defaultBar)
    }

    /// Makes a change that adds or removes nodes of the hierarchy, and sets `customization.knownIDs`
    /// to the new ids. The known ids share the hierarchy's index of ids: they let go of it during
    /// the change, so that the index is changed in place rather than copied whole.
    @discardableResult
    mutating func changeHierarchy<Result, Failure: Error>(
        _ change: (inout TabHierarchy) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        customization.knownIDs = KnownIDs()
        barPositionsStale = true
        defer { customization.knownIDs = KnownIDs(idsOf: hierarchy) }
        return try change(&hierarchy)
    }

    /// Changes a badge (live data such as a count of dropped items).
    package mutating func setBadge(_ badge: TabBadge?, for id: String) {
        hierarchy.setBadge(badge, for: id)
    }

    // MARK: Derived lists

    /// Recomputes the bar and the sidebar rows and re-establishes the selection rule.
    mutating func rebuild() {
        tabBar = Self.composeTabBar(hierarchy: hierarchy, customization: customization)
        rebuildSidebar()
        if let selected = customization.selected, isVisible(selected) { return }
        customization.selected = firstSelectableID
    }

    mutating func rebuildSidebar() {
        editSidebarRows = SidebarRowsBuilder(hierarchy: hierarchy, customization: customization).editRows()
        editRowOfNode = Self.rowIndex(of: editSidebarRows, nodes: hierarchy.count)
        // With nothing hidden (as at a first launch), both modes show the same rows: the lists
        // are shared, not built twice (10,000 rows and their index at every launch).
        if customization.hidden.isEmpty {
            sidebarRows = editSidebarRows
            rowOfNode = editRowOfNode
        } else {
            sidebarRows = SidebarRowsBuilder.visibleRows(of: editSidebarRows)
            rowOfNode = Self.rowIndex(of: sidebarRows, nodes: hierarchy.count)
        }
    }

    /// For each node, its row (or -1): finding the selection's row must not scan 100,000 rows
    /// on every tab switch.
    static func rowIndex(of rows: [SidebarRow], nodes: Int) -> [Int32] {
        var index = [Int32](repeating: -1, count: nodes)
        for (row, entry) in rows.enumerated() { index[entry.node] = Int32(row) }
        return index
    }

    /// The row showing a node, in the rows of edit mode or of normal mode.
    package func sidebarRow(ofNode node: Int, editing: Bool) -> Int? {
        let index = editing ? editRowOfNode : rowOfNode
        guard index.indices.contains(node), index[node] >= 0 else { return nil }
        return Int(index[node])
    }

    static func composeTabBar(
        hierarchy: TabHierarchy, customization: Customization
    ) -> [TabBarEntry] {
        var leading: [TabBarEntry] = []
        var trailing: [TabBarEntry] = []
        for root in hierarchy.roots {
            let item = hierarchy.nodes[root].item
            guard !customization.hidden.contains(item.id) else { continue }
            switch item.placement {
            case .fixed: leading.append(TabBarEntry(id: item.id, region: .fixed))
            case .pinned: trailing.append(TabBarEntry(id: item.id, region: .pinned))
            default: break
            }
        }
        let middle = customization.tabBar.map { TabBarEntry(id: $0, region: .customizable) }
        return leading + middle + trailing
    }
}
