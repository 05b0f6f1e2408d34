import XCTest
@testable import TabNavCore

/// `JSONTapeStream`'s promises to its reader, asked of the stream itself.
final class JSONTapeStreamTests: XCTestCase {
    /// Megabytes of values the parser publishes as it goes, then a syntax error at the very end.
    private static let longThenBroken = Array(("[" + String(repeating: "[1,2],", count: 1 << 17) + "x]").utf8)

    func testFinishGivesTheParsersErrorWhenCalledWhileTheParserStillRuns() throws {
        let expected: JSONSyntaxError
        do {
            _ = try JSONParser.tape(Self.longThenBroken)
            return XCTFail("the text is broken")
        } catch {
            expected = error
        }
        // Called right after the start, `finish()` finds the parser at work (most of a megabyte
        // is still ahead of it); whenever it is called, it must wait for the end and give the error.
        for attempt in 0..<2 {
            let error: JSONSyntaxError?? = Self.longThenBroken.withUnsafeBufferPointer { buffer in
                guard let stream = JSONTapeStream(input: buffer) else { return nil }
                return .some(stream.finish())
            }
            let answer = try XCTUnwrap(error, "the room for the tokens was reserved")
            XCTAssertEqual(answer?.description, expected.description, "attempt \(attempt)")
            XCTAssertEqual(answer?.line, expected.line, "attempt \(attempt)")
            XCTAssertEqual(answer?.column, expected.column, "attempt \(attempt)")
        }
    }

    func testAReaderThatStopsEarlyStillLearnsOfTheErrorAfterward() throws {
        let answer: JSONSyntaxError?? = Self.longThenBroken.withUnsafeBufferPointer { buffer in
            guard let stream = JSONTapeStream(input: buffer) else { return nil }
            // The reader looks at the first element only, as a decoder that met a problem there
            // would, then asks for the outcome.
            XCTAssertTrue(stream.waitForChild(1, of: 0))
            return .some(stream.finish())
        }
        let error = try XCTUnwrap(answer, "the room for the tokens was reserved")
        XCTAssertNotNil(error, "the parser failed at the end of the text")
    }

    /// A token's kind is read as one byte at a fixed place (a container's end is written
    /// meanwhile by the parser): that place must be where the kind is.
    func testTheKindIsReadWhereTheTokenKeepsIt() throws {
        XCTAssertEqual(MemoryLayout<JSONTape.Token>.offset(of: \JSONTape.Token.kind), JSONTape.View.kindOffset)
        let tape = try JSONParser.tape(Array(#"{"a": [1, "x", true, false, null, {}]}"#.utf8))
        let kinds = tape.withView { view in (0..<view.tokens.count).map { view.kind($0) } }
        XCTAssertEqual(kinds, [.object, .string, .array, .number, .string, .true, .false, .null, .object])
    }
}
