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
    /// All modes, a blank line between them, ending with a newline; then the keys of pages
    /// (`pageKeys`, what pages declare) and the configuration's `page` bindings, when there are any.
    public static func text(_ keymap: Keymap, pageKeys: [PageKey] = [], ascii: Bool = false) -> String {
        var tables = Keymap.Mode.allCases.map { table(keymap, mode: $0, ascii: ascii) }
        if let pages = pageTable(keymap, pageKeys: pageKeys, ascii: ascii) { tables.append(pages) }
        return tables.joined(separator: "\n")
    }

    /// The keys of pages: each page key declared in `pageKeys` (its keys as the keymap binds them)
    /// and each name the configuration binds that none of them declares; nil when there is none.
    public static func pageTable(_ keymap: Keymap, pageKeys: [PageKey], ascii: Bool = false) -> String? {
        var rows: [[String]] = [["KEYS", "NAME", "SUMMARY"]]
        var listed: Set<String> = []
        for key in pageKeys {
            guard case .named(let name, let defaultKey) = key.action, listed.insert(name).inserted else { continue }
            let keys = keymap.keys(forPageKey: name, defaultKey: defaultKey).map { KeyLabel.text($0, ascii: ascii) }
            rows.append([keys.isEmpty ? "-" : keys.joined(separator: " "), name, key.summary])
        }
        for binding in keymap.pageBindings {
            guard let name = binding.name, !listed.contains(name) else { continue }
            listed.insert(name)
            let keys = keymap.pageBindings.filter { $0.name == name }.map { KeyLabel.text($0.key, ascii: ascii) }
            rows.append([keys.joined(separator: " "), name, "(bound by the configuration)"])
        }
        let unbound = keymap.pageBindings.filter { $0.name == nil }.map { KeyLabel.text($0.key, ascii: ascii) }
        if !unbound.isEmpty { rows.append([unbound.joined(separator: " "), "none", "(no page key)"]) }
        guard rows.count > 1 else { return nil }
        return layout(rows, title: "page keys: keys of a page's own, rebound in the \"page\" table", ascii: ascii)
    }

    /// One mode's table: its title, then a header and one line per command.
    public static func table(_ keymap: Keymap, mode: Keymap.Mode, ascii: Bool = false) -> String {
        var rows: [[String]] = [["KEYS", "COMMAND", "SUMMARY"]]
        for (command, summary) in Keymap.commands(in: mode) {
            let keys = keymap.keys(for: command, in: mode).map { KeyLabel.text($0, ascii: ascii) }
            rows.append([keys.isEmpty ? "-" : keys.joined(separator: " "), command.rawValue, summary])
        }
        return layout(rows, title: title(of: mode), ascii: ascii)
    }

    /// Rows of three columns under a title, the first two padded to their widest.
    private static func layout(_ rows: [[String]], title: String, ascii: Bool) -> String {
        let widths = (0..<2).map { column in rows.map { DisplayWidth.of($0[column], ascii: ascii) }.max() ?? 0 }
        var text = title + "\n"
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
