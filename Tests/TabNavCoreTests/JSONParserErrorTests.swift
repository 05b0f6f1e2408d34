import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// Every syntax error, with its exact message and position.
final class JSONParserErrorTests: XCTestCase {
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        error(Array(text.utf8), file: file, line: line)
    }

    private func error(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let value = try JSONParser.parse(bytes)
            XCTFail("parsed as \(value)", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    func testStructureErrors() {
        XCTAssertEqual(error(""), "line 1, column 1: no JSON value (the input is empty)")
        XCTAssertEqual(error("  \n "), "line 2, column 2: no JSON value (the input is empty)")
        XCTAssertEqual(
            error("{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": [1, 2] \"d\": 3\n}"),
            "line 4, column 15: expected ',' or '}' after an object member")
        XCTAssertEqual(error("[1 2]"), "line 1, column 4: expected ',' or ']' after an array element")
        XCTAssertEqual(error("[1,]"), "line 1, column 4: expected a value after ',' (trailing commas are not allowed)")
        XCTAssertEqual(
            error("{\"a\":1,}"), "line 1, column 8: expected an object key after ',' (trailing commas are not allowed)")
        XCTAssertEqual(error("{a:1}"), "line 1, column 2: expected a string as an object key, found 'a'")
        XCTAssertEqual(error("{\"a\" 1}"), "line 1, column 6: expected ':' after an object key")
        XCTAssertEqual(error("{\"a\":}"), "line 1, column 6: expected a value, found '}'")
        XCTAssertEqual(error("[1"), "line 1, column 3: unexpected end of input (expected ',' or ']' after an array element)")
        XCTAssertEqual(error("{\"a\":1"), "line 1, column 7: unexpected end of input (expected ',' or '}' after an object member)")
        XCTAssertEqual(error("{"), "line 1, column 2: unexpected end of input (expected a string as an object key)")
        XCTAssertEqual(error("[1,"), "line 1, column 4: unexpected end of input (expected a value)")
        XCTAssertEqual(error("{} x"), "line 1, column 4: unexpected 'x' after the JSON value")
        XCTAssertEqual(error("1 2"), "line 1, column 3: unexpected '2' after the JSON value")
        XCTAssertEqual(error("'a'"), "line 1, column 1: expected a value, found '''")
        XCTAssertEqual(error("[\u{1B}]"), "line 1, column 2: expected a value, found character U+001B")
        XCTAssertEqual(error("[é]"), "line 1, column 2: expected a value, found character U+00E9")
        XCTAssertEqual(error([0x5B, 0xFF, 0x5D]), "line 1, column 2: expected a value, found byte 0xFF (not UTF-8)")
    }

    func testLiteralErrors() {
        XCTAssertEqual(error("tru"), "line 1, column 1: invalid literal (expected true, false or null)")
        XCTAssertEqual(error("[nul]"), "line 1, column 2: invalid literal (expected true, false or null)")
        XCTAssertEqual(error("falsey"), "line 1, column 6: unexpected 'y' after the JSON value")
        XCTAssertEqual(error("NaN"), "line 1, column 1: expected a value, found 'N'")
    }

    func testNumberErrors() {
        XCTAssertEqual(error("-"), "line 1, column 2: expected a digit after '-'")
        XCTAssertEqual(error("-x"), "line 1, column 2: expected a digit after '-'")
        XCTAssertEqual(error("012"), "line 1, column 1: numbers cannot have leading zeros")
        XCTAssertEqual(error("[1.]"), "line 1, column 4: expected a digit after the decimal point")
        XCTAssertEqual(error("1e"), "line 1, column 3: expected a digit in the exponent")
        XCTAssertEqual(error("1e+"), "line 1, column 4: expected a digit in the exponent")
        XCTAssertEqual(error("+1"), "line 1, column 1: expected a value, found '+'")
        XCTAssertEqual(error(".5"), "line 1, column 1: expected a value, found '.'")
        XCTAssertEqual(error("[1e400]"), "line 1, column 2: number 1e400 is out of range")
    }

    func testStringErrors() {
        XCTAssertEqual(error("\"abc"), "line 1, column 1: unterminated string (no closing '\"')")
        XCTAssertEqual(error("[\"ab\\"), "line 1, column 6: unexpected end of input in a string")
        XCTAssertEqual(
            error("[\"a\nb\"]"), "line 1, column 4: unescaped control character U+000A in a string (is a closing '\"' missing?)")
        XCTAssertEqual(error("\"a\tb\""), "line 1, column 3: unescaped control character U+0009 in a string")
        XCTAssertEqual(error("\"\\x\""), "line 1, column 2: invalid escape \\x in a string")
        XCTAssertEqual(error("\"\\u12G4\""), "line 1, column 2: invalid \\u escape (expected four hexadecimal digits)")
        XCTAssertEqual(error("\"\\u12\""), "line 1, column 2: invalid \\u escape (expected four hexadecimal digits)")
        XCTAssertEqual(
            error("\"ab\\uD83D\""),
            "line 1, column 4: lone surrogate \\uD83D (a high surrogate must be followed by a low surrogate escape)")
        XCTAssertEqual(
            error("\"\\uD83D\\u0041\""),
            "line 1, column 2: lone surrogate \\uD83D (a high surrogate must be followed by a low surrogate escape)")
        XCTAssertEqual(error("\"\\uDE00\""), "line 1, column 2: lone surrogate \\uDE00 (a low surrogate without a high one)")
    }

    func testInvalidUTF8() {
        let quote: UInt8 = 0x22
        XCTAssertEqual(error([quote, 0x61, 0xFF, quote]), "line 1, column 3: invalid UTF-8 in a string (byte 0xFF)")
        XCTAssertEqual(error([quote, 0xC3, quote]), "line 1, column 2: invalid UTF-8 in a string (byte 0xC3)")
        // Overlong "/" (C0 AF), an encoded surrogate (ED A0 80), above U+10FFFF (F4 90 80 80).
        XCTAssertEqual(error([quote, 0xC0, 0xAF, quote]), "line 1, column 2: invalid UTF-8 in a string (byte 0xC0)")
        XCTAssertEqual(error([quote, 0xED, 0xA0, 0x80, quote]), "line 1, column 2: invalid UTF-8 in a string (byte 0xED)")
        XCTAssertEqual(
            error([quote, 0xF4, 0x90, 0x80, 0x80, quote]), "line 1, column 2: invalid UTF-8 in a string (byte 0xF4)")
        // Also after an escape (the slow path).
        XCTAssertEqual(error([quote, 0x5C, 0x6E, 0xE2, 0x82, quote]), "line 1, column 4: invalid UTF-8 in a string (byte 0xE2)")
        // Truncated at the end of input.
        XCTAssertEqual(error([quote, 0xE2, 0x82]), "line 1, column 2: invalid UTF-8 in a string (byte 0xE2)")
    }

    func testColumnsCountCharactersAndLinesHandleCRLF() {
        XCTAssertEqual(error("[\"日本\", x]"), "line 1, column 8: expected a value, found 'x'")
        XCTAssertEqual(error("[\r\n1,\r\n x]"), "line 3, column 2: expected a value, found 'x'")
        XCTAssertEqual(error("[\r1,\r x]"), "line 3, column 2: expected a value, found 'x'")
        XCTAssertEqual(error([0xEF, 0xBB, 0xBF] + Array("[x]".utf8)), "line 1, column 2: expected a value, found 'x'")
    }

    func testNestingLimit() {
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertEqual(error(deep), "line 1, column 513: arrays and objects nest deeper than 512 levels")
        let deepObjects = String(repeating: "{\"a\":", count: 100_000)
        XCTAssertEqual(error(deepObjects), "line 1, column 2561: arrays and objects nest deeper than 512 levels")
        XCTAssertThrowsError(try JSONParser.parse("[[[1]]]", maximumDepth: 2))
        XCTAssertNoThrow(try JSONParser.parse("[[1]]", maximumDepth: 2))
    }

    func testErrorFields() {
        do {
            _ = try JSONParser.parse("[\n  1,\n  ?\n]")
            XCTFail("parsed")
        } catch {
            XCTAssertEqual(error.line, 3)
            XCTAssertEqual(error.column, 3)
            XCTAssertEqual(error.message, "expected a value, found '?'")
            XCTAssertEqual(error.offset, 9)
        }
    }
}
