import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Decodes the button code of an xterm mouse report (X10 `ESC [ M` or SGR `ESC [ <`).
///
/// The left button drives clicks and drags (that is what the tab bar and the sidebar act on); a
/// right press opens the item menu; the middle button, horizontal wheels, extra buttons and
/// motion without a button are dropped so they never turn into unintended actions.
enum MouseReport {
    /// Bits of the button code (xterm "Mouse Tracking", ctlseqs).
    static let motionBit = 32
    static let wheelBit = 64
    static let extraButtonBit = 128

    /// The event for button code `code` at 0-based `column`/`row`.
    ///
    /// - Parameter isSGRRelease: the report was an SGR release (`m` final). X10 reports say
    ///   "release" with button number 3 instead, without naming the button.
    static func event(code: Int, column: Int, row: Int, isSGRRelease: Bool) -> MouseEvent? {
        guard column >= 0, row >= 0, code >= 0, code & extraButtonBit == 0 else { return nil }
        let button = code & 3
        if code & wheelBit != 0 {
            guard !isSGRRelease else { return nil }
            switch button {
            case 0: return MouseEvent(.wheelUp, column: column, row: row)
            case 1: return MouseEvent(.wheelDown, column: column, row: row)
            default: return nil
            }
        }
        if code & motionBit != 0 {
            return button == 0 ? MouseEvent(.drag, column: column, row: row) : nil
        }
        if isSGRRelease {
            return button == 0 ? MouseEvent(.release, column: column, row: row) : nil
        }
        switch button {
        case 0: return MouseEvent(.press, column: column, row: row)
        case 2: return MouseEvent(.rightPress, column: column, row: row)
        case 3: return MouseEvent(.release, column: column, row: row)
        default: return nil
        }
    }
}
