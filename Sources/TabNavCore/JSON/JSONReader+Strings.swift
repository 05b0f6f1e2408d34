/// Strings: escapes, surrogate pairs and UTF-8 validation.
extension JSONReader {
    /// Reads a string whose opening quote is at `position`.
    mutating func readString() throws(JSONSyntaxError) -> String {
        let opening = position
        position += 1
        let contentStart = position
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: input[contentStart..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter(byte) }
            if byte >= 0x80 { try skipUTF8Sequence() } else { position += 1 }
        }
        guard position < input.count else { throw unterminated(opening) }

        // Slow path: build the bytes, decoding escapes.
        var bytes = Array(UnsafeBufferPointer(rebasing: input[contentStart..<position]))
        while position < input.count {
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &bytes)
            case 0..<0x20:
                throw controlCharacter(byte)
            case 0x80...:
                let start = position
                try skipUTF8Sequence()
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<position]))
            default:
                bytes.append(byte)
                position += 1
            }
        }
        throw unterminated(opening)
    }

    /// Checks a string whose opening quote is at `position` without building it: returns the
    /// offset of its closing quote and whether it has escapes (the tape copies or decodes it later).
    mutating func scanString() throws(JSONSyntaxError) -> (end: Int, escaped: Bool) {
        let opening = position
        position += 1
        while position < input.count {
            // Plain ASCII runs in a local cursor (kept in a register, not written back each byte).
            var cursor = position
            let end = input.count
            // Eight bytes at a time: the first byte that ends the run is found from the mask of
            // such bytes (see `plainRunStops`), without looking at the bytes one by one.
            var stopped = false
            if let base = input.baseAddress {
                while cursor + 8 <= end {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
                    let stops = Self.plainRunStops(word)
                    if stops != 0 {
                        cursor += stops.trailingZeroBitCount >> 3
                        stopped = true
                        break
                    }
                    cursor += 8
                }
            }
            while !stopped, cursor < end {
                let byte = input[cursor]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                cursor += 1
            }
            position = cursor
            guard position < end else { break }
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return (position - 1, false)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter(byte) }
            try skipUTF8Sequence()
        }
        guard position < input.count else { throw unterminated(opening) }
        // Escapes are rare: check them the one way there is, by decoding.
        position = opening
        _ = try readString()
        return (position - 1, true)
    }

    /// The bytes of `word` (the first in memory the lowest) that end a run of plain string text:
    /// a quote, a backslash, a control character or a byte that is not ASCII. Each such byte's
    /// top bit is set in the result, and no other bit: the tests work within each byte, never
    /// carrying into the next one.
    @inline(__always)
    static func plainRunStops(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        /// The top bit of each byte of `v` that is zero.
        func zeroBytes(_ v: UInt64) -> UInt64 { ~(((v & lows) &+ lows) | v) & highs }
        let notASCII = word & highs
        // With each top bit set, subtracting 0x20 borrows from no neighbour; the top bit is
        // cleared exactly for the bytes whose low seven bits are below 0x20.
        let control = ~((word | highs) &- (ones &* 0x20)) & highs
        return notASCII | control | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
    }

    /// Reads one escape (`position` at the backslash) and appends its UTF-8 form.
    private mutating func readEscape(into bytes: inout [UInt8]) throws(JSONSyntaxError) {
        let backslash = position
        position += 1
        guard position < input.count else { throw error(at: position, "unexpected end of input in a string") }
        let letter = input[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""): bytes.append(0x22)
        case UInt8(ascii: "\\"): bytes.append(0x5C)
        case UInt8(ascii: "/"): bytes.append(0x2F)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHexQuad(escapeAt: backslash)
            var scalar = unit
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed at once by an escaped low surrogate.
                guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"),
                      input[position + 1] == UInt8(ascii: "u")
                else {
                    throw error(at: backslash, "lone surrogate \\u\(Self.hex(unit, digits: 4)) (a high surrogate must be followed by a low surrogate escape)")
                }
                let lowEscape = position
                position += 2
                let low = try readHexQuad(escapeAt: lowEscape)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(at: backslash, "lone surrogate \\u\(Self.hex(unit, digits: 4)) (a high surrogate must be followed by a low surrogate escape)")
                }
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error(at: backslash, "lone surrogate \\u\(Self.hex(unit, digits: 4)) (a low surrogate without a high one)")
            }
            // Every value left is a valid scalar: surrogates were handled above.
            appendUTF8(of: scalar, to: &bytes)
        default:
            throw error(at: backslash, "invalid escape \\\(describeEscapeLetter(letter)) in a string")
        }
    }

    private func describeEscapeLetter(_ byte: UInt8) -> String {
        if byte >= 0x21, byte <= 0x7E { return String(Character(Unicode.Scalar(byte))) }
        return "(\(describeCharacter(at: position - 1)))"
    }

    /// Reads the four hex digits after `\u` (`position` just past the `u`).
    private mutating func readHexQuad(escapeAt backslash: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < input.count, let digit = Self.hexDigitValue(input[position]) else {
                throw error(at: backslash, "invalid \\u escape (expected four hexadecimal digits)")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func controlCharacter(_ byte: UInt8) -> JSONSyntaxError {
        let hint = byte == 0x0A || byte == 0x0D ? " (is a closing '\"' missing?)" : ""
        return error(at: position, "unescaped control character \(Self.scalarName(UInt32(byte))) in a string\(hint)")
    }

    private func unterminated(_ opening: Int) -> JSONSyntaxError {
        error(at: opening, "unterminated string (no closing '\"')")
    }
}
