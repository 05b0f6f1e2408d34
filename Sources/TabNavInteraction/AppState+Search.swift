import TabNavCore
import TabNavDrawing

extension AppState {
    /// `/`: go to the search tab with the field taking the keys.
    mutating func startSearch() -> [AppEffect] {
        guard let searchTab = model.hierarchy.nodes.first(where: { $0.item.isSearch && model.isVisible($0.item.id) }) else {
            say("This layout has no search tab")
            return []
        }
        let effects = selectItem(searchTab.item.id)
        syncSidebarCursorToSelection()
        search.isActive = true
        focus = .content
        return effects
    }

    /// Keys while the search field is active: typing filters, ↑ ↓ pick a result, `Enter` jumps,
    /// `Esc` leaves the field.
    mutating func handleSearchField(_ key: KeyEvent) -> [AppEffect] {
        switch key {
        case .escape:
            search.isActive = false
            return []
        case .enter:
            guard case .result(let result)? = rowUnderCursor?.kind else {
                say(search.field.text.isEmpty ? "Type to search" : "Nothing matches \"\(search.field.text)\"")
                return []
            }
            return jump(to: result)
        case .up, .down, .pageUp, .pageDown:
            moveContentCursor(key == .up ? -1 : key == .down ? 1 : key == .pageUp ? -pageRows : pageRows)
            return []
        case .tab, .backTab:
            search.isActive = false
            cycleFocus()
            return []
        default:
            let before = search.field.text
            if search.field.handle(key), search.field.text != before { runSearch() }
            return []
        }
    }
}
