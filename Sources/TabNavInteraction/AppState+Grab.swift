import TabNavCore
import TabNavDrawing

extension AppState {
    /// `Enter` in edit mode: pick up the item under the cursor, if it can move anywhere.
    mutating func grabUnderCursor() -> [AppEffect] {
        guard let session = edit, let id = editCursorItemID else { return [] }
        switch session.region {
        case .tabBar:
            if case .failure(let refusal) = model.check(.moveInTabBar(id, to: 0)) {
                say(refusal.message, error: true)
                return []
            }
            let index = model.customization.tabBar.firstIndex(of: id) ?? 0
            startGrab(GrabSession(itemID: id, from: .tabBar, target: .tabBar(index)))
        case .sidebar:
            let reorder = model.check(.moveInSection(id, to: 0))
            let toBar = barCheck(for: id)
            if case .failure(let refusal) = reorder, case .failure(let barRefusal) = toBar {
                let parent = model.hierarchy.parentID(of: id)
                say((parent == nil ? barRefusal : refusal).message, error: true)
                return []
            }
            startGrab(GrabSession(itemID: id, from: .sidebar, target: .origin))
        }
        return []
    }

    /// Whether a sidebar item can go to (or move within) the bar.
    func barCheck(for id: String) -> Result<Void, EditRefusal> {
        model.customization.tabBar.contains(id) ? model.check(.moveInTabBar(id, to: 0)) : model.check(.addToTabBar(id, at: nil))
    }

    mutating func startGrab(_ grab: GrabSession) {
        edit?.grab = grab
        updateGrabPreview()
        let title = model.hierarchy.item(grab.itemID)?.title ?? grab.itemID
        say("Moving \(title): arrows move, Enter drops, Esc puts it back")
    }

    /// The edit a drop at the current target would make (`nil`: nothing changes).
    public var pendingGrabEdit: TabEdit? {
        guard let grab = edit?.grab else { return nil }
        let id = grab.itemID
        switch grab.target {
        case .origin: return nil
        case .outOfTabBar: return .removeFromTabBar(id)
        case .section(let i): return .moveInSection(id, to: i)
        case .tabBar(let i):
            return model.customization.tabBar.contains(id) ? .moveInTabBar(id, to: i) : .addToTabBar(id, at: i)
        }
    }

    /// Recomputes what the bar and the sidebar would look like after the drop.
    mutating func updateGrabPreview() {
        guard var grab = edit?.grab else { return }
        let preview = pendingGrabEdit.map { model.previewing($0) } ?? model
        grab.previewTabBar = preview.tabBar
        grab.previewRows = preview.editSidebarRows
        edit?.grab = grab
    }

    mutating func handleGrab(_ key: KeyEvent) -> [AppEffect] {
        guard let grab = edit?.grab else { return [] }
        let id = grab.itemID
        let title = model.hierarchy.item(id)?.title ?? id
        var delta = 0
        switch key {
        case .escape:
            edit?.grab = nil
            say("Put back \(title)")
            return []
        case .enter:
            return dropGrabbed()
        case .character("q"):
            // Quitting puts the item back first: nothing half-moved is saved.
            edit?.grab = nil
            return leaveEditMode() + quit()
        case .left, .character("h"): delta = options.rightToLeft ? 1 : -1
        case .right, .character("l"): delta = options.rightToLeft ? -1 : 1
        case .up, .character("k"): moveGrab(up: true)
        case .down, .character("j"): moveGrab(up: false)
        default: return []
        }
        if delta != 0, case .tabBar(let i) = grab.target {
            let inBar = model.customization.tabBar.contains(id)
            let count = model.customization.tabBar.count - (inBar ? 1 : 0)
            edit?.grab?.target = .tabBar(max(0, min(count, i + delta)))
        }
        // The preview is a model rebuild: only when the landing place really moved.
        if edit?.grab?.target != grab.target { updateGrabPreview() }
        return []
    }

    /// ↑ / ↓ while grabbing: along the section, into the bar past the top, out of the bar below it.
    mutating func moveGrab(up: Bool) {
        guard let grab = edit?.grab else { return }
        let id = grab.itemID
        let order = model.hierarchy.parentID(of: id).map { model.displayOrder(of: $0) } ?? []
        let own = order.firstIndex(of: id) ?? 0
        let canReorder = (try? model.check(.moveInSection(id, to: 0)).get()) != nil
        let barTarget = GrabSession.Target.tabBar(model.customization.tabBar.firstIndex(of: id) ?? model.customization.tabBar.count)
        func intoBar() {
            if case .failure(let refusal) = barCheck(for: id) { say(refusal.message, error: true); return }
            edit?.grab?.target = barTarget
        }
        switch grab.target {
        case .tabBar:
            guard !up else { return }
            if grab.from == .sidebar {
                edit?.grab?.target = .origin
            } else if case .failure(let refusal) = model.check(.removeFromTabBar(id)) {
                say(refusal.message, error: true)
            } else {
                edit?.grab?.target = .outOfTabBar
            }
        case .outOfTabBar:
            if up { edit?.grab?.target = barTarget }
        case .origin, .section:
            var index = own
            if case .section(let i) = grab.target { index = i }
            if up {
                if canReorder, index > 0 { edit?.grab?.target = .section(index - 1) } else { intoBar() }
            } else if canReorder, index < order.count - 1 {
                edit?.grab?.target = .section(index + 1)
            }
            if case .section(let i)? = edit?.grab?.target, i == own { edit?.grab?.target = .origin }
        }
    }

    /// `Enter` while grabbing: make the move the preview shows.
    mutating func dropGrabbed() -> [AppEffect] {
        guard let grab = edit?.grab else { return [] }
        let pending = pendingGrabEdit
        edit?.grab = nil
        guard let pending else {
            say("Put back \(model.hierarchy.item(grab.itemID)?.title ?? grab.itemID)")
            return []
        }
        let effects = commit(pending)
        if edit?.region == .tabBar || (grab.from == .tabBar && pending != .removeFromTabBar(grab.itemID)),
           let index = model.tabBar.firstIndex(where: { $0.id == grab.itemID }) {
            edit?.region = .tabBar
            edit?.barCursor = index
        }
        return effects
    }
}
