import TabNavSystem

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

    /// Not the text's fault: the room for its tokens could not be had (`message` says how much).
    package var isOutOfMemory = false

    package init(line: Int, column: Int, message: String, offset: Int = 0) {
        self.line = line
        self.column = column
        self.message = message
        self.offset = offset
    }

    /// The room for the tokens of a text could not be had: `byteCount` bytes of it.
    package static func outOfMemory(byteCount: Int) -> JSONSyntaxError {
        var error = JSONSyntaxError(line: 0, column: 0, message: "its JSON tokens need \(AddressSpaceLimit.megabytes(byteCount))")
        error.isOutOfMemory = true
        return error
    }

    /// `line 4, column 12: expected ',' or '}' after an object member`; a lack of memory is
    /// said as such.
    package var description: String { isOutOfMemory ? message : "line \(line), column \(column): \(message)" }
}
