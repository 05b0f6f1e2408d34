import TabNavCore
import TabNavDrawing

/// The reducer in its functional form: the new state and the effects to perform.
package func reduce(_ state: AppState, _ action: AppAction) -> (AppState, [AppEffect]) {
    var next = state
    let effects = next.apply(action)
    return (next, effects)
}

extension AppState {
    /// Applies one action: the Update step of Model/Update/View.
    package mutating func apply(_ action: AppAction) -> [AppEffect] {
        // The clock, set before every frame, changes nothing the steps after an action look at.
        if case .setClock(let now) = action {
            clock = now
            return []
        }
        var effects = step(action)
        // A terminal shown asked its emulation for a view; the content area changed size.
        effects += terminalRequests()
        effects += resizeTerminals()
        // The tab shown loses its attention marks, however it came to be shown.
        effects += clearAttentionOfShownTab()
        // Whatever put the search field on screen, its index is started now, not on the first key.
        if case .searching = mode { effects += prepareSearchIndex() }
        // However a tab went (deleted, undone, removed by the program), its work goes with it.
        if !activeLoads.isEmpty { effects += cancelLoadsOfRemovedTabs() }
        // A find lasts while its page is shown: another tab or page ends it.
        if pageFind != nil, shownFind == nil { pageFind = nil }
        refreshShownPage()
        return effects
    }

    private mutating func step(_ action: AppAction) -> [AppEffect] {
        switch action {
        case .key(let key):
            message = nil
            barFirstShown = nil
            // A terminal with the keys gets every key but its prefix (docs/terminal-tabs.md).
            if terminalHasKeys { return pressInTerminal(key) }
            terminalPrefixPending = false
            return press(key)
        case .altKey(let key):
            guard terminalHasKeys, !terminalPrefixPending else { return [] }
            message = nil
            return sendToTerminal(.key(.escape)) + sendToTerminal(.key(key))
        case .modifiedKey(let key, let modifiers):
            return pressModifiedInTerminal(key, modifiers)
        case .mouse(let event, let target):
            // A release or a drag ends what a press began: the press's message stays.
            if event.kind != .release, event.kind != .drag { message = nil }
            if let effects = mouseOverTerminal(event) { return effects }
            return handleMouse(event, target)
        case .barShown(let first):
            barOnScreen = first
            return []
        case .resize(let newSize):
            resize(to: newSize)
            return []
        case .paste(let text):
            return paste(text)
        case .terminate:
            return quit()
        case .loadFinished(let id, _, let result) where id == searchIndexLoad:
            return adoptSearchIndex(result)
        case .loadFinished(let id, let tab, let result):
            return finishLoad(id, tab: tab, result: result)
        case .tick:
            return tick()
        case .launched:
            return [.emit(launchEvent)] + (model.selectedID.map { loadIfNeeded($0) } ?? []) + startBackgroundRefreshes()
        case .saveFailed(let reason, let short):
            notify(reason, isError: true, shorter: [short])
            return []
        case .request(let request):
            return carryOut(request)
        case .notify(let notice):
            message = notice
            return []
        case .setClock(let now):
            clock = now
            return []
        case .setCommandConsent(let consent):
            commandConsent = consent
            return []
        case .setKernelFilesAllowed(let allowed):
            kernelFilesAllowed = allowed
            return []
        case .trustRecorded(let failure, let short):
            let effects = grantConsent()
            if let failure {
                notify("Trusted for this run only: \(failure)", isError: true,
                       shorter: short.map { ["Trusted for this run only: \($0)"] } ?? [])
            }
            return effects
        case .trustUnavailable:
            notify("Commands run here only with --trust", isError: true)
            return []
        }
    }

    /// A key: the keymap of the mode names the command, the mode's reducer carries it out.
    mutating func press(_ key: KeyEvent) -> [AppEffect] {
        let command = keymap.command(for: options.rightToLeft ? key.mirroredArrow : key, in: mode.keymapMode)
        return run(command, key: key)
    }

    /// Carries out a command of the current mode; `key` is the key that asked for it (nil for a
    /// click on a footer hint), which text fields and pages may also want.
    mutating func run(_ command: Command?, key: KeyEvent?) -> [AppEffect] {
        switch command {
        case .quit?:
            // Programs running in terminal tabs end with the app: ask first (q again: yes).
            if case .confirmingQuit = mode { return quit() }
            if runningTerminals > 0 {
                mode = .confirmingQuit(over: mode)
                return []
            }
            return quit()
        case .suspend?: return [.suspend]
        case .redraw?: return [.redraw]
        case .help?:
            mode = .help(scroll: 0, over: mode)
            return []
        default: break
        }
        switch mode {
        case .browsing(let focus): return browse(command, key: key, focus: focus)
        case .searching: return typeInSearch(command, key: key)
        case .editing(let session): return edit(command, session: session)
        case .grabbing(let session, let grab):
            let context = GrabMode.Context(model: model, dropKey: keyName(.drop, in: .grab), cancelKey: keyName(.cancel, in: .grab))
            return land(GrabMode.reduce(grab, command, context), under: .editing(session)) { .grabbing(session, $0) }
        case .carrying(let carry):
            return land(CarryMode.reduce(carry, command, carryContext(for: carry, command)), under: .browsing(carry.returnFocus)) { .carrying($0) }
        // The overlays: each reducer sees its own state and what it is given (`ModeStep.swift`).
        case .help(let scroll, let under):
            return land(HelpOverlay.reduce(scroll, command, helpContext(for: under)), under: under) { .help(scroll: $0, over: under) }
        case .confirmingReset(let under):
            return land(Confirmation.reduce(.reset, command), under: under) { _ in .confirmingReset(over: under) }
        case .confirmingDelete(let id, let under):
            let question = Confirmation.delete(id, title: model.hierarchy.item(id)?.title)
            return land(Confirmation.reduce(question, command), under: under) { _ in .confirmingDelete(id, over: under) }
        case .confirmingQuit(let under):
            return land(Confirmation.reduce(.quit, command), under: under) { _ in .confirmingQuit(over: under) }
        case .picking(let picker, let under):
            return land(Picker.reduce(picker, command), under: under) { .picking($0, over: under) }
        case .choosingAction(let section, let under):
            let actions = model.hierarchy.item(section)?.actions.map(\.id) ?? []
            return land(ActionMenu.reduce(section: section, command, actions: actions), under: under) { .choosingAction(section: $0, over: under) }
        case .naming(let prompt, let under):
            let step = NamePrompt.reduce(prompt, command, key: key, cancelKey: keyName(.cancel, in: .prompt))
            return land(step, under: under) { .naming($0, over: under) }
        case .finding(let prompt, let under): return typeFind(command, key: key, prompt: prompt, under: under)
        }
    }

    /// Pasted text goes into the field that has the keys, and nowhere else: it never runs as keys.
    mutating func paste(_ text: String) -> [AppEffect] {
        if terminalHasKeys { return sendToTerminal(.paste(text)) }
        switch mode {
        case .searching:
            search.field.insert(text)
            runSearch()
        case .naming(var prompt, let under):
            prompt.field.insert(text)
            mode = .naming(prompt, over: under)
        case .finding(var prompt, let under):
            prompt.field.insert(text)
            mode = .finding(prompt, over: under)
        default:
            say("Paste goes into a text field: press \(keyName(.search, in: .normal)) to search")
        }
        return []
    }

    mutating func resize(to newSize: TerminalSize) {
        size = newSize
        if case .browsing(let focus) = mode {
            if !sidebarShowing, focus == .sidebar { mode = .browsing(.tabBar) }
            if sidebarShowing, focus == .tabBar { mode = .browsing(.sidebar) }
        }
        clampSidebar()
    }

    /// Leaves the program from any mode: a grabbed or carried item is put back, edit mode is
    /// left (saving), `willTerminate` is reported and the state saved.
    mutating func quit() -> [AppEffect] {
        var effects: [AppEffect] = []
        if case .confirmingQuit(let under) = mode { mode = under }
        if mode.editSession != nil {
            mode = .editing(mode.editSession ?? EditSession(region: .tabBar))
            effects += leaveEditMode()
        }
        mode = .browsing(focus)
        return effects + [.emit(.willTerminate), .save, .quit]
    }

}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
