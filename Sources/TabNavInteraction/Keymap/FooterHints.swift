import TabNavCore

/// One hint of the footer: `key: what it does`. Clicking it runs `command`.
///
/// The keys and what they do are kept apart and drawn one after the other: the footer is drawn
/// at every key, and joining the two strings for each hint was most of its cost.
package struct FooterHint: Sendable, Equatable {
    /// The keys as the footer writes them (`←→`, `Enter`); empty for plain words.
    package var keys: String
    /// What the keys do, or the plain words ("type to filter").
    package var label: String
    /// The command the hint's key runs (nil for plain words, and for a hint of several commands).
    package var command: Command?
    /// The first key written in `keys`, and the others of a hint of several (no two hints of a
    /// footer show the same key). Kept apart so a hint of one key, nearly every hint, allocates
    /// no array at every frame.
    package var key: KeyEvent?
    package var otherKeys: [KeyEvent] = []
    /// The page's own key the hint runs (`PageKey.name`), for a page's key.
    package var pageAction: String?

    /// Plain words, with no key.
    package init(_ text: String, command: Command? = nil) {
        self.keys = ""
        self.label = text
        self.command = command
    }

    package init(keys: String, label: String, command: Command?, keyEvents: [KeyEvent] = [], pageAction: String? = nil) {
        self.keys = keys
        self.label = label
        self.command = command
        self.key = keyEvents.first
        self.otherKeys = Array(keyEvents.dropFirst())
        self.pageAction = pageAction
    }

    /// A hint of one key.
    package init(keys: String, label: String, command: Command?, key: KeyEvent, pageAction: String? = nil) {
        self.keys = keys
        self.label = label
        self.command = command
        self.key = key
        self.pageAction = pageAction
    }

    /// The keys written in `keys`, in order.
    package var keyEvents: [KeyEvent] {
        guard let key else { return [] }
        return [key] + otherKeys
    }

    /// Whether one of the hint's keys is in `list`.
    func hasKey(in list: [KeyEvent]) -> Bool {
        guard let key else { return false }
        return list.contains(key) || otherKeys.contains(where: list.contains)
    }

    /// Appends the hint's keys to `list`.
    func appendKeys(to list: inout [KeyEvent]) {
        guard let key else { return }
        list.append(key)
        list.append(contentsOf: otherKeys)
    }

    /// The hint as the footer shows it: `keys: label`.
    package var text: String {
        keys.isEmpty ? label : keys + ": " + label
    }

    /// The label's short form, for a footer too narrow for every hint in full: one word that
    /// still says it (`n/N: next/prev`, `Tab: focus`); the label itself when it is one already.
    package var shortLabel: String {
        // One word is its own short form: only labels of several words (or of two joined by a
        // slash, `next/previous`) are looked up.
        guard !keys.isEmpty, label.utf8.contains(where: { $0 == 0x20 || $0 == 0x2F }) else { return label }
        return Self.shortForm(of: label) ?? label
    }

    /// The hint in its short form: `keys: short label`.
    package var shortText: String {
        keys.isEmpty ? label : keys + ": " + shortLabel
    }

    /// Short forms of the labels of more than one word. Each differs from every other hint's
    /// label and short form in the same footer, so no two hints read alike at any width. A
    /// switch, not a dictionary: short strings compare in place, where a lookup hashes the label
    /// at every frame of a narrow footer.
    static func shortForm(of label: String) -> String? {
        switch label {
        case "pick up": "pick"
        case "to sidebar", "to tab bar": "focus"
        case "to section": "section"
        case "next/previous": "next/prev"
        case "end find": "end"
        case "leave field": "leave"
        case "wrap lines": "wrap"
        case "cut lines": "cut"
        case "trust this file and run": "trust"
        case "remove from the tab bar": "remove"
        case "back into the bar": "into bar"
        case "put back": "cancel"
        case "choose a tab": "choose"
        case "send Ctrl-B": "send"
        default: nil
        }
    }
}

extension AppState {
    /// The hints the footer shows now, most useful first: only keys that do something in this
    /// layout and mode, written with the keys the keymap binds (docs/keys.md).
    package func footerHints(ascii: Bool) -> [FooterHint] {
        var hints: [FooterHint] = []
        hints.reserveCapacity(16)
        func add(_ commands: [Command], _ label: String, when condition: Bool = true) {
            guard condition, let hint = hint(commands, label, ascii: ascii) else { return }
            hints.append(hint)
        }
        switch mode {
        case .browsing(let focus):
            addBrowsingHints(focus, ascii: ascii, to: &hints)
        case .searching:
            hints.append(FooterHint("type to filter"))
            add([.up, .down], "choose", when: search.results.count > 1)
            add([.open], "go", when: !search.results.isEmpty)
            add([.leaveField], "leave field")
        case .editing(let session):
            let id = editCursorItemID
            add([.grab], "grab", when: id != nil && grabRefusal == nil)
            if let id {
                let hidden = model.customization.hidden.contains(id)
                add([.hide], hidden ? "show" : "hide", when: model.check(.setHidden(id, !hidden)).isSuccess)
                add([.remove], "remove", when: session.region == .tabBar && model.check(.removeFromTabBar(id)).isSuccess)
                add([.add], "add", when: !model.customization.tabBar.contains(id) && model.check(.addToTabBar(id, at: nil)).isSuccess)
            }
            add([.undo], "undo", when: !model.undoStack.isEmpty)
            add([.redo], "redo", when: model.canRedo)
            add([.itemMenu], "menu", when: id != nil)
            add([.reset], "reset")
            add([.done], "done")
        case .grabbing(_, let grab):
            if grab.target == .outOfTabBar {
                add([.drop], "remove from the tab bar")
                add([.up], "back into the bar")
            } else {
                add([.left, .right, .up, .down], "move")
                add([.drop], "drop")
            }
            add([.cancel], "put back")
        case .carrying(let carry):
            let target = carry.targetID.flatMap { model.hierarchy.item($0)?.title } ?? "no tab"
            let verdict = carry.targetID.map { acceptsDrop(on: $0) ? "accepts it" : "doesn't accept it" } ?? ""
            hints.append(FooterHint("Carrying \(carry.item.title): \(target) \(verdict)"))
            add([.left, .right] + (sidebarShowing ? [.up, .down] : []), "choose a tab")
            add([.drop], "drop", when: carry.targetID.map(acceptsDrop(on:)) ?? false)
            add([.cancel], "cancel")
        case .help(_, let under):
            // Only a help that does not fit scrolls; one that fits closes on any key.
            if helpFits(for: under) {
                hints.append(FooterHint("any key: close"))
            } else {
                add([.up, .down], "scroll")
                add([.close], "close")
            }
        case .confirmingReset:
            hints.append(FooterHint("Reset all customization to the defaults?"))
            add([.confirm], "reset")
            hints.append(FooterHint("any other key: keep"))
        case .confirmingQuit:
            let count = runningTerminals
            hints.append(FooterHint("\(count) program\(count == 1 ? " is" : "s are") running: quit?"))
            add([.confirm], "quit")
            hints.append(FooterHint("any other key: stay"))
        case .confirmingDelete(let id, _):
            hints.append(FooterHint("Delete \(model.hierarchy.item(id)?.title ?? id)?"))
            add([.confirm], "delete")
            hints.append(FooterHint("any other key: keep"))
        case .picking(let picker, _):
            let entry = picker.entries[safe: picker.cursor]
            add([.up, .down], "choose", when: picker.entries.count > 1)
            add([.confirm], entry?.refusal == nil ? "pick" : "why not", when: entry != nil)
            add([.cancel], "close")
        case .choosingAction(let section, _):
            let actions = model.hierarchy.item(section)?.actions ?? []
            for (i, action) in actions.prefix(9).enumerated() { add([Command.chooses[i]], action.title) }
            hints.append(FooterHint("any other key: cancel"))
        case .naming(let prompt, _):
            add([.confirm], prompt.renaming == nil ? "add" : "rename", when: !prompt.field.text.trimmingSpaces.isEmpty)
            add([.cancel], "cancel")
        case .finding(let prompt, _):
            add([.confirm], "find", when: !prompt.field.text.isEmpty || shownFind != nil)
            add([.cancel], "cancel")
        }
        return hints
    }

    private func addBrowsingHints(_ focus: Focus, ascii: Bool, to hints: inout [FooterHint]) {
        func add(_ commands: [Command], _ label: String, _ condition: Bool) {
            if condition, let hint = hint(commands, label, ascii: ascii) { hints.append(hint) }
        }
        // What the page declared (`ShownPage`, read after the last action): nothing of the page
        // is called here.
        let page = shown
        let first = hints.count
        if focus == .content, terminalHasKeys {
            addTerminalHints(ascii: ascii, to: &hints)
            return
        }
        switch focus {
        case .tabBar:
            add([.previousTab, .nextTab], "tabs", model.tabBar.count > 1)
            add([.down], "content", true)
        case .sidebar:
            // The compact full-screen sidebar closes with Backspace and Esc (both bound to back).
            add([.back], "close", layoutClass == .compact)
            add([.up, .down], "move", sidebarRows.count > 1)
            let row = sidebarRows[safe: sidebarCursor]
            add([.open], "open", row != nil)
            // On a header Space says fold; on a section's child ← goes to the section.
            add([.previousTab], "to section", row.map { !$0.isSectionHeader && $0.depth > 0 } ?? false)
            add([.fold], row?.isCollapsed == true ? "unfold" : "fold", row?.isSectionHeader == true)
            if let action = sectionActionUnderCursor { add([.sectionAction], action, true) }
        case .content:
            // The standard commands the page answers keep their places, named the page's way.
            if let move = page.summary(of: [.up, .down]) { add([.up, .down], move, true) }
            if let open = page.summary(of: [.open]) { add([.open], open, true) }
            let finding = shownFind != nil
            if finding {
                // Esc ends a find (as it leaves the field): named so when Esc is one of back's keys.
                add([.findNext, .findPrevious], "next/previous", true)
                if let end = hint(preferring: .escape, for: .back, "end find", ascii: ascii) { hints.append(end) }
            } else {
                add([.back], page.summary(of: [.back]) ?? "back", currentDepth > 1)
            }
            add([.pickUp], page.summary(of: [.pickUp]) ?? "pick up", page.hasDraggableEntry)
            add([.scrollLeft, .scrollRight], "sideways", page.widest > geometry.content.width - 2)
            for key in page.keys where key.inFooter {
                switch key.action {
                case .named(let name, let defaultKey):
                    guard let bound = pageKeyShown(name, defaultKey: defaultKey) else { continue }
                    // A page's own key is the key pressed, in either direction.
                    hints.append(FooterHint(keys: KeyLabel.text(bound, ascii: ascii), label: key.summary, command: nil,
                                            key: bound, pageAction: name))
                case .commands(let commands):
                    if Self.placedCommands.contains(commands) { continue }
                    add(commands, key.summary, true)
                }
            }
            add([.find], "find", page.findsText && !finding)
            add([.focusNext], sidebarShowing ? "to sidebar" : "to tab bar", true)
        }
        add([.trust], "trust this file and run", shownCanTrust)
        let waits = commandConsent != .granted && page.waitsForTrust
        add([.reload], page.summary(of: [.reload]) ?? "reload", page.answers(.reload) && !waits)
        add([.back], "back", focus != .content && currentDepth > 1)
        add([.toggleSidebar], "sidebar", sidebarAvailable)
        add([.edit], "edit", true)
        add([.search], "search", visibleSearchTab != nil)
        add([.quit], "quit", true)
        Self.dropRepeatedKeys(&hints, from: first)
    }

    /// Standard commands whose hints have places of their own in the footer.
    private static let placedCommands: [[Command]] = [[.up, .down], [.open], [.back], [.pickUp], [.reload]]

    /// The key a page's own key shows in the footer: the first that runs it, unless that key is
    /// taken before the page sees it (quit, help, suspend, redraw).
    private func pageKeyShown(_ name: String, defaultKey: KeyEvent) -> KeyEvent? {
        for key in keymap.keys(forPageKey: name, defaultKey: defaultKey) {
            switch keymap.command(for: options.rightToLeft ? key.mirroredArrow : key, in: .normal) {
            case .quit?, .help?, .suspend?, .redraw?: continue
            default: return key
            }
        }
        return nil
    }

    /// No key twice: a page's own key wins over the app's hint of the same key (the key goes to
    /// the page), and otherwise the first hint of a key stays.
    private static func dropRepeatedKeys(_ hints: inout [FooterHint], from first: Int) {
        // The app's own hints never share a key (one key runs one command in a mode, and each
        // command is offered once; FooterWidthsTests checks every mode): only a page's keys can
        // repeat one.
        guard hints.count - first > 1, hints[first...].contains(where: { $0.pageAction != nil }) else { return }
        // A footer has a dozen hints of a key or two each: arrays searched in turn cost less
        // than sets hashed at every frame.
        var seen: [KeyEvent] = []
        seen.reserveCapacity(32)
        for hint in hints[first...] where hint.pageAction != nil { hint.appendKeys(to: &seen) }
        var repeats = false
        var shownPageKeys: [KeyEvent] = []
        var shownAppKeys = seen
        for hint in hints[first...] {
            if hint.pageAction != nil {
                if hint.hasKey(in: shownPageKeys) { repeats = true; break }
                hint.appendKeys(to: &shownPageKeys)
            } else {
                if hint.hasKey(in: shownAppKeys) { repeats = true; break }
                hint.appendKeys(to: &shownAppKeys)
            }
        }
        guard repeats else { return }
        var kept: [FooterHint] = Array(hints[..<first])
        kept.reserveCapacity(hints.count)
        shownPageKeys.removeAll(keepingCapacity: true)
        for hint in hints[first...] {
            if hint.pageAction != nil {
                guard !hint.hasKey(in: shownPageKeys) else { continue }
                hint.appendKeys(to: &shownPageKeys)
                kept.append(hint)
                continue
            }
            guard !hint.hasKey(in: seen) else { continue }
            hint.appendKeys(to: &seen)
            kept.append(hint)
        }
        hints = kept
    }

    /// While a terminal has the keys, only the prefix reaches the app: the footer shows it, and
    /// what it leads to (docs/terminal-tabs.md, "Keys").
    private func addTerminalHints(ascii: Bool, to hints: inout [FooterHint]) {
        let prefix = keyName(.prefix, in: .terminal)
        func after(_ command: Command, in table: Keymap.Mode, _ label: String) {
            guard let key = keymap.firstKey(for: command, in: table) else { return }
            let name = KeyLabel.text(options.rightToLeft ? key.mirroredArrow : key, ascii: ascii)
            hints.append(FooterHint(keys: terminalPrefixPending ? name : prefix + " " + name, label: label, command: command))
        }
        if terminalPrefixPending {
            hints.append(FooterHint("\(prefix) pressed: a command key"))
        } else {
            hints.append(FooterHint(keys: prefix, label: "prefix", command: nil))
        }
        after(.focusNext, in: .terminal, sidebarShowing ? "to sidebar" : "to tab bar")
        after(.scrollback, in: .terminal, "scrollback")
        if terminalPrefixPending { after(.prefix, in: .terminal, "send \(prefix)") }
        if sidebarAvailable { after(.toggleSidebar, in: .normal, "sidebar") }
        after(.quit, in: .normal, "quit")
    }

    /// `?: help` (`F1: help` in the search field), shown at the footer's trailing end.
    package func helpHint(ascii: Bool) -> FooterHint? {
        switch mode {
        case .help, .confirmingReset, .confirmingDelete, .confirmingQuit, .choosingAction, .naming, .picking, .finding: return nil
        default:
            if terminalHasKeys, let key = keymap.firstKey(for: .help, in: .normal) {
                let name = KeyLabel.text(key, ascii: ascii)
                return FooterHint(keys: terminalPrefixPending ? name : keyName(.prefix, in: .terminal) + " " + name,
                                  label: "help", command: .help)
            }
            return hint([.help], "help", ascii: ascii)
        }
    }

    /// `key: label` for one command, written with `preferred` when that is one of its keys (else
    /// its first key, as `hint` writes it).
    func hint(preferring preferred: KeyEvent, for command: Command, _ label: String, ascii: Bool) -> FooterHint? {
        guard keymap.keys(for: command, in: mode.keymapMode).contains(preferred) else { return hint([command], label, ascii: ascii) }
        let shown = options.rightToLeft ? preferred.mirroredArrow : preferred
        return FooterHint(keys: KeyLabel.text(shown, ascii: ascii), label: label, command: command, key: shown)
    }

    /// `keys: label`, with the first key the keymap binds to each command; nil when a command
    /// has no key in this mode.
    func hint(_ commands: [Command], _ label: String, ascii: Bool) -> FooterHint? {
        let table = mode.keymapMode
        if commands.count == 1 {
            // Most hints name one command: no list of keys to build and join.
            guard let key = keymap.firstKey(for: commands[0], in: table) else { return nil }
            let shown = options.rightToLeft ? key.mirroredArrow : key
            return FooterHint(keys: KeyLabel.text(shown, ascii: ascii), label: label, command: commands[0], key: shown)
        }
        var keys: [KeyEvent] = []
        keys.reserveCapacity(commands.count)
        for command in commands {
            guard let key = keymap.firstKey(for: command, in: table) else { return nil }
            keys.append(options.rightToLeft ? key.mirroredArrow : key)
        }
        // Mirrored commands keep the keys in the order they sit on the keyboard: ←→, not →←.
        if let left = keys.firstIndex(of: .left), let right = keys.firstIndex(of: .right), right < left {
            keys.swapAt(left, right)
        }
        return FooterHint(keys: KeyLabel.joined(keys, ascii: ascii), label: label, command: nil, keyEvents: keys)  // several: no one to click
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

extension AppState {
    /// How messages name the key of a command: its first key in a mode's table, as the footer
    /// writes it (mirrored in right-to-left layouts), so a rebound key is named as bound.
    package func keyName(_ command: Command, in table: Keymap.Mode) -> String {
        Self.keyName(command, in: table, keymap: keymap, rightToLeft: options.rightToLeft, ascii: options.ascii)
    }

    /// The name of the first key bound to a command in a table, as the footer writes it.
    static func keyName(_ command: Command, in table: Keymap.Mode, keymap: Keymap, rightToLeft: Bool, ascii: Bool) -> String {
        guard let key = keymap.firstKey(for: command, in: table) else { return "(no key for \(command.rawValue))" }
        return KeyLabel.text(rightToLeft ? key.mirroredArrow : key, ascii: ascii)
    }
}
