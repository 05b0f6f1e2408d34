import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

final class JSONParserTests: XCTestCase {
    func testScalars() throws {
        XCTAssertEqual(try JSONParser.parse("null"), .null)
        XCTAssertEqual(try JSONParser.parse("true"), .bool(true))
        XCTAssertEqual(try JSONParser.parse(" false\n"), .bool(false))
        XCTAssertEqual(try JSONParser.parse("\"hi\""), .string("hi"))
        XCTAssertEqual(try JSONParser.parse("0"), .number(0))
        XCTAssertEqual(try JSONParser.parse("-12"), .number(-12))
        XCTAssertEqual(try JSONParser.parse("3.25"), .number(3.25))
        XCTAssertEqual(try JSONParser.parse("-0.5e2"), .number(-50))
        XCTAssertEqual(try JSONParser.parse("1E+3"), .number(1000))
        XCTAssertEqual(try JSONParser.parse("25e-1"), .number(2.5))
        XCTAssertEqual(try JSONParser.parse("9007199254740993"), .number(9_007_199_254_740_992))
        XCTAssertEqual(try JSONParser.parse("123456789012345"), .number(123_456_789_012_345))
        XCTAssertEqual(try JSONParser.parse("1e-400"), .number(0))
    }

    func testNegativeZeroKeepsItsSign() throws {
        let value = try JSONParser.parse("-0")
        XCTAssertEqual(value.doubleValue?.sign, .minus)
    }

    func testContainersKeepOrder() throws {
        let value = try JSONParser.parse(#"{"b": [1, {"c": null}], "a": {}, "z": [], "b": 2}"#)
        guard case .object(let members) = value else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["b", "a", "z", "b"])
        XCTAssertEqual(value["b"], [1, ["c": nil]], "look-up finds the first of duplicate keys")
        XCTAssertEqual(value["a"], .object([]))
        XCTAssertEqual(value["z"], .array([]))
    }

    func testObjectEqualityIsOrderSensitive() {
        let ab: JSONValue = ["a": 1, "b": 2]
        let ba: JSONValue = ["b": 2, "a": 1]
        XCTAssertNotEqual(ab, ba)
        XCTAssertEqual(ab, ["a": 1, "b": 2])
        XCTAssertNotEqual(ab, ["a": 1, "b": 3])
        XCTAssertNotEqual(JSONValue.number(1), JSONValue.string("1"))
    }

    func testEscapes() throws {
        let value = try JSONParser.parse(#""a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\u4e2d\ud83d\ude00\u0000""#)
        XCTAssertEqual(value, .string("a\"b\\c/d\u{8}\u{C}\n\r\tAé中😀\u{0}"))
    }

    func testRawUTF8InStrings() throws {
        XCTAssertEqual(try JSONParser.parse("\"日本 😀 é\""), .string("日本 😀 é"))
        XCTAssertEqual(try JSONParser.parse("[\"é\\n\"]"), .array([.string("é\n")]))
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), [1])
    }

    func testDepthUpToTheLimitIsAccepted() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONParser.parse(text)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            guard let first = elements.first else { break }
            value = first
        }
        XCTAssertEqual(depth, 512)
    }

    func testAccessors() throws {
        let value = try JSONParser.parse(#"{"n": 2, "f": 2.5, "s": "x", "b": true, "a": [1], "o": {"k": null}}"#)
        XCTAssertEqual(value["n"]?.intValue, 2)
        XCTAssertNil(value["f"]?.intValue)
        XCTAssertEqual(value["f"]?.doubleValue, 2.5)
        XCTAssertEqual(value["s"]?.stringValue, "x")
        XCTAssertEqual(value["b"]?.boolValue, true)
        XCTAssertEqual(value["a"]?[0], 1)
        XCTAssertNil(value["a"]?[1])
        XCTAssertEqual(value["o"]?["k"]?.isNull, true)
        XCTAssertNil(value["missing"])
        XCTAssertNil(value["s"]?.boolValue)
        XCTAssertEqual(value["o"]?.typeDescription, "an object")
        XCTAssertEqual(JSONValue.number(1e300).intValue, nil)
    }
}
