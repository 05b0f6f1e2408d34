import TabNavCore
import TabNavDrawing

extension AppState {
    /// Mouse actions (docs/behaviour.md, "Mouse"): clicks do what the keys do on the thing under the pointer; in edit
    /// mode press–drag–release moves items exactly like the keyboard grab, with the same rules.
    mutating func handleMouse(_ event: MouseEvent, _ target: HitTarget?) -> [AppEffect] {
        switch mode {
        case .help(_, let under):
            if event.kind == .wheelUp || event.kind == .wheelDown {
                for _ in 0..<3 { _ = scrollHelpOnce(up: event.kind == .wheelUp) }
                return []
            }
            if event.kind == .press { mode = under }
            return []
        case .picking(var picker, let under):
            if event.kind == .wheelUp || event.kind == .wheelDown {
                // The list scrolls with its cursor, as the sidebar's does (one entry a notch:
                // menus are short and Enter picks the entry under the cursor).
                let step = event.kind == .wheelUp ? -1 : 1
                picker.cursor = max(0, min(picker.entries.count - 1, picker.cursor + step))
                mode = .picking(picker, over: under)
                return []
            }
            guard event.kind == .press else { return [] }
            if case .pickerRow(let index)? = target { return choose(at: index, in: picker, under: under) }
            if case .footerHint(let command)? = target { return run(command) }
            mode = under  // a click outside the list closes it
            return []
        case .confirmingReset, .confirmingDelete, .confirmingQuit, .choosingAction, .naming, .finding:
            if event.kind == .press, case .footerHint(let command)? = target { return run(command) }
            return []
        default:
            break
        }
        if event.kind == .press, let target, let effects = clickFooter(target) { return effects }
        switch event.kind {
        case .rightPress:
            guard mode.grab == nil, mode.carry == nil else { return [] }
            pointCursor(at: target)
            return openItemMenu(for: itemID(under: target))
        case .wheelUp, .wheelDown:
            return wheel(up: event.kind == .wheelUp, over: target)
        case .press:
            switch mode {
            case .carrying: return dropClick(target)
            case .editing, .grabbing: return editPress(target)
            default: return click(target)
            }
        case .drag:
            if mode.grab != nil { dragGrab(over: target) }
            return []
        case .release:
            guard mode.grab != nil else { return [] }
            let unchanged = mode.grab?.target == .origin
            // The grab's "Moving …: arrows move, Enter drops" is over with the drop: it goes
            // (a message the drop itself gives stays).
            let moving = message
            let effects = dropGrabbed()
            if unchanged || message == moving { message = nil }
            return effects
        }
    }

    /// A right-click's item gets the highlight the menu is about: the sidebar cursor moves to
    /// its row (and the focus to the sidebar), edit mode's cursor to it in the bar.
    mutating func pointCursor(at target: HitTarget?) {
        switch target {
        case .sidebarRow(let row)?, .sidebarCheckbox(let row)?:
            sidebarCursor = row
            clampSidebar()
            if case .browsing = mode { mode = .browsing(.sidebar) }
            updateEdit { $0.region = .sidebar }
        case .sectionCollapse(let section)?, .sectionAction(let section, _)?:
            if let row = sidebarRows.firstIndex(where: { model.hierarchy.nodes[$0.node].item.id == section }) {
                pointCursor(at: .sidebarRow(row))
            }
        case .tabBarItem(let id)?:
            guard let index = model.tabBar.firstIndex(where: { $0.id == id }) else { return }
            if case .browsing = mode { mode = .browsing(.tabBar) }
            barFirstShown = barOnScreen
            updateEdit {
                $0.region = .tabBar
                $0.barCursor = index
            }
        default:
            break
        }
    }

    /// The item a right-click is about: the tab, row or section header under the pointer.
    func itemID(under target: HitTarget?) -> String? {
        switch target {
        case .tabBarItem(let id)?: return id
        case .sidebarRow(let row)?, .sidebarCheckbox(let row)?: return id(ofRow: row)
        case .sectionCollapse(let section)?, .sectionAction(let section, _)?: return section
        default: return nil
        }
    }

    /// A click on the footer: a hint runs its command, the mode word enters or leaves edit mode.
    mutating func clickFooter(_ target: HitTarget) -> [AppEffect]? {
        switch target {
        case .footerHint(let command):
            return run(command)
        case .footerMode:
            switch mode {
            case .browsing, .searching: return enterEditMode()
            case .editing: return leaveEditMode()
            case .grabbing:
                putBackGrabbed()
                return leaveEditMode()
            default: return []
            }
        default:
            return nil
        }
    }

    /// Runs the command of a clicked footer hint.
    mutating func run(_ command: Command) -> [AppEffect] {
        run(command, key: nil)
    }

    /// Scrolls the bar by hand one item; the selection stays where it is.
    /// From the first item on screen: from the selection, the bar was scrolled *right* by a
    /// wheel-up when items lay before the selection, and not at all at the end of the bar.
    mutating func scrollTabBar(by delta: Int) {
        let bar = model.tabBar
        let scrolling = bar.filter { $0.region != .pinned }.count
        let fixed = bar.prefix { $0.region == .fixed }.count
        guard scrolling - fixed > 1 else { return }
        let from = barOnScreen ?? barFirstShown ?? model.barSelectionID.flatMap { id in bar.firstIndex { $0.id == id } } ?? fixed
        barFirstShown = max(fixed, min(scrolling - 1, from + delta))
    }

    mutating func wheel(up: Bool, over target: HitTarget?) -> [AppEffect] {
        let step = up ? -3 : 3
        switch target {
        case .sidebarRow?, .sidebarArea?, .sectionCollapse?, .sectionAction?, .sidebarCheckbox?:
            sidebarCursor = max(0, min(sidebarRows.count - 1, sidebarCursor + step))
            clampSidebar()
            if mode.carry != nil { setCarryTarget(id(ofRow: sidebarCursor)) }
        case .contentRow?, .contentArea?:
            scrollContent(by: step)
        case .tabBarItem?, .tabBarOverflow?, .tabBarEnd?, .sidebarToggle?:
            scrollTabBar(by: up ? -1 : 1)
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
            switch mode {
            case .browsing, .searching: mode = .browsing(.tabBar)
            default: break
            }
            return reselect(id)
        case .tabBarOverflow(let forward):
            // `‹` `›` scroll the bar; they never change the selection.
            scrollTabBar(by: forward != options.rightToLeft ? 1 : -1)
            return []
        case .tabBarEnd, .contentArea, .sidebarArea, .footerHint, .footerMode, .pickerRow:
            return []
        case .sidebarRow(let row), .sidebarCheckbox(let row):
            guard let id = id(ofRow: row) else { return [] }
            if case .browsing = mode { mode = .browsing(.sidebar) }
            sidebarCursor = row
            clampSidebar()
            var effects = reselect(id)
            if layoutClass == .compact, sidebarShowing { effects += toggleSidebar() }
            return effects
        case .sectionCollapse(let section):
            guard let index = model.hierarchy.index(of: section),
                  let row = rowOfNode(index) else { return [] }
            if case .browsing = mode { mode = .browsing(.sidebar) }
            return toggleCollapse(sidebarRows[row])
        case .sectionAction(let section, let action):
            return invoke(action: action, in: section)
        case .contentRow(let row):
            guard let id = model.selectedID else { return [] }
            let wasHere = focus == .content
            if case .browsing = mode { mode = .browsing(.content) }
            let shown = loadIfNeeded(id)
            let visible = geometry.contentListRows
            // A second click on the search result under the cursor goes there.
            if wasHere, let result = currentSearchResult, let cursor = currentPage.report.cursor,
               cursor.window(count: search.results.count, visibleRows: visible).lowerBound + row == cursor.row {
                return open(result)
            }
            let response = updateTopPage(of: id) { $0.click(row: row, isRepeat: wasHere, visibleRows: visible) }
            return shown + (perform(response, on: id) ?? [])
        }
    }

    mutating func dropClick(_ target: HitTarget?) -> [AppEffect] {
        switch target {
        case .tabBarItem(let id)?:
            setCarryTarget(id)
            return dropCarried(on: id)
        case .sidebarRow(let row)?:
            guard let id = id(ofRow: row) else { return [] }
            sidebarCursor = row
            setCarryTarget(id)
            return dropCarried(on: id)
        default:
            return []
        }
    }

    mutating func editPress(_ target: HitTarget?) -> [AppEffect] {
        switch target {
        case .tabBarItem(let id)?:
            guard let index = model.tabBar.firstIndex(where: { $0.id == id }) else { return [] }
            // The bar stays as it is on screen under the pointer (the layout scrolls only if
            // the grabbed item would leave it).
            barFirstShown = barOnScreen
            updateEdit {
                $0.region = .tabBar
                $0.barCursor = index
            }
            return grabUnderCursor()
        case .sidebarRow(let row)?:
            updateEdit { $0.region = .sidebar }
            sidebarCursor = row
            clampSidebar()
            return grabUnderCursor()
        case .sidebarCheckbox(let row)?:
            updateEdit { $0.region = .sidebar }
            sidebarCursor = row
            clampSidebar()
            guard let id = id(ofRow: row) else { return [] }
            return commit(.setHidden(id, !model.customization.hidden.contains(id)))
        case .sidebarToggle?:
            return toggleSidebar()
        case .sectionCollapse?:
            return click(target)
        default:
            return []
        }
    }

    /// Where a dragged item would land given what lies under the pointer.
    mutating func dragGrab(over target: HitTarget?) {
        guard let grab = mode.grab else { return }
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
        setGrabTarget(newTarget)
    }
}
