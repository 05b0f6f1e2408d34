extension TabLayout {
    /// Declares a whole hierarchy in the result-builder style.
    ///
    /// ```swift
    /// let layout = TabLayout(id: "notes", title: "Notes") {
    ///     Tab("Today", systemImage: "sun.max", content: .file("~/today.txt")).placement(.fixed)
    ///     Tab("Archive", systemImage: "archivebox")
    ///     Tab(role: .search)
    ///     TabSection("Projects", systemImage: "folder") { … }
    /// }
    /// ```
    ///
    /// Nothing is checked here, so a layout can be assembled freely; ``TabHierarchy/init(_:)``
    /// validates it and names the first offending item.
    ///
    /// - Parameters:
    ///   - id: Names the saved customization (`<state-dir>/<id>.json`); keep it stable and unique
    ///     among the layouts your program shows.
    ///   - title: The hierarchy's name, shown where the program names what it displays.
    ///   - items: The top-level tabs and sections, in declared order.
    public init(id: String, title: String, @TabBuilder items: () -> [TabItem]) {
        self.init(id: id, title: title, items: items())
    }
}
