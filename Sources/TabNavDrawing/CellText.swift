import Synchronization

/// What a `Cell` holds instead of a `String`: one number per cell.
///
/// Nearly every cell is one Unicode scalar, so its code is that scalar's value (0 for the empty
/// text of a continuation). A base with combining marks is kept once in a shared table and the
/// code is its number there with the top bit set. Cells are then plain values: a frame is copied,
/// compared and diffed without reference counting (which was a third of a keystroke's CPU while
/// each cell held a string).
package enum CellText {
    /// Codes at or above this are numbers in the table of clusters.
    static let clusterFlag: UInt32 = 0x8000_0000
    /// At most this many distinct clusters are kept (a program that shows endless new ones
    /// still runs in bounded memory: further ones keep their base character only).
    static let clusterLimit = 65_536

    private struct Clusters: ~Copyable {
        var texts: [String] = []
        var numbers: [String: UInt32] = [:]
    }

    private static let clusters = Mutex(Clusters())

    /// The code for `text`.
    package static func code(_ text: String) -> UInt32 {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        guard scalars.next() != nil else { return first.value }
        return clusterCode(text, base: first)
    }

    private static func clusterCode(_ text: String, base: Unicode.Scalar) -> UInt32 {
        clusters.withLock { table in
            if let number = table.numbers[text] { return clusterFlag | number }
            guard table.texts.count < clusterLimit else { return base.value }
            let number = UInt32(table.texts.count)
            table.texts.append(text)
            table.numbers[text] = number
            return clusterFlag | number
        }
    }

    /// The text a code stands for.
    package static func string(_ code: UInt32) -> String {
        if code == 0 { return "" }
        if code & clusterFlag == 0 {
            return Unicode.Scalar(code).map { String($0) } ?? "\u{FFFD}"
        }
        let number = Int(code & ~clusterFlag)
        return clusters.withLock { table in number < table.texts.count ? table.texts[number] : "\u{FFFD}" }
    }

    /// Whether the code is a single scalar (not a cluster), which is then `code` itself.
    @inline(__always)
    package static func isScalar(_ code: UInt32) -> Bool { code & clusterFlag == 0 }
}
