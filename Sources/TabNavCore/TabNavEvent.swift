/// A change people made, reported to the embedding program (the delegate callbacks of docs/behaviour.md, "Events").
public enum TabNavEvent: Sendable, Equatable {
    case didLaunch(selected: String, tabBar: [String], sidebarVisible: Bool, columns: Int, rows: Int)
    case selectionDidChange(tab: String)
    case tabBarDidChange(items: [String])
    case visibilityDidChange(tabs: [String], hidden: Bool)
    case displayOrderDidChange(group: String, order: [String])
    case sidebarVisibilityDidChange(visible: Bool)
    case editingDidChange(editing: Bool)
    case sectionActionInvoked(group: String, action: String)
    case itemsDropped(tab: String, items: [String])
    case willTerminate

    /// The name written as the `event` key of the JSON line.
    public var name: String {
        switch self {
        case .didLaunch: return "didLaunch"
        case .selectionDidChange: return "selectionDidChange"
        case .tabBarDidChange: return "tabBarDidChange"
        case .visibilityDidChange: return "visibilityDidChange"
        case .displayOrderDidChange: return "displayOrderDidChange"
        case .sidebarVisibilityDidChange: return "sidebarVisibilityDidChange"
        case .editingDidChange: return "editingDidChange"
        case .sectionActionInvoked: return "sectionActionInvoked"
        case .itemsDropped: return "itemsDropped"
        case .willTerminate: return "willTerminate"
        }
    }
}

/// Receives every change as it happens, the library's counterpart of `UITabBarControllerDelegate`.
public protocol TabNavDelegate: AnyObject {
    func tabNav(didEmit event: TabNavEvent)
}
