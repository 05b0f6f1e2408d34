import TabNavCore

/// What the screen, the footer and the help need to know of the page shown, read from the page
/// once at the end of each action (`AppState.apply`). A frame reads this, and calls nothing of
/// the page but `draw(in:)` (docs/library.md, "Keys of a page").
package struct ShownPage: Sendable {
    /// The page's title (after the tab's: `Library / Harbour at Dusk`).
    package var title: String?
    /// The keys it declares.
    package var keys: [PageKey] = []
    /// Whether `m` would pick an entry up.
    package var hasDraggableEntry = false
    /// Characters in its widest line, for a page of lines (the sideways hint).
    package var widest = 0
    /// How soon it wants to be drawn again.
    package var redrawInterval: Duration?
    /// A command page of an untrusted file, waiting for `t`.
    package var waitsForTrust = false
    /// The window title a terminal tab's program set (shown beside the tab's title).
    package var terminalTitle: String?
    /// Whether find in page looks in it (text, file and command pages).
    package var findsText = false
    /// A terminal tab's page (its screen is the program's, never mirrored).
    package var isTerminal = false

    package init() {}

    init(_ page: some TabPage) {
        title = page.title
        keys = page.keys
        hasDraggableEntry = page.draggableEntry != nil
        let report = page.report
        widest = report.widestLine
        redrawInterval = page.redrawInterval
        waitsForTrust = report.waitsForTrust
        terminalTitle = report.programTitle
        findsText = report.findsText
        isTerminal = report.terminal != nil
    }

    /// What the page calls the standard commands `commands` (declared as one key), if it
    /// declares them for the footer.
    package func summary(of commands: [Command]) -> String? {
        for key in keys where key.inFooter {
            if case .commands(let declared) = key.action, declared == commands { return key.summary }
        }
        return nil
    }

    /// Whether the page declares `command` among the standard commands it answers.
    package func answers(_ command: Command) -> Bool {
        keys.contains { key in
            if case .commands(let declared) = key.action { return declared.contains(command) }
            return false
        }
    }
}
