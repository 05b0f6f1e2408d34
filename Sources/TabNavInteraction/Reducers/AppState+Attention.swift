import TabNavCore
import TabNavDrawing

/// Tabs that live while hidden, and the marks that say something happened there
/// (docs/behaviour.md, "Attention"): a command tab's `refresh` goes on while another tab is
/// shown (`"whenHidden": false` opts out); a run that fails or changes its output while its tab is
/// hidden marks the tab (`"alert"`), in the bar and the sidebar, until the tab is shown. Terminal
/// tabs mark theirs with the same model (`activity`, `bell`, `exited`). Every mark set and every
/// clearing is an `attentionDidChange` event.
extension AppState {
    /// The mark a tab shows: the most pressing of its reasons (nil: none).
    package func attentionMark(of id: String) -> AttentionReason? {
        attention[id]?.min { $0.rank < $1.rank }
    }

    /// Marks a tab for `reason` unless it is the one shown; the event when the mark is new.
    package mutating func markAttention(_ id: String, _ reason: AttentionReason) -> [AppEffect] {
        guard id != model.selectedID, model.hierarchy.contains(id) else { return [] }
        var marks = attention[id] ?? []
        guard marks.insert(reason).inserted else { return [] }
        attention[id] = marks
        return [.emit(.attentionDidChange(tab: id, reason: reason))]
    }

    /// The tab shown loses its marks (after every action: however it came to be shown).
    mutating func clearAttentionOfShownTab() -> [AppEffect] {
        guard let id = model.selectedID, attention[id] != nil else { return [] }
        attention[id] = nil
        return [.emit(.attentionDidChange(tab: id, reason: nil))]
    }

    /// A run of a hidden command tab ended: the marks its `alert` asks for.
    mutating func alertIfHidden(_ page: any TabPage, tab: String) -> [AppEffect] {
        guard tab != model.selectedID else { return [] }
        let marks = page.report.marksWhenHidden
        guard !marks.isEmpty else { return [] }
        var effects: [AppEffect] = []
        for reason in AttentionReason.allCases where marks.contains(reason) { effects += markAttention(tab, reason) }
        return effects
    }

    /// At launch (and once the file is trusted): every command tab that refreshes while hidden
    /// runs now, shown or not.
    mutating func startBackgroundRefreshes() -> [AppEffect] {
        // Asked of every node at each launch, so read in place (a node handed out of the array was
        // retained field by field first).
        let found: [String] = model.hierarchy.nodes.withUnsafeBufferPointer { nodes in
            var found: [String] = []
            for index in nodes.indices {
                guard case .command = nodes[index].item.content else { continue }
                let options = nodes[index].item.contentOptions
                if options.refresh != nil, options.whenHidden { found.append(nodes[index].item.id) }
            }
            return found
        }
        backgroundRefreshTabs = found
        guard case .granted = commandConsent else { return [] }
        return found.flatMap { loadIfNeeded($0) }
    }

    /// The redraw interval elapsed: the page shown, and every hidden tab that refreshes, may
    /// start a run.
    mutating func tick() -> [AppEffect] {
        var effects: [AppEffect] = []
        var ids = backgroundRefreshTabs.filter { $0 != model.selectedID && shownTabs.contains($0) }
        if let id = model.selectedID { ids.insert(id, at: 0) }
        for id in ids {
            if let work = updateTopPage(of: id, { $0.tick() }) { effects += start(work, for: id) }
        }
        return effects
    }

    /// How soon the screen should be drawn again with nothing happening (nil: never): the page
    /// shown's own interval, or the next refresh of a hidden tab if that comes sooner.
    package var redrawInterval: Duration? {
        var interval = shown.redrawInterval  // read after the last action (`ShownPage`)
        guard !backgroundRefreshTabs.isEmpty else { return interval }
        let now = ContinuousClock.now
        for id in backgroundRefreshTabs where id != model.selectedID {
            guard let due = stacks[id]?.last?.report.nextRefresh else { continue }
            let wait = max(.milliseconds(20), now.duration(to: due))
            interval = min(interval ?? wait, wait)
        }
        return interval
    }
}
