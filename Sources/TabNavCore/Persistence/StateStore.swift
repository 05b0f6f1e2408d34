import TabNavSystem

/// Reads and writes the state file of one layout, `<directory>/<layout-id>.json` (docs/behaviour.md, "Persistence").
///
/// Saving is atomic: the new state goes to a temporary file in the same folder, which is flushed
/// and then renamed over the old one, and the folder is flushed too. A kill at any moment leaves
/// the old file or the new one, never a mix; two processes saving at once each rename a complete
/// file of their own, so the last one wins and the file is always whole.
///
/// A file that cannot be read or understood is renamed aside to
/// `<layout-id>.json.corrupt-<UTC timestamp>` (with `-2`, `-3`… when that name is taken) and
/// never overwritten. If even that rename fails, the store refuses to save rather than overwrite
/// the person's file.
///
/// Not thread-safe: use one store from one thread (the UI's). Merging the state with the
/// hierarchy is `TabNavModel`'s job; the store only moves bytes.
package final class StateStore {
    /// Larger state files are treated as corrupt (a real one is a few kilobytes).
    package static let maximumFileSize = FileReader.defaultLimit

    package let directory: String
    package let layoutID: String
    /// `<directory>/<layout-id>.json`.
    package let path: String

    private let clock: () -> Int
    private var temporaryCounter = 0
    /// A corrupt file that could not be set aside; saving would overwrite it, so saving refuses.
    private var protectedCorruptFile: String?
    /// The file as read on another thread, for the next `load()` (`use(_:)`).
    private var preread: Reading?

    /// - Parameter clock: seconds since 1970, for the names of set-aside files; `nil` is the
    ///   system clock (tests pass a fixed one).
    package init(directory: String, layoutID: String, clock: (() -> Int)? = nil) {
        self.directory = directory
        self.layoutID = layoutID
        self.path = StateLocation.file(directory: directory, layoutID: layoutID)
        self.clock = clock ?? UTCTimestamp.now
    }

    // MARK: Loading

    /// Reads the state file. Never throws and never crashes: whatever is wrong with the file is
    /// reported as `.corrupt` after moving the file aside.
    package func load() -> StateLoadResult {
        removeStaleTemporaryFiles()
        var reading = preread ?? Self.read(path: path)
        // A file read a while ago (while the layout was decoded) may have been replaced since,
        // by another instance's save: it is set aside only if it is still unusable now.
        if preread != nil, case .unusable = reading { reading = Self.read(path: path) }
        preread = nil
        switch reading {
        case .missing: return .missing
        case .loaded(let state): return .loaded(state)
        case .unusable(let reason): return setAside(reason: reason)
        }
    }

    /// What reading a state file found, before anything is done about it.
    package enum Reading: Sendable, Equatable {
        case missing
        case loaded(SavedState)
        /// Why the file cannot be used (`load()` sets it aside).
        case unusable(String)
    }

    /// Reads and checks the state file at `path`, changing nothing: safe on any thread, so a
    /// large state can be read while the layout is still being decoded (`use(_:)`).
    package static func read(path: String) -> Reading {
        // A FIFO, socket or device in the file's place would block the read (a FIFO without a
        // writer forever) or never end (/dev/zero): never read one, set it aside.
        if SystemCalls.fileKind(path) == .other { return .unusable("it is not a regular file") }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.readAll(path: path, limit: maximumFileSize)
        } catch {
            if case .system(let code) = error, code == SystemError.notFound || code == SystemError.notADirectory { return .missing }
            return .unusable("cannot read it: \(error.reason)")
        }
        let tape: JSONTape
        do {
            tape = try JSONParser.tape(bytes)
        } catch {
            // Not the file's fault: it must not be set aside as unreadable.
            if error.isOutOfMemory { AddressSpaceLimit.endForLackOfMemory() }
            return .unusable("not valid JSON: \(error.description)")
        }
        do {
            return .loaded(try SavedStateCoding.decode(tape))
        } catch {
            return .unusable("not a saved state: \(error.message)")
        }
    }

    /// Gives the next `load()` what `read(path:)` found for this store's file a moment ago.
    package func use(_ reading: Reading) {
        preread = reading
    }

    /// Moves the unusable file to a free `.corrupt-<timestamp>[-n]` name.
    private func setAside(reason: String) -> StateLoadResult {
        let base = path + ".corrupt-" + UTCTimestamp.compact(secondsSinceEpoch: clock())
        var failure = SystemError(code: SystemError.alreadyExists)
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            // link() refuses an existing name atomically, so a set-aside file is never replaced.
            guard let linkFailure = SystemCalls.makeLink(path, candidate) else {
                SystemCalls.removeFile(path)
                return .corrupt(keptAs: candidate, reason: reason)
            }
            failure = linkFailure
            if failure.code == SystemError.alreadyExists { continue }
            if failure.code == SystemError.notFound { return .missing }  // another process moved it meanwhile
            // No hard links here (a folder in the way, or a file system without them): rename to
            // a name checked to be free.
            if FileSystem.exists(candidate) { continue }
            guard let renameFailure = SystemCalls.renameFile(path, candidate) else {
                return .corrupt(keptAs: candidate, reason: reason)
            }
            failure = renameFailure
            break
        }
        protectedCorruptFile = path
        return .corrupt(
            keptAs: path,
            reason: reason + " (it could not be set aside: \(failure.message); it will not be overwritten)")
    }

    // MARK: Saving

    /// What this program held at its last load or save (`baseline`), against which a save finds
    /// what it changed. Set it to the state made from what `load()` gave (the program's model,
    /// merged with the hierarchy); nil (the default, and after `--reset`) makes the next save
    /// write the whole state.
    package var baseline: SavedState?

    /// Saves atomically, creating the folder (mode 0700) if needed. On failure the old file is
    /// untouched, the temporary file is removed, and the error says why and where.
    ///
    /// Two programs on one file lose nothing (`SavedStateMerge`): a state equal to the baseline
    /// (nothing changed) is not written at all; otherwise the file is read again and only the
    /// parts changed since the baseline are put over what it holds now, so what another program
    /// saved meanwhile stays.
    package func save(_ state: SavedState) throws(StateStoreError) {
        if let protected = protectedCorruptFile {
            throw StateStoreError(
                path: path, why: "\(protected) could not be read nor set aside, so it is not overwritten", location: nil)
        }
        if let baseline, state == baseline { return }
        var merged = state
        if let baseline {
            switch Self.read(path: path) {
            case .loaded(let theirs): merged = SavedStateMerge.merge(base: baseline, ours: state, theirs: theirs)
            case .missing: break
            case .unusable(let reason):
                // Another program left something this one cannot read: kept aside, never overwritten.
                if case .corrupt(let keptAs, _) = setAside(reason: reason), keptAs == path {
                    throw StateStoreError(path: path, why: "\(path) could not be read nor set aside, so it is not overwritten", location: nil)
                }
            }
        }
        let bytes = Array(SavedStateCoding.encodedText(merged).utf8)
        // A symbolic link in the file's place is replaced, never written through: the file it
        // points to may belong to another program (docs/state-and-events.md).
        if let failure = AtomicFile.write(bytes, to: path, counter: &temporaryCounter) {
            throw StateStoreError(path: path, failure: failure)
        }
        baseline = state
    }

    /// Removes temporary files left by saves that were killed midway (`kill -9`, power loss): the
    /// ones of this state file whose process no longer exists. Those of a live process (another
    /// program saving right now) are left alone.
    func removeStaleTemporaryFiles() {
        let folder = Self.folder(of: path)
        let prefix = "." + String(path.split(separator: "/").last ?? "") + ".tmp-"
        for name in SystemCalls.names(inFolder: folder) {
            guard name.hasPrefix(prefix), let pidText = name.dropFirst(prefix.count).split(separator: "-").first,
                  let pid = Int32(pidText), pid > 0 else { continue }
            if SystemCalls.processIsGone(pid) {
                SystemCalls.removeFile(folder + "/" + name)
            }
        }
    }

    private static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }
}
