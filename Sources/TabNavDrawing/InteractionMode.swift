/// The mode the footer names (docs/behaviour.md, "Drawing").
public enum InteractionMode: String, Sendable, Equatable, Hashable, CaseIterable {
    case normal = "NORMAL"
    case edit = "EDIT"
    case grab = "GRAB"
    case search = "SEARCH"
    /// Typing the text to find in the page shown (`f`).
    case find = "FIND"

    /// The label the footer shows.
    public var label: String { rawValue }
}
