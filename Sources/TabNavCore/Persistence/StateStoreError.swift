import TabNavSystem

/// Why a save failed; the old file is untouched when this is thrown.
///
/// Said why first, then where (docs/behaviour.md, "Persistence"): `cannot save: No space left on
/// device (writing /s/.ops.json.tmp-12-1 for /s/ops.json)`. A footer too narrow for the whole
/// line still shows the reason (`short`), which a path in front of it would push out.
package struct StateStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file that was being saved.
    package var path: String
    /// The reason: the system's ("No space left on device", "Permission denied") or the store's.
    package var why: String
    /// Where it failed, when that says more than `why` does: "writing /s/.ops.json.tmp-12-1 for
    /// /s/ops.json".
    package var location: String?

    package init(path: String, why: String, location: String?) {
        self.path = path
        self.why = why
        self.location = location
    }

    /// A failed step of `AtomicFile.write` (its step, errno and file) while saving `path`.
    package init(path: String, failure: (step: String, code: Int32, file: String)) {
        self.path = path
        why = systemErrorMessage(failure.code)
        location = failure.file == path ? "\(failure.step) \(failure.file)" : "\(failure.step) \(failure.file) for \(path)"
    }

    /// `cannot save: Permission denied`: the reason alone, for a narrow footer.
    package var short: String { "cannot save: \(why)" }

    /// `cannot save: No space left on device (writing /s/.ops.json.tmp-12-1 for /s/ops.json)`.
    package var description: String { short + (location.map { " (\($0))" } ?? "") }
}
