import TabNavCore

/// Edit mode's reducer (docs/state-and-events.md, "Reducers"; docs/behaviour.md, "Edit mode"):
/// every key either changes something or says in the footer why it cannot. Its state is the
/// edit cursor; the sidebar's cursor, the model's edits, undo, the sidebar, the pickers and
/// leaving are intents the one `reduce` carries out.
package enum EditMode {
    /// What edit mode is given.
    package struct Context {
        /// The tab bar as it is.
        package var tabBar: [TabBarEntry]
        package var sidebarRowCount: Int
        package var sidebarCursor: Int
        package var sidebarShowing: Bool
        package var sidebarAvailable: Bool
        /// The item under the edit cursor, and whether it is hidden.
        package var itemUnderCursor: String?
        package var itemIsHidden: Bool
        /// The name of the key bound to a command in edit mode.
        package var keyName: (Command) -> String

        package init(tabBar: [TabBarEntry], sidebarRowCount: Int, sidebarCursor: Int, sidebarShowing: Bool,
                     sidebarAvailable: Bool, itemUnderCursor: String?, itemIsHidden: Bool, keyName: @escaping (Command) -> String) {
            self.tabBar = tabBar
            self.sidebarRowCount = sidebarRowCount
            self.sidebarCursor = sidebarCursor
            self.sidebarShowing = sidebarShowing
            self.sidebarAvailable = sidebarAvailable
            self.itemUnderCursor = itemUnderCursor
            self.itemIsHidden = itemIsHidden
            self.keyName = keyName
        }
    }

    package static func reduce(_ session: EditSession, _ command: Command?, _ context: Context) -> ModeStep<EditSession> {
        let key = context.keyName
        func asking(_ intent: ModeIntent, _ next: EditSession = session) -> ModeStep<EditSession> {
            ModeStep(next: next, intent: intent, message: nil)
        }
        let notAKey = "Not a key of edit mode: \(key(.help)) lists them, \(key(.done)) leaves"
        guard let command else { return .stay(session, saying: notAKey) }
        let inBar = session.region == .tabBar
        var next = session
        switch command {
        case .done: return asking(.leaveEditMode)
        case .undo: return asking(.undoEdit)
        case .redo: return asking(.redoEdit)
        case .reset: return asking(.confirmReset)
        case .toggleSidebar: return asking(.toggleSidebar)
        case .grab: return asking(.grabUnderCursor)
        case .add: return asking(.addOrPick)
        case .itemMenu: return asking(.openItemMenu)
        case .hide, .remove:
            guard let id = context.itemUnderCursor else { return .stay(session, saying: "No item under the cursor") }
            return asking(.commitEdit(command == .hide ? .setHidden(id, !context.itemIsHidden) : .removeFromTabBar(id)))
        case .left, .right:
            guard inBar else {
                return .stay(session, saying: "\(key(.left)) \(key(.right)) move along the tab bar: \(key(.up)) from the top of the sidebar reaches it")
            }
            let cursor = max(0, min(context.tabBar.count - 1, session.barCursor + (command == .left ? -1 : 1)))
            guard cursor != session.barCursor else {
                return .stay(session, saying: command == .left ? "Already at the start of the tab bar" : "Already at the end of the tab bar")
            }
            next.barCursor = cursor
            return .stay(next)
        case .up:
            if inBar { return .stay(session, saying: "Already in the tab bar") }
            if context.sidebarCursor == 0 { return .stay(onLastMovableTab(session, context)) }
            return asking(.pointSidebar(at: context.sidebarCursor - 1))
        case .down:
            if !inBar {
                guard context.sidebarCursor < context.sidebarRowCount - 1 else { return .stay(session, saying: "Already at the end of the sidebar") }
                return asking(.pointSidebar(at: context.sidebarCursor + 1))
            }
            guard context.sidebarShowing else {
                return .stay(session, saying: context.sidebarAvailable
                             ? "\(key(.down)) reaches the sidebar: press \(key(.toggleSidebar)) to show it" : "This layout has no sidebar")
            }
            next.region = .sidebar
            return asking(.pointSidebar(at: 0), next)
        case .switchRegion:
            guard context.sidebarShowing else {
                return .stay(session, saying: context.sidebarAvailable
                             ? "\(key(.switchRegion)) switches to the sidebar: press \(key(.toggleSidebar)) to show it" : "This layout has no sidebar")
            }
            if inBar {
                next.region = .sidebar
                return .stay(next)
            }
            return .stay(onLastMovableTab(session, context))
        case .first, .last:
            let target = command == .first ? 0 : (inBar ? context.tabBar.count : context.sidebarRowCount) - 1
            guard target != (inBar ? session.barCursor : context.sidebarCursor) else {
                return .stay(session, saying: command == .first ? "Already at the first item" : "Already at the last item")
            }
            if inBar {
                next.barCursor = max(0, target)
                return .stay(next)
            }
            return asking(.pointSidebar(at: max(0, target)))
        default:
            return .stay(session, saying: notAKey)
        }
    }

    /// The cursor on the bar's last movable tab (from the sidebar's top, or `Tab`).
    static func onLastMovableTab(_ session: EditSession, _ context: Context) -> EditSession {
        var next = session
        next.region = .tabBar
        next.barCursor = max(0, context.tabBar.lastIndex { $0.region == .customizable } ?? context.tabBar.count - 1)
        return next
    }
}
