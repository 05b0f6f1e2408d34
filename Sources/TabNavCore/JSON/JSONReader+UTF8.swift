/// UTF-8 inside strings: validating raw bytes (RFC 3629) and encoding decoded escapes.
extension JSONReader {
    func appendUTF8(of scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Steps over one well-formed UTF-8 sequence starting at `position`, or throws there.
    mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        guard let (_, length) = decodeScalar(at: position) else {
            throw error(at: position, "invalid UTF-8 in a string (byte 0x\(Self.hex(UInt32(input[position]), digits: 2)))")
        }
        position += length
    }

    /// Decodes the multi-byte UTF-8 sequence at `offset` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF), or `nil` when it is not well formed.
    func decodeScalar(at offset: Int) -> (scalar: UInt32, length: Int)? {
        let lead = input[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
        case 0xE0: length = 3; secondRange = 0xA0...0xBF; scalar = UInt32(lead & 0x0F)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
        case 0xED: length = 3; secondRange = 0x80...0x9F; scalar = UInt32(lead & 0x0F)
        case 0xF0: length = 4; secondRange = 0x90...0xBF; scalar = UInt32(lead & 0x07)
        case 0xF1...0xF3: length = 4; scalar = UInt32(lead & 0x07)
        case 0xF4: length = 4; secondRange = 0x80...0x8F; scalar = UInt32(lead & 0x07)
        default: return nil
        }
        guard offset + length <= input.count else { return nil }
        for i in 1..<length {
            let byte = input[offset + i]
            let allowed = i == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        return (scalar, length)
    }
}
