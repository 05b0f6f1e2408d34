/// The lists inside items: a tab's list entries and a section's actions. Ids must be unique
/// within one list (a drop or an action is named by it), but the same entry may appear in several
/// tabs.
extension LayoutDecoder {
    func decodeEntries(_ array: Int) throws(LayoutError) -> [ContentEntry] {
        try decodeIdentifiedList(array, allowedKeys: LayoutSchema.entry) {
            (object, id, title) throws(LayoutError) in
            ContentEntry(id: id, title: title, detail: try object.string("detail") ?? "",
                         body: try object.string("text") ?? "")
        }
    }

    func decodeActions(_ array: Int) throws(LayoutError) -> [SectionAction] {
        try decodeIdentifiedList(array, allowedKeys: LayoutSchema.action) {
            (object, id, title) throws(LayoutError) in
            var action = SectionAction(id: id, title: title, icon: try object.string("icon") ?? "",
                                       newTabContent: try object.bool("addsTab") == true ? .list([], acceptsDrops: true) : nil)
            if let command = try object.nonEmptyString("command", what: "command") {
                try rejectNUL(command, at: object.path(of: "command"), object: object)
                action.command = command
                action.commandOptions = try decodeOptions(object, keys: ["timeout", "cwd", "env"])
            } else if let key = object.presentKeys(among: ["timeout", "cwd", "env"]).first {
                throw object.problem(at: object.path(of: key), "only an action with a \"command\" takes \"\(key)\"")
            }
            return action
        }
    }

    /// A list of objects each with a non-empty, unique `id` and a non-empty `title`; `make` reads
    /// the rest of each object.
    private func decodeIdentifiedList<Element>(
        _ array: Int, allowedKeys: LayoutKeys,
        make: (LayoutObject, String, String) throws(LayoutError) -> Element
    ) throws(LayoutError) -> [Element] {
        var list: [Element] = []
        var firstIndex: [String: Int] = [:]
        for (index, element) in tape.elements(array).enumerated() {
            let object = try LayoutObject(element, in: document, allowedKeys: allowedKeys)
            let id = try object.requiredString("id")
            if id.isEmpty { throw object.problem(at: object.path(of: "id"), "empty id") }
            if let first = firstIndex[id] {
                throw object.problem(
                    at: object.path(of: "id"),
                    "duplicate id \(LayoutText.quoted(id)) (first used at \(LayoutText.element(document.path(of: array), first)))")
            }
            firstIndex[id] = index
            let title = try object.requiredString("title")
            if title.isEmpty { throw object.problem(at: object.path(of: "title"), "empty title") }
            list.append(try make(object, id, title))
        }
        return list
    }
}
