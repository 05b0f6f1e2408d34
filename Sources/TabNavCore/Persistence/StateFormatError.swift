/// Why the JSON of a state file does not describe a `SavedState`: not an object, another format
/// version, or the wrong type for a field the customization cannot do without.
public struct StateFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
