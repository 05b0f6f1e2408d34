import TabNavCore
import TabNavDrawing

/// The size classes of docs/behaviour.md, "Adaptive layout", decided by the terminal's size alone.
package enum LayoutClass: Sendable, Equatable {
    /// Under 20×5: only a one-line notice.
    case tooSmall
    /// Over 2000 columns or 1000 rows: only a one-line notice, so no frame grows with the
    /// terminal beyond that (docs/behaviour.md, "Adaptive layout").
    case tooLarge
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
    package static let maximumColumns = 2000
    package static let maximumRows = 1000

    package init(_ size: TerminalSize) {
        if size.columns < Self.minimumColumns || size.rows < Self.minimumRows {
            self = .tooSmall
        } else if size.columns > Self.maximumColumns || size.rows > Self.maximumRows {
            self = .tooLarge
        } else if size.columns < Self.regularColumns {
            self = .compact
        } else if size.columns < Self.wideColumns {
            self = .regular
        } else {
            self = .wide
        }
    }
}
