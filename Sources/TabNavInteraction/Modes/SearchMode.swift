import TabNavCore

/// Search mode's reducer (docs/state-and-events.md, "Reducers"): the search field takes every
/// printable key. Its state is the field; running the query over the index, moving over the
/// results and opening one are intents the one `reduce` carries out.
package enum SearchMode {
    /// What search mode is given.
    package struct Context {
        /// The result under the results' cursor, if any.
        package var result: SearchResult?
        /// The query waits for the search index, which is on its way.
        package var isWaitingForIndex: Bool

        package init(result: SearchResult?, isWaitingForIndex: Bool) {
            self.result = result
            self.isWaitingForIndex = isWaitingForIndex
        }
    }

    /// Every printable key goes into the field (`q`, `s` and `e` included); ↑ ↓ move over the
    /// results, `Enter` goes to the one chosen, `Esc` leaves the field, `Tab` moves the focus on,
    /// and ← → at the field's edges go on to the neighbouring tab, as they do in the bar.
    package static func reduce(_ field: TextField, _ command: Command?, key: KeyEvent?, _ context: Context) -> ModeStep<TextField> {
        switch command {
        case .leaveField?:
            return .close()
        case .open?:
            guard let result = context.result else {
                if context.isWaitingForIndex { return .stay(field, saying: "Still indexing the titles: the results come in a moment") }
                return .stay(field, saying: field.text.isEmpty ? "Type to search" : "Nothing matches \"\(field.text)\"")
            }
            return ModeStep(next: field, intent: .openSearchResult(result), message: nil)
        case .up?, .down?, .pageUp?, .pageDown?:
            return ModeStep(next: field, intent: .moveInResults(command, key: key), message: nil)
        case .focusNext?, .focusPrevious?:
            return .close(.cycleFocus)
        case .fieldLeft? where field.cursor == 0, .fieldRight? where field.cursor == field.characters.count:
            return .close(.stepTab(command == .fieldLeft ? -1 : 1, focusing: .tabBar))
        case let command?:
            var edited = field
            guard edited.apply(command), edited.text != field.text else { return .stay(edited) }
            return ModeStep(next: edited, intent: .runSearch, message: nil)
        case nil:
            guard case .character(let c) = key else { return .stay(field) }
            var edited = field
            edited.insert(String(c))
            return ModeStep(next: edited, intent: .runSearch, message: nil)
        }
    }
}
