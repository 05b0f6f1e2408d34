import TabNavCore

/// Normal mode's reducer (docs/state-and-events.md, "Reducers"; docs/behaviour.md, "Keys"):
/// moving between the tab bar, the sidebar and the content. Its state is the focus; selecting
/// tabs, the pages, the sidebar's folds and cursor, and every other mode it opens are intents the
/// one `reduce` carries out. (The page with the focus sees a key before this reducer does.)
package enum BrowseMode {
    /// What normal mode is given.
    package struct Context {
        /// The tab bar's items, in order (given for the digit keys, the only commands that read it;
        /// empty for any other).
        package var tabBar: [String]
        package var sidebarShowing: Bool
        /// The compact layout, where the sidebar covers the screen.
        package var compact: Bool
        package var sidebarCursor: Int
        /// The sidebar's rows (given while the sidebar has the focus, the only time it is read; 0
        /// otherwise).
        package var sidebarRowCount: Int
        /// The item of the sidebar's row under the cursor, and whether that row heads a section
        /// (given while the sidebar has the focus; nil and false otherwise).
        package var itemUnderSidebarCursor: String?
        package var sectionUnderSidebarCursor: Bool
        package var selectedID: String?
        /// Rows a page of the focused list scrolls by (given for `pageUp` and `pageDown`; 0 for
        /// any other command).
        package var pageRows: Int
        /// How many pages deep the content is (1: its root page; given while the content has the
        /// focus, 1 otherwise).
        package var depth: Int
        /// The search result under the cursor, when the content is the search tab.
        package var searchResult: SearchResult?
        /// A find is highlighted on the page shown.
        package var findShown: Bool
        /// The name of the key bound to a command in normal mode.
        package var keyName: (Command) -> String

        package init(tabBar: [String], sidebarShowing: Bool, compact: Bool, sidebarCursor: Int, sidebarRowCount: Int,
                     itemUnderSidebarCursor: String?, sectionUnderSidebarCursor: Bool, selectedID: String?, pageRows: Int,
                     depth: Int, searchResult: SearchResult?, findShown: Bool, keyName: @escaping (Command) -> String) {
            self.tabBar = tabBar
            self.sidebarShowing = sidebarShowing
            self.compact = compact
            self.sidebarCursor = sidebarCursor
            self.sidebarRowCount = sidebarRowCount
            self.itemUnderSidebarCursor = itemUnderSidebarCursor
            self.sectionUnderSidebarCursor = sectionUnderSidebarCursor
            self.selectedID = selectedID
            self.pageRows = pageRows
            self.depth = depth
            self.searchResult = searchResult
            self.findShown = findShown
            self.keyName = keyName
        }
    }

    package static func reduce(_ focus: Focus, _ command: Command?, _ context: Context) -> ModeStep<Focus> {
        func asking(_ intent: ModeIntent) -> ModeStep<Focus> { ModeStep(next: focus, intent: intent, message: nil) }
        guard let command else { return .stay(focus) }
        let key = context.keyName
        switch command {
        // With the sidebar focused, ← and → fold and unfold as in an outline view.
        case .previousTab: return asking(focus == .sidebar ? .foldOrGoToSection : .stepTab(-1, focusing: nil))
        case .nextTab: return asking(focus == .sidebar ? .unfoldOrGoToChild : .stepTab(1, focusing: nil))
        case .up: return vertically(focus, by: -1, context)
        case .down: return vertically(focus, by: 1, context)
        case .pageUp: return vertically(focus, by: -max(1, context.pageRows - 1), context)
        case .pageDown: return vertically(focus, by: max(1, context.pageRows - 1), context)
        case .first: return vertically(focus, by: -Int.max / 2, context)
        case .last: return vertically(focus, by: Int.max / 2, context)
        case .focusNext, .focusPrevious: return .stay(cycled(focus, context))
        case .selectTab1, .selectTab2, .selectTab3, .selectTab4, .selectTab5, .selectTab6, .selectTab7,
             .selectTab8, .selectTab9:
            let n = command.number ?? 1
            guard n <= context.tabBar.count else { return .stay(focus, saying: "No tab \(n) in the tab bar") }
            return asking(.select(context.tabBar[n - 1]))
        case .open:
            switch focus {
            case .sidebar:
                guard let id = context.itemUnderSidebarCursor else { return .stay(focus) }
                // Already showing: back to its root page, and go into it.
                if id == context.selectedID, !context.compact { return asking(.reselect(id, focusing: .content)) }
                return asking(.selectFromSidebar(id, closingSidebar: context.compact && context.sidebarShowing))
            case .content:
                guard let result = context.searchResult else { return .stay(focus) }
                return asking(.openSearchResult(result))
            case .tabBar:
                return asking(.reselectBarSelection)
            }
        case .fold:
            guard focus == .sidebar, context.sectionUnderSidebarCursor else {
                return .stay(focus, saying: "\(key(.fold)) folds a section: put the cursor on a section header")
            }
            return asking(.toggleFold(row: context.sidebarCursor))
        case .back:
            // A find highlighted on the page ends first (as lazygit's search does).
            if context.findShown { return asking(.endFind) }
            // The compact full-screen sidebar closes on Esc and Backspace (docs/behaviour.md).
            if focus == .sidebar, context.compact, context.sidebarShowing { return asking(.toggleSidebar) }
            return asking(.popContent)
        case .toggleSidebar: return asking(.toggleSidebar)
        case .edit: return asking(.enterEditMode)
        case .search: return asking(.startSearch)
        case .sectionAction: return asking(.runSectionAction)
        case .itemMenu: return asking(.openItemMenu)
        case .pickUp: return asking(.pickUp)
        case .scrollLeft, .scrollRight:
            let keys = key(.scrollLeft) + " and " + key(.scrollRight)
            return .stay(focus, saying: focus == .content ? keys + " scroll text sideways; this page has no text lines"
                         : keys + " scroll text sideways: \(key(.focusNext)) moves to the content")
        case .find: return asking(.startFind)
        case .findNext: return asking(.findAgain(1))
        case .findPrevious: return asking(.findAgain(-1))
        case .reload: return asking(.reloadContent)
        case .trust: return asking(.trustLayout)
        case .undo: return asking(.undoEdit)
        case .redo: return asking(.redoEdit)
        default: return .stay(focus)
        }
    }

    /// ↑ ↓ and the pages: along the sidebar; from the bar into the content; from the content's
    /// first row (its page did not move) up to the bar, at a root page with no sidebar.
    static func vertically(_ focus: Focus, by delta: Int, _ context: Context) -> ModeStep<Focus> {
        switch focus {
        case .sidebar:
            let row = max(0, min(context.sidebarRowCount - 1, context.sidebarCursor &+ delta))
            return ModeStep(next: focus, intent: .pointSidebar(at: row), message: nil)
        case .content:
            return .stay(delta < 0 && context.depth == 1 && !context.sidebarShowing ? .tabBar : focus)
        case .tabBar:
            return .stay(delta > 0 ? .content : focus)
        }
    }

    /// Tab / Shift-Tab: the bar (or the sidebar) ↔ the content; the compact layout's sidebar,
    /// covering the screen, keeps the focus.
    static func cycled(_ focus: Focus, _ context: Context) -> Focus {
        cycled(focus, sidebarShowing: context.sidebarShowing, compact: context.compact)
    }

    /// `cycled` from the two facts it reads (search mode's Tab leaves it the same way).
    package static func cycled(_ focus: Focus, sidebarShowing: Bool, compact: Bool) -> Focus {
        switch focus {
        case .content: return sidebarShowing ? .sidebar : .tabBar
        case .sidebar, .tabBar: return sidebarShowing && compact ? focus : .content
        }
    }
}
