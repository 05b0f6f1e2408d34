/// One JSON object of a layout file, checked against the keys its kind allows, with typed getters
/// whose errors name the member's JSON path.
///
/// Unknown keys are errors, not warnings: they are nearly always typos ("titel"), and a silently
/// ignored typo is a setting that mysteriously does not work.
///
/// It reads the tape in place: each allowed key's value is found once, when the object is
/// checked, by comparing the key's bytes; the object's path is worked out only for a message.
struct LayoutObject {
    /// More than any kind of object in the schema has.
    static let maximumKeys = 16

    let document: LayoutDocument
    /// The object's token on the tape.
    let token: Int
    /// One of `LayoutSchema`'s, which live as long as the program: no reference is counted.
    private unowned(unsafe) let keys: LayoutKeys
    /// For each allowed key (by its slot in `keys`), the token of its value, or -1.
    private var values = InlineArray<16, Int32>(repeating: -1)

    init(
        _ token: Int, in document: LayoutDocument, allowedKeys: LayoutKeys,
        hint: (String) -> String? = { _ in nil }
    ) throws(LayoutError) {
        self.document = document
        self.token = token
        self.keys = allowedKeys
        let tape = document.tape
        guard tape.kind(token) == .object else {
            throw document.problem(
                at: document.path(of: token), "expected an object, found \(tape.typeDescription(token))")
        }
        for key in tape.keys(token) {
            guard let slot = Self.slot(of: key, in: tape, among: allowedKeys) else {
                let name = tape.string(key)
                let extra = hint(name).map { " (\($0))" } ?? ""
                throw problem(at: path, "unknown key \(LayoutText.quoted(name))\(extra)")
            }
            guard values[slot] < 0 else {
                throw problem(at: path, "duplicate key \(LayoutText.quoted(allowedKeys.names[slot]))")
            }
            values[slot] = Int32(key + 1)
        }
    }

    /// Which of `keys` the key token names.
    private static func slot(of key: Int, in tape: JSONTape.View, among keys: LayoutKeys) -> Int? {
        let t = tape.tokens[key]
        if t.escaped { return keys.slot(of: tape.string(key)) }
        return LayoutKeys.Packed(UnsafeBufferPointer(rebasing: tape.bytes[Int(t.start) + 1..<Int(t.extra)])).flatMap(keys.slot(of:))
    }

    /// The object's JSON path (worked out from the tape: for messages).
    var path: String { document.path(of: token) }

    /// The token of the value of `key`, when present.
    func value(_ key: StaticString) -> Int? {
        guard let slot = keys.slot(of: LayoutKeys.Packed(key)), values[slot] >= 0 else { return nil }
        return Int(values[slot])
    }

    /// Whether the object has `key` (for messages: slower than `value`).
    func has(_ key: String) -> Bool {
        guard let slot = keys.slot(of: key) else { return false }
        return values[slot] >= 0
    }

    /// The keys present among `names`, in the order they appear in the file.
    func presentKeys(among names: [String]) -> [String] {
        var present: [(token: Int32, name: String)] = []
        for slot in keys.names.indices where values[slot] >= 0 {
            let name = keys.names[slot]
            if names.contains(name) { present.append((values[slot], name)) }
        }
        if present.count > 1 { present.sort { $0.token < $1.token } }
        return present.map(\.name)
    }

    /// Whether any of `names` is present (cheaper than `presentKeys` when the answer is no).
    func hasAny(of names: [String]) -> Bool {
        for slot in keys.names.indices where values[slot] >= 0 && names.contains(keys.names[slot]) { return true }
        return false
    }

    func path(of key: String) -> String { LayoutText.member(path, key) }

    /// An error at `path` ("tabs[2]: missing \"id\"").
    func problem(at path: String, _ reason: String) -> LayoutError {
        document.problem(at: path, reason)
    }

    func path(of key: StaticString) -> String { path(of: key.description) }

    func missing(_ key: StaticString) -> LayoutError {
        problem(at: path, "missing \"\(key)\"")
    }

    func wrongType(_ key: StaticString, expected: String, found: Int) -> LayoutError {
        problem(at: path(of: key), "expected \(expected), found \(document.tape.typeDescription(found))")
    }

    // MARK: Typed getters (nil when absent)

    func string(_ key: StaticString) throws(LayoutError) -> String? {
        guard let value = value(key) else { return nil }
        guard document.tape.kind(value) == .string else { throw wrongType(key, expected: "a string", found: value) }
        return document.tape.string(value)
    }

    func requiredString(_ key: StaticString) throws(LayoutError) -> String {
        guard let text = try string(key) else { throw missing(key) }
        return text
    }

    /// A string that must not be empty when present (file names, commands, entry ids).
    func nonEmptyString(_ key: StaticString, what: String) throws(LayoutError) -> String? {
        guard let text = try string(key) else { return nil }
        if text.isEmpty { throw problem(at: path(of: key), "empty \(what)") }
        return text
    }

    func bool(_ key: StaticString) throws(LayoutError) -> Bool? {
        guard let value = value(key) else { return nil }
        switch document.tape.kind(value) {
        case .true: return true
        case .false: return false
        default: throw wrongType(key, expected: "true or false", found: value)
        }
    }

    /// The token of an array.
    func array(_ key: StaticString) throws(LayoutError) -> Int? {
        guard let value = value(key) else { return nil }
        guard document.tape.kind(value) == .array else { throw wrongType(key, expected: "an array", found: value) }
        return value
    }

    /// A string that must be one of a fixed set of names (`placement`, `tabBarVisibility`…).
    func choice<T: RawRepresentable>(
        _ key: StaticString, of type: T.Type, expected names: String
    ) throws(LayoutError) -> T? where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let result = T(rawValue: text) else {
            throw problem(at: path(of: key), "unknown value \(LayoutText.quoted(text)) (expected \(names))")
        }
        return result
    }
}
