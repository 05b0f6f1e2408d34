/// The lists inside items: a tab's videos and a section's actions. Ids must be unique within
/// one list (a drop or an action is named by it), but the same video may appear in several tabs.
extension LayoutDecoder {
    func decodeVideos(_ elements: [JSONValue], path: String) throws(LayoutError) -> [Video] {
        var videos: [Video] = []
        var firstIndex: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let object = try LayoutObject(
                element, path: LayoutText.element(path, index), allowedKeys: LayoutSchema.videoKeys, source: source)
            let id = try object.requiredString("id")
            if id.isEmpty { throw object.problem(at: object.path(of: "id"), "empty id") }
            if let first = firstIndex[id] {
                throw object.problem(
                    at: object.path(of: "id"),
                    "duplicate id \(LayoutText.quoted(id)) (first used at \(LayoutText.element(path, first)))")
            }
            firstIndex[id] = index
            let title = try object.requiredString("title")
            if title.isEmpty { throw object.problem(at: object.path(of: "title"), "empty title") }
            videos.append(Video(
                id: id, title: title, duration: try object.string("duration") ?? "",
                summary: try object.string("summary") ?? ""))
        }
        return videos
    }

    func decodeActions(_ elements: [JSONValue], path: String) throws(LayoutError) -> [SectionAction] {
        var actions: [SectionAction] = []
        var firstIndex: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let object = try LayoutObject(
                element, path: LayoutText.element(path, index), allowedKeys: LayoutSchema.actionKeys, source: source)
            let id = try object.requiredString("id")
            if id.isEmpty { throw object.problem(at: object.path(of: "id"), "empty id") }
            if let first = firstIndex[id] {
                throw object.problem(
                    at: object.path(of: "id"),
                    "duplicate id \(LayoutText.quoted(id)) (first used at \(LayoutText.element(path, first)))")
            }
            firstIndex[id] = index
            let title = try object.requiredString("title")
            if title.isEmpty { throw object.problem(at: object.path(of: "title"), "empty title") }
            actions.append(SectionAction(id: id, title: title, icon: try object.string("icon") ?? "",
                                         addsTab: try object.bool("addsTab") ?? false))
        }
        return actions
    }
}
