import TabNavCore
import TabNavDrawing

extension AppState {
    /// `a`: run the section action under the sidebar cursor (the first action of the header's
    /// section, or of the section holding the row). The selection does not change (SPEC §7).
    mutating func runSectionAction() -> [AppEffect] {
        guard sidebarShowing, focus == .sidebar, let id = id(ofRow: sidebarCursor) else {
            say(sidebarShowing ? "Section actions are in the sidebar: Tab moves there, then put the cursor on a section"
                : "Section actions are in the sidebar: press s, then put the cursor on a section")
            return []
        }
        let sectionID = model.hierarchy.item(id)?.isSection == true ? id : model.hierarchy.parentID(of: id)
        guard let sectionID, let section = model.hierarchy.item(sectionID), let action = section.actions.first else {
            say("No action here")
            return []
        }
        if section.actions.count > 1 {
            overlay = .chooseAction(section: sectionID)
            return []
        }
        return invoke(action: action.id, in: sectionID)
    }

    mutating func invoke(action actionID: String, in sectionID: String) -> [AppEffect] {
        guard let section = model.hierarchy.item(sectionID),
              let action = section.actions.first(where: { $0.id == actionID }) else { return [] }
        let event = AppEffect.emit(.sectionActionInvoked(group: sectionID, action: actionID))
        if action.addsTab {
            overlay = .newTabPrompt(section: sectionID, action: actionID, field: TextField())
            return [event]
        }
        say("\(action.title): \(section.title) is up to date")
        return [event]
    }

    /// Keys while choosing among a section's actions: `1`…`9` run one, anything else cancels.
    mutating func handleActionChoice(_ key: KeyEvent, section sectionID: String) -> [AppEffect] {
        overlay = .none
        guard case .character(let c) = key, let n = c.wholeNumberValue, n >= 1,
              let actions = model.hierarchy.item(sectionID)?.actions, n <= actions.count else {
            say("Cancelled")
            return []
        }
        return invoke(action: actions[n - 1].id, in: sectionID)
    }

    /// Keys while a name is typed for a new tab.
    mutating func handlePrompt(_ key: KeyEvent, section: String, action: String, field: inout TextField) -> [AppEffect] {
        switch key {
        case .escape:
            overlay = .none
            say("Cancelled")
            return []
        case .enter:
            let name = String(field.text.trimmingSpaces)
            guard !name.isEmpty else {
                say("Type a name, or Esc to cancel", error: true)
                return []
            }
            overlay = .none
            return addTab(named: name, to: section)
        default:
            _ = field.handle(key)
            overlay = .newTabPrompt(section: section, action: action, field: field)
            return []
        }
    }

    /// Adds a run-time tab to a section (persisted with the state).
    mutating func addTab(named name: String, to sectionID: String) -> [AppEffect] {
        let base = "user-" + Self.slug(name)
        var id = base
        var n = 2
        while model.hierarchy.contains(id) { id = "\(base)-\(n)"; n += 1 }
        let icon = model.hierarchy.item(sectionID)?.icon ?? ""
        let item = TabItem(id: id, title: name, icon: icon, allowsHiding: true, content: .videos([]), acceptsDrops: true)
        let barBefore = model.tabBarIDs
        do {
            try model.appendTab(item, to: sectionID)
        } catch {
            say("Can't add \"\(name)\": \(error.reasonText)", error: true)
            return []
        }
        addedTabs.append(AddedTab(section: sectionID, id: id, title: name, icon: icon))
        let sectionTitle = model.hierarchy.item(sectionID)?.title ?? sectionID
        say("Added \(name) to \(sectionTitle)")
        clampSidebar()
        var effects: [AppEffect] = [.emit(.displayOrderDidChange(group: sectionID, order: model.displayOrder(of: sectionID)))]
        if model.tabBarIDs != barBefore { effects.append(.emit(.tabBarDidChange(items: model.tabBarIDs))) }
        return effects + [.save]
    }

    static func slug(_ name: String) -> String {
        var out = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) {
                out.unicodeScalars.append(scalar)
            } else if !out.hasSuffix("-") {
                out += "-"
            }
        }
        let trimmed = out.split(separator: "-").joined(separator: "-")
        return trimmed.isEmpty ? "tab" : trimmed
    }
}
