import TabNavCore

/// Where a page of output (a file, a command's output) is scrolled: its first line on screen, the
/// columns scrolled out to the left, and whether it sticks to the bottom as lines arrive (a
/// followed stream does until scrolled up). Shared by `FilePage` and `CommandPage`.
struct OutputScroll: Sendable, Equatable {
    var top = 0
    var column = 0
    var sticksToBottom: Bool
    /// A followed stream held still (`p`, as `less`'s `F` is left with Ctrl-C or htop's pause):
    /// lines keep arriving below, the view does not move until resumed.
    private(set) var paused = false
    /// Rows of output the page showed last (to follow the bottom as lines arrive).
    var lastVisibleRows = 20
    let follows: Bool

    init(follows: Bool) {
        self.follows = follows
        sticksToBottom = follows
    }

    /// Back to the top, for a new read or run.
    mutating func reset() {
        top = 0
        paused = false
        sticksToBottom = follows
    }

    /// Holds a followed view where it is (`count` lines, the last `rows` shown), or lets it
    /// follow again from the bottom.
    mutating func togglePause(count: Int, rows: Int) {
        guard follows else { return }
        if paused {
            paused = false
            sticksToBottom = true
        } else {
            top = first(count: count, rows: rows)
            paused = true
            sticksToBottom = false
        }
    }

    /// Keeps a stuck view at the bottom after lines arrived.
    mutating func followed(count: Int) {
        if sticksToBottom, follows { top = max(0, count - lastVisibleRows) }
    }

    /// The first line to draw when `rows` of `count` lines fit.
    func first(count: Int, rows: Int) -> Int {
        sticksToBottom ? max(0, count - rows) : min(top, max(0, count - rows))
    }

    /// ↑ ↓ PgUp PgDn Home End and `<` `>` over `count` lines of which `rows` show; false for other
    /// commands and for ↑ at the top (the app moves the focus up then).
    mutating func handle(_ command: Command?, rows: Int, count: Int, widest: Int) -> Bool {
        lastVisibleRows = rows
        let bottom = max(0, count - rows)
        if sticksToBottom { top = bottom }
        switch command {
        case .up?:
            guard top > 0 else { return false }
            top -= 1
        case .down?: top = min(bottom, top + 1)
        case .pageUp?: top = max(0, top - max(1, rows - 1))
        case .pageDown?: top = min(bottom, top + max(1, rows - 1))
        case .first?: top = 0
        case .last?: top = bottom
        case .scrollLeft?, .scrollRight?:
            column = max(0, min(column + (command == .scrollRight ? 8 : -8), max(0, widest - 8)))
        default:
            return false
        }
        top = min(top, bottom)
        sticksToBottom = follows && !paused && top >= bottom
        return true
    }

    /// The wheel: `by` lines over `count` lines of which `rows` show.
    mutating func scroll(by lines: Int, rows: Int, count: Int) {
        lastVisibleRows = rows
        let bottom = max(0, count - rows)
        if sticksToBottom { top = bottom }
        top = max(0, min(bottom, top + lines))
        sticksToBottom = follows && !paused && top >= bottom
    }
}
