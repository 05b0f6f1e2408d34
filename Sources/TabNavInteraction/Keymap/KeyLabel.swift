import TabNavCore

/// How a key is written in the footer, the help and `tabnav-tui keys`.
public enum KeyLabel {
    /// The key as people read it: `←`, `Enter`, `Ctrl-C`, `q` (`Left` … without Unicode).
    public static func text(_ key: KeyEvent, ascii: Bool = false) -> String {
        switch key {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-" + String(c).uppercased()
        case .up: return ascii ? "Up" : "↑"
        case .down: return ascii ? "Down" : "↓"
        case .left: return ascii ? "Left" : "←"
        case .right: return ascii ? "Right" : "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .function(let n): return "F\(n)"
        }
    }

    /// The keys of a group of commands as one label: `←→` for a pair of arrows, `Left/Right`
    /// without Unicode, `x` for one key.
    static func joined(_ keys: [KeyEvent], ascii: Bool) -> String {
        let allArrows = keys.allSatisfy { key in
            switch key {
            case .up, .down, .left, .right: return true
            default: return false
            }
        }
        var label = ""
        for (i, key) in keys.enumerated() {
            if i > 0, ascii || !allArrows { label += "/" }
            label += text(key, ascii: ascii)
        }
        return label
    }
}
