extension TabHierarchy {
    /// The hierarchy as a nested layout again (each section holding its children), in declared
    /// order: what `LayoutLoader.load` returns for a file decoded straight into the table.
    package var layout: TabLayout {
        func nested(_ index: Int) -> TabItem {
            var result = nodes[index].item
            result.children = nodes[index].children.map(nested)
            return result
        }
        return TabLayout(id: id, title: title, items: roots.map(nested))
    }
}
