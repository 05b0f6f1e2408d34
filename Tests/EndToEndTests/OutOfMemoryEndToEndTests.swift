import Foundation
import XCTest

/// Under an address-space limit (`ulimit -v`), a layout too large for it ends `check-layout`,
/// `render` and the program with one line saying memory ran out and status 1 (docs/behaviour.md,
/// "Signals and leaving"): never the runtime's stack trace (status 134), never a trap (132 with
/// "out of memory for N JSON tokens"), and a state file is never set aside for it.
final class OutOfMemoryEndToEndTests: EndToEndTestCase {
    /// A layout of `count` tabs with some text each (about 140 bytes a tab).
    func writeLargeLayout(tabs count: Int) throws -> String {
        var text = #"{"id": "big", "title": "Big", "tabs": ["#
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            text += #"{"id": "t\#(index)", "title": "Tab \#(index)", "content": {"text": "\#(String(repeating: "x", count: 80))"}}"#
        }
        text += "]}"
        let path = scratch.appendingPathComponent("big.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `arguments` of the program under `ulimit -v kilobytes`; its status, and both streams.
    func runLimited(_ kilobytes: Int, _ arguments: [String]) throws -> ChildResult {
        let limited = "ulimit -v \(kilobytes) || exit 99; exec \"$0\" \"$@\""
        return try ChildProcess.run("/bin/sh", ["-c", limited, try Self.binary()] + arguments,
                                    environment: SignalHarness.environment, scratch: scratch, timeout: 60)
    }

    /// The smallest limit (in steps of 8 MB) under which the program starts at all.
    func startingLimit() throws -> Int {
        var kilobytes = 16 << 10
        while kilobytes < 4 << 20 {
            if try runLimited(kilobytes, ["--version"]).status == 0 { return kilobytes }
            kilobytes += 8 << 10
        }
        throw HarnessError("the program did not start under any limit up to 4 GB")
    }

    /// Each limit from just enough to start up to enough for the whole file: every run either
    /// succeeds or ends with the one line and status 1.
    func testALayoutTooLargeForTheLimitEndsWithOneLineAndStatusOne() throws {
        let path = try writeLargeLayout(tabs: 60_000)
        let start = try startingLimit()
        var outOfMemory = 0
        var runtimeFailures = 0
        for extra in [4, 12, 24, 48, 96] {
            let kilobytes = start + extra << 10
            for arguments in [["check-layout", path],
                              ["render", "--size", "80x10", "--layout", path, "--state-dir", stateDir.path]] {
                let result = try runLimited(kilobytes, arguments)
                let what = "\(arguments[0]) under ulimit -v \(kilobytes): status \(result.status)\n\(result.standardError)"
                XCTAssertTrue([0, 1].contains(result.status), what)
                XCTAssertFalse(result.standardError.contains("Backtracing") || result.standardError.contains("Program crashed"), what)
                XCTAssertFalse(result.standardError.contains("JSON tokens\n"), what)
                guard result.status == 1 else { continue }
                outOfMemory += 1
                let lines = result.standardError.split(separator: "\n").map(String.init)
                XCTAssertEqual(lines.count, 1, "one line alone, not the runtime's report before it: \(what)")
                XCTAssertFalse(result.standardError.contains("Fatal error"), what)
                let last = lines.last ?? ""
                XCTAssertTrue(last.hasPrefix("tabnav-tui: out of memory (the address space is limited to ")
                                || last.hasPrefix("tabnav-tui: not enough memory to read \(path) ("), what)
                XCTAssertTrue(last.contains("ulimit -v \(kilobytes)"), what)
                if last.hasPrefix("tabnav-tui: out of memory") { runtimeFailures += 1 }
            }
        }
        XCTAssertGreaterThan(outOfMemory, 0, "some limit was too small for the file (else nothing was tested)")
        XCTAssertGreaterThan(runtimeFailures, 0, "some allocation failed in the runtime, not only where the program foresaw it")
    }
}
