import TabNavCore
import TabNavDrawing

extension AppState {
    /// Mouse actions (SPEC §6): clicks do what the keys do on the thing under the pointer; in edit
    /// mode press–drag–release moves items exactly like the keyboard grab, with the same rules.
    mutating func handleMouse(_ event: MouseEvent, _ target: HitTarget?) -> [AppEffect] {
        if overlay != .none {
            if event.kind == .press, case .help = overlay { overlay = .none }
            return []
        }
        switch event.kind {
        case .wheelUp, .wheelDown:
            return wheel(up: event.kind == .wheelUp, over: target)
        case .press:
            if drop != nil { return dropClick(target) }
            if edit != nil { return editPress(target) }
            return click(target)
        case .drag:
            if edit?.grab != nil { dragGrab(over: target) }
            return []
        case .release:
            guard edit?.grab != nil else { return [] }
            let unchanged = edit?.grab?.target == .origin
            let effects = dropGrabbed()
            if unchanged { message = nil }
            return effects
        }
    }

    mutating func wheel(up: Bool, over target: HitTarget?) -> [AppEffect] {
        let step = up ? -3 : 3
        switch target {
        case .sidebarRow?, .sidebarArea?, .sectionCollapse?, .sectionAction?, .sidebarCheckbox?:
            sidebarCursor = max(0, min(sidebarRows.count - 1, sidebarCursor + step))
            clampSidebar()
            if drop != nil {
                let target = id(ofRow: sidebarCursor)
                drop?.targetID = target
            }
        case .contentRow?, .contentArea?:
            moveContentCursor(step)
        default:
            break
        }
        return []
    }

    mutating func click(_ target: HitTarget?) -> [AppEffect] {
        guard let target else { return [] }
        switch target {
        case .sidebarToggle:
            return toggleSidebar()
        case .tabBarItem(let id):
            focus = .tabBar
            let effects = selectItem(id)
            syncSidebarCursorToSelection()
            return effects
        case .tabBarOverflow(let forward):
            return stepTab(forward != options.rightToLeft ? 1 : -1)
        case .tabBarEnd, .contentArea, .sidebarArea:
            return []
        case .sidebarRow(let row), .sidebarCheckbox(let row):
            guard let id = id(ofRow: row) else { return [] }
            focus = .sidebar
            sidebarCursor = row
            clampSidebar()
            var effects = selectItem(id)
            if layoutClass == .compact { effects += toggleSidebar() }
            return effects
        case .sectionCollapse(let section):
            guard let index = model.hierarchy.index(of: section),
                  let row = rowOfNode(index) else { return [] }
            focus = .sidebar
            return toggleCollapse(sidebarRows[row])
        case .sectionAction(let section, let action):
            return invoke(action: action, in: section)
        case .contentRow(let row):
            guard let id = model.selectedID else { return [] }
            let wasHere = focus == .content && stack(for: id).top.cursor == row
            focus = .content
            moveContentCursor(row - stack(for: id).top.cursor)
            return wasHere ? openContentRow() : []
        }
    }

    mutating func dropClick(_ target: HitTarget?) -> [AppEffect] {
        switch target {
        case .tabBarItem(let id)?:
            drop?.targetID = id
            return dropCarried(on: id)
        case .sidebarRow(let row)?:
            guard let id = id(ofRow: row) else { return [] }
            sidebarCursor = row
            drop?.targetID = id
            return dropCarried(on: id)
        default:
            return []
        }
    }

    mutating func editPress(_ target: HitTarget?) -> [AppEffect] {
        switch target {
        case .tabBarItem(let id)?:
            guard let index = model.tabBar.firstIndex(where: { $0.id == id }) else { return [] }
            edit?.region = .tabBar
            edit?.barCursor = index
            focus = .tabBar
            return grabUnderCursor()
        case .sidebarRow(let row)?:
            edit?.region = .sidebar
            focus = .sidebar
            sidebarCursor = row
            clampSidebar()
            return grabUnderCursor()
        case .sidebarCheckbox(let row)?:
            edit?.region = .sidebar
            sidebarCursor = row
            clampSidebar()
            guard let id = id(ofRow: row) else { return [] }
            return commit(.setHidden(id, !model.customization.hidden.contains(id)))
        case .sidebarToggle?:
            return handleEdit(.character("s"))
        case .sectionCollapse?:
            return click(target)
        default:
            return []
        }
    }

    /// Where a dragged item would land given what lies under the pointer.
    mutating func dragGrab(over target: HitTarget?) {
        guard let grab = edit?.grab else { return }
        let id = grab.itemID
        let bar = model.customization.tabBar.filter { $0 != id }
        var newTarget: GrabSession.Target = grab.target
        switch target {
        case .tabBarItem(let other)?:
            // Over the grabbed item itself (where the preview shows it): it stays where it is.
            if other == id { break }
            if (try? barCheck(for: id).get()) != nil {
                if let i = bar.firstIndex(of: other) {
                    // Over another item it takes that item's place: after it when the preview
                    // shows the grabbed item before it, before it otherwise.
                    var position = model.customization.tabBar.firstIndex(of: id) ?? -1
                    if case .tabBar(let previewed) = grab.target { position = previewed }
                    let wasAfter = position <= i
                    newTarget = .tabBar(wasAfter && grab.from == .tabBar ? i + 1 : i)
                } else if model.hierarchy.item(other)?.placement == .fixed {
                    newTarget = .tabBar(0)
                } else {
                    newTarget = .tabBar(bar.count)
                }
            }
        case .tabBarEnd?:
            if (try? barCheck(for: id).get()) != nil { newTarget = .tabBar(bar.count) }
        case .sidebarRow(let row)?:
            if grab.from == .tabBar {
                newTarget = (try? model.check(.removeFromTabBar(id)).get()) != nil ? .outOfTabBar : grab.target
            } else if let other = self.id(ofRow: row), let parent = model.hierarchy.parentID(of: id),
                      model.hierarchy.parentID(of: other) == parent,
                      (try? model.check(.moveInSection(id, to: 0)).get()) != nil,
                      let i = model.displayOrder(of: parent).firstIndex(of: other) {
                newTarget = other == id ? .origin : .section(i)
            } else {
                newTarget = .origin
            }
        case .contentRow?, .contentArea?, nil:
            if grab.from == .tabBar, (try? model.check(.removeFromTabBar(id)).get()) != nil {
                newTarget = .outOfTabBar
            } else if grab.from == .sidebar {
                newTarget = .origin
            }
        default:
            break
        }
        if newTarget != grab.target {
            edit?.grab?.target = newTarget
            updateGrabPreview()
        }
    }
}
