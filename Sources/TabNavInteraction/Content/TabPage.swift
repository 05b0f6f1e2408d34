import TabNavCore
import TabNavDrawing

/// What a tab shows: its root page, and the pages pushed on the tab's own stack above it
/// (docs/library.md). Anything that conforms can be a tab's content; text, files, command output
/// and lists of entries are built in (`TextPage`, `ListPage`).
///
/// A page is a value that holds its own view state (cursor, scroll), so leaving a tab and coming
/// back finds it where it was. It draws into the rectangle it is given and nothing else; it
/// receives the keys (and clicks) while the content has the focus; slow work is asked for with
/// `PageResponse.startWork` and runs off the UI thread.
///
/// Only `draw(in:)` is required; every other requirement has a default that does nothing.
public protocol TabPage: Sendable {
    /// Shown after the tab's title (`Library › Harbour at Dusk`) when this page is pushed.
    var title: String? { get }

    /// Draws the page into `canvas.rect`.
    func draw(in canvas: inout PageCanvas)

    /// A key pressed while the content has the focus. `input.command` is what the keymap binds the
    /// key to in normal mode (`.up`, `.open`, `.back`…); `.ignored` lets the app act on it.
    mutating func handle(_ input: PageInput) -> PageResponse

    /// A click on a row of the page (0 is the first row of its rectangle); `isRepeat` when the
    /// content already had the focus before this click (the built-in lists open the row clicked
    /// when it is also the one under their cursor).
    mutating func click(row: Int, isRepeat: Bool, visibleRows: Int) -> PageResponse

    /// The wheel over the page.
    mutating func scroll(by rows: Int, visibleRows: Int)

    /// Hints for the footer while the page has the focus (`x: done`).
    var hints: [PageHint] { get }

    /// The entry `m` picks up to drop on another tab, if the cursor is on one.
    var draggableEntry: ContentEntry? { get }

    /// Whether an entry may be dropped on this page's tab.
    func accepts(_ entry: ContentEntry) -> Bool

    /// Adds a dropped entry; false when the page already holds it.
    mutating func accept(_ entry: ContentEntry) -> Bool

    /// Entries offered to the search tab (titles matched as people type).
    var searchEntries: [ContentEntry] { get }

    /// The page that opens for a search result (pushed on the search tab's own stack).
    func page(for entry: ContentEntry) -> (any TabPage)?

    /// Called when the page is first shown: the slow work it needs (reading a file, running a
    /// command), or nil.
    mutating func appear() -> PageWork?

    /// `r`: the work to do again, or nil when the page has nothing to reload.
    mutating func reload() -> PageWork?

    /// The result of work started by `appear`, `reload`, `tick` or `.startWork`, and every
    /// message sent to the page's tab through `TabNavProxy.send(_:to:)`.
    mutating func receive(_ result: any Sendable)

    /// How often the page wants to be drawn again while it is shown (a spinner, "updated 3 s
    /// ago"); nil when it changes only with input or results.
    var redrawInterval: Duration? { get }

    /// Called at each `redrawInterval` while shown: work to start (a refresh), or nil.
    mutating func tick() -> PageWork?
}

extension TabPage {
    public var title: String? { nil }
    public mutating func handle(_ input: PageInput) -> PageResponse { .ignored }
    public mutating func click(row: Int, isRepeat: Bool, visibleRows: Int) -> PageResponse { .ignored }
    public mutating func scroll(by rows: Int, visibleRows: Int) {}
    public var hints: [PageHint] { [] }
    public var draggableEntry: ContentEntry? { nil }
    public func accepts(_ entry: ContentEntry) -> Bool { false }
    public mutating func accept(_ entry: ContentEntry) -> Bool { false }
    public var searchEntries: [ContentEntry] { [] }
    public func page(for entry: ContentEntry) -> (any TabPage)? { nil }
    public mutating func appear() -> PageWork? { nil }
    public mutating func reload() -> PageWork? { nil }
    public mutating func receive(_ result: any Sendable) {}
    public var redrawInterval: Duration? { nil }
    public mutating func tick() -> PageWork? { nil }
}

/// A key as a page receives it.
public struct PageInput: Sendable, Equatable {
    /// The key itself (pages may use keys the app leaves unbound); nil when the command came
    /// from a click on a footer hint.
    public var key: KeyEvent?
    /// What the keymap binds the key to in normal mode, if anything.
    public var command: Command?
    /// Rows of the page's rectangle (for page-wise movement).
    public var visibleRows: Int

    public init(key: KeyEvent?, command: Command?, visibleRows: Int) {
        self.key = key
        self.command = command
        self.visibleRows = visibleRows
    }
}

/// What a page did with a key or a click.
public enum PageResponse: Sendable {
    /// Not for this page: the app acts on the key.
    case ignored
    /// Done (the page changed itself, or deliberately did nothing).
    case handled
    /// Push a page on the tab's stack.
    case push(any TabPage)
    /// Go back to the page below.
    case pop
    /// Select another tab (a page that links to tabs).
    case selectTab(String)
    /// Show a message in the footer.
    case say(String)
    /// Run slow work off the UI thread; its result comes back through `receive(_:)`.
    case startWork(PageWork)
}

/// Slow work a page asks for. It runs off the UI thread (on a terminal) and its result is handed
/// to the page that asked, unless newer work replaced it.
public struct PageWork: Sendable {
    /// Names the work ("Loading notes.txt"); not shown anywhere yet.
    public var label: String
    public var run: @Sendable (_ environment: [String: String]) -> any Sendable
    /// Set when the work is a command or a file the runtime watches (see `ChildRequest`); its
    /// results then arrive as a series of `ChildProgress`.
    public var child: ChildRequest?

    public init(label: String, run: @escaping @Sendable (_ environment: [String: String]) -> any Sendable) {
        self.label = label
        self.run = run
    }
}

/// A footer hint a page adds while it has the focus.
public struct PageHint: Sendable, Equatable {
    public var key: String
    public var action: String

    public init(key: String, action: String) {
        self.key = key
        self.action = action
    }
}

/// The page as one of the built-in page types, when it is exactly that type. The app asks this of
/// the page on screen several times a frame; comparing the type first is a few instructions where
/// a failed `as?` is a runtime cast (measured with callgrind). The built-in pages are structs, so
/// "exactly" and `as?` agree.
@inline(__always)
func builtIn<Page: TabPage>(_ page: any TabPage, as type: Page.Type) -> Page? {
    guard ObjectIdentifier(Swift.type(of: page)) == ObjectIdentifier(type) else { return nil }
    return page as? Page
}
