/// Lays the hierarchy out as sidebar rows: top-level tabs first, then each section as a header
/// followed by its children in display order (SPEC §1 "Sidebar").
///
/// It lays out the edit-mode rows (hidden items present and marked); the rows outside edit mode
/// are the same list without hidden items and without anything inside a hidden section, so they
/// are derived from it in one pass rather than laid out a second time.
struct SidebarRowsBuilder {
    let hierarchy: TabHierarchy
    let customization: Customization

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
        let isHidden = customization.hidden.contains(hierarchy.nodes[node].item.id)
        rows.append(SidebarRow(node: node, depth: depth, isSectionHeader: false, isHidden: isHidden))
    }

    private func appendSection(_ node: Int, depth: Int, into rows: inout [SidebarRow]) {
        let id = hierarchy.nodes[node].item.id
        let collapsed = customization.collapsed.contains(id)
        rows.append(SidebarRow(node: node, depth: depth, isSectionHeader: true,
                               isHidden: customization.hidden.contains(id), isCollapsed: collapsed))
        if collapsed { return }
        for childID in customization.sectionOrder[id] ?? hierarchy.declaredChildren(of: id) {
            guard let child = hierarchy.index(of: childID) else { continue }
            if hierarchy.nodes[child].item.isSection {
                appendSection(child, depth: depth + 1, into: &rows)
            } else {
                appendTab(child, depth: depth + 1, into: &rows)
            }
        }
    }
}
