import Foundation
import TestSupport
import XCTest
@testable import TabNavInteraction

/// Content text split into display lines (`TextLines`): lines end at a line feed, with a carriage
/// return before it (CRLF), tabs expand to the next multiple of 8, everything else stays.
final class TextLinesTests: XCTestCase {
    func testLinesEndAtLineFeedsWithOrWithoutACarriageReturn() {
        XCTAssertEqual(TextLines.split("one\r\ntwo\r\nthree\r\n"), ["one", "two", "three"])
        XCTAssertEqual(TextLines.split("one\ntwo\r\nthree"), ["one", "two", "three"])
        XCTAssertEqual(TextLines.split("a\n\nb"), ["a", "", "b"])
        XCTAssertEqual(TextLines.split("a\n\n"), ["a", ""], "only the final line feed makes no line")
        XCTAssertEqual(TextLines.split(""), [""])
        XCTAssertEqual(TextLines.split("\n"), [""])
        XCTAssertEqual(TextLines.split("a\rb\r"), ["a\rb"], "a carriage return elsewhere stays, for a visible stand-in")
    }

    func testTabsExpandByCharactersAndTextStaysAsItIs() {
        XCTAssertEqual(TextLines.split("a\tb"), ["a       b"])
        XCTAssertEqual(TextLines.split("\tfour\u{301}x\r\n12345678\tz"), ["        four\u{301}x", "12345678        z"])
        XCTAssertEqual(TextLines.split("e\u{301}\u{301}\t|"), ["e\u{301}\u{301}       |"], "a character with marks is one column")
        XCTAssertEqual(TextLines.split("😀 漢字\n\u{0}"), ["😀 漢字", "\u{0}"])
    }

    /// Random text of line feeds, carriage returns, tabs, marks and wide characters: the lines are
    /// those of a plain walk over the text's scalars.
    func testRandomTextSplitsAsAPlainScalarWalk() {
        let pieces = ["a", "é", "e\u{301}", "\u{301}", "\r", "\n", "\r\n", "\t", "漢", "😀", " ", "\u{7}", "\n\r"]
        var random = SplitMix64(seed: 0x7E47_11E5)
        for _ in 0..<3_000 {
            let text = (0..<random.int(in: 0...14)).map { _ in random.pick(pieces) }.joined()
            XCTAssertEqual(TextLines.split(text), Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    static func reference(_ text: String) -> [String] {
        var lines: [[Unicode.Scalar]] = [[]]
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if lines[lines.count - 1].last == "\r" { lines[lines.count - 1].removeLast() }
                lines.append([])
            } else {
                lines[lines.count - 1].append(scalar)
            }
        }
        if lines.last?.last == "\r" { lines[lines.count - 1].removeLast() }
        var strings = lines.map { scalars in
            var line = String(String.UnicodeScalarView(scalars))
            guard line.unicodeScalars.contains("\t") else { return line }
            var out = "", column = 0
            for c in line {
                let width = c == "\t" ? 8 - column % 8 : 1
                out += c == "\t" ? String(repeating: " ", count: width) : String(c)
                column += width
            }
            line = out
            return line
        }
        if strings.count > 1, strings.last == "" { strings.removeLast() }
        return strings
    }
}

/// `TextLines` makes each line when it is asked for, from the text and where every 16th line
/// begins: the same lines as splitting the whole text, at a fraction of the memory.
final class TextLinesStoreTests: XCTestCase {
    /// The lines as a list of strings made at once (what `TextLines` replaced).
    private func reference(_ text: String) -> [String] {
        // By bytes: as `Character`s, "\r\n" is one and would not split at its "\n".
        var lines = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map { bytes -> String in
            let line = String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes, as: UTF8.self)
            return line.contains("\t") ? TextLines.expandTabs(Substring(line)) : line
        }
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        return lines
    }

    func testEveryLineAndTheWidestMatchSplittingTheWholeText() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "bc", " ", "\n", "\r", "\r\n", "\t", "é", "\n\n"]
        for length in [0, 1, 2, 15, 16, 17, 33, 200, 1000] {
            for _ in 0..<20 {
                let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
                let lines = TextLines(text: text)
                let expected = reference(text)
                XCTAssertEqual(Array(lines), expected, "\(text.debugDescription)")
                XCTAssertEqual(lines.count, expected.count)
                XCTAssertEqual(lines.widest, expected.map(\.utf8.count).max() ?? 0, "\(text.debugDescription)")
                if !expected.isEmpty {
                    let index = Int.random(in: 0..<expected.count, using: &generator)
                    XCTAssertEqual(lines[index], expected[index], "line \(index) of \(text.debugDescription)")
                }
            }
        }
    }

    /// 6 MB of line feeds is 6 million lines: as strings in a list they took 16 bytes each
    /// (96 MB); now the text's own bytes and a number every 16th line.
    func testMillionsOfEmptyLinesCostLessThanTheTextItself() {
        var text = String(repeating: "\n", count: 6_000_000)
        text.makeContiguousUTF8()
        let before = Self.allocated()
        let lines = TextLines(text: text)
        let grown = Self.allocated() - before
        XCTAssertEqual(lines.count, 6_000_000)
        XCTAssertEqual(lines[5_999_999], "")
        XCTAssertLessThan(grown, 12_000_000, "the lines of a 6 MB text took \(grown) bytes more")
        withExtendedLifetime(lines) {}
    }

    /// Resident bytes now (`/proc/self/statm`'s second field, in pages).
    private static func allocated() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
