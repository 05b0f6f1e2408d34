import TabNavCore
import TabNavDrawing

/// The embedding program's requests (`TabNavProxy`): each one is an action like a key, and a
/// change of the hierarchy goes through the model's checked `apply` (docs/library.md, "The proxy").
extension AppState {
    mutating func carryOut(_ request: TabNavRequest) -> [AppEffect] {
        switch request {
        case .setTitle(let title, let tab):
            return change(.setTitle(tab, to: title), for: request, saves: model.isRunTimeTab(tab))
        case .setSystemImage(let icon, let tab):
            return change(.setIcon(tab, to: icon), for: request, saves: model.isRunTimeTab(tab))
        case .setBadge(let badge, let tab):
            return change(.setBadge(tab, to: badge), for: request, saves: false)
        case .addTab(let item, let section):
            let effects = change(.addTab(item, section: section), for: request, saves: true)
            keepModeWhole()
            return effects
        case .removeTab(let tab):
            return removeTab(tab, for: request)
        case .select(let tab):
            guard model.hierarchy.contains(tab) else { return refuse(request, "Can't select \"\(tab)\": no such tab") }
            guard model.isVisible(tab) else { return refuse(request, "Can't select \"\(tab)\": it is hidden") }
            let effects = selectItem(tab)
            syncSidebarCursorToSelection()
            return effects
        case .message(let message, let tab):
            guard model.hierarchy.contains(tab) else { return refuse(request, "Can't send to \"\(tab)\": no such tab") }
            send(message, to: tab)
            return []
        case .showMessage(let text, let isError):
            notify(text, isError: isError)
            return []
        case .quit:
            return quit()
        }
    }

    /// A change of the hierarchy, checked by the model; a refusal changes nothing.
    private mutating func change(_ change: ProgramChange, for request: TabNavRequest, saves: Bool) -> [AppEffect] {
        switch model.apply(change) {
        case .failure(let refusal):
            return refuse(request, "Can't \(request.verb): \(refusal.message)")
        case .success(let events):
            return events.map { .emit($0) } + (saves ? [.save] : [])
        }
    }

    /// Removes a tab (or a section) and what the app kept for it: its pages, its work, its drops.
    private mutating func removeTab(_ tab: String, for request: TabNavRequest) -> [AppEffect] {
        let gone = model.hierarchy.subtreeIDs(of: tab)
        var effects = change(.removeTab(tab), for: request, saves: true)
        guard !model.hierarchy.contains(tab), !gone.isEmpty else { return effects }
        for id in gone {
            stacks[id] = nil
            shownTabs.remove(id)
            drops[id] = nil
            effects += cancelLoads(of: id, above: -1)
        }
        // The selection moved on: leave the search field if its tab went, show the new tab.
        if case .searching = mode, model.selectedItem?.isSearch != true { mode = .browsing(.content) }
        if let selected = model.selectedID { effects += loadIfNeeded(selected) }
        if mode.editSession == nil, case .browsing(let focus) = mode, focus == .sidebar, !sidebarShowing {
            mode = .browsing(.tabBar)
        }
        keepModeWhole()
        syncSidebarCursorToSelection()
        return effects
    }

    /// After the program added or removed items, what the mode holds by position is made again:
    /// a grabbed item's preview is redrawn from the new hierarchy (its rows name nodes by index),
    /// or, if the item itself went, it is put down (edit mode goes on); a carried entry over a tab
    /// that went is over nothing.
    private mutating func keepModeWhole() {
        // Edit mode's bar cursor stays on an item of the bar (it may have lost one).
        if var session = mode.editSession, session.barCursor >= model.tabBar.count {
            session.barCursor = max(0, model.tabBar.count - 1)
            if let grab = mode.grab { mode = .grabbing(session, grab) } else { mode = .editing(session) }
        }
        if let grab = mode.grab, let session = mode.editSession {
            if model.hierarchy.contains(grab.itemID) {
                mode = .grabbing(session, grab)
                updateGrabPreview()
            } else {
                mode = .editing(session)
            }
        }
        if case .carrying(var carry) = mode, let target = carry.targetID, !model.hierarchy.contains(target) {
            carry.targetID = nil
            mode = .carrying(carry)
        }
        clampSidebar()
    }

    /// Gives a message to every page of a tab's stack whose `WorkResult` it is, its first page
    /// first (the stack is made if the tab was never shown, so the message is not lost).
    private mutating func send(_ message: any Sendable, to tab: String) {
        var stack = pages(of: tab)
        for index in stack.indices { _ = deliver(message, to: &stack[index]) }
        stacks[tab] = stack
    }

    private mutating func refuse(_ request: TabNavRequest, _ reason: String) -> [AppEffect] {
        notify(reason, isError: true)
        return [.refuse(RefusedRequest(request, reason: reason))]
    }
}

extension TabNavRequest {
    /// What the request asked, for a refusal ("Can't remove \"logs\": …").
    var verb: String {
        switch self {
        case .setTitle(_, let tab): return "rename \"\(tab)\""
        case .setSystemImage(_, let tab): return "change the symbol of \"\(tab)\""
        case .setBadge(_, let tab): return "set the badge of \"\(tab)\""
        case .addTab(let item, let section): return section.map { "add \"\(item.id)\" to \"\($0)\"" } ?? "add \"\(item.id)\""
        case .removeTab(let tab): return "remove \"\(tab)\""
        case .select(let tab): return "select \"\(tab)\""
        case .message(_, let tab): return "send to \"\(tab)\""
        case .showMessage: return "show a message"
        case .quit: return "quit"
        }
    }
}
