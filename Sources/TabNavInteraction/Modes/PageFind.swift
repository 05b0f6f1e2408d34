import TabNavCore

/// The text being typed at the bottom to find in the page shown (`f`), and the line shown at the
/// top when the field opened: the first find starts there.
package struct FindPrompt: Sendable, Equatable {
    package var field = TextField()
    package var fromLine: Int

    package init(fromLine: Int) {
        self.fromLine = fromLine
    }
}

/// What find in page found last (docs/behaviour.md, "Find in page"): its text, on which page
/// (a tab and the depth of its stack: it ends when another page is shown), the line of the
/// match shown, and how many lines match. `n` and `N` go on from `line`; the page highlights the
/// text while it lasts.
package struct PageFind: Sendable, Equatable {
    package var text: String
    package var tab: String
    package var depth: Int
    /// The matching line shown (nil when none matches).
    package var line: Int?
    /// Its place among the matching lines (1 is the first), and how many there are.
    package var ordinal = 0
    package var count = 0
}
