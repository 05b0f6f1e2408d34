/// The interaction mode the footer names (SPEC §5); each has its own footer badge style.
public enum FooterMode: String, Sendable, Equatable, Hashable, CaseIterable {
    case normal = "NORMAL"
    case edit = "EDIT"
    case grab = "GRAB"
    case search = "SEARCH"

    /// The label the footer shows.
    public var label: String { rawValue }
}
