/// How many colours the terminal can show, as far as `TerminalScreen` will use them.
///
/// The renderer speaks in 256-palette indices; this tells whether they are drawn as they are,
/// folded onto the eight basic colours, or dropped (attributes alone then carry the meaning).
public enum ColorDepth: Sendable, Equatable, Comparable {
    /// No colour: monochrome terminal, or colour switched off (`NO_COLOR`, `--no-color`).
    case none
    /// The eight ANSI colours (terminals reporting fewer than 256 colours).
    case eight
    /// The full 256-colour palette.
    case full256

    /// The depth for a terminal reporting `colors` colours (terminfo `colors`, ncurses `COLORS`).
    public init(colorCount colors: Int) {
        if colors >= 256 {
            self = .full256
        } else if colors >= 8 {
            self = .eight
        } else {
            self = .none
        }
    }
}
