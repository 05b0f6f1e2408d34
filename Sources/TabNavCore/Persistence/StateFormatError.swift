/// Why the JSON of a state file does not describe a `SavedState`: not an object, another format
/// version, or the wrong type for a field the customization cannot do without.
package struct StateFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
