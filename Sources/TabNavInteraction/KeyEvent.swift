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
