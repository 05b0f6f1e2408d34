import TabNavSystem

/// Turns the JSON of a layout file into the indexed `TabHierarchy` the program runs, checking the
/// schema of docs/layout-files.md, "Layout files", and the hierarchy's own rules (unique ids,
/// depth, placements inside sections) in the same single pass over the file.
///
/// Items go straight into the hierarchy's table as they are read; nothing in between (no tree of
/// JSON values, no nested layout) is built. A schema problem is thrown at once; a hierarchy
/// problem is kept and thrown once the whole file has been read, so a file with both reports the
/// schema problem, as when the rules were checked after decoding.
struct LayoutDecoder {
    let document: LayoutDocument
    /// The layout file's folder: relative file paths and working folders resolve against it, and
    /// commands run there by default (nil for text that came from no file).
    var folder: String? = nil

    var nodes: [TabHierarchy.Node] = []
    var indexByID: [String: Int] = [:]
    /// Each node's position among its siblings: the path of an id's first use, for a duplicate.
    var siblingOffsets: [Int32] = []
    /// Indices from the top level down to the item being read (a `HierarchyError` path).
    var itemPath: [Int] = []
    /// The first rule of the hierarchy the file breaks, in declared order.
    var hierarchyProblem: LayoutError?
    /// Given the layout's id as soon as the top level shows it, while a large file is still being
    /// parsed: to run on the parser's thread once that is done (`JSONTapeStream.afterParsing`).
    let whenIDIsKnown: (@Sendable (String) -> Void)?
    /// The nodes whose content or actions run a command, in table order (for trust).
    var commandNodes: [Int] = []
    /// The table of items the parser's thread decoded, its items copied into `nodes`
    /// (`adopt`): let go by the loader with the file and its tape, not on this thread.
    var leftovers: [TabHierarchy.Node] = []
    /// For tests: with a stream, wait until the parser's thread has decoded the second half of
    /// the top level (`LayoutTail`) before decoding the first (or decode it first here, if the
    /// parser was done too soon to be asked), so that its block is adopted whenever it is clean.
    var tailFirst = false
    /// The last icon read (its token and text): tabs side by side mostly share their icon, and
    /// a repeat then costs a comparison of bytes instead of a new string.
    private var lastIcon: (token: Int, text: String)?
    /// The numbers of the keys looked for before an object's kind is known
    /// (`LayoutSchema.keyCodes`), kept here: a static is asked through a check per use.
    private let sectionCode = LayoutSchema.sectionCode
    private let idCode = LayoutSchema.idCode
    let textCode = LayoutSchema.textCode

    init(document: LayoutDocument, folder: String? = nil, whenIDIsKnown: (@Sendable (String) -> Void)? = nil) {
        self.document = document
        self.folder = folder
        self.whenIDIsKnown = whenIDIsKnown
    }

    var source: String { document.source }
    var tape: JSONTape.View { document.tape }

    mutating func decodeHierarchy() throws(LayoutError) -> TabHierarchy {
        typealias Key = LayoutSchema.TopKey
        // A large file is parsed on another thread: its tabs are decoded as they come, and the
        // rest of the top level is checked once the parser is done, in the order it always is.
        var streamed: (tabs: Int, roots: Result<[Int], LayoutError>)?
        if let stream = document.stream {
            streamed = decodeTabsWhileParsed(stream)
            // The parser's error is reported instead (`LayoutLoader`): stop here.
            if stream.finish() != nil { throw document.problem(at: "", "the JSON could not be parsed") }
        }
        let top = try LayoutObject(JSONTape.root, in: document, keys: Key.self)
        let id = try top.requiredString(Key.id)
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
        let title = try top.requiredString(Key.title)
        if title.isEmpty { throw top.problem(at: "title", "empty title") }
        guard let tabs = try top.array(Key.tabs) else { throw top.missing(Key.tabs) }
        if tape.next(tabs) == tabs + 1 { throw top.problem(at: "tabs", "a layout needs at least one tab") }
        let roots: [Int]
        if let streamed {
            // Both found the one `tabs` key (a second one is a duplicate key, thrown above); with
            // a stream, every way to find none throws above too.
            precondition(streamed.tabs == tabs, "the streamed tabs are the top level's")
            roots = try streamed.roots.get()
        } else {
            // Every item is an object, and most objects are items (the rest: contents, entries): room
            // for one node per object is never too little, and room never written costs no memory.
            let objects = tape.count(of: .object)
            reserveRoom(items: objects, ids: objects / 2)
            roots = try decodeItems(tabs, parent: nil, depth: 1)
        }
        if let hierarchyProblem { throw hierarchyProblem }
        return TabHierarchy(id: id, title: title, nodes: nodes, roots: roots, indexByID: indexByID)
    }

    /// How much of a file is read before the room for its items is worked out from it.
    static let sampleBytes = 32 << 10
    /// The most of the item table the parser's thread faults in ahead of the decoder.
    static let prefaultLimit = 4 << 20

    /// Room for `items` items and `ids` ids (a count of objects overstates the items, about
    /// twice over, but the ids' table is better a little too small than twice too large).
    mutating func reserveRoom(items: Int, ids: Int) {
        nodes.reserveCapacityInHugePages(items)
        siblingOffsets.reserveCapacity(items)
        indexByID.reserveCapacity(ids)
    }

    /// Finds the top level's `tabs` array while the file is still being parsed and decodes its
    /// items as each is complete; nil when the top level is not an object, or `tabs` is not an
    /// array, or the parser fails first (the items are then decoded, or not, as for a small file).
    private mutating func decodeTabsWhileParsed(_ stream: JSONTapeStream) -> (tabs: Int, roots: Result<[Int], LayoutError>)? {
        let root = JSONTape.root
        guard stream.waitUntilWritten(root), tape.kind(root) == .object else { return nil }
        var key = root + 1
        while stream.waitForChild(key, of: root) {
            guard stream.waitUntilWritten(key + 1) else { return nil }
            if let whenIDIsKnown, tape.kind(key + 1) == .string, tape.string(key, equals: "id") {
                // Only an id that can name a state file; the top level is checked as always later.
                let id = tape.string(key + 1)
                if LayoutSchema.isUsableAsFileName(id), id != TrustStore.layoutIDTaken {
                    _ = stream.afterParsing { whenIDIsKnown(id) }
                }
            }
            if tape.string(key, equals: "tabs") {
                guard tape.kind(key + 1) == .array else { return nil }
                do throws(LayoutError) {
                    return (key + 1, .success(try decodeItems(key + 1, parent: nil, depth: 1, stream: stream)))
                } catch {
                    return (key + 1, .failure(error))
                }
            }
            guard stream.waitUntilComplete(key + 1) else { return nil }
            key = tape.next(key + 1)
        }
        return nil
    }

    /// Reads the items of a `tabs` array into the table; returns their indices. With a stream,
    /// each item is waited for until the parser has read it whole.
    private mutating func decodeItems(
        _ array: Int, parent: Int?, depth: Int, stream: JSONTapeStream? = nil
    ) throws(LayoutError) -> [Int] {
        var indices: [Int] = []
        var offset = 0
        var element = array + 1
        let end = stream == nil ? tape.next(array) : Int.max
        // While the file is parsed, the tape cannot count its objects yet (see `decodeHierarchy`):
        // the room is worked out from the first items instead, as many items per byte, and then
        // every `sampleBytes` until the ids' table is reserved too.
        var idsToReserve = stream != nil
        var nextLook = Self.sampleBytes
        var lastEstimate = 0
        // The last items of the top level may be decoded on the parser's thread once it has
        // parsed (`LayoutTail`): this thread then stops where they begin and takes them over.
        var tail: LayoutTail?
        if let stream, parent == nil {
            let shared = LayoutTail()
            let handed = HandedDocument(document: document), folder = folder
            if stream.afterParsing({ shared.decode(array, of: handed, folder: folder, parsed: stream.parsedWhole) }) {
                tail = shared
                if tailFirst { _ = stream.finish() }
            } else if tailFirst {
                // The parser was done before its work could be asked for: a test still gets the
                // block, decoded here.
                _ = stream.finish()
                shared.decode(array, of: handed, folder: folder, parsed: stream.parsedWhole)
                tail = shared
            }
        }
        while element < end {
            if let stream, !stream.waitForChild(element, of: array) { break }
            if let shared = tail, !shared.claim(offset) {
                tail = nil
                // The parser's thread has the rest: wait for it, then take its items over; if
                // it could not decode them all (or a problem is in them), decode them here,
                // where every message comes out as it always does.
                _ = stream?.finish()
                if let roots = adopt(shared) {
                    indices += roots
                    break
                }
                continue
            }
            if let stream, idsToReserve, Int(tape.tokens[element].start) >= nextLook {
                let start = Int(tape.tokens[element].start)
                let items = Int(Double(nodes.count) / Double(start) * Double(tape.bytes.count) * 1.1) + 16
                if lastEstimate == 0 { reserveRoom(items: items, ids: 0) }  // the first look
                // What is made resident ahead, only once two looks a sample apart agree on the
                // count: first items unlike the rest of the file (small tabs, then long texts or
                // lists) overstate it many times over. The ids' table, whose ids are spread all
                // over it, is then resident nearly whole; the items' table, written in order,
                // costs only what is used and what is faulted in ahead.
                if 4 * abs(items - lastEstimate) <= items {
                    indexByID.reserveCapacity(items)
                    // The table's pages are faulted in by the parser's thread, not this one: at
                    // most 4 MB (about 20,000 items).
                    let room = min(min(max(items - nodes.count, 0), nodes.capacity - nodes.count)
                        * MemoryLayout<TabHierarchy.Node>.stride, Self.prefaultLimit)
                    nodes.withUnsafeMutableBufferPointer { table in
                        guard let base = table.baseAddress else { return }
                        stream.prefault(UnsafeMutableRawPointer(base + table.count), byteCount: room)
                    }
                    idsToReserve = false
                }
                lastEstimate = items
                nextLook = start + Self.sampleBytes
            }
            itemPath.append(offset)
            defer { itemPath.removeLast() }
            indices.append(isSection(element)
                ? try decodeSection(element, parent: parent, depth: depth)
                : try decodeTab(element, parent: parent, depth: depth))
            element = tape.next(element)
            offset += 1
        }
        return indices
    }

    /// Whether the item at `element` is written as a section (an object with a `section` key).
    func isSection(_ element: Int) -> Bool {
        tape.kind(element) == .object
            && tape.keys(element).contains { tape.isKey($0, code: sectionCode, named: "section") }
    }

    mutating func decodeTab(_ token: Int, parent: Int?, depth: Int) throws(LayoutError) -> Int {
        typealias Key = LayoutSchema.TabKey
        let object = try LayoutObject(token, in: document, keys: Key.self, hint: LayoutSchema.tabKeyHint)
        // Made straight into the table: an item handed on from a variable is copied there (its
        // every string retained) and then destroyed.
        nodes.append(TabHierarchy.Node(item: try tabItem(object), parent: parent, children: [], depth: depth))
        // Asked through the table's storage: `nodes[i].item.content` copied the whole node first.
        let runsCommands = nodes.withUnsafeBufferPointer { $0[$0.count - 1].item.content.isCommand }
        return admitLast(object: object, depth: depth, runsCommands: runsCommands)
    }

    /// The item a tab's object describes.
    private mutating func tabItem(_ object: LayoutObject) throws(LayoutError) -> TabItem {
        typealias Key = LayoutSchema.TabKey
        let id = try object.requiredString(Key.id)
        let role = try object.choice(Key.role, of: TabRole.self, expected: LayoutSchema.roleNames)
        let isSearch = role == .search
        let title = try object.string(Key.title) ?? (isSearch ? LayoutSchema.searchTitle : nil)
        guard let title else { throw object.missing(Key.title) }
        var item = TabItem(
            kind: .tab, id: id, title: title,
            icon: try icon(object, Key.icon) ?? (isSearch ? LayoutSchema.searchIcon : ""),
            role: role)
        try decodeCommon(object, keys: Key.self, into: &item, defaultPlacement: isSearch ? .pinned : .default)
        if let visibility = try object.choice(
            Key.tabBarVisibility, of: TabVisibility.self, expected: LayoutSchema.visibilityNames)
        {
            item.defaultTabBarVisibility = visibility
        }
        if let content = object.value(Key.content) {
            let (decoded, options) = try decodeContent(content)
            item.content = decoded
            if let options { item.contentOptions = options }
        }
        if try object.bool(Key.acceptsDrops) == true {
            switch item.content {
            case .list(let entries, _): item.content = .list(entries, acceptsDrops: true)
            case .none: item.content = .list([], acceptsDrops: true)
            default:
                throw object.problem(at: object.path(of: Key.acceptsDrops), "needs a \"list\" content or none (drops are added to a list)")
            }
        }
        return item
    }

    mutating func decodeSection(_ token: Int, parent: Int?, depth: Int) throws(LayoutError) -> Int {
        if tape.keys(token).contains(where: { tape.isKey($0, code: idCode, named: "id") }) {
            let path = document.path(of: token)
            throw LayoutError(
                source: source, kind: .schema(path: path),
                message: "\(path): has both \"id\" and \"section\" (a tab has \"id\", a section has \"section\")")
        }
        typealias Key = LayoutSchema.SectionKey
        let object = try LayoutObject(token, in: document, keys: Key.self)
        let id = try object.requiredString(Key.section)
        guard let title = try object.string(Key.title) else { throw object.missing(Key.title) }
        var item = TabItem(kind: .section, id: id, title: title, icon: try icon(object, Key.icon) ?? "")
        try decodeCommon(object, keys: Key.self, into: &item, defaultPlacement: .default)
        item.allowsReordering = try object.bool(Key.allowsReordering) ?? false
        if let visibility = try object.choice(
            Key.tabBarVisibility, of: TabVisibility.self, expected: LayoutSchema.visibilityNames)
        {
            item.childrenTabBarVisibility = visibility
        }
        if let actions = try object.array(Key.actions) {
            item.actions = try decodeActions(actions)
        }
        let children = try object.array(Key.tabs)
        nodes.append(TabHierarchy.Node(item: item, parent: parent, children: [], depth: depth))
        let index = admitLast(object: object, depth: depth, runsCommands: item.actions.contains { $0.command != nil })
        if let children {
            nodes[index].children = try decodeItems(children, parent: index, depth: depth + 1)
        }
        return index
    }

    /// `object.string(key)` for an icon, the text shared with the last icon when it is the same.
    private mutating func icon<Key: LayoutKeySet>(_ object: LayoutObject, _ key: Key) throws(LayoutError) -> String? {
        guard let value = object.value(key), tape.kind(value) == .string else { return try object.string(key) }
        if let lastIcon, tape.string(lastIcon.token, sameBytesAs: value) { return lastIcon.text }
        let text = tape.string(value)
        lastIcon = (value, text)
        return text
    }

    /// The index already stored in an id's slot of `indexByID` (-1 for none), after storing
    /// `index` there when there was none: one look-up of the id for both the check and the table.
    static func claim(_ slot: inout Int, _ index: Int) -> Int? {
        if slot < 0 { slot = index; return nil }
        return slot
    }

    /// Indexes the item just added to the table, checking it against the hierarchy's rules
    /// (`TabHierarchy.validate`'s, in the same order) and remembering the first problem.
    /// `runsCommands`: whether its content or actions run a command.
    private mutating func admitLast(object: LayoutObject, depth: Int, runsCommands: Bool) -> Int {
        let index = nodes.count - 1
        let first = Self.claim(&indexByID[nodes[index].item.id, default: -1], index)
        if hierarchyProblem == nil {
            // The rules are asked about the item's fields, read in place: handing them the item
            // would copy the whole node.
            var reason = TabHierarchy.namingProblem(
                emptyID: nodes[index].item.id.isEmpty, emptyTitle: nodes[index].item.title.isEmpty)
            if reason == nil, let first { reason = .duplicateID(firstPath: path(ofNode: first)) }
            if reason == nil {
                reason = TabHierarchy.placingProblem(
                    placement: nodes[index].item.placement, isSection: nodes[index].item.kind == .section,
                    isTabWithChildren: nodes[index].item.kind == .tab && !nodes[index].item.children.isEmpty, depth: depth)
            }
            if let reason {
                let item = nodes[index].item
                let error = HierarchyError(path: itemPath, id: item.id, title: item.title, reason: reason)
                hierarchyProblem = HierarchyErrorTranslation.layoutError(
                    error, hasKey: object.has, item: item, source: source)
            }
        }
        siblingOffsets.append(Int32(truncatingIfNeeded: itemPath.last ?? 0))
        if runsCommands { commandNodes.append(index) }
        return index
    }

    /// Indices from the top level down to a node already in the table.
    private func path(ofNode node: Int) -> [Int] {
        var path: [Int] = []
        var current: Int? = node
        while let index = current {
            path.append(Int(siblingOffsets[index]))
            current = nodes[index].parent
        }
        return path.reversed()
    }

    /// The members tabs and sections share.
    private func decodeCommon<Key: ItemKeySet>(
        _ object: LayoutObject, keys: Key.Type, into item: inout TabItem, defaultPlacement: TabPlacement
    ) throws(LayoutError) {
        if let badge = object.value(Key.badge) {
            item.badge = try decodeBadge(badge, object: object)
        }
        item.placement = try object.choice(
            Key.placement, of: TabPlacement.self, expected: TabPlacement.namesForMessages) ?? defaultPlacement
        item.allowsHiding = try object.bool(Key.allowsHiding) ?? false
        item.isHiddenByDefault = try object.bool(Key.hiddenByDefault) ?? false
        if let customization = object.value(Key.customization) {
            typealias Setting = LayoutSchema.CustomizationKey
            let settings = try LayoutObject(customization, in: document, keys: Setting.self)
            let names = LayoutSchema.behaviorNames
            if let sidebar = try settings.choice(Setting.sidebar, of: CustomizationBehavior.self, expected: names) {
                item.sidebarCustomization = sidebar
            }
            if let tabBar = try settings.choice(Setting.tabBar, of: CustomizationBehavior.self, expected: names) {
                item.tabBarCustomization = tabBar
            }
        }
    }

    private func decodeBadge(_ value: Int, object: LayoutObject) throws(LayoutError) -> TabBadge {
        switch tape.kind(value) {
        case .string:
            return .text(tape.string(value))
        case .number:
            let number = tape.number(value)
            guard let count = JSONValue.wholeNumber(number) else {
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
