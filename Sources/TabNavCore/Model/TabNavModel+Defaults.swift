extension TabNavModel {
    /// Whether an item starts in the bar (before any customization).
    static func startsInTabBar(_ node: TabHierarchy.Node, hierarchy: TabHierarchy) -> Bool {
        !node.item.isHiddenByDefault && belongsInTabBar(node, hierarchy: hierarchy)
    }

    /// Whether an item's defaults put it in the bar whenever it is shown: `startsInTabBar`
    /// leaving aside whether it (or a section above it) starts hidden.
    static func belongsInTabBar(_ node: TabHierarchy.Node, hierarchy: TabHierarchy) -> Bool {
        let item = node.item
        guard item.placement.isCustomizable, item.placement.canAppearInTabBar else {
            return false
        }
        switch item.defaultTabBarVisibility {
        case .visible: return true
        case .hidden: return false
        case .automatic:
            guard let parent = node.parent else { return item.placement.isInTabBarByDefault }
            return item.placement != .optional
                && hierarchy.nodes[parent].item.childrenTabBarVisibility == .visible
        }
    }

    /// The customization of a first launch: SPEC §1's default bar, default hidden items,
    /// declared orders, nothing collapsed.
    public static func defaultCustomization(for hierarchy: TabHierarchy) -> Customization {
        var tabBar: [String] = []
        var hidden: Set<String> = []
        var known: Set<String> = []
        known.reserveCapacity(hierarchy.count)
        for index in hierarchy.depthFirstIndices {
            let node = hierarchy.nodes[index]
            let id = node.item.id
            known.insert(id)
            if node.item.isHiddenByDefault { hidden.insert(id) }
            if startsInTabBar(node, hierarchy: hierarchy), !hasHiddenAncestor(index, hierarchy: hierarchy) {
                tabBar.append(id)
            }
        }
        return Customization(tabBar: tabBar, hidden: hidden, knownIDs: known)
    }

    private static func hasHiddenAncestor(_ index: Int, hierarchy: TabHierarchy) -> Bool {
        var parent = hierarchy.nodes[index].parent
        while let p = parent {
            if hierarchy.nodes[p].item.isHiddenByDefault { return true }
            parent = hierarchy.nodes[p].parent
        }
        return false
    }

    /// Merges a saved customization with the current hierarchy (SPEC §3): unknown ids are
    /// dropped, ids new since the save take their default places, the rest keeps its order.
    static func merge(_ saved: Customization, into defaults: Customization, hierarchy: TabHierarchy) -> Customization {
        let isNew: (String) -> Bool = { !saved.knownIDs.contains($0) }
        var result = defaults

        // Hidden: the saved choice for known items that may still hide, the default for new ones.
        var hidden = Set(saved.hidden.filter { id in
            guard let item = hierarchy.item(id) else { return false }
            return item.allowsHiding || item.isHiddenByDefault
        })
        for id in defaults.hidden where isNew(id) { hidden.insert(id) }
        result.hidden = hidden

        func effectivelyHidden(_ id: String) -> Bool {
            var current: String? = id
            while let c = current {
                if hidden.contains(c) { return true }
                current = hierarchy.parentID(of: c)
            }
            return false
        }

        // Tab bar: saved items still allowed, then new default items next to their default neighbours.
        var seen: Set<String> = []
        var bar: [String] = []
        for id in saved.tabBar {
            guard let item = hierarchy.item(id), item.placement.isCustomizable,
                  item.placement.canAppearInTabBar, !effectivelyHidden(id), seen.insert(id).inserted
            else { continue }
            bar.append(id)
        }
        for (position, id) in defaults.tabBar.enumerated() where !seen.contains(id) {
            let mustBeThere = hierarchy.item(id)?.placement == .movable
            guard (isNew(id) || mustBeThere), !effectivelyHidden(id) else { continue }
            let before = defaults.tabBar[..<position].last { seen.contains($0) }
            let at = before.flatMap { b in bar.firstIndex(of: b).map { $0 + 1 } } ?? 0
            bar.insert(id, at: at)
            seen.insert(id)
        }
        result.tabBar = bar

        // Section orders: saved order filtered, new children inserted after their declared predecessor.
        for (section, savedOrder) in saved.sectionOrder {
            guard hierarchy.item(section)?.isSection == true else { continue }
            let declared = hierarchy.declaredChildren(of: section)
            let declaredSet = Set(declared)
            var order: [String] = []
            var placed: Set<String> = []
            for id in savedOrder where declaredSet.contains(id) && placed.insert(id).inserted {
                order.append(id)
            }
            for (position, id) in declared.enumerated() where !placed.contains(id) {
                let before = declared[..<position].last { placed.contains($0) }
                let at = before.flatMap { b in order.firstIndex(of: b).map { $0 + 1 } } ?? 0
                order.insert(id, at: at)
                placed.insert(id)
            }
            if order != declared { result.sectionOrder[section] = order }
        }

        result.collapsed = saved.collapsed.filter { hierarchy.item($0)?.isSection == true }
        result.sidebarVisible = saved.sidebarVisible
        result.selected = saved.selected.flatMap { hierarchy.contains($0) && !effectivelyHidden($0) ? $0 : nil }
        return result
    }

    /// Where an item the customization has never seen goes in a bar: right after the nearest
    /// item before it in the default bar that is there, or first when there is none; at the end
    /// when the default bar does not hold it at all.
    static func defaultPlace(of id: String, in bar: [String], defaultBar: [String]) -> Int {
        guard let position = defaultBar.firstIndex(of: id) else { return bar.count }
        let present = Set(bar)
        guard let before = defaultBar[..<position].last(where: { present.contains($0) }),
              let at = bar.firstIndex(of: before) else { return 0 }
        return at + 1
    }
}
