/// One JSON object of a layout file, checked against the keys its kind allows, with typed getters
/// whose errors name the member's JSON path.
///
/// Unknown keys are errors, not warnings: they are nearly always typos ("titel"), and a silently
/// ignored typo is a setting that mysteriously does not work.
struct LayoutObject {
    let path: String
    private let members: [(key: String, value: JSONValue)]
    private let source: String

    init(
        _ value: JSONValue, path: String, allowedKeys: [String], source: String,
        hint: (String) -> String? = { _ in nil }
    ) throws(LayoutError) {
        guard case .object(let members) = value else {
            throw LayoutError(
                source: source, kind: .schema(path: path),
                message: "\(LayoutText.place(path)): expected an object, found \(value.typeDescription)")
        }
        self.path = path
        self.members = members
        self.source = source
        // Objects have a handful of keys, so comparing with the earlier ones is cheaper than
        // hashing into a set (with 100,000 tabs, the set was a tenth of loading the file).
        for (index, member) in members.enumerated() {
            guard allowedKeys.contains(member.key) else {
                let extra = hint(member.key).map { " (\($0))" } ?? ""
                throw problem(at: path, "unknown key \(LayoutText.quoted(member.key))\(extra)")
            }
            guard !members[..<index].contains(where: { $0.key == member.key }) else {
                throw problem(at: path, "duplicate key \(LayoutText.quoted(member.key))")
            }
        }
    }

    func value(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    /// The keys present among `keys`, in the order they appear in the file.
    func presentKeys(among keys: [String]) -> [String] {
        members.map(\.key).filter(keys.contains)
    }

    func path(of key: String) -> String { LayoutText.member(path, key) }

    /// An error at `path` ("tabs[2]: missing \"id\"").
    func problem(at path: String, _ reason: String) -> LayoutError {
        LayoutError(source: source, kind: .schema(path: path), message: "\(LayoutText.place(path)): \(reason)")
    }

    func missing(_ key: String) -> LayoutError {
        problem(at: path, "missing \"\(key)\"")
    }

    func wrongType(_ key: String, expected: String, found: JSONValue) -> LayoutError {
        problem(at: path(of: key), "expected \(expected), found \(found.typeDescription)")
    }

    // MARK: Typed getters (nil when absent)

    func string(_ key: String) throws(LayoutError) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.stringValue else { throw wrongType(key, expected: "a string", found: value) }
        return text
    }

    func requiredString(_ key: String) throws(LayoutError) -> String {
        guard let text = try string(key) else { throw missing(key) }
        return text
    }

    /// A string that must not be empty when present (file names, commands, entry ids).
    func nonEmptyString(_ key: String, what: String) throws(LayoutError) -> String? {
        guard let text = try string(key) else { return nil }
        if text.isEmpty { throw problem(at: path(of: key), "empty \(what)") }
        return text
    }

    func bool(_ key: String) throws(LayoutError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let flag = value.boolValue else { throw wrongType(key, expected: "true or false", found: value) }
        return flag
    }

    func array(_ key: String) throws(LayoutError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard let elements = value.arrayValue else { throw wrongType(key, expected: "an array", found: value) }
        return elements
    }

    /// A string that must be one of a fixed set of names (`placement`, `tabBarVisibility`…).
    func choice<T: RawRepresentable>(
        _ key: String, of type: T.Type, expected names: String
    ) throws(LayoutError) -> T? where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let result = T(rawValue: text) else {
            throw problem(at: path(of: key), "unknown value \(LayoutText.quoted(text)) (expected \(names))")
        }
        return result
    }
}
