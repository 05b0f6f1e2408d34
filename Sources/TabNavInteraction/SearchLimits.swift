/// How much of each title and line the search index holds (docs/behaviour.md, "Search"): enough
/// to find anything a person types, and a bound on what one huge title or a flood of output costs
/// the index and a keystroke.
package enum SearchLimits {
    /// Bytes of a title or a line searched (cut at a character's start, so about 1,000 Latin
    /// characters): a title of 20 million combining marks costs what one of 1 KB does.
    package static let lineBytes = 1024
    /// Lines of one page searched (its first).
    package static let linesPerPage = 100_000
    /// Titles (items, entries and lines) at which the index is made off the UI thread.
    package static let backgroundTitles = 1_000
    /// Bytes of titles and lines at which the index is made off the UI thread.
    package static let backgroundBytes = 256 * 1024

    /// `text` cut to `lineBytes` at the start of a scalar.
    package static func cut(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.count > lineBytes else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: lineBytes)
        while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        return String(text[..<end])
    }
}
