import Synchronization
import XCTest
@testable import TabNavCore

/// A large layout's state file is read on the parser's thread while the layout is decoded
/// (`StatePreread`): reading must change nothing, and `load()` must then give what a load of
/// its own would have, setting an unusable file aside on the main thread as always.
final class StatePrereadTests: XCTestCase {
    private let fixedClock = { 1_796_013_372 }

    private func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func testReadingChangesNothingAndLoadDecidesAsAlways() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "ops", clock: fixedClock)
        XCTAssertEqual(StateStore.read(path: store.path), .missing)
        try Array("{ not json".utf8).write(to: store.path)
        guard case .unusable(let reason) = StateStore.read(path: store.path) else { return XCTFail("a broken file is unusable") }
        XCTAssertTrue(reason.hasPrefix("not valid JSON"), reason)
        XCTAssertEqual(files(in: folder.path), ["ops.json"], "reading set nothing aside")

        let preread = StatePreread(directory: folder.path)
        preread.read(layoutID: "ops")
        XCTAssertNil(preread.take(for: "other"), "a reading is only for its own layout")
        let reading = try XCTUnwrap(preread.take(for: "ops"))
        XCTAssertNil(preread.take(for: "ops"), "taken once")
        store.use(reading)
        guard case .corrupt(let keptAs, _) = store.load() else { return XCTFail("the unusable file is set aside by load()") }
        XCTAssertTrue(keptAs.hasPrefix(store.path + ".corrupt-"), keptAs)
    }

    func testLoadGivesTheStateReadBeforeAndReadsAgainAfterward() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "ops", clock: fixedClock)
        try store.save(SavedStateCodingTests.sample)
        let reading = StateStore.read(path: store.path)
        XCTAssertEqual(reading, .loaded(SavedStateCodingTests.sample))
        // The file goes away after it was read: the reading is what counts, once.
        XCTAssertEqual(unlink(store.path), 0)
        store.use(reading)
        XCTAssertEqual(store.load(), .loaded(SavedStateCodingTests.sample))
        XCTAssertEqual(store.load(), .missing, "the next load reads the file again")
    }

    /// The reading comes from the layout parser's thread, up to a whole decode earlier: a broken
    /// file replaced meanwhile by a good one (another instance saved) must not be set aside.
    func testAFileReplacedSinceItWasFoundUnusableIsNotSetAside() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "ops", clock: fixedClock)
        try Array("{ not json".utf8).write(to: store.path)
        let reading = StateStore.read(path: store.path)
        guard case .unusable = reading else { return XCTFail("a broken file is unusable") }
        try StateStore(directory: folder.path, layoutID: "ops", clock: fixedClock).save(SavedStateCodingTests.sample)
        store.use(reading)
        XCTAssertEqual(store.load(), .loaded(SavedStateCodingTests.sample))
        XCTAssertEqual(files(in: folder.path), ["ops.json"], "nothing set aside")
    }

    func testALargeLayoutOffersOnlyAnIDThatCanNameAFile() throws {
        let folder = try TemporaryFolder()
        let seen = SeenIDs()
        // Large enough to be parsed on a thread of its own; the id is the first key.
        let good = folder.path + "/good.json"
        try LayoutStreamTests.generated(sections: 40, tabs: 40).write(toFile: good, atomically: false, encoding: .utf8)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: good)[.size] as? Int), 128 << 10)
        _ = try LayoutLoader.loadFile(path: good, whenIDIsKnown: { seen.add($0) })
        XCTAssertTrue(seen.ids.allSatisfy { $0 == "gen" }, "\(seen.ids)")
        XCTAssertLessThanOrEqual(seen.ids.count, 1)

        let bad = folder.path + "/bad.json"
        let text = LayoutStreamTests.generated(sections: 40, tabs: 40).replacingOccurrences(of: #""id": "gen""#, with: #""id": "../gen""#)
        try text.write(toFile: bad, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try LayoutLoader.loadFile(path: bad, whenIDIsKnown: { seen.add($0) }))
        XCTAssertFalse(seen.ids.contains("../gen"), "an id that cannot name a file is never offered")
    }
}

private final class SeenIDs: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ id: String) { list.withLock { $0.append(id) } }
    var ids: [String] { list.withLock { $0 } }
}


private extension Array where Element == UInt8 {
    func write(to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(self)) else { throw CocoaError(.fileWriteUnknown) }
    }
}
