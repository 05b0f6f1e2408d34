extension TerminalScreen {
    /// How to open the screen; the command line decides these.
    package struct Options: Sendable, Equatable {
        /// Report mouse clicks, drags and the wheel (off with `--no-mouse`). When off the
        /// terminal's own selection and scrollback keep working.
        package var mouse: Bool
        /// Use colour where the terminal has it (off with `--no-color` or a non-empty `NO_COLOR`);
        /// when off, `colorDepth` is `.none` and only attributes are drawn.
        package var colors: Bool
        /// The terminfo type to use instead of `$TERM` (tests use `xterm-256color`); `nil` reads
        /// `TERM` as ncurses normally does.
        package var terminalType: String?
        /// Keep the terminal's cursor visible (`--screen-reader`). Hidden or not, it is placed on
        /// what has the focus after every frame.
        package var showsCursor: Bool
        /// The terminal takes 24-bit colours (`COLORTERM=truecolor`): a terminal of 256 colours
        /// is then drawn with `.direct` colours.
        package var directColor: Bool
        /// Ask the terminal for its background colour (OSC 11) as the screen opens; the answer
        /// arrives as `InputEvent.terminalBackground`, never as keys.
        package var asksBackground: Bool

        /// The defaults suit a normal run: mouse and colour on, `TERM` from the environment.
        package init(mouse: Bool = true, colors: Bool = true, terminalType: String? = nil, showsCursor: Bool = false,
                     directColor: Bool = false, asksBackground: Bool = false) {
            self.mouse = mouse
            self.colors = colors
            self.terminalType = terminalType
            self.showsCursor = showsCursor
            self.directColor = directColor
            self.asksBackground = asksBackground
        }
    }
}
