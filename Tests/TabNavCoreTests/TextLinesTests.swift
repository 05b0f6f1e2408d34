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
