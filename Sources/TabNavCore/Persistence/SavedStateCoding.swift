/// Converts a `SavedState` to and from the JSON of a state file.
///
/// The file is written pretty-printed with `"version": 1` first, every set sorted and every map's
/// keys sorted, so saving the same state twice gives the same bytes (diff-friendly, testable):
///
/// ```json
/// {
///   "version": 1,
///   "tabBar": ["watch-now", "library"],
///   "hidden": [],
///   "sectionOrder": { "collections": ["c2", "c1"] },
///   "collapsed": [],
///   "sidebarVisible": true,
///   "selected": "library",
///   "knownIDs": ["c1", "c2", "collections", "library", "watch-now"],
///   "addedTabs": [{ "section": "collections", "id": "c3", "title": "Road Trip", "icon": "" }],
///   "drops": { "c1": ["v7"] }
/// }
/// ```
///
/// Reading is strict where a mistake would change the customization's meaning and lenient where
/// losing a detail is harmless: a non-object, a missing or other `version`, or a wrongly typed
/// `tabBar`, `hidden`, `sectionOrder` or `knownIDs` make the file unusable; a wrongly typed
/// `collapsed`, `sidebarVisible`, `selected`, `addedTabs` or `drops` (or a bad entry in them) is
/// ignored. Unknown keys are ignored, so a newer program's extra fields do not break an older one.
package enum SavedStateCoding {
    package static func encode(_ state: SavedState) -> JSONValue {
        let c = state.customization
        return .object([
            ("version", .number(Double(SavedState.formatVersion))),
            ("tabBar", strings(c.tabBar)),
            ("hidden", strings(c.hidden.sorted())),
            ("sectionOrder", sortedMap(c.sectionOrder)),
            ("collapsed", strings(c.collapsed.sorted())),
            ("sidebarVisible", c.sidebarVisible.map(JSONValue.bool) ?? .null),
            ("selected", c.selected.map(JSONValue.string) ?? .null),
            ("knownIDs", strings(c.knownIDs.sorted())),
            ("addedTabs", .array(state.addedTabs.map { tab in
                .object([
                    ("section", .string(tab.section)), ("id", .string(tab.id)),
                    ("title", .string(tab.title)), ("icon", .string(tab.icon)),
                ] + (tab.isTerminal ? [("content", .string("terminal"))] : []))
            })),
            ("drops", sortedMap(state.drops)),
        ])
    }

    /// The file's text: pretty JSON and a final newline.
    package static func encodedText(_ state: SavedState) -> String {
        JSONWriter.string(encode(state), style: .pretty) + "\n"
    }

    /// Every top-level key `encode` writes.
    static let knownKeys: Set<String> = [
        "version", "tabBar", "hidden", "sectionOrder", "collapsed", "sidebarVisible", "selected", "knownIDs",
        "addedTabs", "drops",
    ]

    /// A key this program never writes: the file is not ours to rewrite (both decoders say so).
    static func unknownKey(_ name: String) -> StateFormatError {
        let printable = name.utf8.count <= 40 && name.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
        return StateFormatError("unknown key \(printable ? "\"\(name)\"" : "with unusual characters") (not a tabnav-tui state file)")
    }

    /// A version other than `SavedState.formatVersion`, as `shown`.
    static func unsupportedVersion(_ shown: String) -> StateFormatError {
        StateFormatError("unsupported version \(shown) (expected \(SavedState.formatVersion))")
    }

    /// The state of a JSON value tree. The program reads state files from the tape
    /// (`SavedStateCoding+Tape.swift`); this one is for programs that have a `JSONValue`, and the
    /// tests' reference for the tape decoder: a change of meaning goes into both.
    package static func decode(_ value: JSONValue) throws(StateFormatError) -> SavedState {
        guard case .object = value else {
            throw StateFormatError("expected an object, found \(value.typeDescription)")
        }
        guard let versionValue = value["version"] else { throw StateFormatError("missing \"version\"") }
        // Another program's JSON (reached through a symbolic link, say) that happens to say
        // "version": 1 is not ours to rewrite: any key this program never writes sets it aside.
        if case .object(let members) = value, let foreign = members.first(where: { !knownKeys.contains($0.key) }) {
            throw unknownKey(foreign.key)
        }
        guard versionValue.intValue == SavedState.formatVersion else {
            throw unsupportedVersion(versionValue.doubleValue.map(JSONWriter.numberText) ?? versionValue.typeDescription)
        }

        var customization = Customization()
        customization.tabBar = try requiredStrings(value, "tabBar")
        customization.hidden = Set(try requiredStrings(value, "hidden"))
        customization.knownIDs = KnownIDs(decoded: try requiredStrings(value, "knownIDs"))
        customization.sectionOrder = try requiredMap(value, "sectionOrder")
        customization.collapsed = Set(lenientStrings(value["collapsed"]) ?? [])
        customization.sidebarVisible = value["sidebarVisible"]?.boolValue
        customization.selected = value["selected"]?.stringValue

        var state = SavedState(customization: customization)
        state.addedTabs = (value["addedTabs"]?.arrayValue ?? []).compactMap(decodeAddedTab)
        if case .object(let members)? = value["drops"] {
            for member in members {
                if let items = lenientStrings(member.value) { state.drops[member.key] = items }
            }
        }
        return state
    }

    // MARK: Helpers

    private static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }

    private static func sortedMap(_ map: [String: [String]]) -> JSONValue {
        .object(map.keys.sorted().map { key in (key: key, value: strings(map[key] ?? [])) })
    }

    /// An array of strings that must be right when present; absent means empty.
    private static func requiredStrings(_ object: JSONValue, _ key: String) throws(StateFormatError) -> [String] {
        guard let value = object[key] else { return [] }
        guard let result = lenientStrings(value) else {
            throw StateFormatError("\"\(key)\": expected an array of strings")
        }
        return result
    }

    private static func requiredMap(_ object: JSONValue, _ key: String) throws(StateFormatError) -> [String: [String]] {
        guard let value = object[key] else { return [:] }
        guard case .object(let members) = value else {
            throw StateFormatError("\"\(key)\": expected an object of string arrays")
        }
        var result: [String: [String]] = [:]
        for member in members {
            guard let items = lenientStrings(member.value) else {
                throw StateFormatError("\"\(key)\": expected an object of string arrays")
            }
            result[member.key] = items
        }
        return result
    }

    /// The strings of an array of strings, or `nil` for anything else.
    private static func lenientStrings(_ value: JSONValue?) -> [String]? {
        guard let elements = value?.arrayValue else { return nil }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let text = element.stringValue else { return nil }
            result.append(text)
        }
        return result
    }

    private static func decodeAddedTab(_ value: JSONValue) -> AddedTab? {
        guard let section = value["section"]?.stringValue, let id = value["id"]?.stringValue,
              let title = value["title"]?.stringValue, !section.isEmpty, !id.isEmpty, !title.isEmpty
        else { return nil }
        return AddedTab(section: section, id: id, title: title, icon: value["icon"]?.stringValue ?? "",
                        isTerminal: value["content"]?.stringValue == "terminal")
    }
}
