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
    func barCheck(for id: String) -> Result<Void, EditRefusal> { GrabMode.barCheck(for: id, in: model) }

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
    package var pendingGrabEdit: TabEdit? { mode.grab.flatMap { GrabMode.pendingEdit($0, in: model) } }

    /// Recomputes what the bar and the sidebar would look like after the drop.
    mutating func updateGrabPreview() {
        guard case .grabbing(let session, let grab) = mode else { return }
        mode = .grabbing(session, GrabMode.previewed(grab, in: model))
    }

    /// Moves the landing place of the grabbed item (the preview follows).
    mutating func setGrabTarget(_ target: GrabSession.Target) {
        guard case .grabbing(let session, let grab) = mode, grab.target != target else { return }
        mode = .grabbing(session, GrabMode.retargeted(grab, to: target, in: model))
    }

    /// Leaves grabbing for plain edit mode, the item where it was.
    mutating func putBackGrabbed() {
        guard case .grabbing(let session, _) = mode else { return }
        mode = .editing(session)
    }

    /// A drop (a click while grabbing): the move the preview shows.
    mutating func dropGrabbed() -> [AppEffect] {
        guard let grab = mode.grab else { return [] }
        putBackGrabbed()
        return drop(grab)
    }

    /// Makes the move a grab's preview shows, with edit mode's cursor on the item in the bar
    /// (`Enter` while grabbing, once the mode is back to editing).
    mutating func drop(_ grab: GrabSession) -> [AppEffect] {
        guard let pending = GrabMode.pendingEdit(grab, in: model) else {
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
