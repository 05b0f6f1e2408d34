/// Lays the hierarchy out as sidebar rows: top-level tabs first, then each section as a header
/// followed by its children in display order (docs/behaviour.md, "Sidebar").
///
/// It lays out the edit-mode rows (hidden items present and marked); the rows outside edit mode
/// are the same list without hidden items and without anything inside a hidden section, so they
/// are derived from it in one pass rather than laid out a second time.
///
/// It runs after every customization change (and for every grab preview), over every item, so it
/// touches each node through its index only: hidden and collapsed ids become per-node flags once,
/// and sections without a custom order walk their children's indices instead of looking each id up
/// (with 100,000 tabs, hashing every id made one rebuild cost ~10 ms).
struct SidebarRowsBuilder {
    let hierarchy: TabHierarchy
    let customization: Customization
    /// `hidden[node]`: the item is in `customization.hidden`.
    private let hidden: [Bool]
    /// `collapsed[node]`: the section is in `customization.collapsed`.
    private let collapsed: [Bool]

    init(hierarchy: TabHierarchy, customization: Customization) {
        self.hierarchy = hierarchy
        self.customization = customization
        hidden = Self.flags(customization.hidden, in: hierarchy)
        collapsed = Self.flags(customization.collapsed, in: hierarchy)
    }

    /// One flag per node, set for the nodes whose ids are in `ids`.
    private static func flags(_ ids: Set<String>, in hierarchy: TabHierarchy) -> [Bool] {
        var flags = [Bool](repeating: false, count: hierarchy.count)
        for id in ids {
            if let index = hierarchy.index(of: id) { flags[index] = true }
        }
        return flags
    }

    /// The rows of edit mode: every item not folded away under a collapsed section.
    func editRows() -> [SidebarRow] {
        var rows: [SidebarRow] = []
        rows.reserveCapacity(hierarchy.count)
        for root in hierarchy.roots where !hierarchy.nodes[root].item.isSection {
            appendTab(root, depth: 0, into: &rows)
        }
        for root in hierarchy.roots where hierarchy.nodes[root].item.isSection {
            appendSection(root, depth: 0, into: &rows)
        }
        return rows
    }

    /// The rows outside edit mode: `editRows` without hidden items and what they contain.
    static func visibleRows(of editRows: [SidebarRow]) -> [SidebarRow] {
        var rows: [SidebarRow] = []
        rows.reserveCapacity(editRows.count)
        var hiddenSectionDepth: Int?
        for row in editRows {
            if let depth = hiddenSectionDepth {
                if row.depth > depth { continue }
                hiddenSectionDepth = nil
            }
            if row.isHidden {
                if row.isSectionHeader { hiddenSectionDepth = row.depth }
                continue
            }
            rows.append(row)
        }
        return rows
    }

    private func appendTab(_ node: Int, depth: Int, into rows: inout [SidebarRow]) {
        rows.append(SidebarRow(node: node, depth: depth, isSectionHeader: false, isHidden: hidden[node]))
    }

    private func appendSection(_ node: Int, depth: Int, into rows: inout [SidebarRow]) {
        let isCollapsed = collapsed[node]
        rows.append(SidebarRow(node: node, depth: depth, isSectionHeader: true,
                               isHidden: hidden[node], isCollapsed: isCollapsed))
        if isCollapsed { return }
        if let order = customization.sectionOrder.isEmpty ? nil : customization.sectionOrder[hierarchy.nodes[node].item.id] {
            for childID in order {
                guard let child = hierarchy.index(of: childID) else { continue }
                appendChild(child, depth: depth + 1, into: &rows)
            }
        } else {
            // The declared order: the node's own children, no look-up by id needed.
            for child in hierarchy.nodes[node].children {
                appendChild(child, depth: depth + 1, into: &rows)
            }
        }
    }

    private func appendChild(_ node: Int, depth: Int, into rows: inout [SidebarRow]) {
        if hierarchy.nodes[node].item.isSection {
            appendSection(node, depth: depth, into: &rows)
        } else {
            appendTab(node, depth: depth, into: &rows)
        }
    }
}
