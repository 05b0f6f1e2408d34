extension TabNavModel {
    /// Why an item the `+` picker offers is not in the bar now.
    package enum AbsenceReason: Sendable, Equatable {
        /// Its defaults put it in the bar, and it was taken out.
        case removed
        /// Not in the bar by default (`optional`, or a section's child).
        case optional
        /// Hidden (itself or a section above it); choosing it shows it again.
        case hidden
    }

    /// Every item that is not in the bar and may be brought there (docs/behaviour.md, "Edit
    /// mode": nothing is ever lost for good), in declared order, with why it is not there.
    package var tabBarCandidates: [(id: String, reason: AbsenceReason)] {
        let inBar = Set(tabBarIDs)
        var candidates: [(id: String, reason: AbsenceReason)] = []
        for index in hierarchy.depthFirstIndices {
            let node = hierarchy.nodes[index]
            let id = node.item.id
            guard !inBar.contains(id), case .success = checkBringing(id) else { continue }
            let reason: AbsenceReason
            if isEffectivelyHidden(id) {
                reason = .hidden
            } else if Self.belongsInTabBar(node, hierarchy: hierarchy) {
                reason = .removed
            } else {
                reason = .optional
            }
            candidates.append((id, reason))
        }
        return candidates
    }

    /// The edits that bring an item into the bar: show every hidden item on its way down from
    /// the top level, then add it (unless showing it put it back already).
    package func bringingEdits(_ id: String) -> [TabEdit] {
        var path: [String] = []
        var current: String? = id
        while let step = current {
            path.append(step)
            current = hierarchy.parentID(of: step)
        }
        var edits = path.reversed().filter { customization.hidden.contains($0) }.map { TabEdit.setHidden($0, false) }
        var trial = self
        for edit in edits { _ = trial.apply(edit) }
        if !trial.isInTabBar(id) { edits.append(.addToTabBar(id, at: nil)) }
        return edits
    }

    /// Whether the item can be brought into the bar, and if not, why.
    package func checkBringing(_ id: String) -> Result<Void, EditRefusal> {
        guard let item = hierarchy.item(id) else { return .failure(EditRefusal("No item \"\(id)\"")) }
        if isInTabBar(id) { return .failure(EditRefusal("\(item.title) is already in the tab bar")) }
        // Shown items need one cheap check; only hidden ones are tried on a copy.
        guard isEffectivelyHidden(id) else { return check(.addToTabBar(id, at: nil)) }
        var trial = self
        trial.undoStack = []
        trial.redoStack = []
        for edit in bringingEdits(id) {
            if case .failure(let refusal) = trial.apply(edit) { return .failure(refusal) }
        }
        return .success(())
    }
}
