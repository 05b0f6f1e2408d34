import TestSupport
import XCTest
@testable import TabNavCore

/// A layout file is decoded straight into the hierarchy, its rules checked while it is read:
/// the result and the messages must be those of decoding first and validating afterwards.
final class LayoutSinglePassTests: XCTestCase {
    private func message(_ text: String) -> String? {
        do {
            _ = try LayoutLoader.parse(text: text, source: "bad.json")
            return nil
        } catch {
            return error.message
        }
    }

    private func layout(_ tabs: String) -> String {
        #"{"id": "t", "title": "T", "tabs": [\#(tabs)]}"#
    }

    func testASchemaProblemLaterInTheFileWinsOverAHierarchyProblemBeforeIt() {
        // The duplicate id comes first, but the file is not even well-formed further on.
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A"}, {"id": "a", "title": "B"}, {"id": "c", "title": "C", "placement": "pined"}"#)),
            #"tabs[2].placement: unknown value "pined" (expected fixed, default, movable, optional, pinned, sidebarOnly)"#)
        XCTAssertEqual(
            message(layout(#"{"id": "a", "title": "A"}, {"id": "a", "title": "B"}"#)),
            #"tabs[1].id: duplicate id "a" (first used at tabs[0])"#)
    }

    func testTheFirstHierarchyProblemInDeclaredOrderIsReported() {
        let text = layout(#"""
            {"section": "s", "title": "S", "tabs": [{"id": "x", "title": "X", "placement": "fixed"}]},
            {"id": "x", "title": "Again"}
            """#)
        XCTAssertEqual(message(text), "tabs[0].tabs[0].placement: a fixed tab cannot be inside a section")
        // A duplicate inside a section names its first use through the section.
        let duplicate = layout(#"""
            {"id": "top", "title": "Top"},
            {"section": "s", "title": "S", "tabs": [{"id": "x", "title": "X"}, {"section": "t", "title": "T", "tabs": [{"id": "x", "title": "Y"}]}]}
            """#)
        XCTAssertEqual(message(duplicate), #"tabs[1].tabs[1].tabs[0].id: duplicate id "x" (first used at tabs[1].tabs[0])"#)
    }

    func testTheTableMatchesTheOneBuiltFromTheNestedLayout() throws {
        let text = layout(#"""
            {"id": "home", "title": "Home", "placement": "fixed"},
            {"section": "s", "title": "S", "tabs": [{"id": "a", "title": "A"}, {"section": "t", "title": "T", "tabs": [{"id": "b", "title": "B"}]}]},
            {"id": "c", "title": "C", "content": {"list": [{"id": "e", "title": "E"}]}},
            {"id": "search", "role": "search"}
            """#)
        let tape = try JSONParser.tape(Array(text.utf8))
        let hierarchy = try tape.withView { view in
            var decoder = LayoutDecoder(document: LayoutDocument(tape: view, source: "x"))
            return Result { () throws(LayoutError) in try decoder.decodeHierarchy() }
        }.get()
        let rebuilt = try TabHierarchy(hierarchy.layout)
        XCTAssertEqual(hierarchy.allIDs, ["home", "s", "a", "t", "b", "c", "search"])
        XCTAssertEqual(hierarchy.allIDs, rebuilt.allIDs)
        XCTAssertEqual(hierarchy.roots, rebuilt.roots)
        for (mine, theirs) in zip(hierarchy.nodes, rebuilt.nodes) {
            XCTAssertEqual(mine.item, theirs.item)
            XCTAssertEqual(mine.parent, theirs.parent)
            XCTAssertEqual(mine.children, theirs.children)
            XCTAssertEqual(mine.depth, theirs.depth)
        }
        for id in hierarchy.allIDs { XCTAssertEqual(hierarchy.index(of: id), rebuilt.index(of: id), id) }
    }

    func testOnlyAFileWithCommandsIsFingerprinted() throws {
        let folder = try TemporaryFolder()
        let plain = folder.path + "/plain.json"
        try layout(#"{"id": "a", "title": "A", "content": {"text": "hi"}}"#).write(toFile: plain, atomically: false, encoding: .utf8)
        XCTAssertNil(try LayoutLoader.loadFile(path: plain).fingerprint)
        let commands = folder.path + "/commands.json"
        try layout(#"{"id": "a", "title": "A", "content": {"command": "date"}}"#).write(toFile: commands, atomically: false, encoding: .utf8)
        XCTAssertEqual(try LayoutLoader.loadFile(path: commands).fingerprint?.sha256.count, 64)
        let action = folder.path + "/action.json"
        try layout(#"{"section": "s", "title": "S", "actions": [{"id": "r", "title": "R", "command": "date"}]}"#)
            .write(toFile: action, atomically: false, encoding: .utf8)
        XCTAssertNotNil(try LayoutLoader.loadFile(path: action).fingerprint)
    }

    func testTheCommandsNotedWhileDecodingAreEveryCommandInTableOrder() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/mixed.json"
        try layout(#"""
            {"id": "a", "title": "A", "content": {"command": "date"}},
            {"section": "s", "title": "S", "actions": [{"id": "r", "title": "R", "command": "uptime", "cwd": "/tmp"}, {"id": "n", "title": "N"}],
             "tabs": [{"id": "b", "title": "B", "content": {"text": "no"}}, {"id": "c", "title": "C", "content": {"command": "ls", "env": {"X": "1"}}}]},
            {"id": "d", "title": "D"}
            """#).write(toFile: path, atomically: false, encoding: .utf8)
        let loaded = try LayoutLoader.loadFile(path: path)
        XCTAssertEqual(loaded.commands, LayoutSummary.commands(in: loaded.hierarchy, folder: LayoutLoader.folder(of: path)))
        XCTAssertEqual(loaded.commands.count, 3)
        XCTAssertTrue(loaded.commands[1].contains("uptime"), loaded.commands[1])
        XCTAssertTrue(loaded.commands[2].contains("X=1"), loaded.commands[2])
    }

    func testTapePathsAndEscapedKeys() throws {
        let parsed = try JSONParser.tape(Array(#"{"a": [1, {"b\u0063": "x\n"}], "d": null}"#.utf8))
        parsed.withView { tape in check(tape) }
    }

    private func check(_ tape: JSONTape.View) {
        let document = LayoutDocument(tape: tape, source: "x")
        // Tokens: 0 object, 1 "a", 2 array, 3 number, 4 object, 5 "bc", 6 "x\n", 7 "d", 8 null.
        XCTAssertEqual(document.path(of: 6), "a[1].bc")
        XCTAssertEqual(document.path(of: 8), "d")
        XCTAssertEqual(document.path(of: 0), "")
        XCTAssertTrue(tape.string(5, equals: "bc"))
        XCTAssertEqual(tape.string(6), "x\n")
        XCTAssertEqual(tape.count(2), 2)
        XCTAssertEqual(tape.next(2), 7)
    }

    /// A JSON path is worked out by walking the tape from the root (past every tab before the one
    /// it names), so only for a message: worked out for every file, command and cwd, it made a
    /// layout of 30,000 file tabs take 5 s to load instead of a tenth of one.
    func testALayoutWithoutAProblemWorksOutNoPath() throws {
        let text = layout(#"""
            {"id": "f", "title": "F", "content": {"file": "notes.txt"}},
            {"id": "c", "title": "C", "content": {"command": "ls", "cwd": "/tmp"}},
            {"section": "s", "title": "S", "actions": [{"id": "a", "title": "A", "command": "make"}],
             "tabs": [{"id": "g", "title": "G", "content": {"file": "x"}}]}
            """#)
        let tape = try JSONParser.tape(Array(text.utf8))
        let worked = try tape.withView { view in
            let document = LayoutDocument(tape: view, source: "x")
            var decoder = LayoutDecoder(document: document)
            return Result { () throws(LayoutError) in
                _ = try decoder.decodeHierarchy()
                return document.pathsWorkedOut
            }
        }.get()
        XCTAssertEqual(worked, 0)
        // A NUL is still reported at its place.
        XCTAssertEqual(
            message(layout(#"{"id": "x", "title": "X"}, {"id": "c", "title": "C", "content": {"command": "ls", "cwd": "/t\u0000"}}"#)),
            "tabs[1].content.cwd: contains a NUL character")
        XCTAssertEqual(
            message(layout(#"{"section": "s", "title": "S", "actions": [{"id": "a", "title": "A", "command": "m\u0000"}]}"#)),
            "tabs[0].actions[0].command: contains a NUL character")
    }
}
