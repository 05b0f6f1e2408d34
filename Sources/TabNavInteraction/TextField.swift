import TabNavCore
import TabNavDrawing

/// A one-line text field with a cursor: the search field and the name prompt.
public struct TextField: Sendable, Equatable {
    public private(set) var characters: [Character] = []
    /// Insertion point, 0…characters.count.
    public private(set) var cursor: Int = 0
    /// Guards against pasting a novel into a one-line field.
    public static let maximumLength = 200

    public init(_ text: String = "") {
        characters = Array(text.prefix(Self.maximumLength))
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Handles an editing key; returns false for keys a field does not use.
    public mutating func handle(_ key: KeyEvent) -> Bool {
        switch key {
        case .character(let c):
            guard characters.count < Self.maximumLength, !c.isNewline else { return true }
            characters.insert(c, at: cursor)
            cursor += 1
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
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
