import TabNavCore

/// One line of the help: keys and what they do.
package struct HelpLine: Sendable, Equatable {
    package var keys: String
    package var action: String
}

extension AppState {
    /// The help of a mode, generated from the keymap: every bound key appears, grouped by the
    /// command it runs.
    package func helpLines(for mode: Mode, ascii: Bool) -> [HelpLine] {
        let table = mode.keymapMode
        var lines: [HelpLine] = []
        switch table {
        case .search: lines.append(HelpLine(keys: "type", action: "filter every tab and entry (letters in order)"))
        case .prompt: lines.append(HelpLine(keys: "type", action: "the name of the new tab"))
        case .normal:
            // The page's own keys first, as it names them (docs/keys.md, "Keys of pages").
            for key in shown.keys {
                guard case .named(let name, let defaultKey) = key.action else { continue }
                let keys = keymap.keys(forPageKey: name, defaultKey: defaultKey)
                lines.append(HelpLine(keys: keys.isEmpty ? "-" : keys.map { KeyLabel.text($0, ascii: ascii) }.joined(separator: " "),
                                      action: key.summary + " (this page)"))
            }
        default: break
        }

        if table == .normal, mode.base == .browsing(.content), shownTerminal?.isRunning == true {
            // Over a terminal's program: its keys first (docs/terminal-tabs.md, "Keys").
            lines.append(HelpLine(keys: "any key", action: "goes to the program, except the prefix"))
            for (command, summary) in Keymap.commands(in: .terminal) {
                let keys = keymap.keys(for: command, in: .terminal)
                guard !keys.isEmpty else { continue }
                let names = keys.map { KeyLabel.text($0, ascii: ascii) }.joined(separator: " ")
                lines.append(HelpLine(keys: command == .prefix ? names : keyName(.prefix, in: .terminal) + " " + names,
                                      action: summary))
            }
            lines.append(HelpLine(keys: keyName(.prefix, in: .terminal) + " key", action: "a normal-mode key below runs its command"))
        }
        var numbered: [(Command, KeyEvent)] = []
        for (command, summary) in Keymap.commands(in: table) {
            let keys = keymap.keys(for: command, in: table)
            guard !keys.isEmpty else { continue }
            if command == .trust, !hasUntrustedCommands { continue }  // only for an untrusted file
            if let n = command.number, keys == [.character(Character(String(n)))] {
                numbered.append((command, keys[0]))
                if n == 9 || Keymap.commands(in: table).first(where: { $0.command.number == n + 1 }) == nil {
                    lines.append(Self.numberedLine(numbered, summary: summary, ascii: ascii))
                    numbered = []
                }
                continue
            }
            let names = keys.map { KeyLabel.text(options.rightToLeft ? $0.mirroredArrow : $0, ascii: ascii) }.joined(separator: " ")
            lines.append(HelpLine(keys: names, action: summary))
        }
        switch table {
        case .normal: lines.append(HelpLine(keys: "mouse", action: "click a tab, a row or a hint; the wheel scrolls"))
        case .edit: lines.append(HelpLine(keys: "mouse", action: "drag an item to move it; click a checkbox to hide"))
        case .carry: lines.append(HelpLine(keys: "mouse", action: "click a tab to drop it there"))
        default: break
        }
        return lines
    }

    /// `1…9  select the n-th tab` instead of nine lines.
    static func numberedLine(_ run: [(Command, KeyEvent)], summary: String, ascii: Bool) -> HelpLine {
        guard run.count > 1, let first = run.first, let last = run.last else {
            return HelpLine(keys: run.first.map { KeyLabel.text($0.1) } ?? "", action: summary)
        }
        let general = first.0.rawValue.hasPrefix("tab-") ? "select the n-th tab of the tab bar" : "run the n-th action"
        return HelpLine(keys: KeyLabel.text(first.1) + (ascii ? "-" : "…") + KeyLabel.text(last.1), action: general)
    }

    /// How many lines the help of a mode has (for scrolling).
    func helpLineCount(for mode: Mode) -> Int {
        helpRows(for: mode, ascii: options.ascii).rows.count
    }
}
