import TabNavCore
import TabNavDrawing

/// The overlays' reducers are their own (`ModeStep.swift`): each sees its own state and what it
/// is given. Here the app gives them that, and puts what they return into effect.
extension AppState {
    /// Puts a mode's step into effect: the mode's next state (made a `Mode` again by `wrap`), or
    /// the mode under it when it ended; then its message; then what it asked of the app.
    mutating func land<State>(_ step: ModeStep<State>, under: Mode, _ wrap: (State) -> Mode) -> [AppEffect] {
        mode = step.next.map(wrap) ?? under
        if let text = step.message { message = text }
        guard let intent = step.intent else { return [] }
        return fulfil(intent)
    }

    /// What a mode asked of the app.
    mutating func fulfil(_ intent: ModeIntent) -> [AppEffect] {
        switch intent {
        case .resetCustomization: return resetCustomization()
        case .deleteTab(let id): return deleteRunTimeTab(id)
        case .quit: return quit()
        case .invokeAction(let section, let action): return invoke(action: action, in: section)
        case .rename(let id, let name): return rename(id, to: name)
        case .addTab(let name, let section, let action): return addTab(named: name, to: section, by: action)
        case .choose(let choice): return perform(choice)
        case .dropGrabbed(let grab): return drop(grab)
        case .dropCarried(let carry, let target): return place(carry, on: target)
        case .leaveEditMode: return leaveEditMode()
        case .undoEdit: return undoEdit()
        case .redoEdit: return redoEdit()
        case .confirmReset:
            mode = .confirmingReset(over: mode)
            return []
        case .toggleSidebar: return toggleSidebar()
        case .grabUnderCursor: return grabUnderCursor()
        case .addOrPick: return addOrPick()
        case .openItemMenu: return openItemMenu()
        case .commitEdit(let edit): return commit(edit)
        case .runSearch:
            runSearch()
            return []
        case .openSearchResult(let result): return open(result)
        case .moveInResults(let command, let key):
            _ = sendToPage(key, command: command)
            return []
        case .cycleFocus:
            cycleFocus()
            return []
        case .stepTab(let delta, let focus):
            if let focus { mode = .browsing(focus) }
            return stepTab(delta)
        case .select(let id):
            let effects = selectItem(id)
            syncSidebarCursorToSelection()
            return effects
        case .selectFromSidebar(let id, let closeSidebar):
            let effects = selectItem(id)
            return closeSidebar ? effects + toggleSidebar() : effects
        case .reselect(let id, let focus):
            let effects = reselect(id)
            mode = .browsing(focus)
            return effects
        case .reselectBarSelection:
            let effects = model.barSelectionID.map { reselect($0) } ?? []
            if case .browsing = mode { mode = .browsing(.content) }
            return effects
        case .toggleFold(let row):
            guard let row = sidebarRows[safe: row] else { return [] }
            return toggleCollapse(row)
        case .foldOrGoToSection: return foldOrGoToSection()
        case .unfoldOrGoToChild: return unfoldOrGoToChild()
        case .endFind:
            pageFind = nil
            return []
        case .popContent: return popContent()
        case .enterEditMode: return enterEditMode()
        case .startSearch: return startSearch()
        case .runSectionAction: return runSectionAction()
        case .pickUp: return pickUp()
        case .startFind: return startFind()
        case .reloadContent: return reloadContent()
        case .trustLayout: return trustLayout()
        case .findAgain(let direction): return findAgain(direction)
        case .pointSidebar(let row):
            sidebarCursor = row
            clampSidebar()
            return []
        case .find(let text, let line):
            find(text, from: line, direction: 1)
            return []
        }
    }

    /// What the help over `under` is given.
    func helpContext(for under: Mode) -> HelpOverlay.Context {
        HelpOverlay.Context(lineCount: helpLineCount(for: under), pageRows: max(1, size.rows - 4), fits: helpFits(for: under))
    }

    /// Whether the help over `mode` shows whole (its box is at most the screen less the footer,
    /// framed): nothing to scroll then.
    func helpFits(for mode: Mode) -> Bool {
        helpLineCount(for: mode) <= size.rows - 3
    }

    /// One line of help up or down (the wheel), keeping help open.
    mutating func scrollHelpOnce(up: Bool) -> [AppEffect] {
        guard case .help(let scroll, let under) = mode, !helpFits(for: under) else { return [] }
        return land(HelpOverlay.reduce(scroll, up ? .up : .down, helpContext(for: under)), under: under) { .help(scroll: $0, over: under) }
    }

    /// Choosing an entry of a picker (`Enter`, or a click on it).
    mutating func choose(at index: Int, in picker: Picker, under: Mode) -> [AppEffect] {
        land(Picker.choosing(at: index, in: picker), under: under) { .picking($0, over: under) }
    }
}
