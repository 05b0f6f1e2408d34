import TabNavCore
import TabNavDrawing

/// Turns the JSON of a configuration file into a `TabNavConfiguration`, checking everything
/// first: every error names its JSON path (`keys.normal.n`), and nothing is applied from a file
/// with an error.
///
/// Unknown keys and duplicate keys are errors, as in layout files: a silently ignored typo is a
/// setting that mysteriously does not work.
struct ConfigurationDecoder {
    let source: String

    static let topLevelKeys = ["keys", "theme", "icons"]

    func decode(_ root: JSONValue) throws(ConfigurationError) -> TabNavConfiguration {
        var configuration = TabNavConfiguration.standard
        for (key, value) in try members(of: root, at: "", allowedKeys: Self.topLevelKeys) {
            switch key {
            case "keys": configuration.keymap = try keymap(value, at: key)
            case "icons":
                let names = IconStyle.allCases.map(\.rawValue)
                guard let name = value.stringValue else {
                    throw problem(at: key, "expected \(Self.list(names)), found \(value.typeDescription)")
                }
                guard let icons = IconStyle(rawValue: name) else {
                    throw problem(at: key, "unknown icons \(Self.quoted(name)) (expected \(Self.list(names)))")
                }
                configuration.icons = icons
            default: configuration.theme = try theme(value, at: key)
            }
        }
        return configuration
    }

    // MARK: Keys

    /// One change of the keymap: bind the key to a command, or unbind it (`"none"`); in the
    /// `page` table, to a page's own key by name (`mode` nil).
    private struct Change {
        var mode: Keymap.Mode?
        var key: KeyEvent
        var command: Command?
        var pageKey: String?
    }

    /// The standard keymap with every change of `keys` applied, in the file's order.
    private func keymap(_ value: JSONValue, at path: String) throws(ConfigurationError) -> Keymap {
        var changes: [Change] = []
        for (name, table) in try members(of: value, at: path) {
            let modePath = Self.member(path, name)
            if name == "page" {
                changes += try pageChanges(table, at: modePath)
                continue
            }
            guard let mode = Keymap.Mode(rawValue: name) else {
                let names = (Keymap.Mode.allCases.map(\.rawValue) + ["page"]).joined(separator: ", ")
                throw problem(at: modePath, "unknown mode \(Self.quoted(name)) (expected \(names))")
            }
            changes += try modeChanges(table, mode: mode, at: modePath)
        }
        var keymap = Keymap.standard
        for change in changes {
            guard let mode = change.mode else {
                if let name = change.pageKey { keymap.bindPageKey(change.key, to: name) } else { keymap.unbindPageKey(change.key) }
                continue
            }
            if let command = change.command {
                keymap.bind(change.key, to: command, in: mode)
            } else {
                keymap.unbind(change.key, in: mode)
            }
        }
        if let stuck = Self.modeWithoutQuit(keymap) {
            throw problem(at: Self.member(path, stuck.rawValue), "leaves no key to quit in \(stuck.rawValue) mode (\(Self.howToQuit(stuck)))")
        }
        return keymap
    }

    /// Commands that leave a mode for the one it was entered from (each alone is enough).
    static let leavingCommands: [Command] = [.cancel, .close, .done, .leaveField]

    /// Whether a key of `mode` leaves it: a terminal tab gives the focus back with the prefix and
    /// then `focus-next`, which both need a key.
    static func canLeave(_ mode: Keymap.Mode, in keymap: Keymap) -> Bool {
        func bound(_ command: Command) -> Bool { !keymap.keys(for: command, in: mode).isEmpty }
        if mode == .terminal { return bound(.prefix) && bound(.focusNext) }
        return leavingCommands.contains(where: bound)
    }

    /// The modes each mode can be entered from (and so returns to when left).
    static func parents(of mode: Keymap.Mode) -> [Keymap.Mode] {
        switch mode {
        case .normal: return []
        case .search, .edit, .carry, .terminal, .find: return [.normal]
        case .grab: return [.edit]
        case .help: return [.normal, .search, .edit, .grab, .carry]
        case .prompt, .confirm, .menu, .picker: return [.normal, .edit]
        }
    }

    /// The first mode from which no key leads to quitting, if any: a mode can quit when one of its
    /// keys is bound to `quit`, or when one leaves it (`cancel`, `close`, `done`, `leave-field`;
    /// the prefix and `focus-next` in a terminal tab) for modes that all can.
    static func modeWithoutQuit(_ keymap: Keymap) -> Keymap.Mode? {
        var canQuit = Set(Keymap.Mode.allCases.filter { !keymap.keys(for: .quit, in: $0).isEmpty })
        var changed = true
        while changed {
            changed = false
            for mode in Keymap.Mode.allCases where !canQuit.contains(mode) {
                let leaves = canLeave(mode, in: keymap)
                let parents = parents(of: mode)
                if leaves, !parents.isEmpty, parents.allSatisfy(canQuit.contains) {
                    canQuit.insert(mode)
                    changed = true
                }
            }
        }
        return Keymap.Mode.allCases.first { !canQuit.contains($0) }
    }

    /// What to bind so that `mode` (the first without a way out, whose parents all have one)
    /// gets one again, with the keys the standard keymap gives it: only commands the mode offers,
    /// so the advice can be followed ("quit" is no command of a terminal tab, for one).
    static func howToQuit(_ mode: Keymap.Mode) -> String {
        // `"quit" (q, C-c by default)`: a command with the keys the standard keymap gives it.
        func named(_ command: Command) -> String {
            let keys = Keymap.standard.keys(for: command, in: mode).compactMap(KeyNames.name(of:))
            return "\"\(command.rawValue)\"" + (keys.isEmpty ? "" : " (\(keys.joined(separator: ", ")) by default)")
        }
        if mode == .terminal {
            return "bind a key to \(named(.prefix)) and one to \(named(.focusNext)) in terminal mode"
        }
        let ways = ([.quit] + leavingCommands).filter { Keymap.offers($0, in: mode) }
        return "bind a key to " + list(ways.map(named)) + " in \(mode.rawValue) mode"
    }

    /// Whether `trust` may be bound to `key`: a plain letter only, a key no one presses by
    /// accident on the way somewhere else (an arrow that trusts a file would run its commands).
    static func canTrust(with key: KeyEvent) -> Bool {
        guard case .character(let character) = key, let scalar = character.unicodeScalars.first,
              character.unicodeScalars.count == 1 else { return false }
        return (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }

    /// A key table's entries with their keys read and their places named; a key bound twice in
    /// one table is refused.
    private func boundKeys(of value: JSONValue, at path: String, table: String) throws(ConfigurationError) -> [(key: KeyEvent, path: String, target: JSONValue)] {
        var entries: [(key: KeyEvent, path: String, target: JSONValue)] = []
        var seen: [KeyEvent: String] = [:]
        for (name, target) in try members(of: value, at: path) {
            let keyPath = Self.member(path, name)
            let key = try self.key(named: name, at: keyPath)
            if let earlier = seen[key] {
                throw problem(at: keyPath, "the key \(KeyLabel.text(key, ascii: true)) is bound twice in \(table) (also at \(earlier))")
            }
            seen[key] = keyPath
            entries.append((key, keyPath, target))
        }
        return entries
    }

    /// The `page` table: keys bound to pages' own keys by name (`{"d": "toggle-done"}`), or
    /// `"none"`. The names are the pages' (docs/keys.md, "Keys of pages"), so only their form is
    /// checked here.
    private func pageChanges(_ value: JSONValue, at path: String) throws(ConfigurationError) -> [Change] {
        var changes: [Change] = []
        for (key, keyPath, target) in try boundKeys(of: value, at: path, table: "the page table") {
            guard let pageKey = target.stringValue else {
                throw problem(at: keyPath, "expected the name of a page's key or \"none\", found \(target.typeDescription)")
            }
            if pageKey == "none" {
                changes.append(Change(mode: nil, key: key, command: nil, pageKey: nil))
                continue
            }
            guard PageKey.isValidName(pageKey) else {
                throw problem(at: keyPath, "\(Self.quoted(pageKey)) is not a page key's name (lowercase letters, digits and -)")
            }
            changes.append(Change(mode: nil, key: key, command: nil, pageKey: pageKey))
        }
        return changes
    }

    /// The changes of one mode's table (`{"n": "next-tab", "l": "none"}`).
    private func modeChanges(_ value: JSONValue, mode: Keymap.Mode, at path: String) throws(ConfigurationError) -> [Change] {
        var changes: [Change] = []
        for (key, keyPath, target) in try boundKeys(of: value, at: path, table: "\(mode.rawValue) mode") {
            let bound = try command(target, mode: mode, at: keyPath)
            if bound == .trust, !Self.canTrust(with: key) {
                throw problem(at: keyPath, "\"trust\" may only be bound to a plain letter (a-z or A-Z), not to \(KeyLabel.text(key, ascii: true))")
            }
            changes.append(Change(mode: mode, key: key, command: bound, pageKey: nil))
        }
        return changes
    }

    /// The key a name stands for (`n`, `C-x`, `esc`, `f1`…), as `render --keys` reads it.
    private func key(named name: String, at path: String) throws(ConfigurationError) -> KeyEvent {
        let key: KeyEvent
        do {
            key = try KeyNames.parse(name)
        } catch {
            throw unknownKeyName(name, at: path)
        }
        // A lone control character is never a key the terminal reports (Ctrl-A arrives as C-a).
        if case .character(let c) = key, c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw unknownKeyName(name, at: path)
        }
        return key
    }

    private func unknownKeyName(_ name: String, at path: String) -> ConfigurationError {
        problem(at: path, "unknown key name \(Self.quoted(name)) (expected left, right, up, down, enter, esc, tab, "
            + "backtab, space, backspace, delete, insert, home, end, pgup, pgdn, f1…f12, comma, a single character or C-x)")
    }

    /// The command a key is bound to; nil for `"none"` (unbound).
    private func command(_ value: JSONValue, mode: Keymap.Mode, at path: String) throws(ConfigurationError) -> Command? {
        guard let name = value.stringValue else {
            throw problem(at: path, "expected a command name or \"none\", found \(value.typeDescription)")
        }
        if name == "none" { return nil }
        guard let command = Command(rawValue: name) else {
            let names = Keymap.commands(in: mode).map(\.command.rawValue) + ["none"]
            throw problem(at: path, "unknown command \(Self.quoted(name)) (expected one of: \(names.joined(separator: ", ")))")
        }
        guard Keymap.offers(command, in: mode) else {
            throw problem(at: path, "\(Self.quoted(name)) is not a command of \(mode.rawValue) mode")
        }
        return command
    }

    // MARK: Theme

    /// A theme's name, or an object of a person's own colours: `base` (a theme name) and any
    /// of the palette's colours, each a palette index (0–255) or `#rrggbb` (docs/themes.md).
    private func theme(_ value: JSONValue, at path: String) throws(ConfigurationError) -> ThemeChoice {
        if case .object = value {
            let slots = ThemePalette.Slot.allCases.map(\.rawValue)
            var colors = ThemeColors()
            for (key, member) in try members(of: value, at: path, allowedKeys: ["base"] + slots) {
                let memberPath = Self.member(path, key)
                if key == "base" {
                    guard let name = member.stringValue, let base = ThemeName(rawValue: name) else {
                        let names = ThemeName.allCases.map(\.rawValue)
                        throw problem(at: memberPath, "expected a theme name (\(Self.list(names))), found "
                            + (member.stringValue.map { Self.quoted($0) } ?? member.typeDescription))
                    }
                    colors.base = base
                } else if let slot = ThemePalette.Slot(rawValue: key) {
                    colors.colors[slot] = try color(member, at: memberPath)
                }
            }
            return .custom(colors)
        }
        guard let name = value.stringValue else {
            throw problem(at: path, "expected a theme name or an object of colours, found \(value.typeDescription)")
        }
        guard let theme = ThemeChoice(name: name) else {
            throw problem(at: path, "unknown theme \(Self.quoted(name)) (expected \(Self.list(ThemeChoice.names)))")
        }
        return theme
    }

    /// A colour: a palette index 0–255 or `#rrggbb`.
    private func color(_ value: JSONValue, at path: String) throws(ConfigurationError) -> ThemeColorValue {
        if let index = value.intValue {
            guard (0...255).contains(index) else {
                throw problem(at: path, "colour \(index) is not a palette index (expected 0 to 255 or \"#rrggbb\")")
            }
            return .index(UInt8(index))
        }
        if let text = value.stringValue {
            guard let rgb = RGBColor(parsing: text), text.hasPrefix("#") else {
                throw problem(at: path, "\(Self.quoted(text)) is not a colour (expected \"#rrggbb\" or 0 to 255)")
            }
            return .rgb(rgb)
        }
        throw problem(at: path, "expected a colour (0 to 255 or \"#rrggbb\"), found \(value.typeDescription)")
    }

    // MARK: Objects, paths and messages

    /// The members of an object, refusing duplicate keys and (when `allowedKeys` is given) keys
    /// not in it.
    private func members(
        of value: JSONValue, at path: String, allowedKeys: [String]? = nil
    ) throws(ConfigurationError) -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = value else {
            throw problem(at: path, "expected an object, found \(value.typeDescription)")
        }
        for (index, member) in members.enumerated() {
            if let allowedKeys, !allowedKeys.contains(member.key) {
                throw problem(at: path, "unknown key \(Self.quoted(member.key)) (expected \(Self.list(allowedKeys)))")
            }
            if members[..<index].contains(where: { $0.key == member.key }) {
                throw problem(at: path, "duplicate key \(Self.quoted(member.key))")
            }
        }
        return members
    }

    /// An error at `path` (`keys.normal.n: …`; the top level reads `top level: …`).
    private func problem(at path: String, _ reason: String) -> ConfigurationError {
        ConfigurationError(source: source, kind: .schema(path: path), message: "\(path.isEmpty ? "top level" : path): \(reason)")
    }

    /// `keys.normal` + `n` → `keys.normal.n`. A name that is not plain printable ASCII, or that
    /// holds `.`, `[`, `]`, `"` or `\`, is written `keys.normal["."]`, JSON-quoted, so the path
    /// stays readable and no control character reaches the terminal.
    static func member(_ path: String, _ name: String) -> String {
        let plain = !name.isEmpty && name.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) && !".[]\"\\".unicodeScalars.contains($0) }
        if !plain { return "\(path)[\(quoted(name))]" }
        return path.isEmpty ? name : "\(path).\(name)"
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// A user string as it appears in a message: JSON-quoted (control characters as escapes),
    /// cut short when very long.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        let shown = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return JSONWriter.string(.string(shown))
    }
}
