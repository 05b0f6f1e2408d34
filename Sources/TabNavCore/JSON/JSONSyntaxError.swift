/// Why a text is not valid JSON, and where: 1-based line and column of the offending character.
///
/// Columns count characters (Unicode scalars), not bytes, so they match what an editor shows; a
/// tab counts as one column. Lines end at `\n`, `\r\n` or a lone `\r`.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// The reason alone, e.g. "expected ',' or '}' after an object member".
    public var message: String
    /// Byte offset of the offending character in the input (0-based).
    public var offset: Int

    public init(line: Int, column: Int, message: String, offset: Int = 0) {
        self.line = line
        self.column = column
        self.message = message
        self.offset = offset
    }

    /// `line 4, column 12: expected ',' or '}' after an object member`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
