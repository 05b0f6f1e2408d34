import TabNavCore
import TabNavDrawing

/// What a terminal tab's program shows, as the emulation reports it after output arrived
/// (docs/terminal-tabs.md): the screen's cells in the project's own cell format (so nothing the
/// program wrote reaches the outer terminal but these cells), where its cursor is, and the modes
/// the program asked for. A plain value: the page draws it, and a frame depends on nothing else.
package struct TerminalImage: Sendable, Equatable {
    package var columns: Int
    package var rows: Int
    /// Row-major, `columns * rows` cells; wide characters are a lead cell and a continuation.
    package var cells: [Cell]
    /// The program's cursor; nil while it is hidden or the view is scrolled back.
    package var cursor: TerminalCursor?
    /// The window title the program set (OSC 0 or 2), sanitized; empty when none.
    package var title: String
    /// Which mouse reports the program asked for.
    package var mouse: TerminalMouseMode
    /// Whether the program is on the alternate screen (a full-screen program).
    package var alternateScreen: Bool
    /// Lines kept above the screen.
    package var scrollbackLines: Int
    /// How many lines the view is scrolled back (0: the live screen).
    package var viewOffset: Int

    package init(columns: Int, rows: Int, cells: [Cell]? = nil, cursor: TerminalCursor? = nil, title: String = "",
                 mouse: TerminalMouseMode = .none, alternateScreen: Bool = false, scrollbackLines: Int = 0,
                 viewOffset: Int = 0) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.cells = cells ?? Array(repeating: .blank, count: self.columns * self.rows)
        self.cursor = cursor
        self.title = title
        self.mouse = mouse
        self.alternateScreen = alternateScreen
        self.scrollbackLines = scrollbackLines
        self.viewOffset = viewOffset
    }

    /// The text of a row, trailing blanks removed (tests, `render`).
    package func text(ofRow row: Int) -> String {
        guard row >= 0, row < rows else { return "" }
        var line = ""
        for cell in cells[row * columns ..< (row + 1) * columns] where !cell.isContinuation { line += cell.text }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}

/// The program's cursor: where it is and how the outer terminal should draw it.
package struct TerminalCursor: Sendable, Equatable {
    package enum Shape: Sendable, Equatable {
        case block, underline, bar
    }

    package var row: Int
    package var column: Int
    package var shape: Shape
    package var blinks: Bool

    package init(row: Int, column: Int, shape: Shape = .block, blinks: Bool = true) {
        self.row = row
        self.column = column
        self.shape = shape
        self.blinks = blinks
    }
}

/// The mouse reports a program asked for (xterm's modes 1000, 1002 and 1003; 1006 is the format).
package enum TerminalMouseMode: Int, Sendable, Equatable {
    case none = 0, clicks, drags, moves
}

/// Where the outer terminal's cursor goes after a frame: at a terminal program's cursor, in its
/// shape, while that program has the focus; hidden otherwise.
package struct ScreenCursor: Sendable, Equatable {
    package var column: Int
    package var row: Int
    package var shape: TerminalCursor.Shape
    package var blinks: Bool

    package init(column: Int, row: Int, shape: TerminalCursor.Shape, blinks: Bool) {
        self.column = column
        self.row = row
        self.shape = shape
        self.blinks = blinks
    }
}

/// What the program sends its program (keys, a paste, a mouse report) or asks of its emulation.
package enum TerminalInput: Sendable, Equatable {
    case key(KeyEvent)
    /// A key with modifiers (Ctrl-↑: `ESC [ 1 ; 5 A`, or `ESC O`… in application cursor mode).
    case modifiedKey(KeyEvent, KeyModifiers)
    case paste(String)
    /// A mouse report at a cell of the program's screen (0-based).
    case mouse(MouseEvent.Kind, column: Int, row: Int)
    /// The content area changed size: the pseudo-terminal follows (the program gets SIGWINCH).
    case resize(columns: Int, rows: Int)
    /// Show the screen scrolled back by this many lines (0: live).
    case view(offset: Int)
    /// Scroll the view to the next line holding this text, towards older lines or newer ones.
    case find(String, older: Bool)
}

/// How a find in a terminal's scrollback went.
package enum TerminalFindResult: Sendable, Equatable {
    /// The view moved to the next line holding the text that way.
    case found
    /// None that way: the search went on from the other end of the history and found one.
    case wrapped
    /// No line of the history holds the text.
    case notFound
}

/// What the runtime reports about a terminal tab's program: a new image of its screen, a bell,
/// its end. Arrives as the result of the page's work (`TabPage.receive`).
package struct TerminalUpdate: Sendable, Equatable {
    package var image: TerminalImage?
    /// Output arrived since the last update.
    package var activity: Bool
    /// The program rang the bell since the last update.
    package var bell: Bool
    /// It ended: how, after how many milliseconds.
    package var exit: (ChildExit, milliseconds: Int)?
    /// It could not start (the reason).
    package var failure: String?
    /// The outcome of the last find asked for (`TerminalInput.find`), once.
    package var found: TerminalFindResult?

    package init(image: TerminalImage? = nil, activity: Bool = false, bell: Bool = false,
                 exit: (ChildExit, milliseconds: Int)? = nil, failure: String? = nil, found: TerminalFindResult? = nil) {
        self.image = image
        self.activity = activity
        self.bell = bell
        self.exit = exit
        self.failure = failure
        self.found = found
    }

    package static func == (lhs: TerminalUpdate, rhs: TerminalUpdate) -> Bool {
        lhs.image == rhs.image && lhs.activity == rhs.activity && lhs.bell == rhs.bell
            && lhs.exit?.0 == rhs.exit?.0 && lhs.exit?.milliseconds == rhs.exit?.milliseconds && lhs.failure == rhs.failure
            && lhs.found == rhs.found
    }
}

/// A terminal tab's program: what runs, where, and how much it keeps.
public struct TerminalSpec: Sendable, Equatable {
    /// `/bin/sh -c` this; nil runs the person's `$SHELL` (else `/bin/sh`).
    package var command: String?
    package var options: ContentOptions
    /// Whether it comes from a layout file (and so needs the file's trust); a terminal opened at
    /// run time needs none.
    package var fromLayout: Bool
    /// The size the pseudo-terminal starts with.
    package var columns: Int
    package var rows: Int

    package init(command: String?, options: ContentOptions, fromLayout: Bool, columns: Int = 80, rows: Int = 24) {
        self.command = command
        self.options = options
        self.fromLayout = fromLayout
        self.columns = columns
        self.rows = rows
    }
}
