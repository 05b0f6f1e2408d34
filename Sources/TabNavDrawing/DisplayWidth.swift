/// How many terminal columns text takes once drawn.
///
/// Agrees with what ncurses uses when it draws (glibc `wcwidth` in a UTF-8 locale, whatever the
/// process locale is) and with the cells `TextCells` and `CellGrid.draw` produce for the same text,
/// so layout decisions made with it never disagree with the screen.
///
/// Measuring stops at `maximum` columns, far past any terminal's width: a title of millions of
/// characters is measured in the time a screenful takes, and is too wide all the same.
public enum DisplayWidth {
    /// The most columns a text is measured to; a wider one measures this.
    public static let maximum = 1 << 16

    /// The number of columns `TextCells(text, ascii: ascii)` occupies, up to `maximum`.
    public static func of(_ text: String, ascii: Bool = false) -> Int {
        if let count = printableASCIICount(text) { return count }
        // Decoded from the string's own bytes: a title with one icon or accent in it otherwise
        // steps through `unicodeScalars`, ~15 instructions a character (docs/benchmark.md).
        return text.utf8.withContiguousStorageIfAvailable { of(utf8: $0, ascii: ascii) }
            ?? of(scalars: text.unicodeScalars, ascii: ascii)
    }

    /// The width of valid UTF-8 (a `String`'s own bytes), scalar by scalar as `of(scalars:)`.
    static func of(utf8 bytes: UnsafeBufferPointer<UInt8>, ascii: Bool) -> Int {
        var total = 0
        var previousBase: Unicode.Scalar?
        var run = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead >= 0x20 && lead < 0x7F {  // printable ASCII: one column, a base
                total += 1
                previousBase = Unicode.Scalar(lead)
                run = 0
                index += 1
                if total >= maximum { return maximum }
                continue
            }
            let (value, length) = UTF8Scalar.decode(bytes, at: index)
            guard index + length <= bytes.count else { break }
            index += length
            guard let scalar = Unicode.Scalar(value) else { continue }
            guard add(scalar, ascii: ascii, to: &total, previousBase: &previousBase, run: &run) else { break }
            if total >= maximum { return maximum }
        }
        return total
    }

    /// The width of a sequence of scalars: each scalar's role decides (see `Sanitizer`).
    static func of(scalars: some Sequence<Unicode.Scalar>, ascii: Bool) -> Int {
        var total = 0
        var previousBase: Unicode.Scalar?
        var run = 0
        for scalar in scalars {
            guard add(scalar, ascii: ascii, to: &total, previousBase: &previousBase, run: &run) else { break }
            if total >= maximum { return maximum }
        }
        return total
    }

    /// Adds one scalar's columns; false when it ends the text (a run of zero-width scalars
    /// longer than `TextCells.maximumZeroWidthRun`, as `TextCells` ends it).
    @inline(__always)
    private static func add(_ scalar: Unicode.Scalar, ascii: Bool, to total: inout Int,
                            previousBase: inout Unicode.Scalar?, run: inout Int) -> Bool {
        let role = Sanitizer.role(of: scalar, after: previousBase, ascii: ascii)
        if case .base(let shown, let width) = role {
            total += width
            previousBase = shown
            run = 0
            return true
        }
        run += 1
        guard run <= TextCells.maximumZeroWidthRun else { return false }
        if case .mark = role, previousBase == nil {  // drawn on a space, see TextCells
            total += 1
            previousBase = " "
        }
        return true
    }

    /// The width of one scalar as drawn on its own (a mark alone is drawn on a space: 1; a dropped
    /// scalar: 0).
    public static func of(_ scalar: Unicode.Scalar, ascii: Bool = false) -> Int {
        switch Sanitizer.role(of: scalar, after: nil, ascii: ascii) {
        case .drop: return 0
        case .mark: return 1
        case .base(_, let width): return width
        }
    }

    /// glibc's raw `wcwidth` of a scalar in a UTF-8 locale (-1, 0, 1 or 2), before sanitization;
    /// what ncurses would assume for it.
    public static func wcwidth(_ scalar: Unicode.Scalar) -> Int {
        Sanitizer.width(of: scalar)
    }

    /// `text.utf8.count` (at most `maximum`) when the text is printable ASCII only (every byte
    /// one cell) as far as it is measured, else `nil`. This is the fast path nearly every title
    /// and content line takes.
    @inline(__always)
    static func printableASCIICount(_ text: String) -> Int? {
        let result: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            let measured = min(bytes.count, maximum)
            for byte in bytes[0..<measured] where byte < 0x20 || byte >= 0x7F { return nil }
            return measured
        }
        return result ?? nil
    }

    /// Whether every byte of `text` is printable ASCII (all of it, however long).
    @inline(__always)
    static func isPrintableASCII(_ text: String) -> Bool {
        let result: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
        return result ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}
