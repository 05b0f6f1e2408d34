/// Number formatting for the table (no Foundation, so no `String(format:)`).
enum Format {
    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "—" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int(rounded / scale)
        var text = "\(value < 0 && rounded > 0 ? "-" : "")\(whole)"
        if digits > 0 {
            let fraction = Int(rounded) - whole * Int(scale)
            let digitsText = String(fraction)
            text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
        }
        return text
    }

    /// Seconds as milliseconds with sensible precision: `0.0123 ms`, `1.23 ms`, `123 ms`.
    static func ms(_ seconds: Double) -> String {
        let value = seconds * 1000
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : magnitude >= 0.1 ? 3 : 4
        return fixed(value, digits) + " ms"
    }

    /// Seconds as microseconds for tiny per-action costs.
    static func us(_ seconds: Double) -> String {
        let value = seconds * 1e6
        guard value.isFinite else { return "—" }
        return fixed(value, abs(value) >= 100 ? 0 : abs(value) >= 10 ? 1 : 2) + " µs"
    }

    /// A per-operation cost in the unit that reads best.
    static func time(_ seconds: Double) -> String {
        abs(seconds) < 0.001 ? us(seconds) : ms(seconds)
    }

    static func megabytes(kB: Int) -> String { fixed(Double(kB) / 1024, 1) + " MB" }

    static func bytes(_ value: Double) -> String { fixed(value, value >= 100 ? 0 : 1) + " B" }

    /// `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// Left-aligns `text` in `width` columns (counting characters).
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// Right-aligns `text` in `width` columns.
    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

/// A plain-text table with a header row and columns as wide as their widest cell.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []
    /// Columns from this index on are right-aligned (numbers).
    var firstNumericColumn = 1

    mutating func add(_ row: [String]) { rows.append(row) }

    var text: String {
        let all = [header] + rows
        let count = all.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in all.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index >= firstNumericColumn ? Format.padLeft(cell, widths[index]) : Format.pad(cell, widths[index])
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}
