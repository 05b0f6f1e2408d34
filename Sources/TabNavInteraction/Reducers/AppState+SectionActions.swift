import TabNavCore
import TabNavDrawing

extension AppState {
    /// `a`: run the section action under the sidebar cursor (the first action of the header's
    /// section, or of the section holding the row). The selection does not change (docs/behaviour.md, "Search").
    mutating func runSectionAction() -> [AppEffect] {
        guard sidebarShowing, focus == .sidebar, let id = id(ofRow: sidebarCursor) else {
            if !model.hierarchy.nodes.contains(where: { !$0.item.actions.isEmpty }) {
                say("This layout has no section actions")
            } else if !sidebarAvailable {
                say("Section actions are in the sidebar, which tab-bar mode turns off")
            } else {
                say(sidebarShowing ? "Section actions are in the sidebar: \(keyName(.focusNext, in: .normal)) moves there, then put the cursor on a section"
                    : "Section actions are in the sidebar: press \(keyName(.toggleSidebar, in: .normal)), then put the cursor on a section")
            }
            return []
        }
        let sectionID = model.hierarchy.item(id)?.isSection == true ? id : model.hierarchy.parentID(of: id)
        guard let sectionID, let section = model.hierarchy.item(sectionID), let action = section.actions.first else {
            say("No action here")
            return []
        }
        if section.actions.count > 1 {
            mode = .choosingAction(section: sectionID, over: mode)
            return []
        }
        return invoke(action: action.id, in: sectionID)
    }

    /// What `a` would run where the sidebar cursor is: the action's title, or "actions" when the
    /// section has several (nil when there is none).
    var sectionActionUnderCursor: String? {
        guard sidebarShowing, focus == .sidebar, let id = id(ofRow: sidebarCursor) else { return nil }
        let sectionID = model.hierarchy.item(id)?.isSection == true ? id : model.hierarchy.parentID(of: id)
        guard let actions = sectionID.flatMap({ model.hierarchy.item($0) })?.actions, let first = actions.first else { return nil }
        return actions.count == 1 ? first.title : "actions"
    }

    mutating func invoke(action actionID: String, in sectionID: String) -> [AppEffect] {
        guard let action = model.hierarchy.item(sectionID)?.actions.first(where: { $0.id == actionID }) else { return [] }
        let event = AppEffect.emit(.sectionActionInvoked(group: sectionID, action: actionID))
        if action.addsTab {
            mode = .naming(NamePrompt(section: sectionID, action: actionID), over: mode)
            return [event]
        }
        if let command = action.command {
            return [event] + runActionCommand(command, options: action.commandOptions, title: action.title)
        }
        // The embedding program does the work (its delegate hears the event, and may answer
        // through the proxy): the library claims nothing on its behalf.
        return [event]
    }

    /// Adds a run-time tab to a section (persisted with the state).
    mutating func addTab(named name: String, to sectionID: String, by actionID: String, content: TabContent? = nil) -> [AppEffect] {
        let base = "user-" + Self.slug(name)
        var id = base
        var n = 2
        while model.isIDTaken(id) || deletedDrops[id] != nil { id = "\(base)-\(n)"; n += 1 }
        let icon = model.hierarchy.item(sectionID)?.icon ?? ""
        let action = model.hierarchy.item(sectionID)?.actions.first { $0.id == actionID }
        let tab = NewTab(name: name, id: id, section: sectionID, action: actionID)
        let item = TabItem(id: id, title: name, icon: icon, allowsHiding: true,
                           content: content ?? action?.content(for: tab)
                               ?? Self.newTabContent(in: model.hierarchy, section: sectionID, name: name, id: id))
        let barBefore = model.tabBarIDs
        do {
            try model.appendTab(item, to: sectionID)
        } catch {
            say("Can't add \"\(name)\": \(error.reasonText)", error: true)
            return []
        }
        let sectionTitle = model.hierarchy.item(sectionID)?.title ?? sectionID
        say("Added \(name) to \(sectionTitle)")
        clampSidebar()
        var effects: [AppEffect] = [.emit(.displayOrderDidChange(group: sectionID, order: model.displayOrder(of: sectionID)))]
        if model.tabBarIDs != barBefore { effects.append(.emit(.tabBarDidChange(items: model.tabBarIDs))) }
        return effects + [.save]
    }

    /// "New Terminal": a shell tab added to a section at run time (kept with the state, its shell
    /// started again when next shown), selected with the keys in its content.
    mutating func addTerminal(to sectionID: String) -> [AppEffect] {
        var name = "Terminal"
        var n = 2
        let titles = Set(model.displayOrder(of: sectionID).compactMap { model.hierarchy.item($0)?.title })
        while titles.contains(name) { name = "Terminal \(n)"; n += 1 }
        let before = Set(model.runTimeTabs)
        var effects = addTab(named: name, to: sectionID, by: "", content: .terminal(nil))
        guard let id = model.runTimeTabs.first(where: { !before.contains($0) }) else { return effects }
        if case .picking(_, let under) = mode { mode = under }
        effects += selectItem(id)
        syncSidebarCursorToSelection()
        mode = .browsing(.content)
        return effects
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
