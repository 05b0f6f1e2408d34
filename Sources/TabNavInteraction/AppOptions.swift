import TabNavCore
import TabNavDrawing

/// How the program was asked to present the hierarchy (the command line's display options).
public struct AppOptions: Sendable, Equatable {
    /// `--mode`: let the size decide, always a bar, or start with the sidebar.
    public enum Mode: String, Sendable, CaseIterable { case auto, tabbar, sidebar }

    public var mode: Mode
    /// Right-to-left: everything mirrors (docs/behaviour.md, "Model and customization").
    public var rightToLeft: Bool
    /// ASCII stand-ins instead of Unicode glyphs.
    public var ascii: Bool
    public var mouse: Bool
    /// `--screen-reader`: the terminal's cursor stays visible (it always sits on what has the
    /// focus), and marks are spelled as words (`hidden`, `in bar`, `3 new`).
    public var screenReader: Bool
    /// `--icons`: the standard icons, or a Nerd Font's.
    public var icons: IconStyle

    public init(mode: Mode = .auto, rightToLeft: Bool = false, ascii: Bool = false, mouse: Bool = true,
                screenReader: Bool = false, icons: IconStyle = .standard) {
        self.mode = mode
        self.rightToLeft = rightToLeft
        self.ascii = ascii
        self.mouse = mouse
        self.screenReader = screenReader
        self.icons = icons
    }
}

/// A terminal size in cells.
public struct TerminalSize: Sendable, Equatable, Hashable {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }
}
