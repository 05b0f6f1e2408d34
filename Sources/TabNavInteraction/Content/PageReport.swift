import TabNavCore
import TabNavDrawing

/// What a page tells the app about itself besides its keys, as a value (docs/library.md, "What a
/// page reports"). The app reads it of the page shown after each key, click or result (with
/// `keys`), and of other tabs' pages when it needs to (quitting, refreshes of hidden tabs, their
/// marks); it never looks at the page's type. Every field has a default that asks for nothing.
public struct PageReport: Sendable {
    /// Characters in the page's widest line, for a page that scrolls sideways (the footer then
    /// offers `←→`); 0 for one that does not.
    public var widestLine = 0
    /// The cursor of a page that shows a list: the search tab opens the result under it, and a
    /// second click on its row opens that row.
    public var cursor: ListCursor?
    /// Quitting asks first while this is true (a terminal tab's program runs, and ends with the app).
    public var confirmsQuit = false
    /// When the page wants its `tick` next while its tab is hidden (a command tab that refreshes
    /// in the background); nil when it does not.
    public var nextRefresh: ContinuousClock.Instant?
    /// The marks the page's tab gets when its work ends while the tab is not shown (a command's
    /// `"alert"`: it failed, its output changed).
    public var marksWhenHidden: Set<AttentionReason> = []
    /// The page shows commands of a layout file that wait for the person's trust (`t` then
    /// trusts the file, once every line is on screen).
    public var waitsForTrust = false
    /// What the footer says when the page's work ends (a section action's command: how it ended).
    public var finishedMessage: FinishedMessage?
    /// A window title the page's program set, shown beside the tab's title.
    public var programTitle: String?
    /// Find in page looks in the page's `searchLines` (from `firstLineShown(visibleRows:)` on).
    public var findsText = false
    /// What the app needs of a terminal tab's page: where keys, the mouse and the view go.
    package var terminal: TerminalReport?

    /// A footer message for the end of a page's work.
    public struct FinishedMessage: Sendable, Equatable {
        public var text: String
        public var isError: Bool
        public init(_ text: String, isError: Bool = false) {
            self.text = text
            self.isError = isError
        }
    }

    public init(widestLine: Int = 0, cursor: ListCursor? = nil, confirmsQuit: Bool = false,
                nextRefresh: ContinuousClock.Instant? = nil, marksWhenHidden: Set<AttentionReason> = [],
                waitsForTrust: Bool = false, finishedMessage: FinishedMessage? = nil, programTitle: String? = nil,
                findsText: Bool = false) {
        self.widestLine = widestLine
        self.cursor = cursor
        self.confirmsQuit = confirmsQuit
        self.nextRefresh = nextRefresh
        self.marksWhenHidden = marksWhenHidden
        self.waitsForTrust = waitsForTrust
        self.finishedMessage = finishedMessage
        self.programTitle = programTitle
        self.findsText = findsText
    }
}

/// What a terminal tab's page reports (docs/terminal-tabs.md).
package struct TerminalReport: Sendable {
    /// Keys go to the program (it runs, and the view is live).
    package var takesKeys: Bool
    package var isRunning: Bool
    package var isScrolledBack: Bool
    /// The program's cursor inside the page's rectangle, while it shows one.
    package var cursor: TerminalCursor?
    /// What the program asked of the mouse.
    package var mouse: TerminalMouseMode?
    /// The view offset to ask of the emulation, until the page is told it was passed on
    /// (`TerminalRequestSent`).
    package var requestedOffset: Int?
    /// The text looked for in the scrollback.
    package var find: TerminalFind?
}

/// Why the runtime did not start work a page asked for (`TabPage.refused(_:)`).
public enum WorkRefusal: Sendable, Equatable {
    /// The work runs a command of a layout file that is not trusted: these are the file's
    /// command lines, which the page may show (and `t` then trusts).
    case untrusted(commands: [String])
}
