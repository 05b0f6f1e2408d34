import TabNavCore

/// What a mode's own reducer gives back (docs/state-and-events.md, "Reducers"): the mode's next
/// state, or nil when the mode ends (an overlay closes onto the mode under it); what the app is
/// asked to do, as data (`ModeIntent`), which the one `reduce` carries out; and a footer message.
/// A mode's reducer sees only its own state and a small read-only context: it cannot change
/// anything else.
package struct ModeStep<State: Sendable>: Sendable {
    package var next: State?
    package var intent: ModeIntent?
    package var message: FooterMessage?

    /// The mode goes on with `state` (and says `message`, if any).
    static func stay(_ state: State, saying message: String? = nil, error: Bool = false) -> ModeStep {
        ModeStep(next: state, intent: nil, message: message.map { FooterMessage($0, isError: error) })
    }

    /// The mode ends: back to the mode under it, then `intent` is carried out (or `message` said).
    static func close(_ intent: ModeIntent? = nil, saying message: String? = nil) -> ModeStep {
        ModeStep(next: nil, intent: intent, message: message.map { FooterMessage($0) })
    }
}

/// What a mode asks of the app when a key does more than change the mode's own state. The one
/// `reduce` carries it out (the model's checked edits, the session's effects).
package enum ModeIntent: Sendable, Equatable {
    /// "Reset all customization?" answered yes.
    case resetCustomization
    /// Delete a tab added at run time.
    case deleteTab(String)
    /// Leave the program.
    case quit
    /// Run a section's action.
    case invokeAction(section: String, action: String)
    /// Rename a tab added at run time.
    case rename(String, to: String)
    /// A section action that adds a tab, with the name typed.
    case addTab(named: String, section: String, action: String)
    /// An entry of a picker or an item's menu.
    case choose(PickerChoice)
    /// Find text in the page shown, from this line on.
    case find(String, fromLine: Int)
    /// Make the move a grab's preview shows.
    case dropGrabbed(GrabSession)
    /// Add a carried entry to a tab that accepts it.
    case dropCarried(Carry, on: String)
    /// Put the sidebar's cursor on this row (carry mode's ↑ ↓).
    case pointSidebar(at: Int)
    /// Run the search field's query over the index.
    case runSearch
    /// Go to a search result.
    case openSearchResult(SearchResult)
    /// Move over the search results (the results page's own keys).
    case moveInResults(Command?, key: KeyEvent?)
    /// Move the focus on (`Tab`), out of a field.
    case cycleFocus
    /// Go on to the neighbouring tab in the bar (the focus moved first, out of a field).
    case stepTab(Int, focusing: Focus?)
    /// Edit mode's own: leave it (saving), undo, redo, ask before a reset, show or hide the
    /// sidebar, pick up the item under the cursor, add (the picker), the item's menu, and one
    /// of the model's checked edits.
    case leaveEditMode, undoEdit, redoEdit, confirmReset, toggleSidebar, grabUnderCursor, addOrPick, openItemMenu
    case commitEdit(TabEdit)
    /// Normal mode's own: select a tab (the sidebar's cursor follows); select the sidebar's
    /// (then close the compact layout's sidebar); select the
    /// selected one again (back to its root page), then focus; the bar's `Enter`; fold or unfold
    /// the sidebar's section at a row, or go to the section or its child; end the find shown;
    /// the previous page; and the modes and commands it opens.
    case select(String)
    case selectFromSidebar(String, closingSidebar: Bool)
    case reselect(String, focusing: Focus)
    case reselectBarSelection
    case toggleFold(row: Int)
    case foldOrGoToSection, unfoldOrGoToChild
    case endFind, popContent
    case enterEditMode, startSearch, runSectionAction, pickUp, startFind, reloadContent, trustLayout
    case findAgain(Int)
}

// MARK: - The overlays' reducers

/// The help overlay: its state is how far it is scrolled.
package enum HelpOverlay {
    /// What help is given: its length and how much of it shows.
    package struct Context: Sendable {
        /// Lines of the help over the mode underneath.
        package var lineCount: Int
        /// Rows a page of it scrolls by.
        package var pageRows: Int
        /// Whether it shows whole (nothing to scroll: every key closes it).
        package var fits: Bool

        package init(lineCount: Int, pageRows: Int, fits: Bool) {
            self.lineCount = lineCount
            self.pageRows = pageRows
            self.fits = fits
        }
    }

    /// The arrows scroll it; any other key closes it (as in less and man). A help that fits has
    /// nothing to scroll: then every key closes it, as its frame says ("any key closes").
    package static func reduce(_ scroll: Int, _ command: Command?, _ context: Context) -> ModeStep<Int> {
        let page = context.pageRows
        let step: Int
        switch command {
        case _ where context.fits: return .close()
        case .up?: step = -1
        case .down?: step = 1
        case .pageUp?: step = -page
        case .pageDown?: step = page
        case .first?: step = -Int.max / 2
        case .last?: step = Int.max / 2
        default: return .close()
        }
        let maximum = max(0, context.lineCount - page)
        return .stay(max(0, min(maximum, scroll + step)))
    }
}

/// A yes-or-no question over a mode: `y` (confirm) goes ahead, anything else keeps things as they are.
package enum Confirmation: Sendable, Equatable {
    case reset
    /// Deleting this run-time tab (nil title: it is gone already).
    case delete(String, title: String?)
    case quit

    package static func reduce(_ question: Confirmation, _ command: Command?) -> ModeStep<Confirmation> {
        let yes = command == .confirm
        switch question {
        case .reset: return yes ? .close(.resetCustomization) : .close(saying: "Reset cancelled")
        case .delete(let id, let title): return yes && title != nil ? .close(.deleteTab(id)) : .close(saying: "Kept")
        case .quit: return yes ? .close(.quit) : .close(saying: "Not quitting")
        }
    }
}

/// A section's action menu: its state is the section; a digit runs that action.
package enum ActionMenu {
    /// `actions`: the section's action ids, in order.
    package static func reduce(section: String, _ command: Command?, actions: [String]) -> ModeStep<String> {
        guard let command, Command.chooses.contains(command), let n = command.number, n >= 1, n <= actions.count else {
            return .close(saying: "Cancelled")
        }
        return .close(.invokeAction(section: section, action: actions[n - 1]))
    }
}

extension NamePrompt {
    /// The name typed for a tab a section action adds (or a run-time tab's new name).
    /// `cancelKey` names the key that cancels, for the hint of an empty name.
    package static func reduce(_ prompt: NamePrompt, _ command: Command?, key: KeyEvent?, cancelKey: String) -> ModeStep<NamePrompt> {
        var prompt = prompt
        switch command {
        case .cancel?:
            return .close(saying: "Cancelled")
        case .confirm?:
            let name = String(prompt.field.text.trimmingSpaces)
            guard !name.isEmpty else { return .stay(prompt, saying: "Type a name, or \(cancelKey) to cancel", error: true) }
            if let id = prompt.renaming { return .close(.rename(id, to: name)) }
            return .close(.addTab(named: name, section: prompt.section, action: prompt.action))
        case let command?:
            _ = prompt.field.apply(command)
        case nil:
            if case .character(let c) = key { prompt.field.insert(String(c)) }
        }
        return .stay(prompt)
    }
}

extension Picker {
    /// Keys over a picker: move, choose, or close.
    package static func reduce(_ picker: Picker, _ command: Command?) -> ModeStep<Picker> {
        var picker = picker
        let count = picker.entries.count
        switch command {
        case .up?: picker.cursor = max(0, picker.cursor - 1)
        case .down?: picker.cursor = min(count - 1, picker.cursor + 1)
        case .first?: picker.cursor = 0
        case .last?: picker.cursor = count - 1
        case .confirm?: return choosing(at: picker.cursor, in: picker)
        case .cancel?: return .close()
        default: return .stay(picker, saying: "↑↓ choose, Enter picks, Esc closes")
        }
        return .stay(picker)
    }

    /// Choosing an entry (`Enter`, or a click on it): a refused one says why and keeps the list
    /// open on it.
    package static func choosing(at index: Int, in picker: Picker) -> ModeStep<Picker> {
        guard let entry = picker.entries[safe: index] else { return .stay(picker) }
        if let refusal = entry.refusal {
            var picker = picker
            picker.cursor = index
            return .stay(picker, saying: refusal, error: true)
        }
        return .close(.choose(entry.choice))
    }
}
