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

    /// What carry mode's reducer is given.
    /// (What only one key needs is made for that key: whether the tab takes the entry for
    /// `Enter`, the sidebar's rows for ↑ ↓.)
    func carryContext(for carry: Carry, _ command: Command?) -> CarryMode.Context {
        let hierarchy = model.hierarchy
        let vertical = command == .up || command == .down
        return CarryMode.Context(tabBar: model.tabBar.map(\.id),
                                 sidebarRows: sidebarShowing ? (vertical ? sidebarRows.indices.compactMap { id(ofRow: $0) } : []) : nil,
                                 sidebarCursor: sidebarCursor,
                                 targetAccepts: command == .drop && (carry.targetID.map(acceptsDrop(on:)) ?? false),
                                 title: { hierarchy.item($0)?.title ?? $0 },
                                 dropKey: keyName(.drop, in: .carry), cancelKey: keyName(.cancel, in: .carry))
    }

    mutating func setCarryTarget(_ target: String?) {
        guard case .carrying(var carry) = mode else { return }
        carry.targetID = target
        mode = .carrying(carry)
    }

    /// Drops what is carried onto a tab, if it accepts it (a click while carrying).
    mutating func dropCarried(on target: String) -> [AppEffect] {
        guard let carry = mode.carry else { return [] }
        guard acceptsDrop(on: target) else {
            say("\(model.hierarchy.item(target)?.title ?? target) doesn't accept \(carry.item.title)", error: true)
            return []
        }
        mode = .browsing(carry.returnFocus)
        return place(carry, on: target)
    }

    /// Adds a carried entry to a tab that accepts it (once; the tab's badge counts it).
    mutating func place(_ carry: Carry, on target: String) -> [AppEffect] {
        let title = model.hierarchy.item(target)?.title ?? target
        var stack = pages(of: target)
        guard !stack.isEmpty, stack[0].accept(carry.item) else {
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
