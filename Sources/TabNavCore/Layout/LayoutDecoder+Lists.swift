/// The lists inside items: a tab's list entries and a section's actions. Ids must be unique
/// within one list (a drop or an action is named by it), but the same entry may appear in several
/// tabs.
extension LayoutDecoder {
    func decodeEntries(_ array: Int) throws(LayoutError) -> [ContentEntry] {
        typealias Key = LayoutSchema.EntryKey
        return try decodeIdentifiedList(array, keys: Key.self) {
            (object, id, title) throws(LayoutError) in
            ContentEntry(id: id, title: title, detail: try object.string(Key.detail) ?? "",
                         body: try object.string(Key.text) ?? "")
        }
    }

    func decodeActions(_ array: Int) throws(LayoutError) -> [SectionAction] {
        typealias Key = LayoutSchema.ActionKey
        return try decodeIdentifiedList(array, keys: Key.self) {
            (object, id, title) throws(LayoutError) in
            // `"addsTab": true` adds a collection; `"addsTab": "terminal"` a shell (docs/terminal-tabs.md).
            var adds: TabContent?
            if let value = object.value(Key.addsTab), tape.kind(value) == .string {
                guard tape.string(value) == "terminal" else {
                    throw object.problem(at: object.path(of: Key.addsTab),
                                         "unknown value \"\(tape.string(value))\" (expected true, false or \"terminal\")")
                }
                adds = .terminal(nil)
            } else if try object.bool(Key.addsTab) == true {
                adds = .list([], acceptsDrops: true)
            }
            var action = SectionAction(id: id, title: title, icon: try object.string(Key.icon) ?? "", newTabContent: adds)
            if let command = try object.nonEmptyString(Key.command, what: "command") {
                try rejectNUL(command, at: object.path(of: Key.command), object: object)
                try rejectBlank(command, at: object.path(of: Key.command), object: object)
                action.command = command
                action.commandOptions = try decodeOptions(object, keys: ["timeout", "cwd", "env"])
            } else if let key = object.presentKeys(among: [Key.timeout, Key.cwd, Key.env]).first {
                throw object.problem(at: object.path(of: key), "only an action with a \"command\" takes \"\(key.name)\"")
            }
            return action
        }
    }

    /// A list of objects each with a non-empty, unique `id` and a non-empty `title`; `make` reads
    /// the rest of each object.
    private func decodeIdentifiedList<Element, Key: IdentifiedKeySet>(
        _ array: Int, keys: Key.Type,
        make: (LayoutObject, String, String) throws(LayoutError) -> Element
    ) throws(LayoutError) -> [Element] {
        var list: [Element] = []
        var firstIndex: [String: Int] = [:]
        for (index, element) in tape.elements(array).enumerated() {
            let object = try LayoutObject(element, in: document, keys: Key.self)
            let id = try object.requiredString(Key.id)
            if id.isEmpty { throw object.problem(at: object.path(of: Key.id), "empty id") }
            if let first = firstIndex[id] {
                throw object.problem(
                    at: object.path(of: Key.id),
                    "duplicate id \(LayoutText.quoted(id)) (first used at \(LayoutText.element(document.path(of: array), first)))")
            }
            firstIndex[id] = index
            let title = try object.requiredString(Key.title)
            if title.isEmpty { throw object.problem(at: object.path(of: Key.title), "empty title") }
            list.append(try make(object, id, title))
        }
        return list
    }
}
