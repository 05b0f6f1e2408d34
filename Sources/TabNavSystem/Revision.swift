import Synchronization

/// Numbers that are never handed out twice in a process, from any thread: a value stamped with
/// one at each change can be told apart from every other state of every other value by that
/// number alone, which lets a frame reuse what it made from the same state (docs/benchmark.md, "What a frame
/// keeps for the next").
package enum Revision {
    private static let counter = Atomic<UInt64>(0)

    /// A number no earlier call returned.
    package static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}
