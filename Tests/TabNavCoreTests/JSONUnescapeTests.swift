import XCTest
@testable import TabNavCore

/// A checked string's escapes are decoded straight into its `String` (`JSONTape.unescape`): the
/// same text the reader's own decoding gives, for every kind of escape, surrogate pairs too.
final class JSONUnescapeTests: XCTestCase {
    private func viaReader(_ quoted: [UInt8]) -> String? {
        quoted.withUnsafeBufferPointer { input in
            var reader = JSONReader(input: input, maximumDepth: 0)
            return try? reader.readString()
        }
    }

    private func viaUnescape(_ quoted: [UInt8]) -> String {
        quoted.withUnsafeBufferPointer { input in
            let content = UnsafeBufferPointer(rebasing: input[1..<input.count - 1])
            return String(unsafeUninitializedCapacity: content.count) { JSONTape.unescape(content, into: $0) }
        }
    }

    func testEveryEscapeDecodesAsTheReaderDecodesIt() {
        let pieces = ["a", "é", "日", "😀", "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\u0041",
                      "\\u00e9", "\\u65E5", "\\uD83D\\uDE00", "\\u0000", "\\u001f", " "]
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 2, 5, 40, 300] {
            for _ in 0..<40 {
                let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
                let quoted = Array(("\"" + text + "\"").utf8)
                guard let expected = viaReader(quoted) else { return XCTFail("the reader refused \(text)") }
                XCTAssertEqual(viaUnescape(quoted), expected, text)
            }
        }
    }

    /// Through a layout: a title and a text written with escapes load as written.
    func testALayoutsEscapedTextLoadsAsWritten() throws {
        let json = #"{"id": "x", "title": "T\u00e9st \ud83d\ude00", "tabs": [{"id": "t", "title": "A\tB", "content": {"text": "line\none \"q\" \\ /"}}]}"#
        let layout = try LayoutLoader.parse(text: json, source: "test")
        XCTAssertEqual(layout.title, "Tést 😀")
        XCTAssertEqual(layout.items.first?.title, "A\tB")
        XCTAssertEqual(layout.items.first?.content, .text("line\none \"q\" \\ /"))
    }
}
