import XCTest
@testable import TabNavCore

/// The shortcuts the layout decoder takes for the usual case (docs/benchmark.md, "Loading a large layout") read
/// the same values and report the same problems as the general path.
final class LayoutFastPathTests: XCTestCase {
    private func layout(_ content: String) -> String {
        #"{"id": "x", "title": "X", "tabs": [{"id": "t", "title": "T", "content": \#(content)}]}"#
    }

    func testTextContentReadsAsBefore() throws {
        let cases: [(String, String)] = [
            (#"{"text": "plain"}"#, "plain"),
            (#"{"te\u0078t": "key written with an escape"}"#, "key written with an escape"),
            (#"{"text": "line\none \u00e9"}"#, "line\none é"),
            (#"{"text": ""}"#, ""),
        ]
        for (content, text) in cases {
            let item = try LayoutLoader.parse(text: layout(content), source: "x.json").items[0]
            XCTAssertEqual(item.content, .text(text), content)
            XCTAssertEqual(item.contentOptions, ContentOptions(), content)
        }
    }

    func testTextContentProblemsAreReportedAsBefore() {
        let cases: [(String, String)] = [
            (#"{"text": 5}"#, "tabs[0].content.text: expected a string, found a number"),
            (#"{"text": ["a"]}"#, "tabs[0].content.text: expected a string, found an array"),
            (#"{"txt": "a"}"#, #"tabs[0].content: unknown key "txt""#),
            (#"{"text": "a", "text": "b"}"#, #"tabs[0].content: duplicate key "text""#),
            (#"{"text": "a", "file": "b"}"#, #"tabs[0].content: has both "text" and "file""#),
        ]
        for (content, expected) in cases {
            XCTAssertThrowsError(try LayoutLoader.parse(text: layout(content), source: "x.json"), content) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(content): \(error)")
            }
        }
    }

    /// A command's settings are kept; a content with none keeps none.
    func testSettingsAreKeptOnlyWhenSet() throws {
        let parsed = try LayoutLoader.parse(text: #"""
            {"id": "x", "title": "X", "tabs": [
              {"id": "a", "title": "A", "content": {"command": "ls", "timeout": 3}},
              {"id": "b", "title": "B", "content": {"list": []}},
              {"id": "c", "title": "C"}]}
            """#, source: "x.json")
        XCTAssertEqual(parsed.items[0].contentOptions.timeout, 3)
        XCTAssertEqual(parsed.items[1].contentOptions, ContentOptions())
        XCTAssertEqual(parsed.items[2].contentOptions, ContentOptions())
    }

    func testIsDefaultMatchesComparingWithTheDefaults() {
        var variants: [ContentOptions] = [ContentOptions()]
        func variant(_ change: (inout ContentOptions) -> Void) {
            var options = ContentOptions()
            change(&options)
            variants.append(options)
        }
        variant { $0.timeout = 2 }
        variant { $0.maxBytes = 7 }
        variant { $0.cwd = "/" }
        variant { $0.environment = ["A": "1"] }
        variant { $0.refresh = 1 }
        variant { $0.follow = true }
        variant { $0.maxLines = 3 }
        variant { $0.pty = true }
        for options in variants {
            XCTAssertEqual(options.isDefault, options == ContentOptions(), "\(options)")
            var item = TabItem(id: "t", title: "T")
            item.contentOptions = options
            XCTAssertEqual(item.contentOptions, options)
        }
    }

    /// Every key of every kind of object is found in its slot by the table of keys; other text,
    /// however close, is not.
    func testEveryKeyIsFoundInItsSlot() {
        func check<Key: LayoutKeySet>(_ type: Key.Type) {
            for key in Key.allCases {
                let name = String(describing: key)
                XCTAssertEqual(Key.keys.slot(of: name), key.rawValue, name)
                XCTAssertNil(Key.keys.slot(of: name + "x"), name + "x")
                XCTAssertNil(Key.keys.slot(of: String(name.dropLast())), String(name.dropLast()))
                XCTAssertNil(Key.keys.slot(of: name.uppercased()), name.uppercased())
            }
            XCTAssertNil(Key.keys.slot(of: ""))
            XCTAssertNil(Key.keys.slot(of: "a key far longer than sixteen bytes"))
        }
        check(LayoutSchema.TopKey.self)
        check(LayoutSchema.TabKey.self)
        check(LayoutSchema.SectionKey.self)
        check(LayoutSchema.CustomizationKey.self)
        check(LayoutSchema.ContentKey.self)
        check(LayoutSchema.EntryKey.self)
        check(LayoutSchema.ActionKey.self)
    }
}
