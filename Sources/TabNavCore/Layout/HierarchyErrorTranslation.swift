/// Rewords a `HierarchyError` from `TabHierarchy.validate` as a layout-file message: its index
/// path becomes a JSON path (`[4, 0]` → `tabs[4].tabs[0]`) pointing at the key to fix.
enum HierarchyErrorTranslation {
    static func layoutError(_ error: HierarchyError, root: JSONValue, items: [TabItem], source: String) -> LayoutError {
        let itemPath = jsonPath(error.path)
        let object = jsonObject(at: error.path, in: root)
        let item = item(at: error.path, in: items)
        let idKey = item?.isSection == true ? "section" : "id"

        /// The item's key when the file has it ("tabs[2].placement"), else the item itself.
        func at(_ key: String) -> String {
            object?[key] != nil ? LayoutText.member(itemPath, key) : itemPath
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
            let implicit = object?["placement"] == nil && item?.isSearch == true
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

    private static func jsonObject(at indices: [Int], in root: JSONValue) -> JSONValue? {
        var current: JSONValue? = root
        for index in indices {
            current = current?["tabs"]?[index]
        }
        return current
    }

    private static func item(at indices: [Int], in items: [TabItem]) -> TabItem? {
        var level = items
        var found: TabItem?
        for index in indices {
            guard level.indices.contains(index) else { return nil }
            found = level[index]
            level = level[index].children
        }
        return found
    }
}
