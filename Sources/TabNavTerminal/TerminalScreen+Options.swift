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

        /// The defaults suit a normal run: mouse and colour on, `TERM` from the environment.
        package init(mouse: Bool = true, colors: Bool = true, terminalType: String? = nil, showsCursor: Bool = false) {
            self.mouse = mouse
            self.colors = colors
            self.terminalType = terminalType
            self.showsCursor = showsCursor
        }
    }
}
