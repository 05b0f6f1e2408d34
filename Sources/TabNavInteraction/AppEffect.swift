import TabNavCore
import TabNavDrawing

/// What the reducer asks the outside world to do after a step; the reducer itself never does
/// I/O. One interpreter (`TabNavSession.perform`) carries every effect out.
package enum AppEffect: Sendable, Equatable {
    /// Persist the current `savedState` (a committed change happened).
    case save
    /// Report a change to the delegate / the events file.
    case emit(TabNavEvent)
    /// Start slow work for a tab off the UI thread; the result comes back as
    /// `AppAction.loadFinished` with the same id.
    case startLoad(LoadRequest)
    /// The work with this id is no longer wanted (a newer one replaced it).
    case cancelLoad(LoadID)
    /// Leave the program (`willTerminate` was emitted and the state saved first).
    case quit
    /// Give the terminal back and stop until resumed (Ctrl-Z).
    case suspend
    /// Draw the whole screen again (Ctrl-L).
    case redraw
    /// The person trusts the layout file (`t`): record it, then let its commands run
    /// (`AppAction.trustRecorded` comes back).
    case trustLayout
    /// A request of the embedding program changed nothing: tell its delegate why.
    case refuse(RefusedRequest)
    /// Something for a terminal tab's program (the work with this id): a key, a paste, a mouse
    /// report, a new size, a view of its scrollback.
    case terminal(LoadID, TerminalInput)
}

/// Names one piece of slow work, so a result that arrives after a newer request is recognised
/// and dropped.
package struct LoadID: Sendable, Hashable, CustomStringConvertible {
    package let value: Int
    package init(_ value: Int) { self.value = value }
    package var description: String { "#\(value)" }
}

/// Slow work for a tab's page: reading a file, running a command, anything a page asks for.
package struct LoadRequest: Sendable, Equatable {
    package var id: LoadID
    package var tab: String
    package var work: PageWork
    /// A file request may read a file on a kernel file system (`AppState.kernelFilesAllowed`
    /// when it was made); otherwise such a file is not read and the page waits for trust.
    package var readsKernelFiles: Bool

    package init(id: LoadID, tab: String, work: PageWork, readsKernelFiles: Bool = true) {
        self.id = id
        self.tab = tab
        self.work = work
        self.readsKernelFiles = readsKernelFiles
    }

    /// Two requests are the same request when their ids are.
    package static func == (lhs: LoadRequest, rhs: LoadRequest) -> Bool { lhs.id == rhs.id && lhs.tab == rhs.tab }
}

/// Everything that can happen to the program: input, a change of the terminal, a signal, or a
/// result arriving from slow work.
package enum AppAction: Sendable {
    case key(KeyEvent)
    /// A key with Alt: Escape and the key for a terminal tab's program with the keys; nothing
    /// elsewhere (no binding uses Alt).
    case altKey(KeyEvent)
    /// A key with Shift, Alt or Ctrl (Ctrl-↑, Shift-F5): for a terminal tab's program with the
    /// keys, encoded as xterm does; nothing elsewhere (no binding uses them).
    case modifiedKey(KeyEvent, KeyModifiers)
    /// A mouse report, with what lies under it (found by the renderer's hit map).
    case mouse(MouseEvent, HitTarget?)
    /// What the frame under the pointer showed of the tab bar: its first scrolling item (the
    /// hit map's `barFirstShown`), sent before a mouse report, so the wheel and `‹` `›` scroll
    /// from what the person sees.
    case barShown(first: Int?)
    /// The terminal now has this size.
    case resize(TerminalSize)
    /// Text pasted in the terminal (bracketed paste): it goes into a focused field or nowhere.
    case paste(String)
    /// A terminating signal or the end of input: leave as `q` does.
    case terminate
    /// Slow work finished (or, for a command or followed file, made progress).
    case loadFinished(LoadID, tab: String, result: any Sendable)
    /// Time passed: the shown page's `redrawInterval` elapsed (spinners, refreshes).
    case tick
    /// The program is on screen: report the launch and start the first tab's work.
    case launched
    /// Saving the state failed (the reason is shown in the footer; nothing on disk changed):
    /// the whole message, and the reason alone for a narrow footer.
    case saveFailed(String, short: String)
    /// A request of the embedding program, from its `TabNavProxy` (any thread, through the inbox).
    case request(TabNavRequest)
    /// A message for the footer from outside the reducer (a state file set aside at launch, an
    /// events file that failed).
    case notify(FooterMessage)
    /// The time the next frame shows (elapsed times of running commands); nil: no clock.
    case setClock(ContinuousClock.Instant?)
    /// Whether the layout's commands may run (set before the launch).
    case setCommandConsent(CommandConsent)
    /// Whether file tabs may read kernel files (set before the launch; `t` allows them).
    case setKernelFilesAllowed(Bool)
    /// `t` was carried out: the trust was recorded, or recording it failed for this reason (the
    /// commands run for this session anyway, as the person asked); `short` says it for a narrow
    /// footer.
    case trustRecorded(failure: String?, short: String?)
    /// `t` where trust cannot be recorded (`render`): only `--trust` runs commands there.
    case trustUnavailable
}

/// What a screen cell belongs to, so a click can be turned into an action.
package enum HitTarget: Sendable, Equatable, Hashable {
    case sidebarToggle
    /// A tab-bar item, by id.
    case tabBarItem(String)
    /// The `‹` or `›` overflow marker: scroll the bar that way.
    case tabBarOverflow(forward: Bool)
    /// The gap after the last bar item (a drop there lands at the end).
    case tabBarEnd
    /// A sidebar row, by index into the rows in use.
    case sidebarRow(Int)
    /// The checkbox of a sidebar row in edit mode (a click hides or unhides).
    case sidebarCheckbox(Int)
    /// The collapse marker of a section header.
    case sectionCollapse(String)
    case sectionAction(section: String, action: String)
    /// A content row, by index into the content rows.
    case contentRow(Int)
    /// Anywhere else in the content area (wheel scrolling).
    case contentArea
    /// Anywhere else in the sidebar (wheel scrolling).
    case sidebarArea
    /// A footer hint: a click runs its command.
    case footerHint(Command)
    /// The footer's mode word (`NORMAL` / `EDIT`): a click enters or leaves edit mode.
    case footerMode
    /// An entry of the open picker or item menu, by index.
    case pickerRow(Int)
}
