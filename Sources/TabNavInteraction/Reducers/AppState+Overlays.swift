import TabNavCore
import TabNavDrawing

extension AppState {
    /// Help: the arrows scroll it; any other key closes it (as in less and man). A help that fits
    /// has nothing to scroll: then every key closes it, as its frame says ("any key closes").
    mutating func scrollHelp(_ command: Command?, scroll: Int, under: Mode) -> [AppEffect] {
        let page = max(1, size.rows - 4)
        let step: Int
        switch command {
        case _ where helpFits(for: under):
            mode = under
            return []
        case .up?: step = -1
        case .down?: step = 1
        case .pageUp?: step = -page
        case .pageDown?: step = page
        case .first?: step = -Int.max / 2
        case .last?: step = Int.max / 2
        default:
            mode = under
            return []
        }
        let maximum = max(0, helpLineCount(for: under) - page)
        mode = .help(scroll: max(0, min(maximum, scroll + step)), over: under)
        return []
    }

    /// Whether the help over `mode` shows whole (its box is at most the screen less the footer,
    /// framed): nothing to scroll then.
    func helpFits(for mode: Mode) -> Bool {
        helpLineCount(for: mode) <= size.rows - 3
    }

    /// One line of help up or down (the wheel), keeping help open.
    mutating func scrollHelpOnce(up: Bool) -> [AppEffect] {
        guard case .help(let scroll, let under) = mode, !helpFits(for: under) else { return [] }
        return scrollHelp(up ? .up : .down, scroll: scroll, under: under)
    }

    /// "Reset all customization?": `y` resets, anything else keeps it.
    mutating func confirmReset(_ command: Command?, under: Mode) -> [AppEffect] {
        mode = under
        guard command == .confirm else {
            say("Reset cancelled")
            return []
        }
        return resetCustomization()
    }

    /// A section's action menu: a digit runs that action, anything else closes the menu.
    mutating func chooseAction(_ command: Command?, section sectionID: String, under: Mode) -> [AppEffect] {
        mode = under
        guard let command, Command.chooses.contains(command), let n = command.number,
              let actions = model.hierarchy.item(sectionID)?.actions, n <= actions.count else {
            say("Cancelled")
            return []
        }
        return invoke(action: actions[n - 1].id, in: sectionID)
    }

    /// The name prompt of a section action that adds a tab.
    mutating func typeName(_ command: Command?, key: KeyEvent?, prompt: NamePrompt, under: Mode) -> [AppEffect] {
        var prompt = prompt
        switch command {
        case .cancel?:
            mode = under
            say("Cancelled")
            return []
        case .confirm?:
            let name = String(prompt.field.text.trimmingSpaces)
            guard !name.isEmpty else {
                say("Type a name, or \(keyName(.cancel, in: .prompt)) to cancel", error: true)
                return []
            }
            mode = under
            if let id = prompt.renaming { return rename(id, to: name) }
            return addTab(named: name, to: prompt.section, by: prompt.action)
        case let command?:
            _ = prompt.field.apply(command)
        case nil:
            if case .character(let c) = key { prompt.field.insert(String(c)) }
        }
        mode = .naming(prompt, over: under)
        return []
    }
}
