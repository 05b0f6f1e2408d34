extension TabItemConvertible {
    /// Lets people drop entries of other tabs onto this tab's list, as onto a collection: the
    /// entries are added to its list and its badge counts them. A tab without content of its own
    /// gets an empty list.
    public func acceptsDrops(_ acceptsDrops: Bool = true) -> Self {
        modified {
            switch $0.content {
            case .list(let entries, _): $0.content = .list(entries, acceptsDrops: acceptsDrops)
            case .none: $0.content = .list([], acceptsDrops: acceptsDrops)
            default: break
            }
        }
    }
}
