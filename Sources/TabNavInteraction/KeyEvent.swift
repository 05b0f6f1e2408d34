import TabNavCore
import TabNavDrawing

/// A key press, decoded from the terminal (or from a `render --keys` name).
///
/// The model and the key bindings see only these values, never curses codes, so the same
/// reducer runs behind ncurses, behind the headless renderer and in tests.
public enum KeyEvent: Sendable, Equatable, Hashable {
    case character(Character)
    /// A control key: `control("c")` is Ctrl-C. Always a lowercase letter or one of `@[\]^_`.
    case control(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace, delete, insert
    case function(Int)
}

/// Shift, Alt and Ctrl held with a key that the terminal reports with its modifiers (xterm's
/// `ESC [ 1 ; 5 A` is Ctrl-↑). No binding uses them; a terminal tab's program gets the key as
/// xterm would send it (docs/terminal-tabs.md, "Keys"). The raw values are xterm's modifier bits
/// (its parameter is one more than their sum), which are libvterm's too.
package struct KeyModifiers: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    package static let shift = KeyModifiers(rawValue: 1)
    package static let alt = KeyModifiers(rawValue: 2)
    package static let control = KeyModifiers(rawValue: 4)

    /// The modifiers of xterm's parameter (`5` is Ctrl): 2 to 16, Meta read as Alt. Nil for
    /// anything else (1, no modifier, included).
    package init?(xtermParameter value: Int) {
        guard (2...16).contains(value) else { return nil }
        let bits = value - 1
        self = KeyModifiers(rawValue: bits & 7)
        if bits & 8 != 0 { insert(.alt) }
    }

    /// `Shift-`, `Alt-`, `Ctrl-` in the order people write them (`Ctrl-Shift-↑`).
    package var label: String {
        (contains(.control) ? "Ctrl-" : "") + (contains(.alt) ? "Alt-" : "") + (contains(.shift) ? "Shift-" : "")
    }
}

extension KeyEvent {
    /// The key as a mirrored (right-to-left) layout reads it: `←` points to the trailing end there,
    /// which is what `→` does in a left-to-right layout. `h` and `l`, the arrows' letters, mirror
    /// with them (in a text field they are typed as they are: only the command looked up mirrors).
    var mirroredArrow: KeyEvent {
        switch self {
        case .left: return .right
        case .right: return .left
        case .character("h"): return .character("l")
        case .character("l"): return .character("h")
        default: return self
        }
    }
}

/// A mouse report in screen cells (0-based column and row).
public struct MouseEvent: Sendable, Equatable, Hashable {
    public enum Kind: Sendable, Equatable, Hashable {
        case press, release, drag, wheelUp, wheelDown
        /// The right button: the item menu of what is under the pointer.
        case rightPress
    }

    public var kind: Kind
    public var column: Int
    public var row: Int

    public init(_ kind: Kind, column: Int, row: Int) {
        self.kind = kind
        self.column = column
        self.row = row
    }
}
