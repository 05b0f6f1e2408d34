import TabNavCore
import TabNavDrawing

/// What the reducer asks the outside world to do after a step; the reducer itself never does I/O.
public enum AppEffect: Sendable, Equatable {
    /// Persist the current `savedState` (a committed change happened).
    case save
    /// Report a change to the delegate / the events file.
    case emit(TabNavEvent)
    /// Start reading a file or running a command for a tab; the result comes back as
    /// `AppAction.contentLoaded`.
    case load(tab: String, content: TabContent)
    /// Leave the program (state is saved first).
    case quit
    /// Ctrl-Z: give the terminal back and stop until resumed.
    case suspend
    /// Ctrl-L: draw the whole screen again.
    case redraw
}

/// Everything that can happen to the program: a key, a mouse action on a known target, or a
/// result arriving from outside.
public enum AppAction: Sendable, Equatable {
    case key(KeyEvent)
    /// A mouse report, with what lies under it (found by the renderer's hit map).
    case mouse(MouseEvent, HitTarget?)
    case contentLoaded(tab: String, ContentLoad)
}

/// What a screen cell belongs to, so a click can be turned into an action.
public enum HitTarget: Sendable, Equatable, Hashable {
    case sidebarToggle
    /// A tab-bar item (index into the model's `tabBar`).
    case tabBarItem(String)
    /// The `‹` or `›` overflow marker: scroll the bar that way.
    case tabBarOverflow(forward: Bool)
    /// The gap after the last bar item (a drop there lands at the end).
    case tabBarEnd
    /// A sidebar row, by index into the rows in use.
    case sidebarRow(Int)
    /// The checkbox of a sidebar row in edit mode (a click hides or unhides).
    case sidebarCheckbox(Int)
    /// The collapse marker of a section header.
    case sectionCollapse(String)
    case sectionAction(section: String, action: String)
    /// A content row, by index into the content rows.
    case contentRow(Int)
    /// Anywhere else in the content area (wheel scrolling).
    case contentArea
    /// Anywhere else in the sidebar (wheel scrolling).
    case sidebarArea
}
