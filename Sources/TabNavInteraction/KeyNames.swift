import TabNavCore
import TabNavDrawing

/// The key names of `tabnav-tui render --keys` (docs/behaviour.md, "Command line"), turned into key events.
///
/// Names: `left right up down enter esc tab backtab space backspace delete insert home end pgup
/// pgdn f1`…`f12`, `comma`, any single character, `C-x` for a control key, and `resize:WxH`.
package enum KeyNames {
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        package var name: String
        package var description: String {
            "unknown key name \"\(name)\" (expected left, right, up, down, enter, esc, tab, backtab, space, "
                + "backspace, delete, insert, home, end, pgup, pgdn, f1…f12, comma, a single character, C-x or resize:WxH)"
        }
    }

    static let named: [String: KeyEvent] = [
        "left": .left, "right": .right, "up": .up, "down": .down,
        "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "tab": .tab, "backtab": .backTab, "space": .character(" "), "backspace": .backspace,
        "delete": .delete, "del": .delete, "insert": .insert, "home": .home, "end": .end,
        "pgup": .pageUp, "pgdn": .pageDown, "comma": .character(","),
    ]

    /// Parses a comma-separated list of keys and `resize:WxH` (empty items are skipped).
    package static func parseList(_ list: String) throws(ParseError) -> [AppAction] {
        var actions: [AppAction] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: true) {
            let name = String(part)
            if name.lowercased().hasPrefix("resize:"), let size = parseSize(String(name.dropFirst(7))) {
                actions.append(.resize(size))
            } else {
                actions.append(.key(try parse(name)))
            }
        }
        return actions
    }

    /// The name a configuration file (or `render --keys`) writes a key with: `esc`, `C-c`, `f5`,
    /// `comma`, `q`; nil for a key no name stands for.
    package static func name(of key: KeyEvent) -> String? {
        switch key {
        case .character(","): return "comma"
        case .character(" "): return "space"
        case .character(let c): return String(c)
        case .control(let c): return "C-\(c)"
        case .function(let n): return "f\(n)"
        default:
            let names = named.filter { $0.value == key }.map(\.key).sorted { $0.count < $1.count }
            return names.first
        }
    }

    /// Parses one key name (the names of `render --keys` and of the configuration file).
    package static func parse(_ name: String) throws(ParseError) -> KeyEvent {
        if name.count == 1, let c = name.first { return .character(c) }
        let lower = name.lowercased()
        if let key = named[lower] { return key }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) { return .function(n) }
        if lower.hasPrefix("c-"), name.count == 3, let c = lower.last,
           c.isASCII, c.isLetter || "@[\\]^_".contains(c) {
            // A terminal sends these as the very bytes of Tab, Enter and Esc.
            switch c {
            case "i": return .tab
            case "m", "j": return .enter
            case "[": return .escape
            default: return .control(c)
            }
        }
        throw ParseError(name: name)
    }

    /// Parses `WxH` (e.g. `120x40`); sizes up to 10,000 in each direction.
    package static func parseSize(_ text: String) -> TerminalSize? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...10_000).contains(w), (1...10_000).contains(h) else { return nil }
        return TerminalSize(columns: w, rows: h)
    }
}
