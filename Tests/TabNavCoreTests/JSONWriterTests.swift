import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

final class JSONWriterTests: XCTestCase {
    func testCompact() {
        let value: JSONValue = ["b": [1, 2.5, -3], "a": ["x": nil, "y": true], "e": [], "o": .object([])]
        XCTAssertEqual(JSONWriter.string(value), #"{"b":[1,2.5,-3],"a":{"x":null,"y":true},"e":[],"o":{}}"#)
    }

    func testPretty() {
        let value: JSONValue = ["version": 1, "tabBar": ["a", "b"], "hidden": [], "map": ["k": ["v"]]]
        XCTAssertEqual(JSONWriter.string(value, style: .pretty), """
            {
              "version": 1,
              "tabBar": [
                "a",
                "b"
              ],
              "hidden": [],
              "map": {
                "k": [
                  "v"
                ]
              }
            }
            """)
    }

    func testNumbers() {
        XCTAssertEqual(JSONWriter.string(3.0), "3")
        XCTAssertEqual(JSONWriter.string(-0.0), "0")
        XCTAssertEqual(JSONWriter.string(0.1), "0.1")
        XCTAssertEqual(JSONWriter.string(1e300), "1e+300")
        XCTAssertEqual(JSONWriter.string(.number(9_007_199_254_740_991)), "9007199254740991")
        XCTAssertEqual(JSONWriter.string(.number(.nan)), "null")
        XCTAssertEqual(JSONWriter.string(.number(.infinity)), "null")
        XCTAssertEqual(try JSONParser.parse(JSONWriter.string(1e300)), 1e300)
        XCTAssertEqual(try JSONParser.parse(JSONWriter.string(1.5e-7)), 1.5e-7)
    }

    func testEscaping() {
        let text = "q\"b\\n\n\r\t\u{8}\u{C}\u{0}\u{1B}\u{7F}\u{85}é😀/"
        XCTAssertEqual(
            JSONWriter.string(.string(text)),
            #""q\"b\\n\n\r\t\b\f\u0000\u001b\u007f\u0085é😀/""#)
    }

    func testRoundTrips() throws {
        let values: [JSONValue] = [
            nil, true, 0, -17, 0.000123, 12_345_678.875, "", "日本 \u{0} \u{1F}",
            [[], [[]], ["a": ["b": [1, "2", nil]]]],
            ["dup": 1, "dup": 2, "": "empty key"],
        ]
        for value in values {
            XCTAssertEqual(try JSONParser.parse(JSONWriter.string(value)), value)
            XCTAssertEqual(try JSONParser.parse(JSONWriter.string(value, style: .pretty)), value)
        }
        let text = #"{"z":[1,2,{"y":"\u0001é"}],"a":false}"#
        XCTAssertEqual(JSONWriter.string(try JSONParser.parse(text)), text, "compact output of compact input is identical")
    }
}
