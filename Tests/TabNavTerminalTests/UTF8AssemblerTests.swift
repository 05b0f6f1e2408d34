@testable import TabNavTerminal
import XCTest

/// Bulk-read paste bytes become the characters they encode, also when a read ends mid-character.
final class UTF8AssemblerTests: XCTestCase {
    private func scalars(_ chunks: [[UInt8]]) -> [UInt32] {
        var assembler = UTF8Assembler()
        var result: [UInt32] = []
        for chunk in chunks {
            for byte in chunk { assembler.push(byte) { result.append($0) } }
        }
        if assembler.isPending { result.append(0xFFFD) } // what the screen shows for a cut-off tail
        return result
    }

    func testCharactersSplitBetweenReadsComeOutWhole() {
        let text = "aé日😀"
        let bytes = Array(text.utf8)
        for split in 0...bytes.count {
            XCTAssertEqual(scalars([Array(bytes[..<split]), Array(bytes[split...])]),
                           text.unicodeScalars.map(\.value), "split at \(split)")
        }
    }

    /// Every byte sequence: the scalars are the ones Swift's own UTF-8 decoder finds (which follows
    /// the same rules), so no sequence can smuggle a control character past a paste.
    func testAgreesWithTheStandardDecoderOnEveryShortSequence() {
        let interesting: [UInt8] = [0x00, 0x1B, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9B, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
                                    0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF]
        for a in interesting {
            for b in interesting {
                for c in interesting {
                    let bytes = [a, b, c]
                    let expected = String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
                    XCTAssertEqual(scalars([bytes]), expected, "\(bytes)")
                }
            }
        }
    }

    func testBytesThatAreNotUTF8BecomeReplacementCharacters() {
        XCTAssertEqual(scalars([[0xFF, 0x41]]), [0xFFFD, 0x41])
        XCTAssertEqual(scalars([[0xE6, 0x41]]), [0xFFFD, 0x41], "a cut character then a letter")
        XCTAssertEqual(scalars([[0xC0, 0x80]]), [0xFFFD, 0xFFFD], "overlong forms are refused")
        XCTAssertEqual(scalars([[0xE0, 0x80, 0x9B]]), [0xFFFD, 0xFFFD, 0xFFFD], "an overlong ESC never becomes ESC")
        XCTAssertEqual(scalars([[0xF0, 0x80, 0x80, 0x80]]), [0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD])
        XCTAssertEqual(scalars([[0xED, 0xA0, 0x80]]), [0xFFFD, 0xFFFD, 0xFFFD], "a surrogate is not a character")
        XCTAssertEqual(scalars([[0xF4, 0x90, 0x80, 0x80]]), [0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD], "nothing past U+10FFFF")
        XCTAssertEqual(scalars([[0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF]]), [0xD7FF, 0x10FFFF], "the edges still pass")
    }
}
