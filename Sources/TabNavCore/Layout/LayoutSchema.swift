/// The keys each kind of object in a layout file may have (docs/layout-files.md, "Layout files"), kept in one place so the
/// decoder and the documentation agree.
enum LayoutSchema {
    static let topKeys = ["id", "title", "tabs"]
    static let tabKeys = [
        "id", "title", "icon", "badge", "placement", "allowsHiding", "hiddenByDefault", "role",
        "customization", "tabBarVisibility", "content", "acceptsDrops",
    ]
    /// Sections also take `badge` and `customization`: a section is a tab too (`UITabGroup` is a
    /// `UITab`), and both are meaningful for it in the bar and the sidebar.
    static let sectionKeys = [
        "section", "title", "icon", "badge", "placement", "allowsHiding", "hiddenByDefault",
        "allowsReordering", "tabBarVisibility", "customization", "actions", "tabs",
    ]
    static let customizationKeys = ["sidebar", "tabBar"]
    static let contentKinds = ["text", "file", "command", "list"]
    /// Settings of `command` content (docs/layout-files.md, "Commands").
    static let commandOptionKeys = ["timeout", "maxBytes", "cwd", "env", "refresh", "follow", "maxLines", "pty"]
    /// Settings of `file` content.
    static let fileOptionKeys = ["follow", "maxLines"]
    static let entryKeys = ["id", "title", "detail", "text"]
    static let actionKeys = ["id", "title", "icon", "addsTab", "command", "timeout", "cwd", "env"]

    /// The same lists, ready for `LayoutObject` to compare keys as bytes.
    static let top = LayoutKeys(topKeys)
    static let tab = LayoutKeys(tabKeys)
    static let section = LayoutKeys(sectionKeys)
    static let customization = LayoutKeys(customizationKeys)
    static let content = LayoutKeys(contentKinds + commandOptionKeys)
    static let entry = LayoutKeys(entryKeys)
    static let action = LayoutKeys(actionKeys)

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
