import TestSupport
import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// Damaged layout and state files: never a crash, always a one-line answer.
final class LayoutFuzzTests: XCTestCase {
    func testMutatedLayoutsLoadOrGiveOneLineErrors() {
        let document = Array(LayoutLoaderTests.specExample.utf8)
        var generator = SplitMix64(state: 10)
        var loaded = 0
        for seed in 0..<FuzzSettings.steps(3000) {
            let bytes = FuzzSettings.mutate(document, using: &generator)
            do {
                let layout = try LayoutLoader.parse(bytes: bytes, source: "fuzz.json")
                XCTAssertNoThrow(try TabHierarchy(layout), "seed \(seed)")
                XCTAssertFalse(LayoutSummary.describe(layout).isEmpty)
                loaded += 1
            } catch {
                XCTAssertFalse(error.message.isEmpty, "seed \(seed)")
                XCTAssertFalse(error.description.contains("\n"), "seed \(seed): \(error)")
                XCTAssertFalse(error.description.utf8.contains(0x1B), "seed \(seed): \(error)")
            }
        }
        XCTAssertGreaterThan(loaded, 0, "mutations inside strings still load")
    }

    func testMutatedStateFilesLoadOrAreSetAside() throws {
        let folder = try TemporaryFolder()
        var tick = 0
        let store = StateStore(directory: folder.path, layoutID: "fuzz", clock: { tick += 1; return tick })
        let document = Array(SavedStateCodingTests.sample.encodedBytes)
        var generator = SplitMix64(state: 11)
        var corrupt = 0
        // Each step writes and renames real files: capped so `make fuzz` stays minutes, not hours.
        for seed in 0..<min(FuzzSettings.steps(300), 20_000) {
            let bytes = FuzzSettings.mutate(document, using: &generator)
            XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: Data(bytes)))
            switch store.load() {
            case .loaded:
                break
            case .corrupt(let keptAs, let reason):
                corrupt += 1
                XCTAssertEqual(FileManager.default.contents(atPath: keptAs), Data(bytes), "seed \(seed)")
                XCTAssertFalse(reason.isEmpty)
            case .missing:
                XCTFail("seed \(seed): the file exists")
            }
        }
        XCTAssertGreaterThan(corrupt, 0)
    }
}

extension SavedState {
    var encodedBytes: [UInt8] { Array(SavedStateCoding.encodedText(self).utf8) }
}
