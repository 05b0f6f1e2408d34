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

    /// The decoder's document, which outlives every object read from it (an object lives only
    /// while the decoder reads it): no reference is counted per object.
    unowned(unsafe) let document: LayoutDocument
    /// The object's token on the tape.
    let token: Int
    /// One of `LayoutSchema`'s (`Key.keys`), which live as long as the program: no reference is counted.
    private unowned(unsafe) let keys: LayoutKeys
    /// For each allowed key (by its slot in `keys`), the token of its value, or -1.
    private var values = InlineArray<16, Int32>(repeating: -1)

    /// Checks the object at `token` against the keys of `Key`'s kind of object.
    init<Key: LayoutKeySet>(
        _ token: Int, in document: LayoutDocument, keys: Key.Type, hint: (String) -> String? = { _ in nil }
    ) throws(LayoutError) {
        try self.init(token, in: document, allowedKeys: Key.keys, hint: hint)
    }

    // Inlined into the initializer above: called apart, it made the object in a temporary and
    // copied it out (a retain and a release of the document per object).
    @inline(__always)
    private init(
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

    /// Which of `keys` the key token names: by the number the parser gave it, or, for a key
    /// written with escapes or a tape made without numbers, by its text.
    @inline(__always)
    private static func slot(of key: Int, in tape: JSONTape.View, among keys: LayoutKeys) -> Int? {
        let t = tape.tokens[key]
        if t.keyCode != 0 { return keys.slot(ofCode: t.keyCode) }
        return keys.slot(of: tape.string(key))
    }

    /// The object's JSON path (worked out from the tape: for messages).
    var path: String { document.path(of: token) }

    /// The token of the value of `key`, when present. `key` must be of the object's kind.
    @inline(__always)
    func value<Key: LayoutKeySet>(_ key: Key) -> Int? {
        assert(Key.keys === keys, "a key of another kind of object")
        let token = values[key.rawValue]
        return token >= 0 ? Int(token) : nil
    }

    /// The token of the value of the key named `name` (slower than `value(_:)`: for the few
    /// keys several kinds of object share by name).
    func value(named name: String) -> Int? {
        guard let slot = keys.slot(of: name), values[slot] >= 0 else { return nil }
        return Int(values[slot])
    }

    /// Whether the object has the key named `name`.
    func has(_ name: String) -> Bool { value(named: name) != nil }

    /// Those of `candidates` present, in the order they appear in the file.
    func presentKeys<Key: LayoutKeySet>(among candidates: [Key]) -> [Key] {
        var present: [(token: Int, key: Key)] = []
        for key in candidates { if let token = value(key) { present.append((token, key)) } }
        if present.count > 1 { present.sort { $0.token < $1.token } }
        return present.map(\.key)
    }

    func path(of key: String) -> String { LayoutText.member(path, key) }

    func path<Key: LayoutKeySet>(of key: Key) -> String { path(of: key.name) }

    /// An error at `path` ("tabs[2]: missing \"id\"").
    func problem(at path: String, _ reason: String) -> LayoutError {
        document.problem(at: path, reason)
    }

    func missing<Key: LayoutKeySet>(_ key: Key) -> LayoutError {
        problem(at: path, "missing \"\(key.name)\"")
    }

    func wrongType(_ key: String, expected: String, found: Int) -> LayoutError {
        problem(at: path(of: key), "expected \(expected), found \(document.tape.typeDescription(found))")
    }

    func wrongType<Key: LayoutKeySet>(_ key: Key, expected: String, found: Int) -> LayoutError {
        wrongType(key.name, expected: expected, found: found)
    }

    // MARK: Typed getters (nil when absent)
    //
    // Inlined where they are asked: a tab asks for a dozen keys, most of them absent, and a call
    // for each cost more than the answer.

    @inline(__always)
    func string<Key: LayoutKeySet>(_ key: Key) throws(LayoutError) -> String? {
        guard let value = value(key) else { return nil }
        guard document.tape.kind(value) == .string else { throw wrongType(key, expected: "a string", found: value) }
        return document.tape.string(value)
    }

    func requiredString<Key: LayoutKeySet>(_ key: Key) throws(LayoutError) -> String {
        guard let text = try string(key) else { throw missing(key) }
        return text
    }

    /// A string that must not be empty when present (file names, commands, entry ids).
    func nonEmptyString<Key: LayoutKeySet>(_ key: Key, what: String) throws(LayoutError) -> String? {
        try nonEmptyString(named: key.name, what: what)
    }

    /// `nonEmptyString` for a key given by name.
    func nonEmptyString(named key: String, what: String) throws(LayoutError) -> String? {
        guard let value = value(named: key) else { return nil }
        guard document.tape.kind(value) == .string else { throw wrongType(key, expected: "a string", found: value) }
        let text = document.tape.string(value)
        if text.isEmpty { throw problem(at: path(of: key), "empty \(what)") }
        return text
    }

    @inline(__always)
    func bool<Key: LayoutKeySet>(_ key: Key) throws(LayoutError) -> Bool? {
        guard let value = value(key) else { return nil }
        return try bool(value, key: key.name)
    }

    /// The value at `token` as true or false; `key` names it in the error.
    func bool(_ token: Int, key: String) throws(LayoutError) -> Bool {
        switch document.tape.kind(token) {
        case .true: return true
        case .false: return false
        default: throw wrongType(key, expected: "true or false", found: token)
        }
    }

    /// The token of an array.
    func array<Key: LayoutKeySet>(_ key: Key) throws(LayoutError) -> Int? {
        guard let value = value(key) else { return nil }
        guard document.tape.kind(value) == .array else { throw wrongType(key, expected: "an array", found: value) }
        return value
    }

    /// A string that must be one of a fixed set of names (`placement`, `tabBarVisibility`…).
    /// `names` is read only for a message (asked of every tab, mostly for an absent key).
    @inline(__always)
    func choice<Key: LayoutKeySet, T: RawRepresentable>(
        _ key: Key, of type: T.Type, expected names: @autoclosure () -> String
    ) throws(LayoutError) -> T? where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let result = T(rawValue: text) else {
            throw problem(at: path(of: key), "unknown value \(LayoutText.quoted(text)) (expected \(names()))")
        }
        return result
    }
}
