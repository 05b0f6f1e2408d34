extension TabNavModel {
    /// Whether an item starts in the bar (before any customization).
    static func startsInTabBar(_ node: TabHierarchy.Node, hierarchy: TabHierarchy) -> Bool {
        !node.item.isHiddenByDefault && belongsInTabBar(node, hierarchy: hierarchy)
    }

    /// Whether an item's defaults put it in the bar whenever it is shown: `startsInTabBar`
    /// leaving aside whether it (or a section above it) starts hidden.
    static func belongsInTabBar(_ node: TabHierarchy.Node, hierarchy: TabHierarchy) -> Bool {
        belongsInTabBar(placement: node.item.placement, visibility: node.item.defaultTabBarVisibility,
                        parent: node.parent, hierarchy: hierarchy)
    }

    /// `belongsInTabBar` for the node at `index`, read in place.
    static func belongsInTabBar(at index: Int, hierarchy: TabHierarchy) -> Bool {
        belongsInTabBar(placement: hierarchy.nodes[index].item.placement,
                        visibility: hierarchy.nodes[index].item.defaultTabBarVisibility,
                        parent: hierarchy.nodes[index].parent, hierarchy: hierarchy)
    }

    private static func belongsInTabBar(
        placement: TabPlacement, visibility: TabVisibility, parent: Int?, hierarchy: TabHierarchy
    ) -> Bool {
        guard placement.isCustomizable, placement.canAppearInTabBar else {
            return false
        }
        switch visibility {
        case .visible: return true
        case .hidden: return false
        case .automatic:
            guard let parent else { return placement.isInTabBarByDefault }
            return placement != .optional
                && hierarchy.nodes[parent].item.childrenTabBarVisibility == .visible
        }
    }

    /// The customization of a first launch: docs/behaviour.md, "Model and customization"'s default bar, default hidden items,
    /// declared orders, nothing collapsed. Its `knownIDs` share the hierarchy's index of ids.
    package static func defaultCustomization(for hierarchy: TabHierarchy) -> Customization {
        var hidden: Set<String> = []
        // Fields are read in place: a copy of each node (its item and all its strings) would be
        // most of the cost with 100,000 tabs.
        for index in hierarchy.nodes.indices where hierarchy.nodes[index].item.isHiddenByDefault {
            hidden.insert(hierarchy.nodes[index].item.id)
        }
        return Customization(tabBar: defaultTabBar(for: hierarchy), hidden: hidden, knownIDs: KnownIDs(idsOf: hierarchy))
    }

    /// The customizable region of the bar of a first launch (`defaultCustomization(for:)`'s
    /// `tabBar`), in declared order.
    package static func defaultTabBar(for hierarchy: TabHierarchy) -> [String] {
        var tabBar: [String] = []
        /// Walks the items in declared order; below an item hidden by default nothing starts in
        /// the bar, so that part is skipped.
        func visit(_ indices: [Int]) {
            for index in indices where !hierarchy.nodes[index].item.isHiddenByDefault {
                if belongsInTabBar(at: index, hierarchy: hierarchy) { tabBar.append(hierarchy.nodes[index].item.id) }
                if !hierarchy.nodes[index].children.isEmpty { visit(hierarchy.nodes[index].children) }
            }
        }
        visit(hierarchy.roots)
        return tabBar
    }

    /// Merges a saved customization with the current hierarchy (docs/behaviour.md, "Persistence"): unknown ids are
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

        func effectivelyHidden(_ id: String) -> Bool { isEffectivelyHidden(id, hidden: hidden, in: hierarchy) }

        // Tab bar: saved items still allowed, then new default items next to their default neighbours.
        var seen: Set<String> = []
        var bar: [String] = []
        for id in saved.tabBar {
            guard let item = hierarchy.item(id), item.placement.isCustomizable,
                  item.placement.canAppearInTabBar, !effectivelyHidden(id), seen.insert(id).inserted
            else { continue }
            bar.append(id)
        }
        let newInBar = defaults.tabBar.filter { id in
            !seen.contains(id) && (isNew(id) || hierarchy.item(id)?.placement == .movable) && !effectivelyHidden(id)
        }
        result.tabBar = inserting(newInBar, into: bar, following: defaults.tabBar)

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
            order = inserting(declared.filter { !placed.contains($0) }, into: order, following: declared)
            if order != declared { result.sectionOrder[section] = order }
        }

        result.collapsed = saved.collapsed.filter { hierarchy.item($0)?.isSection == true }
        result.sidebarVisible = saved.sidebarVisible
        result.selected = saved.selected.flatMap { hierarchy.contains($0) && !effectivelyHidden($0) ? $0 : nil }
        return result
    }

    /// `placed` with the `new` ids inserted where `reference` (a default order) puts them: each
    /// right after the nearest item before it in `reference` that is already there, first when
    /// there is none, and at the end when `reference` does not hold it. One pass over each list,
    /// so a large layout whose saved state predates it still loads in linear time.
    static func inserting(_ new: [String], into placed: [String], following reference: [String]) -> [String] {
        let placedSet = Set(placed)
        let newSet = Set(new).subtracting(placedSet)
        guard !newSet.isEmpty else { return placed }
        var front: [String] = []
        var after: [String: [String]] = [:]
        var anchor: String?
        var positioned: Set<String> = []
        for id in reference {
            if newSet.contains(id), positioned.insert(id).inserted {
                if let anchor { after[anchor, default: []].append(id) } else { front.append(id) }
            } else if placedSet.contains(id) {
                anchor = id
            }
        }
        var result = front
        result.reserveCapacity(placed.count + newSet.count)
        for id in placed {
            result.append(id)
            result += after[id] ?? []
        }
        var rest: Set<String> = []
        result += new.filter { newSet.contains($0) && !positioned.contains($0) && rest.insert($0).inserted }
        return result
    }

    /// Hidden itself or inside a hidden section, for a given set of hidden ids.
    static func isEffectivelyHidden(_ id: String, hidden: Set<String>, in hierarchy: TabHierarchy) -> Bool {
        guard var index = hierarchy.index(of: id) else { return true }
        while true {
            if hidden.contains(hierarchy.nodes[index].item.id) { return true }
            guard let parent = hierarchy.nodes[index].parent else { return false }
            index = parent
        }
    }
}
