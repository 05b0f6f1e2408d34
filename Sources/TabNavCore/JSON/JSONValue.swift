/// A JSON document held in memory, as our own parser reads it and our writer prints it.
///
/// We keep our own type (rather than Foundation's `JSONSerialization`) so the core library stays
/// small, errors carry exact positions, and objects keep their members in the order they were
/// written: layout files read back in the order a person typed them, and state files come out
/// byte-for-byte stable.
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// Every JSON number; integers up to 2^53 are exact.
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order. Duplicate keys are kept as written; look-ups find the first.
    case object([(key: String, value: JSONValue)])
}

extension JSONValue: Equatable {
    /// Structural equality. Objects compare member by member in order, so two objects with the same
    /// members in a different order are different values (the order is part of what we promise to
    /// keep).
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            return true
        case let (.bool(a), .bool(b)):
            return a == b
        case let (.number(a), .number(b)):
            return a == b
        case let (.string(a), .string(b)):
            return a == b
        case let (.array(a), .array(b)):
            return a == b
        case let (.object(a), .object(b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where x.key != y.key || x.value != y.value {
                return false
            }
            return true
        default:
            return false
        }
    }
}
