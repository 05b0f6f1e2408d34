extension TabItemConvertible {
    /// Lets people drop content items (videos) onto this tab, as onto a collection: the items are
    /// added to its list and its badge counts them.
    public func acceptsDrops(_ acceptsDrops: Bool = true) -> Self {
        modified { $0.acceptsDrops = acceptsDrops }
    }
}
