/// The lines of slow work that finished all at once (pages given by an embedding program may
/// hand these to a `TextPage`).
package enum ContentLoad: Sendable, Equatable {
    case loading
    case loaded([String])
    /// What went wrong, as lines for the content area.
    case failed([String])
}
