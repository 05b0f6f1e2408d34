import TestSupport
import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// Random and mutated inputs: the parser must return a value or an error, never crash or hang,
/// and every error must point inside (or just past the end of) the input.
final class JSONFuzzTests: XCTestCase {
    private func check(_ bytes: [UInt8], seed: Int, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        do {
            let value = try JSONParser.parse(bytes)
            // Whatever parses must survive a write and a re-parse unchanged.
            let again = try JSONParser.parse(JSONWriter.bytes(value))
            XCTAssertEqual(again, value, "seed \(seed)", file: file, line: line)
            return true
        } catch {
            let lines = bytes.reduce(1) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
            XCTAssertTrue(error.line >= 1 && error.line <= lines, "seed \(seed): \(error)", file: file, line: line)
            XCTAssertTrue(error.column >= 1 && error.offset <= bytes.count, "seed \(seed): \(error)", file: file, line: line)
            XCTAssertFalse(error.message.isEmpty)
            return false
        }
    }

    func testRandomBytesNeverCrash() {
        var generator = SplitMix64(state: 20_261_130)
        var parsed = 0
        for seed in 0..<FuzzSettings.steps(4000) {
            let count = Int.random(in: 0...64, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if check(bytes, seed: seed) { parsed += 1 }
        }
        XCTAssertLessThan(parsed, FuzzSettings.steps(4000), "random bytes are almost never JSON")
    }

    func testRandomJSONAlphabetNeverCrashes() {
        // Bytes drawn from JSON's own characters reach far deeper into the parser than noise.
        let alphabet = Array("{}[],:\"\\ \n\t0123456789-+.eEtrufalsn\\u00dDe8é😀".utf8) + [0x00, 0xFF, 0xC3, 0xED]
        var generator = SplitMix64(state: 7)
        var parsed = 0
        for seed in 0..<FuzzSettings.steps(6000) {
            let count = Int.random(in: 1...48, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            if check(bytes, seed: seed) { parsed += 1 }
        }
        XCTAssertGreaterThan(parsed, 0, "some short inputs should parse (\"0\", \"[]\" …)")
    }

    func testMutatedDocumentsNeverCrash() {
        let document = Array(#"{"id": "ops", "tabs": [{"id": "a\u00e9", "n": -1.5e3, "ok": [true, false, null]}]}"#.utf8)
        var generator = SplitMix64(state: 99)
        var failures = 0
        for seed in 0..<FuzzSettings.steps(4000) {
            let bytes = FuzzSettings.mutate(document, using: &generator)
            if !check(bytes, seed: seed) { failures += 1 }
        }
        XCTAssertGreaterThan(failures, FuzzSettings.steps(4000) / 4, "most mutations should break the document")
    }
}
