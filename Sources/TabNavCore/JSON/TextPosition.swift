/// Turns a byte offset into the 1-based line and column a person sees in an editor.
///
/// Computed only when an error is reported, so parsing itself never pays for position tracking.
enum TextPosition {
    static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        // A byte order mark is invisible in editors, so it takes no column.
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                // "\r\n" counts once, at its "\n"; a lone "\r" ends a line by itself.
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    // wait for the "\n"
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                // Every byte except a UTF-8 continuation byte starts a new character.
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}
