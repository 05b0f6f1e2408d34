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
        // A loop: closures over `self` copied the whole state at each frame.
        for node in model.hierarchy.searchNodes {
            let id = model.hierarchy.nodes[node].item.id
            if model.isVisible(id) { return id }
        }
        return nil
    }

    /// Search mode: every printable key goes into the field (`q`, `s` and `e` included); ↑ ↓ pick
    /// a result, `Enter` goes there, `Esc` leaves the field.
    mutating func typeInSearch(_ command: Command?, key: KeyEvent?) -> [AppEffect] {
        switch command {
        case .leaveField?:
            mode = .browsing(.content)
            return []
        case .open?:
            guard let result = currentSearchResult else {
                if search.isWaitingForIndex {
                    say("Still indexing the titles: the results come in a moment")
                } else {
                    say(search.field.text.isEmpty ? "Type to search" : "Nothing matches \"\(search.field.text)\"")
                }
                return []
            }
            return open(result)
        case .up?, .down?, .pageUp?, .pageDown?:
            _ = sendToPage(key, command: command)
        case .focusNext?, .focusPrevious?:
            mode = .browsing(.content)
            cycleFocus()
        case .fieldLeft? where search.field.cursor == 0, .fieldRight? where search.field.cursor == search.field.characters.count:
            // At the field's edge the arrows go on to the neighbouring tab, as they do in the bar.
            mode = .browsing(.tabBar)
            return stepTab(command == .fieldLeft ? -1 : 1)
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
