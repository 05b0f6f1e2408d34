/// Something a key can be bound to. The raw value is the name a configuration file and
/// `tabnav-tui keys` use (docs/keys.md).
public enum Command: String, Sendable, CaseIterable, Hashable {
    // Everywhere.
    case quit
    case help
    case redraw
    case suspend

    // Moving around (normal mode).
    case previousTab = "previous-tab"
    case nextTab = "next-tab"
    case up
    case down
    case pageUp = "page-up"
    case pageDown = "page-down"
    case first
    case last
    case focusNext = "focus-next"
    case focusPrevious = "focus-previous"
    case selectTab1 = "tab-1", selectTab2 = "tab-2", selectTab3 = "tab-3", selectTab4 = "tab-4",
         selectTab5 = "tab-5", selectTab6 = "tab-6", selectTab7 = "tab-7", selectTab8 = "tab-8",
         selectTab9 = "tab-9"
    case open
    case fold
    case back
    case toggleSidebar = "toggle-sidebar"
    case edit
    case search
    case sectionAction = "section-action"
    case pickUp = "pick-up"
    case reload
    case trust
    case scrollLeft = "scroll-left"
    case scrollRight = "scroll-right"
    case find
    case findNext = "find-next"
    case findPrevious = "find-previous"

    // Edit, grab and carry modes.
    case left
    case right
    case switchRegion = "switch-region"
    case grab
    case hide
    case remove
    case add
    case undo
    case redo
    case itemMenu = "item-menu"
    case reset
    case done
    case drop
    case cancel

    // Text fields (search, names).
    case leaveField = "leave-field"
    case confirm
    case fieldLeft = "field-left"
    case fieldRight = "field-right"
    case fieldStart = "field-start"
    case fieldEnd = "field-end"
    case deleteBackward = "delete-backward"
    case deleteForward = "delete-forward"
    case deleteToStart = "delete-to-start"
    case deleteToEnd = "delete-to-end"
    case deleteWord = "delete-word"

    // Terminal tabs.
    case prefix
    case scrollback

    // Overlays.
    case close
    case choose1 = "choose-1", choose2 = "choose-2", choose3 = "choose-3", choose4 = "choose-4",
         choose5 = "choose-5", choose6 = "choose-6", choose7 = "choose-7", choose8 = "choose-8",
         choose9 = "choose-9"

    /// `tab-3` → 3, `choose-2` → 2; nil for every other command.
    public var number: Int? {
        let digit = rawValue.last?.wholeNumberValue
        return rawValue.hasPrefix("tab-") || rawValue.hasPrefix("choose-") ? digit : nil
    }

    static let selectTabs: [Command] = [.selectTab1, .selectTab2, .selectTab3, .selectTab4, .selectTab5,
                                        .selectTab6, .selectTab7, .selectTab8, .selectTab9]
    static let chooses: [Command] = [.choose1, .choose2, .choose3, .choose4, .choose5, .choose6,
                                     .choose7, .choose8, .choose9]
}
