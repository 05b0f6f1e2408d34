/// Building error values: a position and a message that names the offending character safely.
extension JSONReader {
    func error(at offset: Int, _ message: String) -> JSONSyntaxError {
        let (line, column) = TextPosition.lineAndColumn(of: offset, in: input)
        return JSONSyntaxError(line: line, column: column, message: message, offset: offset)
    }

    /// "'x'" for printable ASCII, "U+00E9" for other characters, "byte 0xFF" for invalid UTF-8,
    /// "end of input" at the end. Never echoes a control character, so a message is safe to print.
    func describeCharacter(at offset: Int) -> String {
        guard offset < input.count else { return "end of input" }
        let byte = input[offset]
        if byte >= 0x21, byte <= 0x7E { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "character \(Self.scalarName(UInt32(byte)))" }
        if let (scalar, _) = decodeScalar(at: offset) { return "character \(Self.scalarName(scalar))" }
        return "byte 0x\(Self.hex(UInt32(byte), digits: 2)) (not UTF-8)"
    }

    /// "U+00E9".
    static func scalarName(_ value: UInt32) -> String {
        "U+" + hex(value, digits: 4)
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
