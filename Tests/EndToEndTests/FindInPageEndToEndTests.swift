import Foundation
import XCTest

/// Find in page through the program itself: `render --keys` walks f, typing, Enter and n on a
/// layout's text tab, and `tabnav-tui keys` lists the find keys (docs/keys.md).
final class FindInPageEndToEndTests: EndToEndTestCase {
    private func runProgram(_ arguments: [String]) throws -> ChildResult {
        let environment = ["HOME": scratch.appendingPathComponent("home").path, "PATH": "/usr/bin:/bin",
                           "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        return try ChildProcess.run(try Self.binary(), arguments, environment: environment, scratch: scratch)
    }

    private func layout() throws -> String {
        let text = (0..<60).map { "line \($0): " + ($0 % 20 == 7 ? "disk full" : "ok") }.joined(separator: "\\n")
        let file = scratch.appendingPathComponent("find.json")
        try #"{"id": "f", "title": "F", "tabs": [{"id": "log", "title": "Log", "content": {"text": "\#(text)"}}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func testRenderWalksAFindAndItsNextMatch() throws {
        let path = try layout()
        let first = try runProgram(["render", "--no-persist", "--layout", path, "--size", "60x10", "--keys", "down,f,d,i,s,k,enter"])
        XCTAssertEqual(first.status, 0, first.standardError)
        let lines = first.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines[3].hasPrefix(" line 7: disk full"), first.standardOutput)
        XCTAssertTrue(lines[9].contains("\"disk\" on line 8, 1 of 3"), first.standardOutput)

        let wrapped = try runProgram(["render", "--no-persist", "--layout", path, "--size", "60x10",
                                      "--keys", "down,f,d,i,s,k,enter,n,n,n"])
        XCTAssertTrue(wrapped.standardOutput.contains(" line 7: disk full"), wrapped.standardOutput)
        XCTAssertTrue(wrapped.standardOutput.contains("search wrapped"), wrapped.standardOutput)

        let missing = try runProgram(["render", "--no-persist", "--layout", path, "--size", "60x10", "--keys", "down,f,z,z,enter"])
        XCTAssertTrue(missing.standardOutput.contains("not found: zz"), missing.standardOutput)

        let marked = try runProgram(["render", "--no-persist", "--layout", path, "--size", "60x10", "--ansi",
                                     "--keys", "down,f,d,i,s,k,enter"])
        XCTAssertTrue(marked.standardOutput.contains("\u{1B}[0;7mdisk"), "the match is drawn reversed")
    }

    func testKeysListsTheFindKeys() throws {
        let keys = try runProgram(["keys"])
        XCTAssertEqual(keys.status, 0, keys.standardError)
        for expected in ["  f              find", "  n              find-next", "  N              find-previous", "find mode: find in page"] {
            XCTAssertTrue(keys.standardOutput.contains(expected), "\(expected)\n\(keys.standardOutput)")
        }
    }
}
