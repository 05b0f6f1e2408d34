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

    func testBytesThatAreNotUTF8BecomeReplacementCharacters() {
        XCTAssertEqual(scalars([[0xFF, 0x41]]), [0xFFFD, 0x41])
        XCTAssertEqual(scalars([[0xE6, 0x41]]), [0xFFFD, 0x41], "a cut character then a letter")
        XCTAssertEqual(scalars([[0xC0, 0x80]]), [0xFFFD, 0xFFFD], "overlong forms are refused")
        XCTAssertEqual(scalars([[0xED, 0xA0, 0x80]]), [0xFFFD], "a surrogate is not a character")
    }
}
