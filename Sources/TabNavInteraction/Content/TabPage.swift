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
/// Drawing is pure: a frame calls `draw(in:)` and nothing else of the page. What the footer and
/// the help say about a page comes from its `keys` (data, read once after each key, click or
/// result), never from trying `handle` or `reload` on a copy.
///
/// Only `draw(in:)` is required; every other requirement has a default that does nothing.
public protocol TabPage: Sendable {
    /// What the page's slow work gives back (`receive(_:)` takes it). A page that starts no work
    /// leaves it out.
    associatedtype WorkResult: Sendable = Never

    /// Shown after the tab's title (`Library › Harbour at Dusk`) when this page is pushed.
    var title: String? { get }

    /// Draws the page into `canvas.rect`.
    func draw(in canvas: inout PageCanvas)

    /// A key pressed while the content has the focus. `input.action` names the page's own key
    /// (one of `keys`) that the key is bound to; otherwise `input.command` is what the keymap binds
    /// the key to in normal mode (`.up`, `.open`, `.back`…). `.ignored` lets the app act on it.
    mutating func handle(_ input: PageInput) -> PageResponse

    /// A click on a row of the page (0 is the first row of its rectangle); `isRepeat` when the
    /// content already had the focus before this click (the built-in lists open the row clicked
    /// when it is also the one under their cursor).
    mutating func click(row: Int, isRepeat: Bool, visibleRows: Int) -> PageResponse

    /// The wheel over the page.
    mutating func scroll(by rows: Int, visibleRows: Int)

    /// The keys the page acts on, as data (docs/library.md, "Keys of a page"): its own keys by
    /// name (`x: check off`, rebindable in the configuration file), and the standard commands it
    /// answers (`↑↓: move`, `Enter: details`). The footer and the help show them. Read once after
    /// each key, click or result, so it may depend on the page's state (`x` only on a task).
    var keys: [PageKey] { get }

    /// The entry `m` picks up to drop on another tab, if the cursor is on one.
    var draggableEntry: ContentEntry? { get }

    /// Whether an entry may be dropped on this page's tab.
    func accepts(_ entry: ContentEntry) -> Bool

    /// Adds a dropped entry; false when the page already holds it.
    mutating func accept(_ entry: ContentEntry) -> Bool

    /// Entries offered to the search tab (titles matched as people type).
    var searchEntries: [ContentEntry] { get }

    /// The page that opens for a search result (pushed on the search tab's own stack); asked of
    /// the page that offered the entry, as it was when the search index was made.
    func page(for entry: ContentEntry) -> (any TabPage)?

    /// The lines the page holds now, for search to find (a text's lines, a file's, a command's
    /// output; a terminal's scrollback): at most `limit`, each as the page shows it. A result
    /// names the tab and shows the line; `Enter` opens the tab at it (`reveal(line:)`).
    func searchLines(limit: Int) -> [String]

    /// Scrolls so that line `line` of `searchLines` is on screen (a search result was opened).
    mutating func reveal(line: Int)

    /// The line of `searchLines` shown at the top of the page when it has `visibleRows` rows:
    /// where find in page starts (for a page that reports `findsText`).
    func firstLineShown(visibleRows: Int) -> Int

    /// Called when the page is first shown: the slow work it needs (reading a file, running a
    /// command), or nil.
    mutating func appear() -> PageWork?

    /// `r`: the work to do again, or nil when the page has nothing to reload.
    mutating func reload() -> PageWork?

    /// The result of work started by `appear`, `reload`, `tick` or `.startWork`, typed as the
    /// page says (`WorkResult`), and every message of that type sent to the page's tab through
    /// `TabNavProxy.send(_:to:)`; a value of another type is dropped.
    mutating func receive(_ result: WorkResult)

    /// How often the page wants to be drawn again while it is shown (a spinner, "updated 3 s
    /// ago"); nil when it changes only with input or results.
    var redrawInterval: Duration? { get }

    /// Called at each `redrawInterval` while shown: work to start (a refresh), or nil.
    mutating func tick() -> PageWork?

    /// What the page tells the app about itself besides its keys (its widest line, its list
    /// cursor, whether quitting should ask first…), read as `keys` is: the app never looks at a
    /// page's type.
    var report: PageReport { get }

    /// The runtime did not start work the page asked for, and why (a command of an untrusted
    /// layout file): the page may show it.
    mutating func refused(_ refusal: WorkRefusal)
}

extension TabPage {
    public var title: String? { nil }
    public mutating func handle(_ input: PageInput) -> PageResponse { .ignored }
    public mutating func click(row: Int, isRepeat: Bool, visibleRows: Int) -> PageResponse { .ignored }
    public mutating func scroll(by rows: Int, visibleRows: Int) {}
    public var keys: [PageKey] { [] }
    public var draggableEntry: ContentEntry? { nil }
    public func accepts(_ entry: ContentEntry) -> Bool { false }
    public mutating func accept(_ entry: ContentEntry) -> Bool { false }
    public var searchEntries: [ContentEntry] { [] }
    public func page(for entry: ContentEntry) -> (any TabPage)? { nil }
    public func searchLines(limit: Int) -> [String] { [] }
    public mutating func reveal(line: Int) {}
    public func firstLineShown(visibleRows: Int) -> Int { 0 }
    public mutating func appear() -> PageWork? { nil }
    public mutating func reload() -> PageWork? { nil }
    public mutating func receive(_ result: WorkResult) {}
    public var redrawInterval: Duration? { nil }
    public mutating func tick() -> PageWork? { nil }
    public var report: PageReport { PageReport() }
    public mutating func refused(_ refusal: WorkRefusal) {}
}

/// A key as a page receives it.
public struct PageInput: Sendable, Equatable {
    /// The key itself (pages may use keys the app leaves unbound); nil when the command came
    /// from a click on a footer hint.
    public var key: KeyEvent?
    /// What the keymap binds the key to in normal mode, if anything (nil when `action` is set).
    public var command: Command?
    /// The name of the page's own key (`PageKey.name`) the key is bound to, if it is one.
    public var action: String?
    /// Rows of the page's rectangle (for page-wise movement).
    public var visibleRows: Int

    public init(key: KeyEvent?, command: Command?, action: String? = nil, visibleRows: Int) {
        self.key = key
        self.command = command
        self.action = action
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

/// Slow work a page asks for. It runs as a task on the runtime's worker threads (never on the UI
/// thread, never a thread of its own) and its result is handed to the page that asked
/// (`receive(_:)`), unless it was cancelled: by newer work of the same page, by the page being
/// popped, or by its tab being removed. Cancelled work sees `Task.isCancelled` (and cancelled
/// `Task.sleep`, `Task.checkCancellation()`); what it returns then is dropped.
public struct PageWork: Sendable {
    /// Names the work ("Loading notes.txt"); not shown anywhere yet.
    public var label: String
    /// The work itself, given the environment commands see.
    private let body: Body
    /// Set when the work is a command or a file the runtime watches (see `ChildRequest`); its
    /// results then arrive as a series of `ChildProgress`.
    public var child: ChildRequest?

    private enum Body: Sendable {
        case plain(@Sendable ([String: String]) -> any Sendable)
        case async(@Sendable ([String: String]) async -> any Sendable)
    }

    /// Work that gives the page a `Value` (the page's `WorkResult`), awaiting what it needs.
    public init<Value: Sendable>(label: String, run: @escaping @Sendable (_ environment: [String: String]) async -> Value) {
        self.label = label
        body = .async { environment in await run(environment) }
    }

    /// Work that gives the page a `Value` (the page's `WorkResult`) by computing it; it runs as a
    /// task too, and may look at `Task.isCancelled` to stop early.
    public init<Value: Sendable>(label: String, run: @escaping @Sendable (_ environment: [String: String]) -> Value) {
        self.label = label
        body = .plain { environment in run(environment) }
    }

    /// Runs the work (on the runtime's worker threads).
    package func run(_ environment: [String: String]) async -> any Sendable {
        switch body {
        case .plain(let run): return run(environment)
        case .async(let run): return await run(environment)
        }
    }

    /// Runs work that awaits nothing right here (tests, the benchmark); nil for `async` work.
    package func runNow(_ environment: [String: String]) -> (any Sendable)? {
        if case .plain(let run) = body { return run(environment) }
        return nil
    }
}

/// A key a page declares (docs/library.md, "Keys of a page"), as Textual's bindings: the footer
/// and the help show it, and a configuration file rebinds a page's own keys by name
/// (`{"keys": {"page": {"d": "toggle-done"}}}`, docs/keys.md).
public struct PageKey: Sendable, Equatable {
    /// What the key does.
    public enum Action: Sendable, Equatable {
        /// A key of the page's own: `handle` gets `PageInput.action == name`.
        case named(String, defaultKey: KeyEvent)
        /// Standard commands of the keymap the page answers (`[.up, .down]`, `[.open]`): the keys
        /// are the keymap's; `handle` gets them as `PageInput.command`.
        case commands([Command])
    }

    public var action: Action
    /// What it does, as the footer and the help say it ("check off").
    public var summary: String
    /// False keeps it out of the footer (the help lists it still).
    public var inFooter: Bool

    /// A key of the page's own: `name` is how a configuration file rebinds it (lowercase
    /// letters, digits and `-`), `key` its default.
    public init(_ name: String, key: KeyEvent, summary: String, inFooter: Bool = true) {
        action = .named(name, defaultKey: key)
        self.summary = summary
        self.inFooter = inFooter
    }

    /// A standard command the page answers, named its way (`PageKey(.open, summary: "details")`).
    public init(_ command: Command, summary: String, inFooter: Bool = true) {
        self.init([command], summary: summary, inFooter: inFooter)
    }

    /// Standard commands the page answers as one (`PageKey([.up, .down], summary: "move")`).
    public init(_ commands: [Command], summary: String, inFooter: Bool = true) {
        action = .commands(commands)
        self.summary = summary
        self.inFooter = inFooter
    }

    /// `↑↓: move`, for a page that moves a cursor or scrolls.
    public static let move = PageKey([.up, .down], summary: "move")

    /// The name of a page's own key; nil for standard commands.
    public var name: String? {
        if case .named(let name, _) = action { return name }
        return nil
    }

    /// Whether `name` can name a page's own key: lowercase ASCII letters, digits and `-`, not
    /// starting with `-`, and not `none` (which unbinds).
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "-"), name != "none", name.utf8.count <= 64 else { return false }
        return name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
    }
}

/// Hands a result of slow work to a page, as the page's `WorkResult`; false when it is of another
/// type (it is dropped).
func deliver<Page: TabPage>(_ result: any Sendable, to page: inout Page) -> Bool {
    guard let value = result as? Page.WorkResult else { return false }
    page.receive(value)
    return true
}
