import XCTest
@testable import TabNavCore

/// The string scanner checks plain text eight bytes at a time: every byte that ends a plain run
/// (a quote, a backslash, a control character, a non-ASCII byte) must be seen wherever it falls
/// in a long string.
final class JSONStringScanTests: XCTestCase {
    private let length = 24

    /// `"aaa…x…aaa"` with the bytes `x` at `position`.
    private func document(_ x: [UInt8], at position: Int) -> [UInt8] {
        var text = Array(repeating: UInt8(ascii: "a"), count: length)
        text.replaceSubrange(position..<position + 1, with: x)
        return [UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")]
    }

    func testEveryStopByteIsFoundAtEveryPosition() throws {
        for position in 0..<length {
            let prefix = String(repeating: "a", count: position)
            let suffix = String(repeating: "a", count: length - position - 1)

            XCTAssertEqual(try JSONParser.parse(document(Array(#"\n"#.utf8), at: position)), .string(prefix + "\n" + suffix))
            XCTAssertEqual(try JSONParser.parse(document(Array("é".utf8), at: position)), .string(prefix + "é" + suffix))

            for control: UInt8 in [0x00, 0x01, 0x0A, 0x1F] {
                XCTAssertThrowsError(try JSONParser.parse(document([control], at: position))) { error in
                    let error = error as? JSONSyntaxError
                    XCTAssertEqual(error?.offset, position + 1, "control 0x\(control) at \(position)")
                    XCTAssertTrue(error?.message.contains("control character") == true)
                }
            }
            XCTAssertThrowsError(try JSONParser.parse(document([0xFF], at: position))) { error in
                XCTAssertEqual((error as? JSONSyntaxError)?.offset, position + 1, "0xFF at \(position)")
            }
            // A quote ends the string there: what follows is not JSON.
            XCTAssertThrowsError(try JSONParser.parse(document([UInt8(ascii: "\"")], at: position))) { error in
                XCTAssertEqual((error as? JSONSyntaxError)?.offset, position + 2, "quote at \(position)")
            }
        }
        // Bytes just above and below the stops are plain text.
        let plain = Array(" !#$%&'()*+,-./[]^_`{|}~\u{7F}abcdefgh".utf8)
        XCTAssertEqual(try JSONParser.parse([0x22] + plain + [0x22]), .string(String(decoding: plain, as: UTF8.self)))
    }

    func testTheWordTestMatchesTheByteTest() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in
                // Mostly plain bytes, some near the edges of the stop ranges.
                [UInt8.random(in: 0x20...0x7F, using: &generator), UInt8.random(in: 0...0xFF, using: &generator),
                 0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0x9F, 0xA0, 0xA2, 0xDC, 0xFF]
                    .randomElement(using: &generator)!
            }
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            // Exact, byte by byte: the scanner jumps to the first marked byte, so a false alarm
            // would end a run early and a miss would read past a stop.
            var expected: UInt64 = 0
            for (i, byte) in bytes.enumerated() where byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 {
                expected |= 0x80 << (8 * UInt64(i))
            }
            XCTAssertEqual(JSONReader.plainRunStops(word), expected, "\(bytes)")
        }
    }
}

/// A key's bytes packed from two words read at once are the bytes packed one by one.
final class LayoutKeyPackingTests: XCTestCase {
    func testWordsReadAtOnceGiveTheSamePacking() {
        var generator = SystemRandomNumberGenerator()
        var fast = 0
        for _ in 0..<20_000 {
            let buffer = (0..<Int.random(in: 0...48, using: &generator)).map { _ in UInt8.random(in: 0...0xFF, using: &generator) }
            let start = Int.random(in: 0...buffer.count, using: &generator)
            let count = Int.random(in: 0...min(20, buffer.count - start), using: &generator)
            buffer.withUnsafeBufferPointer { buffer in
                let expected = JSONKeyCodes.Packed(UnsafeBufferPointer(rebasing: buffer[start..<start + count]))
                XCTAssertEqual(JSONKeyCodes.Packed(buffer, start: start, count: count), expected, "\(start) \(count) of \(buffer.count)")
                if start + 16 <= buffer.count, count <= 16 { fast += 1 }
            }
        }
        XCTAssertGreaterThan(fast, 2_000)
    }
}
