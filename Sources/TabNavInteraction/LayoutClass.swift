import TabNavCore
import TabNavDrawing

/// The size classes of SPEC §4, decided by the terminal's size alone.
public enum LayoutClass: Sendable, Equatable {
    /// Under 20×5: only a one-line notice.
    case tooSmall
    /// Under 60 columns: the bar at the bottom, the sidebar full-screen.
    case compact
    /// 60 columns or more: the bar on top, the sidebar as a leading column.
    case regular
    /// 120 columns or more: like regular, and the sidebar shows on first launch.
    case wide

    public static let minimumColumns = 20
    public static let minimumRows = 5
    public static let regularColumns = 60
    public static let wideColumns = 120

    public init(_ size: TerminalSize) {
        if size.columns < Self.minimumColumns || size.rows < Self.minimumRows {
            self = .tooSmall
        } else if size.columns < Self.regularColumns {
            self = .compact
        } else if size.columns < Self.wideColumns {
            self = .regular
        } else {
            self = .wide
        }
    }
}
