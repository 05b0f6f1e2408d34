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
    /// A tab was marked for attention while out of sight (`reason`), or its marks were cleared
    /// when it was shown (`reason` nil).
    case attentionDidChange(tab: String, reason: AttentionReason?)
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
        case .attentionDidChange: return "attentionDidChange"
        case .willTerminate: return "willTerminate"
        }
    }
}

/// Why a tab is marked in the bar and the sidebar while it is not shown (docs/behaviour.md,
/// "Attention"): something happened there that the person has not seen.
public enum AttentionReason: String, Sendable, Hashable, CaseIterable {
    /// A terminal tab's program wrote output.
    case activity
    /// A terminal tab's program rang the bell.
    case bell
    /// A command's run failed (non-zero exit, a signal, its time limit, or it could not start).
    case failure
    /// A command's output differs from its previous run's.
    case change
    /// A terminal tab's program exited.
    case exited

    /// Which mark shows when a tab has several: the most pressing first.
    public var rank: Int {
        switch self {
        case .failure: return 0
        case .exited: return 1
        case .bell: return 2
        case .change: return 3
        case .activity: return 4
        }
    }
}

/// Receives every change as it happens, the library's counterpart of `UITabBarControllerDelegate`.
public protocol TabNavDelegate: AnyObject {
    func tabNav(didEmit event: TabNavEvent)
}
