/// The mode the footer names (SPEC §5).
public enum InteractionMode: String, Sendable, Equatable, Hashable, CaseIterable {
    case normal = "NORMAL"
    case edit = "EDIT"
    case grab = "GRAB"
    case search = "SEARCH"

    /// The label the footer shows.
    public var label: String { rawValue }
}
