import TabNavCore
import TabNavDrawing

/// A one-line text field with a cursor: the search field and the name prompt.
package struct TextField: Sendable, Equatable {
    package private(set) var characters: [Character] = []
    /// Insertion point, 0…characters.count.
    package private(set) var cursor: Int = 0
    /// Guards against pasting a novel into a one-line field.
    package static let maximumLength = 200

    package init(_ text: String = "") {
        characters = Array(text.prefix(Self.maximumLength))
        cursor = characters.count
    }

    package var text: String { String(characters) }

    /// Inserts typed or pasted text at the cursor (line breaks become spaces; the field stops
    /// growing at `maximumLength`).
    package mutating func insert(_ text: String) {
        let room = Self.maximumLength - characters.count
        guard room > 0 else { return }
        let added = text.prefix(room).map { $0.isNewline ? " " : $0 }
        characters.insert(contentsOf: added, at: cursor)
        cursor += added.count
    }

    /// Carries out a field command of the keymap; false for commands that are not about fields.
    package mutating func apply(_ command: Command) -> Bool {
        switch command {
        case .deleteBackward:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .fieldLeft: cursor = max(0, cursor - 1)
        case .fieldRight: cursor = min(characters.count, cursor + 1)
        case .fieldStart: cursor = 0
        case .fieldEnd: cursor = characters.count
        case .deleteToStart:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd:
            characters.removeSubrange(cursor...)
        case .deleteWord:
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }
}
