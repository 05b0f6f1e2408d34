import TabNavCore

/// The one table of key bindings: for each mode, which key runs which command. The reducer
/// dispatches through it, and the footer hints and the help are generated from it, so the three
/// cannot disagree (docs/keys.md). People change it in their configuration file.
public struct Keymap: Sendable, Equatable {
    /// The modes that have bindings of their own; the names are the configuration file's.
    public enum Mode: String, Sendable, CaseIterable, Hashable {
        case normal, search, edit, grab, carry, help, prompt, confirm, menu, picker, terminal, find

        /// The mode's place in `allCases` (where the keymap keeps its table).
        var ordinal: Int {
            switch self {
            case .normal: return 0
            case .search: return 1
            case .edit: return 2
            case .grab: return 3
            case .carry: return 4
            case .help: return 5
            case .prompt: return 6
            case .confirm: return 7
            case .menu: return 8
            case .picker: return 9
            case .terminal: return 10
            case .find: return 11
            }
        }

        /// What the help's title and `tabnav-tui keys` call the mode.
        public var title: String {
            switch self {
            case .normal: return "normal"
            case .search: return "search field"
            case .edit: return "edit"
            case .grab: return "grab (moving an item)"
            case .carry: return "carry (dropping an entry on a tab)"
            case .help: return "help"
            case .prompt: return "name prompt"
            case .confirm: return "confirmation"
            case .menu: return "action menu"
            case .picker: return "list (the + picker, an item's menu)"
            case .terminal: return "a terminal tab has the keys (after the prefix: normal-mode keys too)"
            case .find: return "find in page"
            }
        }
    }

    /// One key bound to one command.
    public struct Binding: Sendable, Equatable {
        public var key: KeyEvent
        public var command: Command
    }

    /// One table per mode, in `Mode.allCases` order. An array rather than a dictionary keyed
    /// by mode: a dictionary's first use makes the runtime look up `Mode`'s `Hashable`
    /// conformance, which cost more than the rest of building the tables at every start
    /// (measured with callgrind).
    private var tables: [[Binding]] {
        didSet { commandColumns = tables.map { $0.map(\.command) } }
    }
    /// Each table's commands alone, in the same order: the footer looks up a dozen commands'
    /// first keys every frame, and scanning one-byte commands costs a tenth of scanning bindings
    /// (whose keys are retained and released as they are copied; measured with callgrind).
    private var commandColumns: [[Command]]

    /// The bindings every copy of tabnav-tui starts with.
    public static let standard = Keymap(tables: Mode.allCases.map(StandardBindings.table))

    /// The configuration's bindings of pages' own keys (`{"keys": {"page": {"d": "toggle-done"}}}`),
    /// in the file's order: a key bound to a name, or unbound (`name` nil). Empty in the standard
    /// keymap: every page's keys are then their defaults.
    public private(set) var pageBindings: [PageBinding] = []

    /// One key bound to a page's own key by name (`PageKey.name`), or unbound when `name` is nil.
    public struct PageBinding: Sendable, Equatable {
        public var key: KeyEvent
        public var name: String?
    }

    init(tables: [[Binding]]) {
        self.tables = tables
        self.commandColumns = tables.map { $0.map(\.command) }
    }

    /// The bindings of a mode, in the order the help lists them.
    public func bindings(in mode: Mode) -> [Binding] { tables[mode.ordinal] }

    /// The command a key runs in a mode, if any.
    public func command(for key: KeyEvent, in mode: Mode) -> Command? {
        // A table holds some fifty bindings: a scan costs less than building an index would at
        // every start (measured with callgrind).
        tables[mode.ordinal].first { $0.key == key }?.command
    }

    /// Every key that runs a command in a mode, in the table's order.
    public func keys(for command: Command, in mode: Mode) -> [KeyEvent] {
        var keys: [KeyEvent] = []
        for binding in tables[mode.ordinal] where binding.command == command { keys.append(binding.key) }
        return keys
    }

    /// The first key that runs a command in a mode (the one hints and messages name), found
    /// without collecting the others: the footer asks for a dozen of these every frame.
    package func firstKey(for command: Command, in mode: Mode) -> KeyEvent? {
        let index = commandColumns[mode.ordinal].withUnsafeBufferPointer { $0.firstIndex(of: command) }
        return index.map { tables[mode.ordinal][$0].key }
    }

    /// Binds a key to a command, replacing what the key did before in that mode. The key comes
    /// first among the command's keys, so the footer's hint shows it.
    public mutating func bind(_ key: KeyEvent, to command: Command, in mode: Mode) {
        var table = tables[mode.ordinal]
        table.removeAll { $0.key == key }
        let binding = Binding(key: key, command: command)
        if let index = table.firstIndex(where: { $0.command == command }) {
            table.insert(binding, at: index)
        } else {
            table.append(binding)
        }
        tables[mode.ordinal] = table
    }

    /// Makes a key do nothing in a mode.
    public mutating func unbind(_ key: KeyEvent, in mode: Mode) {
        tables[mode.ordinal].removeAll { $0.key == key }
    }

    /// Binds a key to every page's own key of this name (docs/keys.md, "Keys of pages"): the
    /// name's default key no longer runs it, unless bound too.
    public mutating func bindPageKey(_ key: KeyEvent, to name: String) {
        pageBindings.removeAll { $0.key == key }
        pageBindings.append(PageBinding(key: key, name: name))
    }

    /// Makes a key run no page's own key (its default included).
    public mutating func unbindPageKey(_ key: KeyEvent) {
        pageBindings.removeAll { $0.key == key }
        pageBindings.append(PageBinding(key: key, name: nil))
    }

    /// The keys that run a page's own key `name` whose default is `defaultKey`: those bound to
    /// the name, or else the default unless it was bound to something else.
    public func keys(forPageKey name: String, defaultKey: KeyEvent) -> [KeyEvent] {
        guard !pageBindings.isEmpty else { return [defaultKey] }
        var keys: [KeyEvent] = []
        var defaultTaken = false
        for binding in pageBindings {
            if binding.name == name { keys.append(binding.key) }
            if binding.key == defaultKey { defaultTaken = true }
        }
        if keys.isEmpty, !defaultTaken { keys.append(defaultKey) }
        return keys
    }

    /// The page's own key that `key` runs among `declared` (a page's `keys`), if any.
    public func pageAction(for key: KeyEvent, among declared: [PageKey]) -> String? {
        for pageKey in declared {
            guard case .named(let name, let defaultKey) = pageKey.action else { continue }
            if pageBindings.isEmpty ? key == defaultKey : keys(forPageKey: name, defaultKey: defaultKey).contains(key) {
                return name
            }
        }
        return nil
    }

    /// The commands a mode can run, each with what it does, in the order the help lists them.
    public static func commands(in mode: Mode) -> [(command: Command, summary: String)] {
        StandardBindings.summaries[mode] ?? []
    }

    /// Whether a command belongs to a mode (a configuration file may bind only those).
    public static func offers(_ command: Command, in mode: Mode) -> Bool {
        commands(in: mode).contains { $0.command == command }
    }

    /// What the help says a command does in a mode.
    public static func summary(of command: Command, in mode: Mode) -> String {
        commands(in: mode).first { $0.command == command }?.summary ?? command.rawValue
    }
}
