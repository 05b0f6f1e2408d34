/// Numbers: the RFC 8259 grammar, read exactly.
extension JSONReader {
    /// Reads a number at `position` (a '-' or a digit).
    mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = position
        var isWholeNumber = true
        let negative = input[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < input.count, isDigit(input[position]) else {
            throw error(at: position, "expected a digit after '-'")
        }
        let integerStart = position
        if input[position] == UInt8(ascii: "0") {
            position += 1
            if position < input.count, isDigit(input[position]) {
                throw error(at: start, "numbers cannot have leading zeros")
            }
        } else {
            while position < input.count, isDigit(input[position]) { position += 1 }
        }
        let integerDigits = position - integerStart
        if position < input.count, input[position] == UInt8(ascii: ".") {
            isWholeNumber = false
            position += 1
            guard position < input.count, isDigit(input[position]) else {
                throw error(at: position, "expected a digit after the decimal point")
            }
            while position < input.count, isDigit(input[position]) { position += 1 }
        }
        if position < input.count, input[position] == UInt8(ascii: "e") || input[position] == UInt8(ascii: "E") {
            isWholeNumber = false
            position += 1
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < input.count, isDigit(input[position]) else {
                throw error(at: position, "expected a digit in the exponent")
            }
            while position < input.count, isDigit(input[position]) { position += 1 }
        }

        // Fast path: whole numbers of up to 15 digits are exact in an Int and in a Double.
        if isWholeNumber, integerDigits <= 15 {
            var value = 0
            for i in integerStart..<position { value = value * 10 + Int(input[i] - UInt8(ascii: "0")) }
            if negative { return value == 0 ? -0.0 : -Double(value) }
            return Double(value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error(at: start, "number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is out of range")
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
