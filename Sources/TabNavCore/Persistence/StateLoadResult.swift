/// What `StateStore.load()` found, so the program can start from the saved state, from the
/// defaults, or from the defaults with a footer message about the unusable file.
package enum StateLoadResult: Sendable, Equatable {
    /// No state file yet: a first launch.
    case missing
    case loaded(SavedState)
    /// The file could not be read or understood. It was renamed to `keptAs` (so nothing is lost
    /// and it is never overwritten); `reason` says what was wrong, for the footer.
    case corrupt(keptAs: String, reason: String)
}
