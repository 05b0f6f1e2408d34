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

    /// Search mode: the field's own reducer (`SearchMode`), given the result under the cursor.
    mutating func typeInSearch(_ command: Command?, key: KeyEvent?) -> [AppEffect] {
        let context = SearchMode.Context(result: currentSearchResult, isWaitingForIndex: search.isWaitingForIndex)
        let step = SearchMode.reduce(search.field, command, key: key, context)
        if let field = step.next { search.field = field }
        return land(step, under: .browsing(.content)) { _ in .searching }
    }
}
