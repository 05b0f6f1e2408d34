import XCTest
import TabNavCore
@testable import TabNavInteraction

/// A followed page keeps its last `maxLines` lines and no more than `maxBytes` of text
/// (docs/layout-files.md, "Content"): with only the count, 10,000 lines of 64 KB were 640 MB.
final class OutputLinesByteLimitTests: XCTestCase {
    func testTheOldestLinesGoPastTheByteLimit() {
        var lines = OutputLines(maxLines: 10_000_000, maxBytes: 1_000)
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 99) + [0x0A]
        for _ in 0..<50 { lines.append(line, stderr: false) }
        XCTAssertEqual(lines.count, 10, "ten lines of 99 bytes fit in 1,000")
        XCTAssertEqual(lines.keptBytes, 990)
        XCTAssertEqual(lines.dropped, 40)
    }

    func testBothLimitsHoldAndTheLastLineStaysWhateverItsSize() {
        var lines = OutputLines(maxLines: 3, maxBytes: 1_000)
        lines.append(Array("a\nb\nc\nd\n".utf8), stderr: false)
        XCTAssertEqual((0..<lines.count).map { lines[$0].spans.map(\.text).joined() }, ["b", "c", "d"], "the count still holds")
        lines.append([UInt8](repeating: UInt8(ascii: "y"), count: 5_000) + [0x0A], stderr: false)
        XCTAssertEqual(lines.count, 1, "one line larger than the limit is kept alone")
        XCTAssertEqual(lines.keptBytes, 5_000)
        lines.skip(lines: 0)
        XCTAssertEqual(lines.keptBytes, 0)
    }

    func testAPageThatIsNotFollowedHasNoByteLimit() {
        var lines = OutputLines(maxLines: Int.max)
        for _ in 0..<100 { lines.append([UInt8](repeating: 0x41, count: 1_000) + [0x0A], stderr: false) }
        XCTAssertEqual(lines.count, 100)
        XCTAssertEqual(lines.keptBytes, 100_000)
    }
}
