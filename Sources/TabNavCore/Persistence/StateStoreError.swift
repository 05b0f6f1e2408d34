/// Why a save failed; the old state file is untouched when this is thrown.
package struct StateStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The state file that was being saved.
    package var path: String
    /// The step and the system's reason: "writing /s/.ops.json.tmp-12-1: No space left on device".
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot save /s/ops.json: writing /s/.ops.json.tmp-12-1: No space left on device`.
    package var description: String { "cannot save \(path): \(reason)" }
}
