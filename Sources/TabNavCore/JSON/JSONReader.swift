/// The parser's working state: a cursor over the input bytes.
///
/// Containers are handled with an explicit stack of open frames instead of recursion, so the
/// nesting depth is limited by `maximumDepth` only, never by the thread's stack size.
struct JSONReader {
    let input: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var position = 0

    init(input: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.input = input
        self.maximumDepth = maximumDepth
    }

    /// One array or object whose closing bracket has not been read yet.
    private struct Frame {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members: [(key: String, value: JSONValue)] = []
        /// The key of the member whose value is being read (objects only).
        var pendingKey = ""
    }

    mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }
        skipWhitespace()
        if position == input.count {
            throw error(at: position, "no JSON value (the input is empty)")
        }
        let value = try readValue()
        skipWhitespace()
        if position != input.count {
            throw error(at: position, "unexpected \(describeCharacter(at: position)) after the JSON value")
        }
        return value
    }

    /// Reads one complete value starting at `position` (whitespace already skipped).
    private mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        var stack: [Frame] = []
        while true {
            guard position < input.count else {
                throw error(at: position, "unexpected end of input (expected a value)")
            }
            var value: JSONValue
            switch input[position] {
            case UInt8(ascii: "{"):
                if stack.count >= maximumDepth { throw tooDeep() }
                position += 1
                skipWhitespace()
                if position < input.count, input[position] == UInt8(ascii: "}") {
                    position += 1
                    value = .object([])
                } else {
                    let key = try readKey(afterComma: false)
                    stack.append(Frame(isObject: true, pendingKey: key))
                    continue
                }
            case UInt8(ascii: "["):
                if stack.count >= maximumDepth { throw tooDeep() }
                position += 1
                skipWhitespace()
                if position < input.count, input[position] == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isObject: false))
                    continue
                }
            default:
                value = try readScalar()
            }

            // Hand the finished value to the innermost open container, closing containers as
            // their brackets come, until a container wants another value (or none is open).
            attach: while true {
                guard !stack.isEmpty else { return value }
                let top = stack.count - 1
                let isObject = stack[top].isObject
                if isObject {
                    stack[top].members.append((key: stack[top].pendingKey, value: value))
                } else {
                    stack[top].elements.append(value)
                }
                skipWhitespace()
                let expectation = isObject
                    ? "expected ',' or '}' after an object member"
                    : "expected ',' or ']' after an array element"
                guard position < input.count else {
                    throw error(at: position, "unexpected end of input (\(expectation))")
                }
                let byte = input[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if isObject {
                        stack[top].pendingKey = try readKey(afterComma: true)
                    } else if position < input.count, input[position] == UInt8(ascii: "]") {
                        throw error(at: position, "expected a value after ',' (trailing commas are not allowed)")
                    }
                    break attach
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    let frame = stack.removeLast()
                    value = frame.isObject ? .object(frame.members) : .array(frame.elements)
                } else {
                    throw error(at: position, expectation)
                }
            }
        }
    }

    /// Reads `"key"`, the colon and the whitespace after it.
    private mutating func readKey(afterComma: Bool) throws(JSONSyntaxError) -> String {
        guard position < input.count else {
            throw error(at: position, "unexpected end of input (expected a string as an object key)")
        }
        if input[position] != UInt8(ascii: "\"") {
            if afterComma, input[position] == UInt8(ascii: "}") {
                throw error(at: position, "expected an object key after ',' (trailing commas are not allowed)")
            }
            throw error(at: position, "expected a string as an object key, found \(describeCharacter(at: position))")
        }
        let key = try readString()
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: ":") else {
            throw error(at: position, "expected ':' after an object key")
        }
        position += 1
        skipWhitespace()
        return key
    }

    /// Reads a string, number, `true`, `false` or `null`.
    private mutating func readScalar() throws(JSONSyntaxError) -> JSONValue {
        let byte = input[position]
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        default:
            throw error(at: position, "expected a value, found \(describeCharacter(at: position))")
        }
    }

    private mutating func readLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        let count = word.utf8CodeUnitCount
        guard position + count <= input.count else {
            throw error(at: start, "invalid literal (expected true, false or null)")
        }
        for i in 0..<count where input[position + i] != word.utf8Start[i] {
            throw error(at: start, "invalid literal (expected true, false or null)")
        }
        position += count
    }

    mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func tooDeep() -> JSONSyntaxError {
        error(at: position, "arrays and objects nest deeper than \(maximumDepth) levels")
    }
}
