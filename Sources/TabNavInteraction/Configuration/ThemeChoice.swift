/// The themes a configuration file can name (`"theme": "mono"`).
///
/// The colour themes themselves are picked by the terminal's colour depth (`Theme.for(depth:
/// noColor:)`); a configuration can only keep that choice or turn colour off.
public enum ThemeChoice: String, Sendable, CaseIterable, Hashable {
    /// Colours as the terminal supports them (256, 8 or none), unless `NO_COLOR` or `--no-color`.
    case `default`
    /// No colours at all, as with `NO_COLOR`: attributes only (bold, underline, reverse…).
    case mono

    /// Whether this theme turns colour off.
    public var forcesNoColor: Bool { self == .mono }
}
