import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

final class StateStoreTests: XCTestCase {
    private let fixedClock = { 1_796_013_372 }  // 2026-11-30 04:36:12 UTC

    private func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private func permissions(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func testRoundTripThroughARealFolder() throws {
        let root = try TemporaryFolder()
        let dir = root.path + "/nested/state"
        let store = StateStore(directory: dir, layoutID: "ops")
        XCTAssertEqual(store.path, dir + "/ops.json")
        XCTAssertEqual(store.load(), .missing)

        try store.save(SavedStateCodingTests.sample)
        XCTAssertEqual(try permissions(dir), 0o700, "a created state folder is private")
        XCTAssertEqual(try permissions(root.path + "/nested"), 0o700)
        XCTAssertEqual(try permissions(store.path) & 0o077, 0, "the state file is private")
        XCTAssertEqual(files(in: dir), ["ops.json"], "no temporary file is left behind")
        XCTAssertEqual(
            try String(contentsOfFile: store.path, encoding: .utf8), SavedStateCoding.encodedText(SavedStateCodingTests.sample))

        XCTAssertEqual(StateStore(directory: dir, layoutID: "ops").load(), .loaded(SavedStateCodingTests.sample))

        var changed = SavedStateCodingTests.sample
        changed.customization.tabBar = ["library"]
        try store.save(changed)
        XCTAssertEqual(store.load(), .loaded(changed))
        XCTAssertEqual(files(in: dir), ["ops.json"])
    }

    func testCorruptFileIsSetAsideAndNeverOverwritten() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "ops", clock: fixedClock)
        let garbage: [UInt8] = Array("{\"version\": 1, \"tabBar\": [\"a\",".utf8) + [0xFF, 0x00]
        XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: Data(garbage)))

        let kept = store.path + ".corrupt-20261130T043612Z"
        XCTAssertEqual(
            store.load(),
            .corrupt(keptAs: kept, reason: "not valid JSON: line 1, column 31: expected a value, found byte 0xFF (not UTF-8)"))
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: kept))), garbage, "the original bytes are kept")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
        XCTAssertEqual(store.load(), .missing)

        // A second bad file in the same second gets "-2" and leaves the first alone.
        try "{\"version\": 7}".write(toFile: store.path, atomically: false, encoding: .utf8)
        XCTAssertEqual(
            store.load(), .corrupt(keptAs: kept + "-2", reason: "not a saved state: unsupported version 7 (expected 1)"))
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: kept))), garbage)
        XCTAssertEqual(try String(contentsOfFile: kept + "-2", encoding: .utf8), "{\"version\": 7}")

        // Saving afterwards writes a fresh file and touches neither set-aside copy.
        try store.save(SavedState())
        XCTAssertEqual(store.load(), .loaded(SavedState()))
        XCTAssertEqual(files(in: folder.path), ["ops.json", "ops.json.corrupt-20261130T043612Z", "ops.json.corrupt-20261130T043612Z-2"])
    }

    func testEmptyAndOversizedFilesAreCorrupt() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "ops", clock: fixedClock)
        XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: Data()))
        XCTAssertEqual(
            store.load(),
            .corrupt(keptAs: store.path + ".corrupt-20261130T043612Z",
                     reason: "not valid JSON: line 1, column 1: no JSON value (the input is empty)"))

        XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: store.path))
        try handle.truncate(atOffset: UInt64(StateStore.maximumFileSize) + 1)  // sparse
        try handle.close()
        XCTAssertEqual(
            store.load(),
            .corrupt(keptAs: store.path + ".corrupt-20261130T043612Z-2",
                     reason: "cannot read it: the file is larger than 64 MB"))
    }

    func testAFolderInPlaceOfTheFileIsSetAside() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "ops", clock: fixedClock)
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: false)
        XCTAssertEqual(
            store.load(),
            .corrupt(keptAs: store.path + ".corrupt-20261130T043612Z", reason: "cannot read it: Is a directory"))
        try store.save(SavedState())
        XCTAssertEqual(store.load(), .loaded(SavedState()))
    }

    /// A write that fails half-way must leave the old file as it was and remove the temporary file.
    ///
    /// Tests run as root here, where a read-only folder (chmod 0500) does not stop writes. A file
    /// size limit does, for root too: with RLIMIT_FSIZE below the state's size, write(2) fails with
    /// EFBIG (SIGXFSZ, which would kill the process, is ignored meanwhile).
    func testFailedWriteLeavesOldFileIntact() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "ops")
        let old = SavedState(customization: Customization(tabBar: ["a"]))
        try store.save(old)
        let oldBytes = try Data(contentsOf: URL(fileURLWithPath: store.path))

        var saved = rlimit()
        XCTAssertEqual(getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &saved), 0)
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        var small = saved
        small.rlim_cur = 64
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &small), 0)
        var thrown: StateStoreError?
        do {
            try store.save(SavedStateCodingTests.sample)
        } catch {
            thrown = error
        }
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &saved), 0)
        signal(SIGXFSZ, previousHandler)

        let error = try XCTUnwrap(thrown, "the save must fail")
        XCTAssertEqual(error.path, store.path)
        // Why first, then where (a narrow footer keeps the reason).
        XCTAssertTrue(error.description.hasPrefix("cannot save: File too large (writing \(folder.path)/.ops.json.tmp-"), error.description)
        XCTAssertTrue(error.description.hasSuffix(" for \(store.path))"), error.description)
        XCTAssertEqual(error.short, "cannot save: File too large")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store.path)), oldBytes, "the old file is intact")
        XCTAssertEqual(files(in: folder.path), ["ops.json"], "the temporary file was removed")
        XCTAssertEqual(store.load(), .loaded(old))
    }

    func testReadOnlyFolder() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "ops")
        try store.save(SavedState())
        let reason = try ReadOnlyFolder.protect(folder.path)
        defer { ReadOnlyFolder.release(folder.path) }
        XCTAssertThrowsError(try store.save(SavedStateCodingTests.sample)) { error in
            XCTAssertEqual(
                "\(error)", "cannot save: \(reason) (creating a temporary file in \(folder.path) for \(store.path))")
        }
        XCTAssertEqual(store.load(), .loaded(SavedState()))
    }

    /// A corrupt file that cannot be moved aside must not be overwritten by the next save.
    func testCorruptFileThatCannotBeSetAsideIsNotOverwritten() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "ops", clock: fixedClock)
        try "not json".write(toFile: store.path, atomically: false, encoding: .utf8)
        let reason = try ReadOnlyFolder.protect(folder.path)
        defer { ReadOnlyFolder.release(folder.path) }
        XCTAssertEqual(
            store.load(),
            .corrupt(keptAs: store.path, reason: "not valid JSON: line 1, column 1: invalid literal (expected true, false or null)"
                + " (it could not be set aside: \(reason); it will not be overwritten)"))
        ReadOnlyFolder.release(folder.path)
        XCTAssertThrowsError(try store.save(SavedState())) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot save: \(store.path) could not be read nor set aside, so it is not overwritten")
        }
        XCTAssertEqual(try String(contentsOfFile: store.path, encoding: .utf8), "not json")
    }

    func testFolderThatCannotBeCreated() throws {
        let folder = try TemporaryFolder()
        let blocker = folder.path + "/blocker"
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let store = StateStore(directory: blocker + "/state", layoutID: "ops")
        XCTAssertEqual(store.load(), .missing)
        XCTAssertThrowsError(try store.save(SavedState())) { error in
            XCTAssertEqual("\(error)", "cannot save: Not a directory (creating the folder \(blocker) for \(blocker)/state/ops.json)")
        }
        XCTAssertEqual(try String(contentsOfFile: blocker, encoding: .utf8), "x")
    }

    /// A save replaces a symbolic link in the file's place and never writes through it: the file
    /// it points to may be another program's.
    func testASaveReplacesASymbolicLinkAndLeavesItsTargetAlone() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/elsewhere", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder.path + "/state", withIntermediateDirectories: false)
        let target = folder.path + "/elsewhere/settings.json"
        try "{}".write(toFile: target, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(target, 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/state/ops.json", withDestinationPath: target)
        let store = StateStore(directory: folder.path + "/state", layoutID: "ops")
        try store.save(SavedStateCodingTests.sample)
        XCTAssertThrowsError(try FileManager.default.destinationOfSymbolicLink(atPath: store.path), "the link was replaced")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "{}", "its target is untouched")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int, 0o644)
        XCTAssertEqual(store.load(), .loaded(SavedStateCodingTests.sample))
    }

    /// Another program's JSON that says `"version": 1` (reached through a link) is set aside with
    /// its content whole, never loaded nor rewritten.
    func testForeignJSONWithOurVersionIsSetAsideNotRewritten() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/state", withIntermediateDirectories: false)
        let target = folder.path + "/other.json"
        let foreign = "{\"version\": 1, \"tabBar\": [], \"hidden\": [], \"knownIDs\": [], \"sectionOrder\": {}, \"theme\": \"dark\"}"
        try foreign.write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/state/ops.json", withDestinationPath: target)
        let store = StateStore(directory: folder.path + "/state", layoutID: "ops", clock: { 1_796_013_372 })
        guard case .corrupt(let keptAs, let reason) = store.load() else { return XCTFail("loaded another program's file") }
        XCTAssertEqual(reason, "not a saved state: unknown key \"theme\" (not a tabnav-tui state file)")
        XCTAssertEqual(keptAs, store.path + ".corrupt-20261130T043612Z")
        try store.save(SavedStateCodingTests.sample)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), foreign, "the other program's file is untouched")
    }

    /// Several writers at once (as two processes would): every read sees one complete state.
    func testConcurrentSavesNeverLeaveABrokenFile() throws {
        let folder = try TemporaryFolder()
        let path = StateLocation.file(directory: folder.path, layoutID: "ops")
        let states = (0..<3).map { n in
            SavedState(customization: Customization(tabBar: (0..<(50 * (n + 1))).map { "tab-\(n)-\($0)" }))
        }
        try StateStore(directory: folder.path, layoutID: "ops").save(states[0])

        let directory = folder.path
        let failures = LockedCounter()
        let reads = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker < 3 {
                let store = StateStore(directory: directory, layoutID: "ops")
                for _ in 0..<150 {
                    do { try store.save(states[worker]) } catch { failures.add() }
                }
            } else {
                for _ in 0..<400 {
                    guard let data = FileManager.default.contents(atPath: path),
                          let value = try? JSONParser.parse(Array(data)),
                          let state = try? SavedStateCoding.decode(value),
                          states.contains(state)
                    else {
                        failures.add()
                        continue
                    }
                    reads.add()
                }
            }
        }
        XCTAssertEqual(failures.value, 0)
        XCTAssertEqual(reads.value, 400)
        XCTAssertEqual(files(in: folder.path), ["ops.json"], "no temporary files are left behind")
    }
}

/// Makes a folder refuse new entries. chmod 0500 does that for ordinary users; tests here run as
/// root, which ignores permission bits, so for root the folder is made immutable (`chattr +i`,
/// which binds root too on ext4 and most Linux file systems). Where neither works the test is
/// skipped rather than passing without checking anything.
enum ReadOnlyFolder {
    /// Returns the reason the system will give for refused writes.
    static func protect(_ path: String) throws -> String {
        if geteuid() != 0 {
            XCTAssertEqual(chmod(path, 0o500), 0)
            return "Permission denied"
        }
        guard run("/usr/bin/chattr", "+i", path) || run("/bin/chattr", "+i", path) else {
            throw XCTSkip("running as root without chattr: cannot make a folder read-only")
        }
        return "Operation not permitted"
    }

    static func release(_ path: String) {
        if geteuid() != 0 {
            chmod(path, 0o700)
        } else {
            _ = run("/usr/bin/chattr", "-i", path) || run("/bin/chattr", "-i", path)
        }
    }

    private static func run(_ tool: String, _ arguments: String...) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// A counter several threads may bump.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Temporary files of saves killed midway are cleaned up; those of a live saver are not.
final class StaleTemporaryFileTests: XCTestCase {
    func testLoadRemovesTemporaryFilesOfDeadProcessesOnly() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "demo")
        try store.save(SavedState())
        // A pid that cannot exist (above the kernel's pid_max) and our own, which is alive.
        let dead = "\(folder.path)/.demo.json.tmp-2147483646-1"
        let alive = "\(folder.path)/.demo.json.tmp-\(getpid())-99"
        let unrelated = "\(folder.path)/.other.json.tmp-2147483646-1"
        for file in [dead, alive, unrelated] {
            XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("{".utf8)))
        }
        guard case .loaded = store.load() else { return XCTFail("the state file itself must load") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead), "a dead saver's leftover is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: alive), "a live saver's file is left alone")
        XCTAssertTrue(FileManager.default.fileExists(atPath: unrelated), "another layout's files are not touched")
    }
}

/// Saving what the file already holds writes nothing (no I/O on a key that changed nothing).
final class UnchangedSaveTests: XCTestCase {
    private func inode(_ path: String) throws -> UInt64 {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    func testSavingTheSameStateAgainKeepsTheFileAndANewStateReplacesIt() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "demo")
        let first = SavedState(customization: Customization(tabBar: ["a"]))
        try store.save(first)
        let written = try inode(store.path)
        try store.save(first)
        XCTAssertEqual(try inode(store.path), written, "an identical save is skipped")
        try store.save(SavedState(customization: Customization(tabBar: ["b"])))
        XCTAssertNotEqual(try inode(store.path), written, "a changed state is written (atomically, a new file)")
        // A save that changed nothing writes nothing, not even a deleted file (the person may have
        // removed it); the next change writes it again.
        unlink(store.path)
        try store.save(SavedState(customization: Customization(tabBar: ["b"])))
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "nothing changed: nothing written")
        try store.save(SavedState(customization: Customization(tabBar: ["c"])))
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.path), "a change writes the file again")
    }
}
