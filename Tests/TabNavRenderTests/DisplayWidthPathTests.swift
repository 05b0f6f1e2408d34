import TestSupport
import XCTest
@testable import TabNavDrawing

/// `DisplayWidth.of` reads a string's UTF-8 bytes itself; it must measure exactly what stepping
/// through the string's scalars measures.
final class DisplayWidthPathTests: XCTestCase {
    private func assertAgree(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for ascii in [false, true] {
            let bytes = Array(text.utf8)
            let fromBytes = bytes.withUnsafeBufferPointer { DisplayWidth.of(utf8: $0, ascii: ascii) }
            let fromScalars = DisplayWidth.of(scalars: text.unicodeScalars, ascii: ascii)
            XCTAssertEqual(fromBytes, fromScalars, "\(text.unicodeScalars.map(\.value)) ascii \(ascii)", file: file, line: line)
            XCTAssertEqual(DisplayWidth.of(text, ascii: ascii), fromScalars, file: file, line: line)
        }
    }

    func testEveryLengthOfCharacterAgrees() {
        for text in ["", "plain", "Café", "▶ Play", "日本語", "e\u{301}", "\u{301}x", "👍🏽 ok", "a\u{FE0F}b", "\u{1F600}",
                     "\u{7F}\u{1B}\u{9B}", "\u{200B}zero", "\u{10FFFF}", "ß∂ƒ©˙∆˚¬", "한국어", "\u{E0100}x"] {
            assertAgree(text)
        }
    }

    func testRandomHostileTextAgrees() {
        var generator = SplitMix64(seed: 4242)
        for _ in 0..<5000 {
            assertAgree(HostileText.string(length: Int.random(in: 0...16, using: &generator), using: &generator))
        }
    }
}
