import TabNavCore

/// What the screen, the footer and the help need to know of the page shown, read from the page
/// once at the end of each action (`AppState.apply`). A frame reads this, and calls nothing of
/// the page but `draw(in:)` (docs/library.md, "Keys of a page").
package struct ShownPage: Sendable, Equatable {
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

/// What the page shown was read from at the end of an action: the tab and the state of the
/// pages (`AppState.pagesVersion`, which every change of a stack moves on). A section's overview
/// is filled by the app from the items, their order and what is hidden, so those count too.
/// While all of it is the same the page is the same, and it is not filled or read again: at
/// every key in a section of 100 tabs that was most of the key's work. The search tab's results
/// change as the query is typed; its page is always read.
struct ShownSource: Equatable {
    var tab: String
    var pagesVersion: Int
    var overview: OverviewSource? = nil
}

/// What a section's overview rows are made from: the items, their order and what is hidden.
/// A section's stack remembers it (`AppState.overviewSources`), so going back to a section whose
/// children did not change does not list them again.
struct OverviewSource: Equatable {
    var revision: UInt64
    var hidden: Set<String>
    var sectionOrder: [String: [String]]
}
