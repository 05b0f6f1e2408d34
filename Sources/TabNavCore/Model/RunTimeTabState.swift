/// One run-time tab as an undo step keeps it: where it was and what it was called, or that it
/// did not exist (docs/behaviour.md, "Item menu": rename and delete are undoable edits).
package struct RunTimeTabState: Sendable, Equatable {
    package var id: String
    /// `nil`: the tab was deleted.
    package var place: Place?

    package struct Place: Sendable, Equatable {
        /// The tab as it was (its title included).
        package var item: TabItem
        package var section: String
        /// Its index among the section's declared children.
        package var position: Int
        /// Its index in the order tabs were added (kept in the state file).
        package var order: Int
    }
}
