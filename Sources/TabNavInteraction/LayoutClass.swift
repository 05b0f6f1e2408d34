import TabNavCore
import TabNavDrawing

/// The size classes of docs/behaviour.md, "Adaptive layout", decided by the terminal's size alone.
package enum LayoutClass: Sendable, Equatable {
    /// Under 20×5: only a one-line notice.
    case tooSmall
    /// Under 60 columns: the bar at the bottom, the sidebar full-screen.
    case compact
    /// 60 columns or more: the bar on top, the sidebar as a leading column.
    case regular
    /// 120 columns or more: like regular, and the sidebar shows on first launch.
    case wide

    package static let minimumColumns = 20
    package static let minimumRows = 5
    package static let regularColumns = 60
    package static let wideColumns = 120

    package init(_ size: TerminalSize) {
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
