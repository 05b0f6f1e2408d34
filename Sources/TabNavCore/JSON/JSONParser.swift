/// Reads JSON text (RFC 8259) into a `JSONValue`, reporting the first error with its line and column.
///
/// Choices a caller may care about:
/// - Strict RFC 8259: no comments, no trailing commas, no single quotes, no `NaN`; anything after
///   the value other than whitespace is an error.
/// - A UTF-8 byte order mark at the very start is skipped (some editors write one).
/// - Invalid UTF-8 inside a string is an error at that position; so is a lone UTF-16 surrogate
///   written as `\uD800` (we reject rather than substitute U+FFFD, because in a hand-written file
///   it is always a mistake worth pointing at).
/// - Numbers are read as `Double`; one too large for a `Double` (`1e400`) is an error.
/// - Containers nest at most `maximumDepth` deep (512 by default). The parser is iterative, so
///   even hostile input can never overflow the stack; the limit bounds memory and keeps the
///   recursive consumers of the result (equality, the writer) safe.
package enum JSONParser {
    /// How deep arrays and objects may nest unless a caller asks otherwise.
    package static let defaultMaximumDepth = 512

    /// Parses UTF-8 bytes.
    package static func parse(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONSyntaxError) -> JSONValue {
        try JSONValue(tape(bytes, maximumDepth: maximumDepth))
    }

    /// Parses a string (its UTF-8 form).
    package static func parse(
        _ text: String, maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// Parses UTF-8 bytes into a tape, which keeps them: the cheapest form to decode from. Keys
    /// listed in `keyCodes` are numbered on their tokens.
    package static func tape(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth, keyCodes: JSONKeyCodes? = nil
    ) throws(JSONSyntaxError) -> JSONTape {
        // About one token per eight bytes in real files; untouched room costs no memory.
        let capacity = bytes.count / 8 + 16
        guard let tokens = JSONTape.TokenBuffer(capacity: capacity) else {
            throw .outOfMemory(byteCount: capacity * MemoryLayout<JSONTape.Token>.stride)
        }
        let result: Result<Void, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(input: buffer, maximumDepth: maximumDepth, tokens: tokens, keyCodes: keyCodes)
            do throws(JSONSyntaxError) {
                try reader.readDocument()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
        return JSONTape(bytes: bytes, tokens: tokens)
    }
}
