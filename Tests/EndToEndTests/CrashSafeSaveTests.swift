import Foundation
import TestSupport
import XCTest

/// docs/behaviour.md, "Persistence": "a kill at any moment leaves the old or the new file, never a broken one", and two
/// programs saving to the same folder at once never break the file either.
///
/// The real program saves: `tabnav-tui render --keys s,s,s,…` toggles the sidebar and saves the
/// state after every key (about a millisecond each, flush included), so the file alternates
/// between two known contents. Each run is killed with SIGKILL after a random delay from a seeded
/// generator (the delay is the point here, not a way to wait), then the file must be exactly one
/// of the two contents and load, with nothing but hidden temporary files beside it.
final class CrashSafeSaveTests: XCTestCase {
    static let kills = 200
    static let seed: UInt64 = 0x5AFE_5A7E
    static let stateFile = "destination-video.json"

    var scratch = ""

    override func setUpWithError() throws {
        scratch = try SignalHarness.makeScratch()
    }

    override func tearDown() {
        SignalHarness.removeScratch(scratch)
    }

    /// `count` presses of `s` (each a save) after `prefix`.
    static func keys(_ prefix: [String] = [], count: Int) -> String {
        (prefix + Array(repeating: "s", count: count)).joined(separator: ",")
    }

    /// The two contents a toggling run writes: (sidebar shown, sidebar hidden), learnt from the
    /// program itself so the test does not depend on the file's exact format.
    func knownContents(stateDir: String, prefix: [String] = []) throws -> Set<Data> {
        let binary = try SignalHarness.binary()
        var contents = Set<Data>()
        for _ in 0..<2 {
            let run = try SignalHarness.run(binary, ["render", "--size", "80x24", "--state-dir", stateDir,
                                                     "--keys", Self.keys(prefix, count: 1)], scratch: scratch)
            XCTAssertEqual(run.ending.exitStatus, 0, run.errors)
            contents.insert(try Data(contentsOf: URL(fileURLWithPath: stateDir + "/" + Self.stateFile)))
        }
        XCTAssertEqual(contents.count, 2, "toggling the sidebar twice wrote two different files")
        return contents
    }

    /// What lies in the state folder: the state file, and any other names.
    func checkFolder(_ stateDir: String, holdsOneOf contents: Set<Data>, context: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: stateDir + "/" + Self.stateFile))
        XCTAssertTrue(contents.contains(data), "\(context): the state file is neither the old nor the new content:\n"
                      + String(decoding: data, as: UTF8.self))
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: data), context)
        let visible = try FileManager.default.contentsOfDirectory(atPath: stateDir).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(visible, [Self.stateFile], "\(context): only hidden temporary files may be left beside the state file")
    }

    /// The program starts from the file without calling it unusable.
    func checkProgramLoads(_ stateDir: String) throws {
        let run = try SignalHarness.run(try SignalHarness.binary(), ["render", "--size", "100x30", "--state-dir", stateDir],
                                        scratch: scratch)
        XCTAssertEqual(run.ending.exitStatus, 0, run.errors)
        XCTAssertFalse(run.output.contains("unusable"), "the program set the state file aside:\n\(run.output)")
        XCTAssertTrue(run.output.contains("Watch Now"), run.output)
    }

    func testKillNineWhileSavingLeavesTheOldOrTheNewFile() throws {
        let binary = try SignalHarness.binary()
        let stateDir = scratch + "/state"
        let contents = try knownContents(stateDir: stateDir)
        var rng = SplitMix64(seed: Self.seed)
        var killedRunning = 0
        var changed = 0
        var previous = try Data(contentsOf: URL(fileURLWithPath: stateDir + "/" + Self.stateFile))
        for attempt in 0..<Self.kills {
            // 400 saves take about half a second; the kill comes within the first 25 ms or so,
            // after start-up (a few ms) while saves follow each other.
            let pid = try SignalHarness.spawn(binary, ["render", "--size", "80x24", "--state-dir", stateDir,
                                                       "--keys", Self.keys(count: 400)])
            usleep(UInt32(500 + rng.below(25_000)))
            kill(pid, SIGKILL)
            let ending = try SignalHarness.wait(for: pid, timeout: 20, what: "render run \(attempt)")
            if ending.signal == SIGKILL { killedRunning += 1 }
            try checkFolder(stateDir, holdsOneOf: contents, context: "kill \(attempt) (\(ending))")
            let now = try Data(contentsOf: URL(fileURLWithPath: stateDir + "/" + Self.stateFile))
            if now != previous { changed += 1 }
            previous = now
        }
        try checkProgramLoads(stateDir)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: stateDir).filter { $0.hasPrefix(".") }
        print("CrashSafeSaveTests: \(killedRunning) of \(Self.kills) runs killed while running, the file changed \(changed) times, "
              + "\(leftovers.count) temporary files left by kills in the middle of a save")
        // The kills must land while the program runs and saves, or the test proves nothing.
        XCTAssertGreaterThan(killedRunning, Self.kills * 3 / 4, "most runs are killed while still running")
        XCTAssertGreaterThan(changed, Self.kills / 10, "the program saved between kills")
    }

    func testTwoProgramsSavingAtOnceNeverBreakTheFile() throws {
        let binary = try SignalHarness.binary()
        let stateDir = scratch + "/state"
        // Each program writes two contents of its own: one only toggles the sidebar, the other
        // first selects Library (so its files name another selected tab). A program may also
        // start from the other's file, so any of the four may be the last one written.
        let plain = try knownContents(stateDir: stateDir)
        try FileManager.default.removeItem(atPath: stateDir)
        let library = try knownContents(stateDir: stateDir, prefix: ["2"])
        let all = plain.union(library)
        XCTAssertEqual(all.count, 4)
        for round in 0..<10 {
            let first = try SignalHarness.spawn(binary, ["render", "--size", "80x24", "--state-dir", stateDir,
                                                         "--keys", Self.keys(count: 150)])
            let second = try SignalHarness.spawn(binary, ["render", "--size", "100x30", "--state-dir", stateDir,
                                                          "--keys", Self.keys(["2"], count: 150)])
            // Read the file while both write: every read is one whole file.
            var reads = 0
            var running = 2
            var endings: [SignalHarness.Ending] = []
            let deadline = Date().addingTimeInterval(30)
            var pids = [first, second]
            while running > 0 {
                if let data = FileManager.default.contents(atPath: stateDir + "/" + Self.stateFile) {
                    reads += 1
                    XCTAssertTrue(all.contains(data), "round \(round): a read while saving found a broken file:\n"
                                  + String(decoding: data, as: UTF8.self))
                }
                for pid in pids {
                    var status: Int32 = 0
                    if waitpid(pid, &status, WNOHANG) == pid {
                        endings.append(SignalHarness.Ending(waitStatus: status))
                        pids.removeAll { $0 == pid }
                        running -= 1
                    }
                }
                if Date() > deadline {
                    pids.forEach { kill($0, SIGKILL); _ = waitpid($0, nil, 0) }
                    return XCTFail("round \(round): the programs did not finish within 30 s")
                }
            }
            XCTAssertEqual(endings.map(\.exitStatus), [0, 0], "round \(round)")
            XCTAssertGreaterThan(reads, 0)
            try checkFolder(stateDir, holdsOneOf: all, context: "round \(round)")
        }
        try checkProgramLoads(stateDir)
    }
}

