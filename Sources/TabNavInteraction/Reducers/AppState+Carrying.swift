import TabNavCore
import TabNavDrawing

extension AppState {
    /// `m`: pick up the entry under the content cursor, to drop it onto a tab.
    mutating func pickUp() -> [AppEffect] {
        guard let item = draggableUnderCursor else {
            say("Put the cursor on an entry in the content (\(keyName(.focusNext, in: .normal)) moves there) to pick it up")
            return []
        }
        let startTarget = sidebarShowing ? id(ofRow: sidebarCursor) : model.selectedID
        mode = .carrying(Carry(item: item, targetID: startTarget, returnFocus: focus))
        return []
    }

    /// Whether the tab accepts what is being carried.
    package func acceptsDrop(on id: String) -> Bool {
        guard let carry = mode.carry, let page = pages(of: id).first else { return false }
        return page.accepts(carry.item)
    }

    /// Carry mode: arrows choose the tab, `Enter` drops, `Esc` puts the entry back.
    mutating func moveCarried(_ command: Command?, carry: Carry) -> [AppEffect] {
        switch command {
        case .cancel?:
            mode = .browsing(carry.returnFocus)
            say("Put back \(carry.item.title)")
        case .drop?:
            guard let target = carry.targetID else {
                say("Choose a tab first: arrows move over the tabs")
                return []
            }
            return dropCarried(on: target)
        case .up?, .down?:
            guard sidebarShowing else {
                say("↑ ↓ choose in the sidebar, which is hidden: ← → choose in the tab bar")
                return []
            }
            sidebarCursor = max(0, min(sidebarRows.count - 1, sidebarCursor + (command == .up ? -1 : 1)))
            clampSidebar()
            setCarryTarget(id(ofRow: sidebarCursor))
        case .left?, .right?:
            let bar = model.tabBar
            guard !bar.isEmpty else { return [] }
            let current = carry.targetID.flatMap { id in bar.firstIndex { $0.id == id } } ?? -1
            let next = max(0, min(bar.count - 1, current + (command == .left ? -1 : 1)))
            guard next != current else {
                say(command == .left ? "Already at the start of the tab bar" : "Already at the end of the tab bar")
                return []
            }
            setCarryTarget(bar[next].id)
        default:
            say("Not a key while carrying \(carry.item.title): arrows choose a tab, \(keyName(.drop, in: .carry)) drops, \(keyName(.cancel, in: .carry)) cancels")
        }
        return []
    }

    mutating func setCarryTarget(_ target: String?) {
        guard case .carrying(var carry) = mode else { return }
        carry.targetID = target
        mode = .carrying(carry)
    }

    /// Drops what is carried onto a tab, if it accepts it (it is added once, and the tab's badge
    /// counts it).
    mutating func dropCarried(on target: String) -> [AppEffect] {
        guard let carry = mode.carry else { return [] }
        let title = model.hierarchy.item(target)?.title ?? target
        guard acceptsDrop(on: target) else {
            say("\(title) doesn't accept \(carry.item.title)", error: true)
            return []
        }
        mode = .browsing(carry.returnFocus)
        var stack = pages(of: target)
        guard stack[0].accept(carry.item) else {
            say("\(carry.item.title) is already in \(title)")
            return []
        }
        stacks[target] = stack
        drops[target, default: []].append(carry.item.id)
        refreshDropBadge(target)
        say("Added \(carry.item.title) to \(title)")
        return [.emit(.itemsDropped(tab: target, items: [carry.item.id])), .save]
    }
}
