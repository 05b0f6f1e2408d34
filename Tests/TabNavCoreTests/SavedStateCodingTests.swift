import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

final class SavedStateCodingTests: XCTestCase {
    static let sample = SavedState(
        customization: Customization(
            tabBar: ["watch", "library", "c1"], hidden: ["zeta", "alpha"],
            sectionOrder: ["collections": ["c2", "c1"], "b-section": ["x"]], collapsed: ["collections"],
            sidebarVisible: true, selected: "library",
            knownIDs: ["watch", "library", "collections", "c1", "c2", "alpha", "zeta", "b-section", "x"]),
        addedTabs: [AddedTab(section: "collections", id: "c3", title: "Road \"Trip\"", icon: "folder")],
        drops: ["c1": ["v7", "v2"]])

    func testEncodedTextIsStable() {
        XCTAssertEqual(SavedStateCoding.encodedText(Self.sample), """
            {
              "version": 1,
              "tabBar": [
                "watch",
                "library",
                "c1"
              ],
              "hidden": [
                "alpha",
                "zeta"
              ],
              "sectionOrder": {
                "b-section": [
                  "x"
                ],
                "collections": [
                  "c2",
                  "c1"
                ]
              },
              "collapsed": [
                "collections"
              ],
              "sidebarVisible": true,
              "selected": "library",
              "knownIDs": [
                "alpha",
                "b-section",
                "c1",
                "c2",
                "collections",
                "library",
                "watch",
                "x",
                "zeta"
              ],
              "addedTabs": [
                {
                  "section": "collections",
                  "id": "c3",
                  "title": "Road \\"Trip\\"",
                  "icon": "folder"
                }
              ],
              "drops": {
                "c1": [
                  "v7",
                  "v2"
                ]
              }
            }

            """)
    }

    func testRoundTrip() throws {
        for state in [Self.sample, SavedState()] {
            let text = SavedStateCoding.encodedText(state)
            XCTAssertEqual(try SavedStateCoding.decode(try JSONParser.parse(text)), state)
        }
        var unset = Self.sample
        unset.customization.sidebarVisible = nil
        unset.customization.selected = nil
        let encoded = SavedStateCoding.encode(unset)
        XCTAssertEqual(encoded["sidebarVisible"], .null)
        XCTAssertEqual(try SavedStateCoding.decode(encoded), unset)
    }

    private func decodeError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try SavedStateCoding.decode(try JSONParser.parse(text))
            XCTFail("decoded", file: file, line: line)
        } catch let error as StateFormatError {
            return error.description
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return ""
    }

    func testStrictWhereItMatters() {
        XCTAssertEqual(decodeError("[]"), "expected an object, found an array")
        XCTAssertEqual(decodeError("{}"), #"missing "version""#)
        XCTAssertEqual(decodeError(#"{"version": 2}"#), "unsupported version 2 (expected 1)")
        XCTAssertEqual(decodeError(#"{"version": "1"}"#), "unsupported version a string (expected 1)")
        XCTAssertEqual(decodeError(#"{"version": 1, "tabBar": "a"}"#), #""tabBar": expected an array of strings"#)
        XCTAssertEqual(decodeError(#"{"version": 1, "hidden": [1]}"#), #""hidden": expected an array of strings"#)
        XCTAssertEqual(decodeError(#"{"version": 1, "knownIDs": {}}"#), #""knownIDs": expected an array of strings"#)
        XCTAssertEqual(
            decodeError(#"{"version": 1, "sectionOrder": {"s": "a"}}"#), #""sectionOrder": expected an object of string arrays"#)
    }

    /// A key this program never writes means the file is not ours: refused, so the store sets it
    /// aside instead of rewriting another program's file.
    func testAnUnknownTopLevelKeyIsRefused() {
        XCTAssertEqual(decodeError(#"{"version": 1, "tabBar": [], "futureField": {"x": 1}}"#),
                       #"unknown key "futureField" (not a tabnav-tui state file)"#)
        XCTAssertEqual(decodeError("{\"version\": 1, \"\\u001b[2J\": 0}"), "unknown key with unusual characters (not a tabnav-tui state file)")
    }

    func testLenientWhereItIsSafe() throws {
        let state = try SavedStateCoding.decode(try JSONParser.parse("""
            {"version": 1, "tabBar": ["a"], "collapsed": "s", "sidebarVisible": "yes", "selected": 3,
             "addedTabs": [{"section": "s", "id": "n", "title": "N"}, {"id": "bad"}, 5],
             "drops": {"a": ["v"], "b": [1]}}
            """))
        XCTAssertEqual(state.customization.tabBar, ["a"])
        XCTAssertEqual(state.customization.collapsed, [])
        XCTAssertNil(state.customization.sidebarVisible)
        XCTAssertNil(state.customization.selected)
        XCTAssertEqual(state.customization.knownIDs, [])
        XCTAssertEqual(state.addedTabs, [AddedTab(section: "s", id: "n", title: "N", icon: "")])
        XCTAssertEqual(state.drops, ["a": ["v"]])
    }
}

/// The library's `Codable` conformance, for programs that store the customization themselves.
final class SavedStateCodableTests: XCTestCase {
    func testSavedStateRoundTripsThroughFoundationJSON() throws {
        let state = SavedState(
            customization: Customization(tabBar: ["a", "b"], hidden: ["c"], sectionOrder: ["s": ["d", "e"]],
                                         collapsed: ["s"], sidebarVisible: true, selected: "a", knownIDs: ["a", "b", "c"]),
            addedTabs: [AddedTab(section: "s", id: "user-x", title: "X", icon: "folder")],
            drops: ["user-x": ["v1"]])
        let data = try JSONEncoder().encode(state)
        XCTAssertEqual(try JSONDecoder().decode(SavedState.self, from: data), state)
    }
}
