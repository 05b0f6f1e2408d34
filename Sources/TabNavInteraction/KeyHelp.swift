import TabNavCore
import TabNavDrawing

/// The key bindings of each mode, for the `?` overlay and the footer's hints. One table, so the
/// help can never disagree with itself.
public enum KeyHelp {
    public struct Binding: Sendable, Equatable {
        public var keys: String
        public var action: String
    }

    static func b(_ keys: String, _ action: String) -> Binding { Binding(keys: keys, action: action) }

    /// Every binding of a mode, in the order the help shows them.
    public static func bindings(for mode: InteractionMode) -> [Binding] {
        switch mode {
        case .normal:
            return [
                b("← → h l", "previous / next tab in the tab bar"),
                b("↑ ↓ k j", "move in the sidebar or the content"),
                b("PgUp PgDn Home End", "move by a page / to the ends"),
                b("Tab Shift-Tab", "focus: tab bar or sidebar ↔ content"),
                b("1…9", "select the n-th tab-bar item"),
                b("Enter", "select the sidebar row / open the content row"),
                b("Space", "fold or unfold the section under the cursor"),
                b("Backspace Esc", "back in this tab's own pages"),
                b("s", "show / hide the sidebar"),
                b("e", "edit mode: customize the tab bar and sidebar"),
                b("/", "search every tab and video"),
                b("a", "run the section action under the cursor (digits pick)"),
                b("m", "pick up the video under the cursor, to drop on a tab"),
                b("r", "reload a file or command tab"),
                b("< >", "scroll long text lines sideways"),
                b("Ctrl-L", "redraw the screen"),
                b("Ctrl-Z", "suspend (fg resumes)"),
                b("?", "this help"),
                b("q Ctrl-C", "quit, saving the customization"),
            ]
        case .edit:
            return [
                b("← → ↑ ↓", "move the edit cursor (↑ past the top reaches the bar)"),
                b("Tab", "switch between the tab bar and the sidebar"),
                b("Enter", "grab the item under the cursor"),
                b("Space", "hide / unhide (checkbox)"),
                b("x Delete", "remove from the tab bar"),
                b("+ Insert", "add to the tab bar"),
                b("s", "show / hide the sidebar"),
                b("u", "undo the last edit"),
                b("R", "reset everything to the defaults (asks first)"),
                b("e Esc", "leave edit mode (saves)"),
                b("mouse", "drag an item to move it; click a checkbox to hide"),
                b("?", "this help"),
            ]
        case .grab:
            return [
                b("← →", "move the item along the tab bar"),
                b("↑", "up the section; past its top, into the tab bar"),
                b("↓", "down the section; below the bar, out of it"),
                b("Enter", "drop it here"),
                b("Esc", "put it back"),
                b("q", "put it back and quit"),
                b("?", "this help"),
            ]
        case .search:
            return [
                b("type", "filter every tab and video (letters in order)"),
                b("↑ ↓", "choose a result"),
                b("Enter", "go to the result"),
                b("← → Home End", "move in the field; Backspace deletes"),
                b("Ctrl-U Ctrl-W", "clear the field / delete a word"),
                b("Esc", "leave the field"),
                b("F1", "this help (? is typed into the field)"),
            ]
        }
    }

    /// Bindings while carrying a video to drop it on a tab.
    public static let dropBindings: [Binding] = [
        b("← →", "choose a tab in the tab bar"),
        b("↑ ↓", "choose a tab in the sidebar"),
        b("Enter", "drop it on that tab (collections accept videos)"),
        b("Esc", "cancel"),
        b("click", "drop it on the clicked tab"),
        b("q", "cancel and quit"),
    ]

    /// The bindings the `?` overlay lists for the state now.
    public static func bindings(for state: AppState) -> [Binding] {
        if state.drop != nil { return dropBindings }
        if case .help(let mode) = state.overlay { return bindings(for: mode) }
        return bindings(for: state.mode)
    }

    /// The short hints the footer shows for the state now, most useful first; the footer shows
    /// as many whole hints as fit.
    public static func footerHints(for state: AppState) -> [String] {
        if case .confirmReset = state.overlay { return ["Reset all customization to the defaults?", "y: reset", "any other key: keep"] }
        if case .newTabPrompt = state.overlay { return ["Enter: add", "Esc: cancel"] }
        if case .chooseAction(let section) = state.overlay {
            let actions = state.model.hierarchy.item(section)?.actions ?? []
            return actions.enumerated().map { "\($0.offset + 1): \($0.element.title)" } + ["any other key: cancel"]
        }
        if state.drop != nil { return ["arrows: choose a tab", "Enter: drop", "Esc: cancel"] }
        switch state.mode {
        case .grab:
            if case .outOfTabBar? = state.edit?.grab?.target { return ["Enter: remove from the tab bar", "↑: back into the bar", "Esc: put back"] }
            return ["arrows: move", "Enter: drop", "Esc: put back"]
        case .edit: return ["Enter: grab", "Space: hide", "x: remove", "u: undo", "R: reset", "e: done"]
        case .search: return ["type to filter", "↑↓: choose", "Enter: go", "Esc: leave field"]
        case .normal:
            var hints: [String] = []
            switch state.focus {
            case .sidebar: hints = ["↑↓: move", "Enter: open", "Space: fold"]
            case .content: hints = ["↑↓: move", "Enter: open", "Tab: back"]
            case .tabBar: hints = ["←→: tabs", "↓: content"]
            }
            if state.sidebarAvailable { hints.append("s: sidebar") }
            return hints + ["e: edit", "/: search", "q: quit"]
        }
    }

    /// The key that opens the help, shown at the footer's trailing end whatever else fits.
    public static func helpHint(for state: AppState) -> String {
        state.mode == .search ? "F1: help" : "?: help"
    }
}
