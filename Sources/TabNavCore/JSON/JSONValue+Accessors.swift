/// Typed views of a `JSONValue`, each `nil` when the value has another type, so decoders can say
/// "expected a string, found a number" instead of trapping.
extension JSONValue {
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    package var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    package var doubleValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The largest whole number a file may hold, either sign: the last one a `Double` (how JSON
    /// numbers are read) tells apart from its neighbours, so the range is the same both ways.
    package static let largestWholeNumber = 9_007_199_254_740_991

    /// The number as an `Int` when it is a whole number within ±`largestWholeNumber`; `2.5`,
    /// `1e300` and `9223372036854775807` give `nil` (and so does `-9223372036854775808`).
    package var intValue: Int? {
        guard case .number(let n) = self else { return nil }
        return Self.wholeNumber(n)
    }

    /// A number as an `Int` when it is whole and within ±`largestWholeNumber` (see `intValue`).
    package static func wholeNumber(_ n: Double) -> Int? {
        guard n.rounded(.towardZero) == n, n.magnitude <= Double(largestWholeNumber) else { return nil }
        return Int(exactly: n)
    }

    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    package var objectValue: [(key: String, value: JSONValue)]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The first member named `key` of an object; `nil` for a missing key or a non-object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// The element at `index` of an array; `nil` when out of range or not an array.
    package subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The type in words, with its article, for error messages: "a string", "an object", "null".
    package var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
