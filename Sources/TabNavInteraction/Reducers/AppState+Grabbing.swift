import TabNavCore
import TabNavDrawing

extension AppState {
    /// Why the item under the edit cursor cannot be grabbed (nil when it can).
    var grabRefusal: EditRefusal? {
        guard let session = edit, let id = editCursorItemID else { return nil }
        switch session.region {
        case .tabBar:
            if case .failure(let refusal) = model.check(.moveInTabBar(id, to: 0)) { return refusal }
        case .sidebar:
            if case .failure(let refusal) = model.check(.moveInSection(id, to: 0)),
               case .failure(let barRefusal) = barCheck(for: id) {
                return model.hierarchy.parentID(of: id) == nil ? barRefusal : refusal
            }
        }
        return nil
    }

    /// `Enter` in edit mode: pick up the item under the cursor, if it can move anywhere.
    mutating func grabUnderCursor() -> [AppEffect] {
        guard let session = edit, let id = editCursorItemID else {
            say("No item under the cursor")
            return []
        }
        if let refusal = grabRefusal {
            say(refusal.message, error: true)
            return []
        }
        switch session.region {
        case .tabBar:
            let index = model.customization.tabBar.firstIndex(of: id) ?? 0
            startGrab(GrabSession(itemID: id, from: .tabBar, target: .tabBar(index)), session: session)
        case .sidebar:
            startGrab(GrabSession(itemID: id, from: .sidebar, target: .origin), session: session)
        }
        return []
    }

    /// Whether a sidebar item can go to (or move within) the bar.
    func barCheck(for id: String) -> Result<Void, EditRefusal> {
        model.customization.tabBar.contains(id) ? model.check(.moveInTabBar(id, to: 0)) : model.check(.addToTabBar(id, at: nil))
    }

    mutating func startGrab(_ grab: GrabSession, session: EditSession) {
        mode = .grabbing(session, grab)
        updateGrabPreview()
        let title = model.hierarchy.item(grab.itemID)?.title ?? grab.itemID
        let drop = keyName(.drop, in: .grab), cancel = keyName(.cancel, in: .grab)
        // Shorter forms for a narrow footer, so it never stops mid-sentence (docs/behaviour.md, "Footer").
        notify("Moving \(title): arrows move, \(drop) drops, \(cancel) puts it back",
               shorter: ["Moving \(title): \(drop) drops, \(cancel) puts back", "Moving \(title)"])
    }

    /// The edit a drop at the current target would make (`nil`: nothing changes).
    package var pendingGrabEdit: TabEdit? {
        guard let grab = mode.grab else { return nil }
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
        guard case .grabbing(let session, var grab) = mode else { return }
        let preview = pendingGrabEdit.map { model.previewing($0) } ?? model
        grab.previewTabBar = preview.tabBar
        grab.previewRows = preview.editSidebarRows
        mode = .grabbing(session, grab)
    }

    /// Moves the landing place of the grabbed item (the preview follows).
    mutating func setGrabTarget(_ target: GrabSession.Target) {
        guard case .grabbing(let session, var grab) = mode, grab.target != target else { return }
        grab.target = target
        mode = .grabbing(session, grab)
        updateGrabPreview()
    }

    /// Leaves grabbing for plain edit mode, the item where it was.
    mutating func putBackGrabbed() {
        guard case .grabbing(let session, _) = mode else { return }
        mode = .editing(session)
    }

    /// Grab mode: arrows move the landing place; every arrow that cannot says why.
    mutating func moveGrabbed(_ command: Command?, grab: GrabSession) -> [AppEffect] {
        let id = grab.itemID
        let title = model.hierarchy.item(id)?.title ?? id
        switch command {
        case .cancel?:
            putBackGrabbed()
            say("Put back \(title)")
            return []
        case .drop?:
            return dropGrabbed()
        case .left?, .right?:
            guard case .tabBar(let i) = grab.target else {
                say(grab.target == .outOfTabBar ? "\(title) leaves the tab bar here: ↑ takes it back"
                    : "← → move items in the tab bar: ↑ takes \(title) there")
                return []
            }
            let inBar = model.customization.tabBar.contains(id)
            let count = model.customization.tabBar.count - (inBar ? 1 : 0)
            let next = max(0, min(count, i + (command == .left ? -1 : 1)))
            guard next != i else {
                say(command == .left ? "\(title) is at the start of the movable tabs" : "\(title) is at the end of the movable tabs")
                return []
            }
            setGrabTarget(.tabBar(next))
        case .up?, .down?:
            let before = message
            message = nil
            moveGrab(up: command == .up)
            let after = mode.grab
            if after?.target == grab.target, message == nil {
                say(command == .up ? "\(title) can't move further up" : "\(title) can't move further down")
            } else if message == nil, let after, looksUnmoved(after.target, id), looksUnmoved(grab.target, id) {
                // A new landing place that looks like the old one (a bar item's own slot).
                say(model.customization.tabBar.contains(id) ? "\(title) is in the tab bar here: ← → move it along"
                    : "\(title) stays where it is")
            } else if message == nil {
                message = before
            }
        default:
            say("Not a key while moving \(title): arrows move it, \(keyName(.drop, in: .grab)) drops, \(keyName(.cancel, in: .grab)) puts it back")
        }
        return []
    }

    /// Whether a landing place draws like no move at all: the origin, or a bar item's own slot.
    func looksUnmoved(_ target: GrabSession.Target, _ id: String) -> Bool {
        switch target {
        case .origin: return true
        case .tabBar(let index): return model.customization.tabBar.firstIndex(of: id) == index
        default: return false
        }
    }

    /// ↑ / ↓ while grabbing: along the section, into the bar past the top, out of the bar below it.
    mutating func moveGrab(up: Bool) {
        guard let grab = mode.grab else { return }
        let id = grab.itemID
        let order = model.hierarchy.parentID(of: id).map { model.displayOrder(of: $0) } ?? []
        let own = order.firstIndex(of: id) ?? 0
        let canReorder = (try? model.check(.moveInSection(id, to: 0)).get()) != nil
        let barTarget = GrabSession.Target.tabBar(model.customization.tabBar.firstIndex(of: id) ?? model.customization.tabBar.count)
        func intoBar() {
            if case .failure(let refusal) = barCheck(for: id) { say(refusal.message, error: true); return }
            setGrabTarget(barTarget)
        }
        switch grab.target {
        case .tabBar:
            guard !up else { return }
            if grab.from == .sidebar {
                setGrabTarget(.origin)
            } else if case .failure(let refusal) = model.check(.removeFromTabBar(id)) {
                say(refusal.message, error: true)
            } else {
                setGrabTarget(.outOfTabBar)
            }
        case .outOfTabBar:
            if up { setGrabTarget(barTarget) }
        case .origin, .section:
            var index = own
            if case .section(let i) = grab.target { index = i }
            if up {
                if canReorder, index > 0 { setGrabTarget(.section(index - 1)) } else { intoBar() }
            } else if canReorder, index < order.count - 1 {
                setGrabTarget(.section(index + 1))
            }
            if case .section(let i)? = mode.grab?.target, i == own { setGrabTarget(.origin) }
        }
    }

    /// `Enter` while grabbing: make the move the preview shows.
    mutating func dropGrabbed() -> [AppEffect] {
        guard let grab = mode.grab else { return [] }
        let pending = pendingGrabEdit
        putBackGrabbed()
        guard let pending else {
            say("Put back \(model.hierarchy.item(grab.itemID)?.title ?? grab.itemID)")
            return []
        }
        let effects = commit(pending)
        if edit?.region == .tabBar || (grab.from == .tabBar && pending != .removeFromTabBar(grab.itemID)),
           let index = model.tabBar.firstIndex(where: { $0.id == grab.itemID }) {
            updateEdit {
                $0.region = .tabBar
                $0.barCursor = index
            }
        }
        return effects
    }
}
