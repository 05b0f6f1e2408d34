/// Why the event log file could not be opened (`--events FILE`), so the program can refuse to
/// start with one clear line instead of silently losing the events a script waits for.
public struct EventLogError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// The system's reason ("Permission denied").
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot open event log /x/events.jsonl: Permission denied`.
    public var description: String { "cannot open event log \(path): \(reason)" }
}
