/// Turns the JSON of a layout file into a `TabLayout`, checking the schema of docs/layout-files.md, "Layout files".
///
/// It checks shapes and types only; the rules about the hierarchy itself (unique ids, depth,
/// placements inside sections) are `TabHierarchy.validate`'s, applied afterwards by the loader.
struct LayoutDecoder {
    let source: String
    /// The layout file's folder: relative file paths and working folders resolve against it, and
    /// commands run there by default (nil for text that came from no file).
    var folder: String? = nil

    func decodeLayout(_ root: JSONValue) throws(LayoutError) -> TabLayout {
        let top = try LayoutObject(root, path: "", allowedKeys: LayoutSchema.topKeys, source: source)
        let id = try top.requiredString("id")
        if id.isEmpty { throw top.problem(at: "id", "empty id") }
        guard LayoutSchema.isUsableAsFileName(id) else {
            throw top.problem(
                at: "id",
                "\(LayoutText.quoted(id)) cannot name the state file (use at most "
                    + "\(LayoutSchema.maximumLayoutIDLength) letters, digits, '.', '_' or '-', not starting with '.')")
        }
        if id == TrustStore.layoutIDTaken {
            throw top.problem(at: "id", "\(LayoutText.quoted(id)) is taken: the state folder keeps the trusted layouts in trusted.json")
        }
        let title = try top.requiredString("title")
        if title.isEmpty { throw top.problem(at: "title", "empty title") }
        guard let tabs = try top.array("tabs") else { throw top.missing("tabs") }
        if tabs.isEmpty { throw top.problem(at: "tabs", "a layout needs at least one tab") }
        return TabLayout(id: id, title: title, items: try decodeItems(tabs, path: "tabs"))
    }

    private func decodeItems(_ elements: [JSONValue], path: String) throws(LayoutError) -> [TabItem] {
        var items: [TabItem] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let here = LayoutText.element(path, index)
            if element["section"] != nil {
                items.append(try decodeSection(element, path: here))
            } else {
                items.append(try decodeTab(element, path: here))
            }
        }
        return items
    }

    private func decodeTab(_ value: JSONValue, path: String) throws(LayoutError) -> TabItem {
        let object = try LayoutObject(
            value, path: path, allowedKeys: LayoutSchema.tabKeys, source: source, hint: LayoutSchema.tabKeyHint)
        let id = try object.requiredString("id")
        let role = try object.choice("role", of: TabRole.self, expected: LayoutSchema.roleNames)
        let isSearch = role == .search
        let title = try object.string("title") ?? (isSearch ? LayoutSchema.searchTitle : nil)
        guard let title else { throw object.missing("title") }
        var item = TabItem(
            kind: .tab, id: id, title: title,
            icon: try object.string("icon") ?? (isSearch ? LayoutSchema.searchIcon : ""),
            role: role)
        try decodeCommon(object, into: &item, defaultPlacement: isSearch ? .pinned : .default)
        if let visibility = try object.choice(
            "tabBarVisibility", of: TabVisibility.self, expected: LayoutSchema.visibilityNames)
        {
            item.defaultTabBarVisibility = visibility
        }
        if let content = object.value("content") {
            (item.content, item.contentOptions) = try decodeContent(content, path: object.path(of: "content"))
        }
        if try object.bool("acceptsDrops") == true {
            switch item.content {
            case .list(let entries, _): item.content = .list(entries, acceptsDrops: true)
            case .none: item.content = .list([], acceptsDrops: true)
            default:
                throw object.problem(at: object.path(of: "acceptsDrops"), "needs a \"list\" content or none (drops are added to a list)")
            }
        }
        return item
    }

    private func decodeSection(_ value: JSONValue, path: String) throws(LayoutError) -> TabItem {
        if case .object(let members) = value, members.contains(where: { $0.key == "id" }) {
            throw LayoutError(
                source: source, kind: .schema(path: path),
                message: "\(path): has both \"id\" and \"section\" (a tab has \"id\", a section has \"section\")")
        }
        let object = try LayoutObject(value, path: path, allowedKeys: LayoutSchema.sectionKeys, source: source)
        let id = try object.requiredString("section")
        guard let title = try object.string("title") else { throw object.missing("title") }
        var item = TabItem(kind: .section, id: id, title: title, icon: try object.string("icon") ?? "")
        try decodeCommon(object, into: &item, defaultPlacement: .default)
        item.allowsReordering = try object.bool("allowsReordering") ?? false
        if let visibility = try object.choice(
            "tabBarVisibility", of: TabVisibility.self, expected: LayoutSchema.visibilityNames)
        {
            item.childrenTabBarVisibility = visibility
        }
        if let actions = try object.array("actions") {
            item.actions = try decodeActions(actions, path: object.path(of: "actions"))
        }
        if let children = try object.array("tabs") {
            item.children = try decodeItems(children, path: object.path(of: "tabs"))
        }
        return item
    }

    /// The members tabs and sections share.
    private func decodeCommon(
        _ object: LayoutObject, into item: inout TabItem, defaultPlacement: TabPlacement
    ) throws(LayoutError) {
        if let badge = object.value("badge") {
            item.badge = try decodeBadge(badge, object: object)
        }
        item.placement = try object.choice(
            "placement", of: TabPlacement.self, expected: TabPlacement.namesForMessages) ?? defaultPlacement
        item.allowsHiding = try object.bool("allowsHiding") ?? false
        item.isHiddenByDefault = try object.bool("hiddenByDefault") ?? false
        if let customization = object.value("customization") {
            let settings = try LayoutObject(
                customization, path: object.path(of: "customization"),
                allowedKeys: LayoutSchema.customizationKeys, source: source)
            let names = LayoutSchema.behaviorNames
            if let sidebar = try settings.choice("sidebar", of: CustomizationBehavior.self, expected: names) {
                item.sidebarCustomization = sidebar
            }
            if let tabBar = try settings.choice("tabBar", of: CustomizationBehavior.self, expected: names) {
                item.tabBarCustomization = tabBar
            }
        }
    }

    private func decodeBadge(_ value: JSONValue, object: LayoutObject) throws(LayoutError) -> TabBadge {
        switch value {
        case .string(let text):
            return .text(text)
        case .number(let number):
            guard let count = value.intValue else {
                let limit = JSONValue.largestWholeNumber
                if number.rounded(.towardZero) == number {
                    throw object.problem(
                        at: object.path(of: "badge"),
                        "the number is out of range (a whole number from -\(limit) to \(limit), or a string)")
                }
                throw object.problem(
                    at: object.path(of: "badge"),
                    "expected a whole number or a string, found the number \(JSONWriter.numberText(number))")
            }
            return .count(count)
        default:
            throw object.wrongType("badge", expected: "a whole number or a string", found: value)
        }
    }
}
