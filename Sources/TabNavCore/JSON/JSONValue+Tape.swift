/// The value tree of a parsed document, for the small files read as a whole (state, settings).
extension JSONValue {
    init(_ tape: JSONTape) {
        self = tape.withView { Self.value(at: JSONTape.root, in: $0) }
    }

    /// Recursion as deep as the document nests, which the parser limits (`maximumDepth`).
    private static func value(at token: Int, in tape: JSONTape.View) -> JSONValue {
        switch tape.kind(token) {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(tape.number(token))
        case .string: return .string(tape.string(token))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(tape.count(token))
            for element in tape.elements(token) { elements.append(value(at: element, in: tape)) }
            return .array(elements)
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            members.reserveCapacity(tape.count(token))
            for key in tape.keys(token) { members.append((tape.string(key), value(at: key + 1, in: tape))) }
            return .object(members)
        }
    }
}
