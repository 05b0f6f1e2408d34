/// Modifiers that only mean something for a section.
extension TabSection {
    /// Lets people reorder the section's children in the sidebar while editing.
    ///
    /// Worth turning on for collections people curate themselves; leave it off where the order
    /// carries meaning, such as a chronological list.
    public func allowsReordering(_ allowsReordering: Bool = true) -> Self {
        modified { $0.allowsReordering = allowsReordering }
    }

    /// Replaces the commands shown beside the section's header in the sidebar.
    ///
    /// Actions are for things that create or refresh the section's content ("New Collection",
    /// "Refresh"); running one never changes the selected tab. The program reports the action's
    /// `id`, so keep it stable.
    public func sectionActions(@SectionActionBuilder _ actions: () -> [SectionAction]) -> Self {
        modified { $0.actions = actions() }
    }
}
