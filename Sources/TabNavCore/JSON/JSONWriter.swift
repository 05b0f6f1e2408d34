/// Prints a `JSONValue` as JSON text, compact (one line, for event logs) or pretty (2-space
/// indent, for state files a person may read).
///
/// Output is deterministic: object members in their stored order, whole numbers without a
/// fraction (`3`, not `3.0`), other numbers in Swift's shortest round-trip form. Control characters
/// (C0, DEL and C1), `"` and `\` are escaped, so a line can never carry a raw terminal escape.
/// JSON cannot express NaN or infinity; they are written as `null`.
package enum JSONWriter {
    package enum Style: Sendable {
        /// No whitespace at all: `{"a":[1,2]}`.
        case compact
        /// Two-space indentation, one member or element per line, `"key": value`.
        case pretty
    }

    /// The text of `value`, without a trailing newline.
    package static func string(_ value: JSONValue, style: Style = .compact) -> String {
        String(decoding: bytes(value, style: style), as: UTF8.self)
    }

    /// The UTF-8 bytes of `value`, without a trailing newline.
    package static func bytes(_ value: JSONValue, style: Style = .compact) -> [UInt8] {
        var output: [UInt8] = []
        write(value, style: style, indent: 0, to: &output)
        return output
    }

    private static func write(_ value: JSONValue, style: Style, indent: Int, to output: inout [UInt8]) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            output.append(contentsOf: numberText(number).utf8)
        case .string(let text):
            writeString(text, to: &output)
        case .array(let elements):
            if elements.isEmpty {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(style, indent + 1, &output)
                write(element, style: style, indent: indent + 1, to: &output)
            }
            newline(style, indent, &output)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(style, indent + 1, &output)
                writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if style == .pretty { output.append(UInt8(ascii: " ")) }
                write(member.value, style: style, indent: indent + 1, to: &output)
            }
            newline(style, indent, &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ style: Style, _ indent: Int, _ output: inout [UInt8]) {
        guard style == .pretty else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// `3` for whole numbers that a Double holds exactly, else the shortest text that reads back
    /// as the same Double (`0.1`, `1e+300`), which is valid JSON.
    static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number.rounded(.towardZero) == number, abs(number) < 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return number.description
    }

    /// Writes `text` as a quoted JSON string.
    static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: output.append(contentsOf: #"\""#.utf8)
            case 0x5C: output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0x00..<0x20, 0x7F..<0xA0:
                output.append(contentsOf: "\\u".utf8)
                output.append(contentsOf: JSONReader.hex(scalar.value, digits: 4).lowercased().utf8)
            default:
                UTF8.encode(scalar) { output.append($0) }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
