/// The parser's working state: a cursor over the input bytes.
///
/// Containers are handled with an explicit stack of open frames instead of recursion, so the
/// nesting depth is limited by `maximumDepth` only, never by the thread's stack size.
struct JSONReader {
    let input: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var position = 0

    /// Where the tokens go (see `JSONTape`); nil for a reader that only reads single values back.
    private let tokenBuffer: JSONTape.TokenBuffer?
    /// The buffer's storage, count and room, kept here so that writing a token touches no object.
    private var tokens: UnsafeMutablePointer<JSONTape.Token>?
    private var tokenCount = 0
    private var tokenCapacity = 0
    /// The bytes of room for tokens that could not be had; the rest of the input is still read
    /// (so a syntax error is reported as such), its tokens dropped.
    private var tokensLost: Int?
    /// Told each time the values read so far can be looked at (a tape made on another thread).
    private let stream: JSONTapeStream?
    /// The keys whose numbers the key tokens carry (`JSONTape.Token.keyCode`); none without it.
    private let keyCodes: JSONKeyCodes?

    init(
        input: UnsafeBufferPointer<UInt8>, maximumDepth: Int, tokens: JSONTape.TokenBuffer? = nil,
        stream: JSONTapeStream? = nil, keyCodes: JSONKeyCodes? = nil
    ) {
        self.input = input
        self.maximumDepth = maximumDepth
        tokenBuffer = tokens
        self.tokens = tokens?.base
        tokenCapacity = tokens?.capacity ?? 0
        self.stream = stream
        self.keyCodes = keyCodes
    }

    /// Reads the whole input into tokens.
    mutating func readDocument() throws(JSONSyntaxError) {
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }
        skipWhitespace()
        if position == input.count {
            throw error(at: position, "no JSON value (the input is empty)")
        }
        guard input.count < Int(UInt32.max) else {
            throw error(at: 0, "the input is too large (4 GB or more)")
        }
        try readValue()
        skipWhitespace()
        if position != input.count {
            throw error(at: position, "unexpected \(describeCharacter(at: position)) after the JSON value")
        }
        if let tokensLost { throw .outOfMemory(byteCount: tokensLost) }
        tokenBuffer?.count = tokenCount
    }

    /// At most this many tokens come from `byteCount` bytes: every value and key takes a byte
    /// of its own, and every one but the first a separator or bracket too.
    static func maximumTokens(byteCount: Int) -> Int { (byteCount + 1) / 2 + 2 }

    @discardableResult
    private mutating func append(
        _ kind: JSONTape.Kind, start: Int, extra: Int = 0, escaped: Bool = false, keyCode: UInt8 = 0
    ) -> Int {
        if tokenCount == tokenCapacity, let tokenBuffer {
            // A streamed tape has room for the most tokens there can be: its storage never moves.
            precondition(stream == nil, "a streamed JSON tape outgrew its room")
            let needed = tokenBuffer.grownByteCount
            if let grown = tokenBuffer.grow() {
                tokens = grown
                tokenCapacity = tokenBuffer.capacity
            } else {
                tokens = nil
                tokensLost = needed
            }
        }
        tokens?[tokenCount] = JSONTape.Token(
            start: UInt32(truncatingIfNeeded: start), extra: UInt32(truncatingIfNeeded: extra), kind: kind, escaped: escaped,
            keyCode: keyCode)
        tokenCount += 1
        return tokenCount - 1
    }

    /// Ends a container: its token learns where its contents end.
    private mutating func close(_ token: Int) {
        tokens?[token].extra = UInt32(truncatingIfNeeded: tokenCount)
    }

    /// Reads one complete value starting at `position` (whitespace already skipped).
    private mutating func readValue() throws(JSONSyntaxError) {
        /// The tokens of the arrays and objects whose closing bracket has not been read yet.
        var stack: [(token: Int, isObject: Bool)] = []
        while true {
            guard position < input.count else {
                throw error(at: position, "unexpected end of input (expected a value)")
            }
            switch input[position] {
            case UInt8(ascii: "{"):
                if stack.count >= maximumDepth { throw tooDeep() }
                let token = append(.object, start: position)
                position += 1
                skipWhitespace()
                if position < input.count, input[position] == UInt8(ascii: "}") {
                    position += 1
                    close(token)
                } else {
                    try readKey(afterComma: false)
                    stack.append((token, true))
                    continue
                }
            case UInt8(ascii: "["):
                if stack.count >= maximumDepth { throw tooDeep() }
                let token = append(.array, start: position)
                position += 1
                skipWhitespace()
                if position < input.count, input[position] == UInt8(ascii: "]") {
                    position += 1
                    close(token)
                } else {
                    stack.append((token, false))
                    continue
                }
            default:
                try readScalar()
            }

            // The value is complete: close containers as their brackets come, until a container
            // wants another value (or none is open).
            attach: while true {
                guard let top = stack.last else { return }
                let isObject = top.isObject
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
                        try readKey(afterComma: true)
                    } else if position < input.count, input[position] == UInt8(ascii: "]") {
                        throw error(at: position, "expected a value after ',' (trailing commas are not allowed)")
                    }
                    break attach
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    stack.removeLast()
                    close(top.token)
                    // A stream shows its reader the values read so far whenever only the top
                    // two levels are open (see `JSONTapeStream`).
                    if let stream, stack.count <= 2 {
                        stream.publish(
                            frontier: tokenCount, open: (stack.first?.token ?? -1, stack.count > 1 ? stack[1].token : -1))
                    }
                } else {
                    throw error(at: position, expectation)
                }
            }
        }
    }

    /// Reads `"key"`, the colon and the whitespace after it.
    private mutating func readKey(afterComma: Bool) throws(JSONSyntaxError) {
        guard position < input.count else {
            throw error(at: position, "unexpected end of input (expected a string as an object key)")
        }
        if input[position] != UInt8(ascii: "\"") {
            if afterComma, input[position] == UInt8(ascii: "}") {
                throw error(at: position, "expected an object key after ',' (trailing commas are not allowed)")
            }
            throw error(at: position, "expected a string as an object key, found \(describeCharacter(at: position))")
        }
        let start = position
        let (end, escaped) = try scanString()
        var code: UInt8 = 0
        if let keyCodes, !escaped, let packed = JSONKeyCodes.Packed(input, start: start + 1, count: end - start - 1) {
            code = keyCodes.code(of: packed)
        }
        append(.string, start: start, extra: end, escaped: escaped, keyCode: code)
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: ":") else {
            throw error(at: position, "expected ':' after an object key")
        }
        position += 1
        skipWhitespace()
    }

    /// Reads a string, number, `true`, `false` or `null`.
    private mutating func readScalar() throws(JSONSyntaxError) {
        let byte = input[position]
        let start = position
        switch byte {
        case UInt8(ascii: "\""):
            try readStringToken()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try readNumber()
            append(.number, start: start, extra: position)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            append(.true, start: start)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            append(.false, start: start)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            append(.null, start: start)
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
        var cursor = position
        let end = input.count
        scan: while cursor < end {
            switch input[cursor] {
            case 0x20, 0x09, 0x0A, 0x0D: cursor += 1
            default: break scan
            }
        }
        position = cursor
    }

    /// Reads a string (at its opening quote) into a token.
    private mutating func readStringToken() throws(JSONSyntaxError) {
        let start = position
        let (end, escaped) = try scanString()
        append(.string, start: start, extra: end, escaped: escaped)
    }

    private func tooDeep() -> JSONSyntaxError {
        error(at: position, "arrays and objects nest deeper than \(maximumDepth) levels")
    }
}
