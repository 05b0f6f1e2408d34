import TabNavCore
import TabNavDrawing

/// The whole state of a running tabnav-tui: the model plus everything about the screen and the
/// interaction. A plain value: `apply(_:)` is the only way it changes (Model/Update/View): keys,
/// results of work, the session's own notices, the clock, trust and the embedding program's
/// requests all arrive as an `AppAction`. (Tests may set up `model` directly.)
package struct AppState: Sendable {
    package var model: TabNavModel
    package var options: AppOptions
    /// The key bindings in force (the standard ones, changed by the configuration file).
    package let keymap: Keymap
    package internal(set) var size: TerminalSize
    /// What the person is doing now: browsing, searching, editing, grabbing, carrying, or an
    /// overlay over one of those.
    package internal(set) var mode: Mode
    /// Cursor and scroll of the sidebar list, as indices into `sidebarRows`.
    package internal(set) var sidebarCursor = 0
    package internal(set) var sidebarScroll = 0
    package internal(set) var search = SearchState()
    package internal(set) var message: FooterMessage?
    /// The first scrolling bar item shown when the bar was scrolled by hand (the wheel over it,
    /// a click on `‹` `›`); nil: the bar keeps the selection in view. Any key puts it back.
    package internal(set) var barFirstShown: Int?
    /// The first scrolling bar item the last frame showed, as the terminal's loop reported it
    /// (`AppAction.barShown`): where a hand scroll starts from.
    package internal(set) var barOnScreen: Int?
    /// Each tab's own stack of pages (its root page first), created on first visit.
    var stacks: [String: [any TabPage]] = [:] {
        didSet { pagesVersion &+= 1 }
    }
    /// Counts changes of `stacks`: the search index knows which state of the pages it holds.
    var pagesVersion = 0
    /// Items dropped onto tabs (persisted).
    package internal(set) var drops: [String: [String]] = [:]
    /// What was dropped onto run-time tabs that were deleted, kept so that undoing the delete
    /// brings it back (not persisted).
    var deletedDrops: [String: [String]] = [:]
    /// The slow work under way for each tab; a result with another id is stale.
    var activeLoads: [PageSlot: LoadID] = [:]
    /// Tabs whose root page has been shown (and asked for its work).
    var shownTabs: Set<String> = []
    /// Why each tab not shown is marked (docs/behaviour.md, "Attention"); cleared when shown.
    package internal(set) var attention: [String: Set<AttentionReason>] = [:]
    /// Command tabs that refresh while hidden (found at launch).
    var backgroundRefreshTabs: [String] = []
    var lastLoadID = 0
    /// Whether layout commands may run (docs/layout-files.md, "Trust").
    package internal(set) var commandConsent = CommandConsent.granted
    /// Whether file tabs may read files on a kernel file system (`/proc`, `/sys`…; docs/layout-files.md,
    /// "Files"): a hierarchy built in code may; a layout file's only once it is trusted.
    package internal(set) var kernelFilesAllowed = true
    /// The time the next frame is drawn at (set by the terminal run loop; nil elsewhere, so a
    /// frame is a function of the state).
    package internal(set) var clock: ContinuousClock.Instant?
    /// What search looks at: built when the search field opens (nil until then), and again when
    /// the hierarchy has changed since (docs/behaviour.md, "Search").
    var searchCorpus: SearchCorpus?
    /// The search index being built off the UI thread, if one is (`AppState+SearchIndex.swift`),
    /// and the hierarchy it is built from.
    var searchIndexLoad: LoadID?
    var searchIndexHierarchy: TabHierarchy?
    /// What the screen needs of the page shown, read from it at the end of each action: drawing
    /// calls nothing of a page but `draw` (`ShownPage`).
    package internal(set) var shown = ShownPage()
    /// What `shown` was read from (`ShownSource`): while it is the same, so is the page.
    var shownSource: ShownSource?
    /// What was read of each tab's page shown last, and from what: going back to a tab whose
    /// pages did not change reads nothing again.
    var shownPages: [String: (source: ShownSource, page: ShownPage)] = [:]
    /// What each section's overview (the root page of its stack) was last filled from.
    var overviewSources: [String: OverviewSource] = [:]
    /// The terminal prefix was pressed: the next key is a command (docs/terminal-tabs.md).
    package internal(set) var terminalPrefixPending = false
    /// The size terminal programs were last told (the content area below its title and rule).
    var lastTerminalSize = TerminalSize(columns: 0, rows: 0)
    /// The last find in a terminal's scrollback passed on (a new `n` or text starts another).
    var lastTerminalFindStep = -1
    var lastTerminalFindText = ""
    /// What find in page found last, while its page is shown (`AppState+Finding.swift`).
    package internal(set) var pageFind: PageFind?

    /// Builds the state for a launch.
    /// - Parameter saved: the state file's content, or `nil` on a first launch (or `--reset`).
    package init(hierarchy: TabHierarchy, saved: SavedState?, options: AppOptions, size: TerminalSize,
                keymap: Keymap = .standard) {
        var hierarchy = hierarchy
        var added: [AddedTab] = []
        var savedDrops = saved?.drops ?? [:]
        var renamed: [String] = []
        for var tab in saved?.addedTabs ?? [] {
            if hierarchy.contains(tab.id) {
                // The layout now declares this id itself: the person's tab is kept, under a
                // fresh id, with what was dropped on it — never silently dropped.
                var n = 2
                while hierarchy.contains("\(tab.id)-\(n)") || savedDrops["\(tab.id)-\(n)"] != nil { n += 1 }
                let fresh = "\(tab.id)-\(n)"
                if let drops = savedDrops.removeValue(forKey: tab.id) { savedDrops[fresh] = drops }
                tab.id = fresh
                renamed.append(tab.title)
            }
            let item = TabItem(id: tab.id, title: tab.title, icon: tab.icon, allowsHiding: true,
                               content: tab.isTerminal ? .terminal(nil) : Self.newTabContent(in: hierarchy, section: tab.section, name: tab.title, id: tab.id))
            if (try? hierarchy.appendChild(item, to: tab.section)) != nil { added.append(tab) }
        }
        model = TabNavModel(hierarchy: hierarchy, saved: saved?.customization, runTimeTabs: added.map(\.id))
        self.options = options
        self.size = size
        self.keymap = keymap
        mode = .browsing(.tabBar)
        restoreDrops(savedDrops)
        if !sidebarAvailable {
            model.setSidebarVisible(false)
        } else if options.mode == .sidebar {
            model.setSidebarVisible(true)
        } else if model.customization.sidebarVisible == nil {
            model.setSidebarVisible(LayoutClass(size) == .wide)
        }
        mode = .browsing(sidebarShowing ? .sidebar : .tabBar)
        syncSidebarCursorToSelection()
        if !renamed.isEmpty {
            notify("Kept \(renamed.joined(separator: ", ")): the layout now uses the same id, so yours got a new one")
        }
        refreshShownPage()
    }

    // MARK: Derived

    /// Whether this presentation has a sidebar at all (`--mode tabbar`, or a hierarchy without
    /// sections under `auto`, has none — as UIKit does).
    package var sidebarAvailable: Bool {
        switch options.mode {
        case .tabbar: return false
        case .sidebar: return true
        case .auto: return model.hierarchy.roots.contains { model.hierarchy.nodes[$0].item.isSection }
        }
    }

    package var sidebarShowing: Bool { sidebarAvailable && (model.customization.sidebarVisible ?? false) }

    package var layoutClass: LayoutClass { LayoutClass(size) }

    package var geometry: ScreenGeometry {
        ScreenGeometry(size: size, sidebarShowing: sidebarShowing, barWithSidebar: mode.editSession != nil,
                       rightToLeft: options.rightToLeft)
    }

    /// The sidebar rows in use now: edit mode shows hidden items, and while an item is grabbed
    /// the rows as they would be after the drop (what is drawn, so clicks and drags resolve to
    /// the row under the pointer).
    package var sidebarRows: [SidebarRow] {
        guard mode.editSession != nil else { return model.sidebarRows }
        if let preview = mode.grab?.previewRows, !preview.isEmpty { return preview }
        return model.editSidebarRows
    }

    /// Which region receives the arrow keys now.
    package var focus: Focus {
        switch mode.base {
        case .browsing(let focus): return focus
        case .searching: return .content
        case .editing(let session), .grabbing(let session, _): return session.region == .sidebar ? .sidebar : .tabBar
        case .carrying: return sidebarShowing ? .sidebar : .tabBar
        default: return .tabBar
        }
    }

    /// The edit cursor, in edit mode.
    package var edit: EditSession? { mode.editSession }

    /// The id of the item a sidebar row shows.
    package func id(ofRow row: Int) -> String? {
        let rows = sidebarRows
        guard rows.indices.contains(row) else { return nil }
        return model.hierarchy.nodes[rows[row].node].item.id
    }

    /// Tabs added at run time, in the order they were added (persisted).
    package var addedTabs: [AddedTab] {
        model.runTimeTabs.compactMap { id in
            guard let item = model.hierarchy.item(id), let section = model.hierarchy.parentID(of: id) else { return nil }
            let isTerminal = if case .terminal = item.content { true } else { false }
            return AddedTab(section: section, id: id, title: item.title, icon: item.icon, isTerminal: isTerminal)
        }
    }

    /// What a state file should hold now.
    package var savedState: SavedState {
        SavedState(customization: model.customization, addedTabs: addedTabs, drops: drops)
    }

    /// The event a launch reports.
    package var launchEvent: TabNavEvent {
        .didLaunch(selected: model.selectedID ?? "", tabBar: model.tabBarIDs, sidebarVisible: sidebarShowing,
                   columns: size.columns, rows: size.rows)
    }

    // MARK: Helpers shared by the key handlers

    mutating func say(_ text: String, error: Bool = false) {
        notify(text, isError: error)
    }

    mutating func refreshDropBadge(_ tab: String) {
        let count = drops[tab]?.count ?? 0
        model.setBadge(count > 0 ? .count(count) : nil, for: tab)
    }

    /// Puts the sidebar cursor on the selected item's row when it is listed.
    mutating func syncSidebarCursorToSelection() {
        guard let selected = model.selectedID, let index = model.hierarchy.index(of: selected) else { return }
        if let row = rowOfNode(index) {
            sidebarCursor = row
        }
        clampSidebar()
    }

    /// The row showing a node in the rows in use now.
    func rowOfNode(_ node: Int) -> Int? {
        // While grabbing, the preview's rows are in use; they have no index (and are few to scan
        // only in the rare mouse paths that ask).
        if mode.grab != nil { return sidebarRows.firstIndex { $0.node == node } }
        return model.sidebarRow(ofNode: node, editing: mode.editSession != nil)
    }

    /// Keeps the sidebar cursor on a row and that row in view.
    mutating func clampSidebar() {
        let count = sidebarRows.count
        sidebarCursor = max(0, min(sidebarCursor, count - 1))
        let visible = max(1, geometry.sidebarListRows)
        if sidebarCursor < sidebarScroll { sidebarScroll = sidebarCursor }
        if sidebarCursor >= sidebarScroll + visible { sidebarScroll = sidebarCursor - visible + 1 }
        sidebarScroll = max(0, min(sidebarScroll, max(0, count - visible)))
    }
}
