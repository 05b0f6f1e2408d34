import TabNavCore

/// Carry mode's reducer (docs/state-and-events.md, "Reducers"): a content entry picked up with
/// `m`, on its way to a tab. It sees the carry and what it is given; moving the sidebar's cursor
/// and the drop are intents the one `reduce` carries out.
package enum CarryMode {
    /// What carry mode is given.
    package struct Context {
        /// The tab bar's items, in order.
        package var tabBar: [String]
        /// The sidebar's rows (their item ids), or nil while the sidebar is hidden.
        package var sidebarRows: [String]?
        package var sidebarCursor: Int
        /// Whether the tab under the drop cursor accepts the entry.
        package var targetAccepts: Bool
        /// A tab's title, for what the footer says.
        package var title: (String) -> String
        package var dropKey: String
        package var cancelKey: String

        package init(tabBar: [String], sidebarRows: [String]?, sidebarCursor: Int, targetAccepts: Bool,
                     title: @escaping (String) -> String, dropKey: String, cancelKey: String) {
            self.tabBar = tabBar
            self.sidebarRows = sidebarRows
            self.sidebarCursor = sidebarCursor
            self.targetAccepts = targetAccepts
            self.title = title
            self.dropKey = dropKey
            self.cancelKey = cancelKey
        }
    }

    /// Arrows choose the tab (↑ ↓ in the sidebar, ← → in the bar), `Enter` drops, `Esc` puts the
    /// entry back.
    package static func reduce(_ carry: Carry, _ command: Command?, _ context: Context) -> ModeStep<Carry> {
        switch command {
        case .cancel?:
            return .close(saying: "Put back \(carry.item.title)")
        case .drop?:
            guard let target = carry.targetID else { return .stay(carry, saying: "Choose a tab first: arrows move over the tabs") }
            guard context.targetAccepts else {
                return .stay(carry, saying: "\(context.title(target)) doesn't accept \(carry.item.title)", error: true)
            }
            return .close(.dropCarried(carry, on: target))
        case .up?, .down?:
            guard let rows = context.sidebarRows else {
                return .stay(carry, saying: "↑ ↓ choose in the sidebar, which is hidden: ← → choose in the tab bar")
            }
            let row = max(0, min(rows.count - 1, context.sidebarCursor + (command == .up ? -1 : 1)))
            var carry = carry
            carry.targetID = rows.indices.contains(row) ? rows[row] : nil
            return ModeStep(next: carry, intent: .pointSidebar(at: row), message: nil)
        case .left?, .right?:
            let bar = context.tabBar
            guard !bar.isEmpty else { return .stay(carry) }
            let current = carry.targetID.flatMap { bar.firstIndex(of: $0) } ?? -1
            let next = max(0, min(bar.count - 1, current + (command == .left ? -1 : 1)))
            guard next != current else {
                return .stay(carry, saying: command == .left ? "Already at the start of the tab bar" : "Already at the end of the tab bar")
            }
            var carry = carry
            carry.targetID = bar[next]
            return .stay(carry)
        default:
            return .stay(carry, saying: "Not a key while carrying \(carry.item.title): arrows choose a tab, \(context.dropKey) drops, \(context.cancelKey) cancels")
        }
    }
}
