import CNcursesw
import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Maps the key codes ncurses returns in keypad mode (`KEY_*`, with `KEY_CODE_YES`) to `KeyEvent`.
///
/// ncurses decodes the escape sequences it finds in the terminfo entry, so keys work on any
/// terminal it knows; codes it has no `KeyEvent` for (shifted or modified keys) map to `nil` and
/// are ignored rather than guessed at.
enum CursesKeyMap {
    /// The key for ncurses code `code`, or `nil` if it has no meaning here.
    /// `KEY_RESIZE` and `KEY_MOUSE` need the screen and are handled before this is asked.
    static func keyEvent(for code: Int32) -> KeyEvent? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME, KEY_A1, KEY_FIND: return .home
        case KEY_END, KEY_C1, KEY_SELECT: return .end
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        default:
            let first = tabnav_key_f(1)
            if code >= first && code < first + 12 {
                return .function(Int(code - first) + 1)
            }
            return nil
        }
    }
}
