import TabNavCore
import TabNavDrawing

/// Terminal tabs (docs/terminal-tabs.md): while a terminal's content has the focus, keys, pastes
/// and mouse reports go to its program, except the prefix key; the prefix and a normal-mode key
/// runs that command.
extension AppState {
    /// What the terminal page shown now reports, when the selected tab shows one.
    var shownTerminal: TerminalReport? {
        guard model.selectedID != nil else { return nil }
        return currentPage.report.terminal
    }

    /// Whether keys go to a terminal's program now.
    package var terminalHasKeys: Bool {
        guard case .browsing(.content) = mode else { return false }
        return shownTerminal?.takesKeys == true
    }

    /// The program's cursor on the screen, while its terminal has the keys.
    package var terminalCursor: ScreenCursor? {
        guard terminalHasKeys, !terminalPrefixPending, let cursor = shownTerminal?.cursor else { return nil }
        let body = terminalArea
        guard cursor.column < body.width, cursor.row < body.height else { return nil }
        return ScreenCursor(column: body.column + cursor.column, row: body.row + cursor.row, shape: cursor.shape,
                            blinks: cursor.blinks)
    }

    /// Where a terminal's screen is drawn: the content area below its title and rule.
    package var terminalArea: Rect {
        let content = geometry.content
        return Rect(column: content.column + 1, row: content.row + 2, width: max(0, content.width - 2),
                    height: geometry.contentListRows)
    }

    /// The work under way for the top page of a tab (a terminal's program).
    func activeLoad(of tab: String) -> LoadID? {
        activeLoads[PageSlot(tab: tab, depth: pages(of: tab).count - 1)]
    }

    /// Sends something to the program of the terminal shown.
    mutating func sendToTerminal(_ input: TerminalInput) -> [AppEffect] {
        guard let id = model.selectedID, let load = activeLoad(of: id) else { return [] }
        return [.terminal(load, input)]
    }

    /// A key while a terminal has the keys: to the program, or the prefix and its command.
    /// Its own reducer (`TerminalKeys`) sees only whether the prefix was pressed, and the keymap.
    mutating func pressInTerminal(_ key: KeyEvent) -> [AppEffect] {
        let (pending, outcome) = TerminalKeys.reduce(prefixPending: terminalPrefixPending, key, keymap: keymap,
                                                     rightToLeft: options.rightToLeft)
        terminalPrefixPending = pending
        switch outcome {
        case .nothing:
            return []
        case .send(let key):
            return sendToTerminal(.key(key))
        case .scrollback:
            enterScrollback()
            return []
        case .leaveToRegions:
            mode = .browsing(sidebarShowing ? .sidebar : .tabBar)
            return []
        case .run(.toggleSidebar):
            // Showing or hiding the sidebar from inside a program leaves the keys with it
            // (as a tmux prefix command leaves them in the pane); only the compact sidebar,
            // which covers the screen, takes them. Prefix Tab reaches the sidebar.
            let effects = run(.toggleSidebar, key: key)
            if case .browsing = mode, !(layoutClass == .compact && sidebarShowing), shownTerminal?.takesKeys == true {
                mode = .browsing(.content)
            }
            return effects
        case .run(let command):
            return run(command, key: key)
        case .unbound(let key):
            say("\(KeyLabel.text(key, ascii: options.ascii)) after \(keyName(.prefix, in: .terminal)) does nothing: \(keyName(.prefix, in: .terminal)) ? lists the keys")
            return []
        }
    }

    /// A key with modifiers: to the program while its terminal has the keys. After the prefix
    /// it is no command (none is bound to a modified key), which the footer says; elsewhere it
    /// does nothing, as a key without a binding.
    mutating func pressModifiedInTerminal(_ key: KeyEvent, _ modifiers: KeyModifiers) -> [AppEffect] {
        guard terminalHasKeys else { return [] }
        message = nil
        barFirstShown = nil
        guard terminalPrefixPending else { return sendToTerminal(.modifiedKey(key, modifiers)) }
        terminalPrefixPending = false
        say("\(modifiers.label)\(KeyLabel.text(key, ascii: options.ascii)) after \(keyName(.prefix, in: .terminal)) does nothing: \(keyName(.prefix, in: .terminal)) ? lists the keys")
        return []
    }

    /// The terminal shown goes into its scrollback view.
    mutating func enterScrollback() {
        guard let id = model.selectedID else { return }
        let rows = terminalArea.height
        updateTopPage(of: id) { page in
            guard page.report.terminal != nil else { return }
            _ = page.handle(PageInput(key: nil, command: .scrollback, visibleRows: rows))
        }
    }

    /// A click or the wheel over a terminal's screen: to the program when it asked for the mouse;
    /// otherwise a click gives it the keys and the wheel scrolls back. nil when not over one.
    mutating func mouseOverTerminal(_ event: MouseEvent) -> [AppEffect]? {
        guard let terminal = shownTerminal, terminal.isRunning || terminal.isScrolledBack else { return nil }
        let area = terminalArea
        guard area.contains(column: event.column, row: event.row) else { return nil }
        let column = event.column - area.column, row = event.row - area.row
        if case .browsing = mode {} else { return nil }
        if terminal.takesKeys, terminal.mouse != TerminalMouseMode.none {
            if event.kind == .press || event.kind == .rightPress { mode = .browsing(.content) }
            if event.kind == .drag, terminal.mouse == .clicks { return [] }
            return sendToTerminal(.mouse(event.kind, column: column, row: row))
        }
        switch event.kind {
        case .press:
            mode = .browsing(.content)
            return []
        case .wheelUp, .wheelDown:
            guard let id = model.selectedID else { return [] }
            updateTopPage(of: id) { page in
                guard page.report.terminal != nil else { return }
                page.scroll(by: event.kind == .wheelUp ? -3 : 3, visibleRows: area.height)
            }
            return []
        default:
            return []
        }
    }

    /// What the shown terminal page asked of its emulation since the last action (a view
    /// scrolled back or live again, a find), as effects.
    mutating func terminalRequests() -> [AppEffect] {
        // Without any load running there is no program to ask (and the page's report is not read).
        guard !activeLoads.isEmpty, let id = model.selectedID, let terminal = shownTerminal,
              let load = activeLoad(of: id) else { return [] }
        var effects: [AppEffect] = []
        if let offset = terminal.requestedOffset { effects.append(.terminal(load, .view(offset: offset))) }
        if let find = terminal.find, !find.isTyping, find.step != lastTerminalFindStep || find.text != lastTerminalFindText {
            effects.append(.terminal(load, .find(find.text, older: find.direction < 0)))
            lastTerminalFindStep = find.step
            lastTerminalFindText = find.text
        }
        if terminal.requestedOffset != nil {
            updateTopPage(of: id) { page in _ = deliver(TerminalRequestSent(), to: &page) }
        }
        return effects
    }

    /// Every terminal's program is told when the content area changes size (the window, the
    /// sidebar): the pseudo-terminals follow, the programs get SIGWINCH.
    mutating func resizeTerminals() -> [AppEffect] {
        // No work under way, no terminal to tell (the content area is not even measured): one
        // that starts later starts at the size of the content area (`start(_:for:)`), and from
        // then on a size is sent whenever it differs from the last one sent.
        guard !activeLoads.isEmpty else {
            lastTerminalSize = TerminalSize(columns: 0, rows: 0)
            return []
        }
        let area = terminalArea
        let size = TerminalSize(columns: area.width, rows: area.height)
        guard size != lastTerminalSize else { return [] }
        lastTerminalSize = size
        guard area.width > 0, area.height > 0 else { return [] }
        var effects: [AppEffect] = []
        for (tab, stack) in stacks.sorted(by: { $0.key < $1.key }) {
            for (depth, page) in stack.enumerated() {
                guard page.report.terminal?.isRunning == true,
                      let load = activeLoads[PageSlot(tab: tab, depth: depth)] else { continue }
                effects.append(.terminal(load, .resize(columns: area.width, rows: area.height)))
            }
        }
        return effects
    }

    /// Programs still running in terminal tabs (quitting asks first while there are any).
    package var runningTerminals: Int {
        var count = 0
        for stack in stacks.values {
            for page in stack where page.report.confirmsQuit { count += 1 }
        }
        return count
    }
}
