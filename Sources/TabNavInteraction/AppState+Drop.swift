import TabNavCore
import TabNavDrawing

extension AppState {
    /// `m`: pick up the video under the content cursor, to drop it onto a tab.
    mutating func pickUpForDrop() -> [AppEffect] {
        var picked: String?
        if case .detail(let videoID) = currentPage.kind {
            picked = videoID
        } else if focus == .content || !sidebarShowing, case .video(let videoID)? = rowUnderCursor?.kind {
            picked = videoID
        } else if focus == .content, case .result(let result)? = rowUnderCursor?.kind,
                  case .video(let videoID, _) = result.kind {
            picked = videoID
        }
        guard let videoID = picked, let entry = videos[videoID] else {
            say("Put the cursor on a video in the content (Tab moves there) to pick it up")
            return []
        }
        search.isActive = false
        let startTarget = sidebarShowing ? id(ofRow: sidebarCursor) : model.selectedID
        drop = DropSession(itemIDs: [videoID], title: entry.video.title, targetID: startTarget)
        if sidebarShowing { focus = .sidebar }
        return []
    }

    /// Whether the tab accepts what is being carried.
    public func acceptsDrop(on id: String) -> Bool {
        model.hierarchy.item(id)?.acceptsDrops == true
    }

    mutating func handleDrop(_ key: KeyEvent) -> [AppEffect] {
        guard let session = drop else { return [] }
        switch key {
        case .escape:
            drop = nil
            say("Put back \(session.title)")
            return []
        case .enter:
            guard let target = session.targetID else {
                say("Choose a tab first: arrows move over the tabs")
                return []
            }
            return dropCarried(on: target)
        case .character("q"):
            drop = nil
            return quit()
        case .up, .down, .character("k"), .character("j"):
            guard sidebarShowing else { return [] }
            let delta = (key == .up || key == .character("k")) ? -1 : 1
            sidebarCursor = max(0, min(sidebarRows.count - 1, sidebarCursor + delta))
            clampSidebar()
            let target = id(ofRow: sidebarCursor)
            drop?.targetID = target
            return []
        case .left, .right, .character("h"), .character("l"):
            let bar = model.tabBar
            guard !bar.isEmpty else { return [] }
            var delta = (key == .left || key == .character("h")) ? -1 : 1
            if options.rightToLeft { delta = -delta }
            let current = session.targetID.flatMap { id in bar.firstIndex { $0.id == id } } ?? -1
            drop?.targetID = bar[max(0, min(bar.count - 1, current + delta))].id
            return []
        default:
            return []
        }
    }

    /// Drops what is carried onto a tab, if it accepts it (a collection adds it and its badge counts it).
    mutating func dropCarried(on target: String) -> [AppEffect] {
        guard let session = drop else { return [] }
        let title = model.hierarchy.item(target)?.title ?? target
        guard acceptsDrop(on: target) else {
            say("\(title) doesn't accept \(session.title)", error: true)
            return []
        }
        var list = drops[target] ?? []
        let new = session.itemIDs.filter { !list.contains($0) }
        drop = nil
        guard !new.isEmpty else {
            say("\(session.title) is already in \(title)")
            return []
        }
        list += new
        drops[target] = list
        refreshDropBadge(target)
        say("Added \(session.title) to \(title)")
        return [.emit(.itemsDropped(tab: target, items: new)), .save]
    }
}
