import TabNavCore
import TabNavDrawing

extension AppState {
    /// `/`: go to the search tab with the field taking the keys.
    mutating func startSearch() -> [AppEffect] {
        guard let searchID = visibleSearchTab else {
            say("This layout has no search tab")
            return []
        }
        let effects = selectItem(searchID)
        syncSidebarCursorToSelection()
        mode = .searching
        return effects
    }

    /// The search tab people can reach now, if the layout has one.
    var visibleSearchTab: String? {
        model.hierarchy.nodes.first { $0.item.isSearch && model.isVisible($0.item.id) }?.item.id
    }

    /// Search mode: every printable key goes into the field (`q`, `s` and `e` included); ↑ ↓ pick
    /// a result, `Enter` goes there, `Esc` leaves the field.
    mutating func typeInSearch(_ command: Command?, key: KeyEvent) -> [AppEffect] {
        switch command {
        case .leaveField?:
            mode = .browsing(.content)
            return []
        case .open?:
            guard case .result(let result)? = rowUnderCursor?.kind else {
                say(search.field.text.isEmpty ? "Type to search" : "Nothing matches \"\(search.field.text)\"")
                return []
            }
            return jump(to: result)
        case .up?: moveContentCursor(-1)
        case .down?: moveContentCursor(1)
        case .pageUp?: moveContentCursor(-max(1, pageRows - 1))
        case .pageDown?: moveContentCursor(max(1, pageRows - 1))
        case .focusNext?, .focusPrevious?:
            mode = .browsing(.content)
            cycleFocus()
        case let command?:
            let before = search.field.text
            if search.field.apply(command), search.field.text != before { runSearch() }
        case nil:
            guard case .character(let c) = key else { return [] }
            search.field.insert(String(c))
            runSearch()
        }
        return []
    }
}
