import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender
import TabNavTerminal

/// The whole app without a terminal, driven by keys, for tests (docs/library.md, "Testing
/// pages"): what `tabnav-tui render --keys` does, as ratatui's `TestBackend` or Textual's `Pilot`.
///
/// ```swift
/// let app = try HeadlessApp(layout, columns: 80, rows: 24)
/// try app.press("down,x")
/// XCTAssertTrue(app.text.contains("☑ Water the plants"))
/// XCTAssertEqual(app.screen[2, 3].style, app.style.theme.contentSelected)
/// ```
///
/// Each key's slow work (a page's own work, commands, files) runs to its end before the next key,
/// so a test never waits on a clock. Nothing is saved, and no state file is read.
public final class HeadlessApp {
    private let session: TabNavSession
    private let host: HeadlessHost
    /// The glyphs and theme frames are drawn with (styles to compare cells with).
    public let style: RenderStyle
    /// The screen as the last action left it, drawn afresh when read after an action.
    private var frame: Frame?

    /// A running app of `columns` × `rows`, launched (the first tab's work done).
    ///
    /// - Parameters:
    ///   - environment: what commands and work see; empty by default, so a test does not depend
    ///     on the process's environment.
    ///   - colors: `.none` draws without colour (attributes only), as `NO_COLOR` does.
    public init(_ layout: TabLayout, columns: Int = 100, rows: Int = 30, options: AppOptions = AppOptions(),
                keymap: Keymap = .standard, environment: [String: String] = [:],
                colors: ColorDepth = .full256) throws(TabNavAppError) {
        let hierarchy: TabHierarchy
        do {
            hierarchy = try TabHierarchy(layout)
        } catch {
            throw .invalidLayout(error)
        }
        session = TabNavSession(hierarchy: hierarchy, options: options,
                                size: TerminalSize(columns: columns, rows: rows), store: nil, keymap: keymap)
        host = HeadlessHost(session: session, environment: environment)
        var style = RenderStyle.forTerminal(ascii: options.ascii, noColor: colors == .none, depth: colors)
        style.glyphs = style.glyphs.with(icons: options.icons)
        self.style = style
        host.launch()
    }

    /// Presses keys, one after the other.
    public func press(_ keys: KeyEvent...) {
        for key in keys { dispatch(.key(key)) }
    }

    /// Presses keys named as `tabnav-tui render --keys` names them: `"down,enter,x"`, `"C-c"`,
    /// `"resize:80x24"`.
    public func press(_ names: String) throws(HeadlessApp.KeyNameError) {
        let actions: [AppAction]
        do {
            actions = try KeyNames.parseList(names)
        } catch {
            throw KeyNameError(description: error.description)
        }
        for action in actions { dispatch(action) }
    }

    /// A key name `press(_:)` does not know.
    public struct KeyNameError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Types text, a key per character (into the search field, a name prompt, or as keys).
    public func type(_ text: String) {
        for character in text { dispatch(.key(.character(character))) }
    }

    /// Pastes text as a terminal's bracketed paste does.
    public func paste(_ text: String) {
        dispatch(.paste(text))
    }

    /// A click (a press) at a cell of the screen, on whatever the last frame drew there.
    public func click(column: Int, row: Int) {
        let target = currentFrame.hits.target(column: column, row: row)
        dispatch(.mouse(MouseEvent(.press, column: column, row: row), target))
    }

    /// The terminal changes size.
    public func resize(columns: Int, rows: Int) {
        dispatch(.resize(TerminalSize(columns: columns, rows: rows)))
    }

    /// The screen now: every cell's text and style.
    public var screen: CellGrid { currentFrame.grid }

    /// The way in, as `TabNavApp.proxy`: requests sent through it are carried out before the next
    /// key, and before the screen, the message, the selection or `isRunning` is read.
    public var proxy: TabNavProxy { session.proxy }

    /// The screen as plain text, rows separated by line feeds.
    public var text: String { screen.plainText() }

    /// The screen with its colours and attributes as terminal escapes (what `render --ansi` prints).
    public var ansiText: String { screen.ansiText(colors: style.theme.depth) }

    /// False once a key asked to quit.
    public var isRunning: Bool {
        deliverRequests()
        return session.isRunning
    }

    /// The footer's message, if one shows.
    public var message: String? {
        deliverRequests()
        return session.state.message?.text
    }

    /// The id of the selected tab.
    public var selectedTab: String? {
        deliverRequests()
        return session.state.model.selectedID
    }

    /// The proxy's requests waiting, carried out (the screen is drawn afresh if there were any).
    private func deliverRequests() {
        guard session.inbox.hasRequests else { return }
        host.deliverRequests()
        frame = nil
    }

    private func dispatch(_ action: AppAction) {
        host.dispatch(action)
        frame = nil
    }

    private var currentFrame: Frame {
        deliverRequests()
        if let frame { return frame }
        let drawn = render(session.state, style: style)
        frame = drawn
        return drawn
    }
}
