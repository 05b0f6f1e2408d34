import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// One thing the run loop must react to, as returned by `TerminalScreen.nextEvents()`.
///
/// Keys, signals, wake-ups and the end of input arrive through one blocking call so the run loop
/// needs no timers and uses no CPU while idle.
package enum InputEvent: Sendable, Equatable {
    /// A key the terminal reported.
    case key(KeyEvent)
    /// A key pressed with Alt (Escape, then the key, at once): no binding uses it; a terminal
    /// tab's program with the keys gets both.
    case altKey(KeyEvent)
    /// A key the terminal reported with Shift, Alt or Ctrl (`ESC [ 1 ; 5 A`): no binding uses
    /// it; a terminal tab's program with the keys gets it as xterm sends it.
    case modifiedKey(KeyEvent, KeyModifiers)
    /// A mouse report.
    case mouse(MouseEvent)
    /// Text the terminal pasted (bracketed paste): for a focused field, never keys.
    case paste(String)
    /// The terminal answered the background query (OSC 11) with this colour.
    case terminalBackground(RGBColor)
    /// The terminal changed size.
    case resize(TerminalSize)
    /// SIGTERM, SIGHUP, SIGINT or SIGQUIT arrived. Save state and call `close()`: the handler
    /// itself only recorded the signal, so the terminal is still in curses mode.
    case terminate(signal: Int32)
    /// Another thread called `Waker.wake()` (for example, a background command finished).
    case wake
    /// The terminal went away or input ended (hangup, end of file). Nothing more will be read;
    /// save state and close.
    case endOfInput
}
