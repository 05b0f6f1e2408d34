/// Reads a state file straight from the tape of its JSON, as `SavedStateCoding.decode(_:)` reads
/// a value tree, with the same results and the same messages: a state with 100,000 known ids
/// then builds its strings and sets and nothing in between (no tree of values to build and
/// tear down).
extension SavedStateCoding {
    package static func decode(_ tape: JSONTape) throws(StateFormatError) -> SavedState {
        let result: Result<SavedState, StateFormatError> = tape.withView { view in
            do throws(StateFormatError) {
                return .success(try decode(view))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func decode(_ tape: JSONTape.View) throws(StateFormatError) -> SavedState {
        let root = JSONTape.root
        guard tape.kind(root) == .object else {
            throw StateFormatError("expected an object, found \(tape.typeDescription(root))")
        }
        /// The value of the first member named `key` (as `JSONValue`'s subscript finds it).
        func member(_ object: Int, _ key: StaticString) -> Int? {
            for k in tape.keys(object) where tape.string(k, equals: key) { return k + 1 }
            return nil
        }
        guard let version = member(root, "version") else { throw StateFormatError("missing \"version\"") }
        // At most ten keys at the top: a string each costs nothing.
        for key in tape.keys(root) where !knownKeys.contains(tape.string(key)) {
            throw unknownKey(tape.string(key))
        }
        let versionNumber = tape.kind(version) == .number ? tape.number(version) : nil
        guard versionNumber.flatMap(JSONValue.wholeNumber) == SavedState.formatVersion else {
            throw unsupportedVersion(versionNumber.map(JSONWriter.numberText) ?? tape.typeDescription(version))
        }

        /// The strings of an array of strings, or nil for anything else.
        func strings(_ token: Int?) -> [String]? {
            guard let token, tape.kind(token) == .array else { return nil }
            var result: [String] = []
            result.reserveCapacity(tape.count(token))
            for element in tape.elements(token) {
                guard tape.kind(element) == .string else { return nil }
                result.append(tape.string(element))
            }
            return result
        }
        /// The same as a set, built without the array in between.
        func stringSet(_ token: Int?) -> Set<String>? {
            guard let token, tape.kind(token) == .array else { return nil }
            var result = Set<String>(minimumCapacity: tape.count(token))
            for element in tape.elements(token) {
                guard tape.kind(element) == .string else { return nil }
                result.insert(tape.string(element))
            }
            return result
        }
        func required<T>(_ key: StaticString, _ read: (Int?) -> T?, empty: T) throws(StateFormatError) -> T {
            guard let token = member(root, key) else { return empty }
            guard let result = read(token) else { throw StateFormatError("\"\(key)\": expected an array of strings") }
            return result
        }

        var customization = Customization()
        customization.tabBar = try required("tabBar", strings, empty: [])
        customization.hidden = try required("hidden", stringSet, empty: [])
        if let token = member(root, "knownIDs"), let known = KnownIDs(sortedASCIIOf: token, in: tape) {
            customization.knownIDs = known
        } else {
            customization.knownIDs = KnownIDs(decoded: try required("knownIDs", strings, empty: []))
        }
        if let order = member(root, "sectionOrder") {
            let wrong = StateFormatError("\"sectionOrder\": expected an object of string arrays")
            guard tape.kind(order) == .object else { throw wrong }
            for key in tape.keys(order) {
                guard let items = strings(key + 1) else { throw wrong }
                customization.sectionOrder[tape.string(key)] = items
            }
        }
        customization.collapsed = stringSet(member(root, "collapsed")) ?? []
        if let visible = member(root, "sidebarVisible") {
            switch tape.kind(visible) {
            case .true: customization.sidebarVisible = true
            case .false: customization.sidebarVisible = false
            default: break
            }
        }
        if let selected = member(root, "selected"), tape.kind(selected) == .string {
            customization.selected = tape.string(selected)
        }

        var state = SavedState(customization: customization)
        if let added = member(root, "addedTabs"), tape.kind(added) == .array {
            for element in tape.elements(added) where tape.kind(element) == .object {
                func text(_ key: StaticString) -> String? {
                    guard let value = member(element, key), tape.kind(value) == .string else { return nil }
                    return tape.string(value)
                }
                guard let section = text("section"), let id = text("id"), let title = text("title"),
                      !section.isEmpty, !id.isEmpty, !title.isEmpty else { continue }
                state.addedTabs.append(AddedTab(section: section, id: id, title: title, icon: text("icon") ?? ""))
            }
        }
        if let drops = member(root, "drops"), tape.kind(drops) == .object {
            for key in tape.keys(drops) {
                if let items = strings(key + 1) { state.drops[tape.string(key)] = items }
            }
        }
        return state
    }
}
