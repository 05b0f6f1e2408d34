import TabNavCore

/// Grab mode's reducer (docs/state-and-events.md, "Reducers"): an item picked up in edit mode,
/// and where it would land. It sees the grab and the model, read-only; the drop itself is an
/// intent the one `reduce` carries out through the model's checked edits.
package enum GrabMode {
    /// What grab mode is given: the model as it is, and the names of the keys its hints name.
    package struct Context {
        package var model: TabNavModel
        package var dropKey: String
        package var cancelKey: String

        package init(model: TabNavModel, dropKey: String, cancelKey: String) {
            self.model = model
            self.dropKey = dropKey
            self.cancelKey = cancelKey
        }
    }

    /// Arrows move the landing place; every arrow that cannot says why. `Enter` drops (an
    /// intent), `Esc` puts the item back.
    package static func reduce(_ grab: GrabSession, _ command: Command?, _ context: Context) -> ModeStep<GrabSession> {
        let model = context.model
        let id = grab.itemID
        let title = model.hierarchy.item(id)?.title ?? id
        switch command {
        case .cancel?:
            return .close(saying: "Put back \(title)")
        case .drop?:
            return .close(.dropGrabbed(grab))
        case .left?, .right?:
            guard case .tabBar(let i) = grab.target else {
                return .stay(grab, saying: grab.target == .outOfTabBar ? "\(title) leaves the tab bar here: ↑ takes it back"
                             : "← → move items in the tab bar: ↑ takes \(title) there")
            }
            let inBar = model.customization.tabBar.contains(id)
            let count = model.customization.tabBar.count - (inBar ? 1 : 0)
            let next = max(0, min(count, i + (command == .left ? -1 : 1)))
            guard next != i else {
                return .stay(grab, saying: command == .left ? "\(title) is at the start of the movable tabs"
                             : "\(title) is at the end of the movable tabs")
            }
            return .stay(retargeted(grab, to: .tabBar(next), in: model))
        case .up?, .down?:
            let up = command == .up
            let (target, refusal) = movedVertically(grab, up: up, in: model)
            if let refusal { return .stay(grab, saying: refusal, error: true) }
            if target == grab.target {
                return .stay(grab, saying: up ? "\(title) can't move further up" : "\(title) can't move further down")
            }
            let moved = retargeted(grab, to: target, in: model)
            if looksUnmoved(target, id, in: model), looksUnmoved(grab.target, id, in: model) {
                // A new landing place that looks like the old one (a bar item's own slot).
                return .stay(moved, saying: model.customization.tabBar.contains(id)
                             ? "\(title) is in the tab bar here: ← → move it along" : "\(title) stays where it is")
            }
            return .stay(moved)
        default:
            return .stay(grab, saying: "Not a key while moving \(title): arrows move it, \(context.dropKey) drops, \(context.cancelKey) puts it back")
        }
    }

    /// The grab with a new landing place, and the preview of the bar and sidebar after a drop there.
    package static func retargeted(_ grab: GrabSession, to target: GrabSession.Target, in model: TabNavModel) -> GrabSession {
        var grab = grab
        grab.target = target
        return previewed(grab, in: model)
    }

    /// The grab with its preview recomputed (the model changed under it, or its target did).
    package static func previewed(_ grab: GrabSession, in model: TabNavModel) -> GrabSession {
        var grab = grab
        let preview = pendingEdit(grab, in: model).map { model.previewing($0) } ?? model
        grab.previewTabBar = preview.tabBar
        grab.previewRows = preview.editSidebarRows
        return grab
    }

    /// The edit a drop at the grab's target would make (`nil`: nothing changes).
    package static func pendingEdit(_ grab: GrabSession, in model: TabNavModel) -> TabEdit? {
        let id = grab.itemID
        switch grab.target {
        case .origin: return nil
        case .outOfTabBar: return .removeFromTabBar(id)
        case .section(let i): return .moveInSection(id, to: i)
        case .tabBar(let i):
            return model.customization.tabBar.contains(id) ? .moveInTabBar(id, to: i) : .addToTabBar(id, at: i)
        }
    }

    /// Whether a sidebar item can go to (or move within) the bar.
    package static func barCheck(for id: String, in model: TabNavModel) -> Result<Void, EditRefusal> {
        model.customization.tabBar.contains(id) ? model.check(.moveInTabBar(id, to: 0)) : model.check(.addToTabBar(id, at: nil))
    }

    /// Whether a landing place draws like no move at all: the origin, or a bar item's own slot.
    static func looksUnmoved(_ target: GrabSession.Target, _ id: String, in model: TabNavModel) -> Bool {
        switch target {
        case .origin: return true
        case .tabBar(let index): return model.customization.tabBar.firstIndex(of: id) == index
        default: return false
        }
    }

    /// ↑ / ↓: along the section, into the bar past the top, out of the bar below it. Gives the new
    /// target, or why the item cannot go that way (the target then stays).
    static func movedVertically(_ grab: GrabSession, up: Bool, in model: TabNavModel) -> (GrabSession.Target, String?) {
        let id = grab.itemID
        let order = model.hierarchy.parentID(of: id).map { model.displayOrder(of: $0) } ?? []
        let own = order.firstIndex(of: id) ?? 0
        let canReorder = (try? model.check(.moveInSection(id, to: 0)).get()) != nil
        let barTarget = GrabSession.Target.tabBar(model.customization.tabBar.firstIndex(of: id) ?? model.customization.tabBar.count)
        func intoBar() -> (GrabSession.Target, String?) {
            if case .failure(let refusal) = barCheck(for: id, in: model) { return (grab.target, refusal.message) }
            return (barTarget, nil)
        }
        var target = grab.target
        switch grab.target {
        case .tabBar:
            guard !up else { return (target, nil) }
            if grab.from == .sidebar {
                target = .origin
            } else if case .failure(let refusal) = model.check(.removeFromTabBar(id)) {
                return (target, refusal.message)
            } else {
                target = .outOfTabBar
            }
        case .outOfTabBar:
            if up { target = barTarget }
        case .origin, .section:
            var index = own
            if case .section(let i) = grab.target { index = i }
            if up {
                if canReorder, index > 0 { target = .section(index - 1) } else { return intoBar() }
            } else if canReorder, index < order.count - 1 {
                target = .section(index + 1)
            }
            if case .section(let i) = target, i == own { target = .origin }
        }
        return (target, nil)
    }
}
