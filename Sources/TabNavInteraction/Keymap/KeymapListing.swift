import TabNavCore
import TabNavDrawing

/// The keymap as text, one table per mode: what `tabnav-tui keys` prints and docs/keys.md shows.
///
/// ```
/// normal mode
///   KEYS      COMMAND         SUMMARY
///   ← h       previous-tab    previous tab in the tab bar
/// ```
///
/// Every command a mode offers is listed, with `-` when no key runs it.
public enum KeymapListing {
    /// All modes, a blank line between them, ending with a newline.
    public static func text(_ keymap: Keymap, ascii: Bool = false) -> String {
        Keymap.Mode.allCases.map { table(keymap, mode: $0, ascii: ascii) }.joined(separator: "\n")
    }

    /// One mode's table: its title, then a header and one line per command.
    public static func table(_ keymap: Keymap, mode: Keymap.Mode, ascii: Bool = false) -> String {
        var rows: [[String]] = [["KEYS", "COMMAND", "SUMMARY"]]
        for (command, summary) in Keymap.commands(in: mode) {
            let keys = keymap.keys(for: command, in: mode).map { KeyLabel.text($0, ascii: ascii) }
            rows.append([keys.isEmpty ? "-" : keys.joined(separator: " "), command.rawValue, summary])
        }
        let widths = (0..<2).map { column in rows.map { DisplayWidth.of($0[column], ascii: ascii) }.max() ?? 0 }
        var text = title(of: mode) + "\n"
        for row in rows {
            var line = "  "
            for column in 0..<2 {
                line += row[column] + String(repeating: " ", count: widths[column] - DisplayWidth.of(row[column], ascii: ascii) + 2)
            }
            text += line + row[2] + "\n"
        }
        return text
    }

    /// `normal mode`, `search mode: search field` — the configuration's name first.
    public static func title(of mode: Keymap.Mode) -> String {
        mode.title == mode.rawValue ? "\(mode.rawValue) mode" : "\(mode.rawValue) mode: \(mode.title)"
    }
}
