/// Why a text is not valid JSON, and where: 1-based line and column of the offending character.
///
/// Columns count characters (Unicode scalars), not bytes, so they match what an editor shows; a
/// tab counts as one column. Lines end at `\n`, `\r\n` or a lone `\r`.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    /// The reason alone, e.g. "expected ',' or '}' after an object member".
    package var message: String
    /// Byte offset of the offending character in the input (0-based).
    package var offset: Int

    package init(line: Int, column: Int, message: String, offset: Int = 0) {
        self.line = line
        self.column = column
        self.message = message
        self.offset = offset
    }

    /// `line 4, column 12: expected ',' or '}' after an object member`.
    package var description: String { "line \(line), column \(column): \(message)" }
}
