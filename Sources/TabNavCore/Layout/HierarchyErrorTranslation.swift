/// Rewords a `HierarchyError` (a rule of `TabHierarchy` broken) as a layout-file message: its
/// index path becomes a JSON path (`[4, 0]` → `tabs[4].tabs[0]`) pointing at the key to fix.
enum HierarchyErrorTranslation {
    /// - Parameters:
    ///   - hasKey: whether the item's object in the file has a key.
    ///   - item: the item the error is about, as decoded.
    static func layoutError(_ error: HierarchyError, hasKey: (String) -> Bool, item: TabItem, source: String) -> LayoutError {
        let itemPath = jsonPath(error.path)
        let idKey = item.isSection ? "section" : "id"

        /// The item's key when the file has it ("tabs[2].placement"), else the item itself.
        func at(_ key: String) -> String {
            hasKey(key) ? LayoutText.member(itemPath, key) : itemPath
        }

        let path: String
        let reason: String
        switch error.reason {
        case .emptyID:
            path = at(idKey)
            reason = error.reasonText
        case .emptyTitle:
            path = at("title")
            reason = error.reasonText
        case .duplicateID(let firstPath):
            path = at(idKey)
            reason = "duplicate id \(LayoutText.quoted(error.id)) (first used at \(jsonPath(firstPath)))"
        case .placementInSection:
            path = at("placement")
            let implicit = !hasKey("placement") && item.isSearch
            reason = error.reasonText + (implicit ? " (a search tab is pinned unless it says otherwise)" : "")
        case .tooDeep, .childrenOnTab:
            path = itemPath
            reason = error.reasonText
        }
        return LayoutError(source: source, kind: .hierarchy(path: path), message: "\(LayoutText.place(path)): \(reason)")
    }

    /// `[4, 0]` → `tabs[4].tabs[0]`.
    static func jsonPath(_ indices: [Int]) -> String {
        indices.map { "tabs[\($0)]" }.joined(separator: ".")
    }
}
