import Foundation
import XCTest
@testable import TabNavCore
import TabNavInteraction

/// Layout files' command and file settings (docs/layout-files.md, "Content"): every key read and
/// checked, paths against the layout's folder, and NUL refused.
final class LayoutContentOptionsTests: XCTestCase {
    private func layout(_ content: String) -> String {
        #"{"id": "x", "title": "X", "tabs": [{"id": "t", "title": "T", "content": \#(content)}]}"#
    }

    func testEveryCommandSettingIsRead() throws {
        let parsed = try LayoutLoader.parse(text: layout(#"""
            {"command": "ls", "timeout": 2.5, "maxBytes": 4096, "cwd": "/srv", "env": {"A": "1", "B": "two"},
             "refresh": 5, "pty": true}
            """#), source: "x.json")
        let options = parsed.items[0].contentOptions
        XCTAssertEqual(parsed.items[0].content, .command("ls"))
        XCTAssertEqual(options.timeout, 2.5)
        XCTAssertEqual(options.maxBytes, 4096)
        XCTAssertEqual(options.cwd, "/srv")
        XCTAssertEqual(options.environment, ["A": "1", "B": "two"])
        XCTAssertEqual(options.refresh, 5)
        XCTAssertTrue(options.pty)
        XCTAssertFalse(options.follow)

        let follow = try LayoutLoader.parse(text: layout(#"{"command": "tail -f x", "follow": true, "maxLines": 50}"#), source: "x.json")
        XCTAssertTrue(follow.items[0].contentOptions.follow)
        XCTAssertEqual(follow.items[0].contentOptions.maxLines, 50)
    }

    func testSettingsAreChecked() {
        let cases: [(String, String)] = [
            (#"{"command": "ls", "timeout": "5"}"#, "tabs[0].content.timeout: expected a number, found a string"),
            (#"{"command": "ls", "timeout": 0}"#, "tabs[0].content.timeout: 0 is out of range (0.1 to 86400)"),
            (#"{"command": "ls", "maxBytes": 1.5}"#, "tabs[0].content.maxBytes: expected a whole number, found 1.5"),
            (#"{"command": "ls", "follow": true, "refresh": 2}"#, "tabs[0].content.refresh: a command either follows or refreshes, not both"),
            (#"{"file": "a.txt", "timeout": 2}"#, "tabs[0].content.timeout: \"file\" content does not take \"timeout\""),
            (#"{"text": "a", "follow": true}"#, "tabs[0].content.follow: \"text\" content does not take \"follow\""),
            (#"{"command": "ls", "env": {"A=B": "1"}}"#, "tabs[0].content.env.A=B: not a usable variable name"),
            (#"{"command": "ls", "env": {"A": 1}}"#, "tabs[0].content.env.A: expected a string, found a number"),
            (#"{"file": "a\u0000b"}"#, "tabs[0].content.file: contains a NUL character"),
            (#"{"command": "ls", "cwd": "/tmp\u0000/x"}"#, "tabs[0].content.cwd: contains a NUL character"),
            (#"{"command": "echo \u0000"}"#, "tabs[0].content.command: contains a NUL character"),
        ]
        for (content, expected) in cases {
            XCTAssertThrowsError(try LayoutLoader.parse(text: layout(content), source: "x.json"), content) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(content): \(error)")
            }
        }
    }

    func testPathsResolveAgainstTheLayoutsFolder() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/ops.json"
        try #"""
            {"id": "x", "title": "X", "tabs": [
              {"id": "a", "title": "A", "content": {"file": "logs/app.log"}},
              {"id": "b", "title": "B", "content": {"file": "~/notes.txt"}},
              {"id": "c", "title": "C", "content": {"file": "/etc/hostname"}},
              {"id": "d", "title": "D", "content": {"command": "ls"}},
              {"id": "e", "title": "E", "content": {"command": "ls", "cwd": "sub"}},
              {"section": "s", "title": "S", "actions": [{"id": "go", "title": "Go", "command": "make"}], "tabs": []}]}
            """#.write(toFile: path, atomically: true, encoding: .utf8)
        let canonical = try XCTUnwrap(FileSystem.resolved(folder.path))
        let items = try LayoutLoader.load(path: path).items
        XCTAssertEqual(items[0].content, .file(canonical + "/logs/app.log"))
        XCTAssertEqual(items[1].content, .file("~/notes.txt"), "~ is expanded with the given HOME when read")
        XCTAssertEqual(items[2].content, .file("/etc/hostname"))
        XCTAssertEqual(items[3].contentOptions.cwd, canonical)
        XCTAssertEqual(items[4].contentOptions.cwd, canonical + "/sub")
        XCTAssertEqual(items[5].actions[0].command, "make")
        XCTAssertEqual(items[5].actions[0].commandOptions.cwd, canonical)
        // A command shown for trust says where it runs when that is not the layout's own folder.
        XCTAssertEqual(LayoutSummary.commands(of: items, folder: canonical).map(\.command),
                       ["ls", "(in \(canonical)/sub) ls", "make"])
    }
}

/// What a person trusts is what runs: the trust screen and `check-layout` show a command's
/// environment and folder, and a layout may not take the trust file's name.
final class TrustDisclosureTests: XCTestCase {
    func testCommandsAreShownWithTheirEnvironmentAndFolder() throws {
        let layout = try LayoutLoader.parse(text: """
            {"id": "e", "title": "E", "tabs": [
              {"id": "a", "title": "A", "content": {"command": "ls", "env": {"PATH": "/tmp/x", "A": "1"}, "cwd": "/tmp"}}]}
            """, source: "e.json")
        XCTAssertEqual(LayoutSummary.commands(of: layout.items).map(\.command), ["(in /tmp) A=1 PATH=/tmp/x ls"])
    }

    func testTheTrustFilesNameIsNotALayoutID() {
        XCTAssertThrowsError(try LayoutLoader.parse(text: #"{"id": "trusted", "title": "T", "tabs": [{"id": "a", "title": "A"}]}"#,
                                                   source: "t.json")) { error in
            XCTAssertEqual("\(error)", #"t.json: id: "trusted" is taken: the state folder keeps the trusted layouts in trusted.json"#)
        }
        XCTAssertTrue(StateLocation.file(directory: "/s", layoutID: "trusted").hasSuffix("/trusted-layout.json"))
    }

    func testTrustWaitsUntilEveryCommandLineIsOnScreen() {
        let long = "ls" + String(repeating: "\n", count: 30) + "touch /tmp/evil"
        XCTAssertFalse(CommandPage.trustFits([long], columns: 78, rows: 20, ascii: false))
        XCTAssertTrue(CommandPage.trustFits(["ls"], columns: 78, rows: 20, ascii: false))
    }
}
