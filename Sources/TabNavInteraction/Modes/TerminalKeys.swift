import TabNavCore

/// The keys of a terminal tab whose program has them (docs/terminal-tabs.md): every key goes to
/// the program but the prefix, and the prefix and a key runs that command. Its state is whether
/// the prefix was just pressed; it is given the keymap.
package enum TerminalKeys {
    /// What a key does.
    package enum Outcome: Sendable, Equatable {
        /// Nothing more (the prefix was pressed).
        case nothing
        /// The key goes to the program.
        case send(KeyEvent)
        /// The terminal goes into its scrollback view.
        case scrollback
        /// The keys go back to the app's regions (the bar or the sidebar).
        case leaveToRegions
        /// A normal-mode command.
        case run(Command)
        /// The prefix and a key that does nothing.
        case unbound(KeyEvent)
    }

    package static func reduce(prefixPending: Bool, _ key: KeyEvent, keymap: Keymap,
                               rightToLeft: Bool) -> (prefixPending: Bool, outcome: Outcome) {
        let command = keymap.command(for: key, in: .terminal)
        guard prefixPending else {
            return command == .prefix ? (true, .nothing) : (false, .send(key))
        }
        switch command {
        case .prefix?: return (false, .send(key))
        case .scrollback?: return (false, .scrollback)
        case .focusNext?: return (false, .leaveToRegions)
        default:
            guard let normal = keymap.command(for: rightToLeft ? key.mirroredArrow : key, in: .normal) else {
                return (false, .unbound(key))
            }
            // Keys that would move inside the content act on the app's regions instead.
            switch normal {
            case .up, .focusNext, .focusPrevious, .back: return (false, .leaveToRegions)
            default: return (false, .run(normal))
            }
        }
    }
}
