/// The keys each kind of object in a layout file may have (docs/layout-files.md, "Layout files"), kept in one place so the
/// decoder and the documentation agree.
enum LayoutSchema {
    /// The keys of each kind of object, in the order of the enums below.
    static let topKeys = TopKey.keys.names
    static let tabKeys = TabKey.keys.names
    static let sectionKeys = SectionKey.keys.names
    static let customizationKeys = CustomizationKey.keys.names
    static let contentKinds: [String] = ContentKey.kinds.map(\.name)
    /// Settings of `command` content (docs/layout-files.md, "Commands").
    static let commandOptionKeys: [String] = ContentKey.commandOptions.filter { $0 != .scrollback }.map(\.name)
    /// Settings of `terminal` content (docs/terminal-tabs.md).
    static let terminalOptionKeys = ["cwd", "env", "scrollback"]
    /// Settings of `file` content.
    static let fileOptionKeys = ["follow", "maxLines"]
    static let entryKeys = EntryKey.keys.names
    static let actionKeys = ActionKey.keys.names

    /// Every key of every kind of object below, numbered for the parser (`JSONKeyCodes`): the
    /// tokens of a layout's keys carry these numbers, and `LayoutKeys` maps them to slots.
    static let keyCodes = JSONKeyCodes([
        "id", "title", "tabs", "icon", "badge", "placement", "allowsHiding", "hiddenByDefault", "role",
        "customization", "tabBarVisibility", "content", "acceptsDrops", "section", "allowsReordering",
        "actions", "sidebar", "tabBar", "text", "file", "command", "list", "timeout", "maxBytes", "cwd",
        "env", "refresh", "follow", "maxLines", "pty", "detail", "addsTab", "terminal", "scrollback", "whenHidden", "alert"
    ])
    /// The codes of the keys the decoder looks for before it knows an object's kind.
    static let sectionCode = keyCodes.code(of: "section")
    static let idCode = keyCodes.code(of: "id")
    static let textCode = keyCodes.code(of: "text")

    enum TopKey: Int, LayoutKeySet {
        case id, title, tabs
        static let keys = LayoutKeys(["id", "title", "tabs"], of: Self.self)
    }

    enum TabKey: Int, ItemKeySet {
        case id, title, icon, badge, placement, allowsHiding, hiddenByDefault, role
        case customization, tabBarVisibility, content, acceptsDrops
        static let keys = LayoutKeys([
            "id", "title", "icon", "badge", "placement", "allowsHiding", "hiddenByDefault", "role",
            "customization", "tabBarVisibility", "content", "acceptsDrops"
        ], of: Self.self)
    }

    /// Sections also take `badge` and `customization`: a section is a tab too (`UITabGroup` is a
    /// `UITab`), and both are meaningful for it in the bar and the sidebar.
    enum SectionKey: Int, ItemKeySet {
        case section, title, icon, badge, placement, allowsHiding, hiddenByDefault
        case allowsReordering, tabBarVisibility, customization, actions, tabs
        static let keys = LayoutKeys([
            "section", "title", "icon", "badge", "placement", "allowsHiding", "hiddenByDefault",
            "allowsReordering", "tabBarVisibility", "customization", "actions", "tabs"
        ], of: Self.self)
    }

    enum CustomizationKey: Int, LayoutKeySet {
        case sidebar, tabBar
        static let keys = LayoutKeys(["sidebar", "tabBar"], of: Self.self)
    }

    /// A content's kind (the first four, and `terminal`) and the settings of `command` and
    /// `terminal` content.
    enum ContentKey: Int, LayoutKeySet {
        case text, file, command, list
        case timeout, maxBytes, cwd, env, refresh, follow, maxLines, pty
        case terminal, scrollback, whenHidden, alert
        static let keys = LayoutKeys([
            "text", "file", "command", "list", "timeout", "maxBytes", "cwd", "env", "refresh", "follow",
            "maxLines", "pty", "terminal", "scrollback", "whenHidden", "alert"
        ], of: Self.self)
        static let kinds: [Self] = [.text, .file, .command, .list, .terminal]
        static let commandOptions: [Self] = [.timeout, .maxBytes, .cwd, .env, .refresh, .follow, .maxLines, .pty, .scrollback,
                                             .whenHidden, .alert]
    }

    enum EntryKey: Int, IdentifiedKeySet {
        case id, title, detail, text
        static let keys = LayoutKeys(["id", "title", "detail", "text"], of: Self.self)
    }

    enum ActionKey: Int, IdentifiedKeySet {
        case id, title, icon, addsTab, command, timeout, cwd, env
        static let keys = LayoutKeys([
            "id", "title", "icon", "addsTab", "command", "timeout", "cwd", "env"
        ], of: Self.self)
    }

    static let visibilityNames = "automatic, visible, hidden"
    static let behaviorNames = "enabled, disabled"
    static let roleNames = "search"

    /// Defaults of a `role: "search"` tab (docs/behaviour.md, "Model and customization").
    static let searchTitle = "Search"
    static let searchIcon = "magnifyingglass"

    /// The layout id names the state file, so it must be a plain, visible file name.
    static let maximumLayoutIDLength = 100

    static func isUsableAsFileName(_ id: String) -> Bool {
        guard let first = id.utf8.first, first != UInt8(ascii: "."), id.utf8.count <= maximumLayoutIDLength else {
            return false
        }
        return id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
    }

    /// A hint for a section-only key written on a tab (the usual mistake is `"id"` for `"section"`).
    static func tabKeyHint(_ key: String) -> String? {
        ["tabs", "actions", "allowsReordering"].contains(key)
            ? "a section is written with \"section\" instead of \"id\"" : nil
    }
}
