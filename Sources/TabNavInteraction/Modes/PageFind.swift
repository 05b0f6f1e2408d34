import TabNavCore

/// The text being typed at the bottom to find in the page shown (`f`), and the line shown at the
/// top when the field opened: the first find starts there.
package struct FindPrompt: Sendable, Equatable {
    package var field = TextField()
    package var fromLine: Int

    package init(fromLine: Int) {
        self.fromLine = fromLine
    }

    /// Typing in the find field: `Enter` finds (an empty field: `lastFound` again, as in less),
    /// `Esc` (or `Backspace` on an empty field) leaves it; every character without a binding is
    /// typed. `confirmKey` names the key that finds, for the hint of an empty field.
    package static func reduce(_ prompt: FindPrompt, _ command: Command?, key: KeyEvent?, lastFound: String?,
                               confirmKey: String) -> ModeStep<FindPrompt> {
        var prompt = prompt
        switch command {
        case .cancel?:
            return .close()
        case .deleteBackward? where prompt.field.characters.isEmpty:
            return .close()
        case .confirm?:
            var text = prompt.field.text
            if text.isEmpty, let lastFound { text = lastFound }
            guard !text.isEmpty else { return .close(saying: "Type the text to find, then \(confirmKey)") }
            return .close(.find(text, fromLine: prompt.fromLine))
        case let command?:
            _ = prompt.field.apply(command)
        case nil:
            if case .character(let c) = key { prompt.field.insert(String(c)) }
        }
        return .stay(prompt)
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
