/// Two programs on one state file lose nothing (docs/behaviour.md, "Persistence"): a save writes
/// what is in the file now, with only the parts this program changed since its last load or save
/// put over it, so a change another program saved meanwhile stays.
///
/// Each part is merged on its own: sets (hidden and collapsed items, known ids) item by item, the
/// maps (section orders, drops) key by key, the tabs added at run time by id, and the rest (the
/// bar's order, the sidebar, the selection) as a whole. Where both programs changed the same part,
/// the one saving now wins.
package enum SavedStateMerge {
    /// `theirs` (the file as it is now) with every part `ours` changed since `base` (what this
    /// program held at its last load or save).
    package static func merge(base: SavedState, ours: SavedState, theirs: SavedState) -> SavedState {
        if ours == base { return theirs }
        let b = base.customization, o = ours.customization, t = theirs.customization
        let customization = Customization(
            tabBar: o.tabBar != b.tabBar ? o.tabBar : t.tabBar,
            hidden: set(base: b.hidden, ours: o.hidden, theirs: t.hidden),
            sectionOrder: map(base: b.sectionOrder, ours: o.sectionOrder, theirs: t.sectionOrder),
            collapsed: set(base: b.collapsed, ours: o.collapsed, theirs: t.collapsed),
            sidebarVisible: o.sidebarVisible != b.sidebarVisible ? o.sidebarVisible : t.sidebarVisible,
            selected: o.selected != b.selected ? o.selected : t.selected,
            knownIDs: o.knownIDs == b.knownIDs
                ? t.knownIDs : KnownIDs(set(base: b.knownIDs.asSet, ours: o.knownIDs.asSet, theirs: t.knownIDs.asSet)))
        return SavedState(
            customization: customization,
            addedTabs: addedTabs(base: base.addedTabs, ours: ours.addedTabs, theirs: theirs.addedTabs),
            drops: map(base: base.drops, ours: ours.drops, theirs: theirs.drops))
    }

    /// Theirs, plus what ours added, minus what ours removed.
    static func set(base: Set<String>, ours: Set<String>, theirs: Set<String>) -> Set<String> {
        if ours == base { return theirs }
        return theirs.union(ours.subtracting(base)).subtracting(base.subtracting(ours))
    }

    /// Theirs, with every key ours changed, added or removed done so.
    static func map(base: [String: [String]], ours: [String: [String]], theirs: [String: [String]]) -> [String: [String]] {
        if ours == base { return theirs }
        var merged = theirs
        for key in Set(base.keys).union(ours.keys) where ours[key] != base[key] {
            merged[key] = ours[key]
        }
        return merged
    }

    /// Theirs in their order, with ours' changes by id: a tab ours added comes after them, one it
    /// removed is gone, one it renamed takes its new form.
    static func addedTabs(base: [AddedTab], ours: [AddedTab], theirs: [AddedTab]) -> [AddedTab] {
        if ours == base { return theirs }
        let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let oursByID = Dictionary(ours.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var merged: [AddedTab] = []
        var seen = Set<String>()
        for tab in theirs {
            seen.insert(tab.id)
            if baseByID[tab.id] != nil, oursByID[tab.id] == nil { continue }  // ours removed it
            if let mine = oursByID[tab.id], mine != baseByID[tab.id] { merged.append(mine) } else { merged.append(tab) }
        }
        for tab in ours where !seen.contains(tab.id) && baseByID[tab.id] != tab {
            merged.append(tab)
        }
        return merged
    }
}
