/// Lays the hierarchy out as sidebar rows: top-level tabs first, then each section as a header
/// followed by its children in display order (SPEC §1 "Sidebar").
struct SidebarRowsBuilder {
    let model: TabNavModel
    let includeHidden: Bool

    func rows() -> [SidebarRow] {
        let hierarchy = model.hierarchy
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

    private func hidden(_ node: Int) -> Bool {
        model.customization.hidden.contains(model.hierarchy.nodes[node].item.id)
    }

    private func appendTab(_ node: Int, depth: Int, into rows: inout [SidebarRow]) {
        let isHidden = hidden(node)
        if isHidden && !includeHidden { return }
        rows.append(SidebarRow(node: node, depth: depth, isSectionHeader: false, isHidden: isHidden))
    }

    private func appendSection(_ node: Int, depth: Int, into rows: inout [SidebarRow]) {
        let isHidden = hidden(node)
        if isHidden && !includeHidden { return }
        let id = model.hierarchy.nodes[node].item.id
        let collapsed = model.customization.collapsed.contains(id)
        rows.append(SidebarRow(node: node, depth: depth, isSectionHeader: true, isHidden: isHidden, isCollapsed: collapsed))
        if collapsed { return }
        for childID in model.displayOrder(of: id) {
            guard let child = model.hierarchy.index(of: childID) else { continue }
            if model.hierarchy.nodes[child].item.isSection {
                appendSection(child, depth: depth + 1, into: &rows)
            } else {
                appendTab(child, depth: depth + 1, into: &rows)
            }
        }
    }
}
