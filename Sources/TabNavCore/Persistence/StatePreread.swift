import Synchronization

/// A state file read on the layout parser's thread while the main thread still decodes the
/// layout (`LayoutLoader.loadFile(path:whenIDIsKnown:)`): for 10,000 tabs, reading the state is
/// a millisecond the first frame need not wait for (docs/benchmark.md, "Loading a large layout").
/// Reading changes nothing; what to do with an unusable file is decided by `StateStore.load()`,
/// on the main thread, as always.
package final class StatePreread: Sendable {
    private let directory: String
    private let found = Mutex<(layoutID: String, reading: StateStore.Reading)?>(nil)

    package init(directory: String) {
        self.directory = directory
    }

    /// Reads the state file of `layoutID` (on whatever thread calls it).
    package func read(layoutID: String) {
        let reading = StateStore.read(path: StateLocation.file(directory: directory, layoutID: layoutID))
        found.withLock { $0 = (layoutID, reading) }
    }

    /// What was read for `layoutID`, once; nil if nothing was (or for another id).
    package func take(for layoutID: String) -> StateStore.Reading? {
        found.withLock { found in
            guard let read = found, read.layoutID == layoutID else { return nil }
            found = nil
            return read.reading
        }
    }
}
