import Foundation
import XCTest
@testable import TabNavCore
import TabNavInteraction
import TabNavSystem

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
            (#"{"command": "ls", "env": {"A=B": "1"}}"#,
             #"tabs[0].content.env: "A=B" is not a variable name (a letter or _, then letters, digits and _)"#),
            // Not POSIX names (before, a space or an escape passed and the trust screen showed them raw).
            (#"{"command": "ls", "env": {"MY VAR": "1"}}"#, #"tabs[0].content.env: "MY VAR" is not a variable name"#),
            (#"{"command": "ls", "env": {"\u001b[2J": "1"}}"#, #"tabs[0].content.env: "\u001b[2J" is not a variable name"#),
            (#"{"command": "ls", "env": {"1A": "1"}}"#, #"tabs[0].content.env: "1A" is not a variable name"#),
            (#"{"command": "ls", "env": {"": "1"}}"#, #"tabs[0].content.env: "" is not a variable name"#),
            (#"{"command": "ls", "env": {"A\u200bB": "1"}}"#, #"tabs[0].content.env: "A<U+200B>B" is not a variable name"#),
            (#"{"command": "ls", "env": {"Ä": "1"}}"#, #"tabs[0].content.env: "Ä" is not a variable name"#),
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

    /// The attack of the review: an `env` value or a folder that reads as part of the command.
    /// Before, `MSG=hi echo hello world; # touch PWNED` made the harmful command look commented out.
    func testValuesAndFoldersAreShellQuoted() throws {
        let layout = try LayoutLoader.parse(text: #"""
            {"id": "e", "title": "T", "tabs": [
              {"id": "a", "title": "Build", "content": {"command": "touch PWNED", "env": {"MSG": "hi echo hello world; #"}}},
              {"id": "b", "title": "Two", "content": {"command": "touch PWNED", "cwd": "/tmp/x) echo hello world #"}},
              {"id": "c", "title": "Three", "content": {"command": "ls", "env": {"Q": "it's", "E": "", "P": "/usr/bin:/bin"}, "cwd": "~/my dir"}}]}
            """#, source: "e.json")
        XCTAssertEqual(LayoutSummary.commands(of: layout.items).map(\.command), [
            "MSG='hi echo hello world; #' touch PWNED",
            "(in '/tmp/x) echo hello world #') touch PWNED",
            #"(in ~/'my dir') E='' P=/usr/bin:/bin Q='it'\''s' ls"#,
        ])
    }

    /// Combining marks stacked on one character past two are written out: thirty-three of them
    /// after `safe` hid the rest of the line on the trust screen (the renderer ends a text at a
    /// long run of zero-width characters), and `t` ran it.
    func testStackedMarksAreWrittenOut() {
        let marks = String(repeating: "\u{301}", count: 33)
        let shown = LayoutSummary.shown("echo safe" + marks + "; touch PWN", ContentOptions(), folder: nil)
        XCTAssertEqual(shown, "echo safe\u{301}\u{301}" + String(repeating: "<U+0301>", count: 31) + "; touch PWN")
        // Two on one letter, as Vietnamese writes them, stay as they are; so do one per letter.
        XCTAssertEqual(ShownText.revealed("Vi\u{302}\u{323}t e\u{301}e\u{301}"), "Vi\u{302}\u{323}t e\u{301}e\u{301}")
        XCTAssertEqual(ShownText.revealed("a\u{301}\u{302}\u{303}b\u{301}"), "a\u{301}\u{302}<U+0303>b\u{301}")
        // In a value, and in what standard error is given.
        var options = ContentOptions()
        options.environment["NOTE"] = "e" + marks
        XCTAssertTrue(LayoutSummary.shown("true", options, folder: nil).hasSuffix("<U+0301>' true"))
        XCTAssertEqual(ShownText.escapedForTerminal("x\u{301}\u{301}\u{301}\u{1b}"), "x\u{301}\u{301}<U+0301>\\e")
        // Hangul vowels and final consonants take no column either (a syllable has two of them);
        // mixed with accents they are one run.
        XCTAssertEqual(ShownText.revealed("\u{1100}\u{1161}\u{11A8}"), "\u{1100}\u{1161}\u{11A8}")
        XCTAssertEqual(ShownText.revealed("safe" + String(repeating: "\u{1161}", count: 3)), "safe\u{1161}\u{1161}<U+1161>")
        XCTAssertEqual(ShownText.revealed("e\u{301}\u{1161}\u{301}x"), "e\u{301}\u{1161}<U+0301>x")
        // A variation selector is hidden, however many marks it follows.
        XCTAssertEqual(ShownText.revealed("a\u{FE0F}"), "a<U+FE0F>")
        // Skin-tone modifiers (dropped by the renderer after an emoji) and a spacing mark that
        // wcwidth gives no column count too, alone and mixed with accents.
        XCTAssertEqual(ShownText.revealed("\u{1F44D}" + String(repeating: "\u{1F3FB}", count: 3) + "x"),
                       "\u{1F44D}\u{1F3FB}\u{1F3FB}<U+1F3FB>x")
        XCTAssertEqual(ShownText.revealed("\u{1F44D}\u{1F3FB}\u{301}\u{301}"), "\u{1F44D}\u{1F3FB}\u{301}<U+0301>")
        if SystemWidth.isAvailable {
            XCTAssertEqual(ShownText.revealed("a" + String(repeating: "\u{1171E}", count: 3)), "a\u{1171E}\u{1171E}<U+1171E>")
        }
    }

    /// Every invisible or direction-changing character is written out, never dropped: before,
    /// `./\u200bbuild.sh` showed as `./build.sh` and `t` ran the hidden twin.
    func testInvisibleCharactersAreWrittenOut() throws {
        let hidden: [UInt32] = [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x180E,
                                0xFE00, 0xFE0F, 0xE0100, 0xE01EF, 0xE0000, 0xE0001, 0xE0041, 0xE007F,
                                0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x061C,
                                0x1D173, 0x1D17A, 0x00AD, 0x00A0, 0x2028, 0x2029, 0x0085, 0x115F, 0x3164]
        for value in hidden {
            let scalar = try XCTUnwrap(Unicode.Scalar(value))
            let marker = ShownText.marker(scalar)
            let command = "./" + String(Character(scalar)) + "build.sh"
            let shown = LayoutSummary.shown(command, ContentOptions(), folder: nil)
            XCTAssertEqual(shown, "./\(marker)build.sh", marker)
            XCTAssertFalse(shown.unicodeScalars.contains(scalar), marker)
            // In a value and in a folder too.
            var options = ContentOptions()
            options.environment["V"] = "a" + String(Character(scalar))
            options.cwd = "/x" + String(Character(scalar))
            XCTAssertEqual(LayoutSummary.shown("ls", options, folder: "/y"), "(in '/x\(marker)') V='a\(marker)' ls", marker)
        }
        XCTAssertEqual(ShownText.marker("\u{200B}"), "<U+200B>")
        XCTAssertEqual(ShownText.marker("\u{E0001}"), "<U+E0001>")
        // Ordinary text stays as it is: accents, other scripts, emoji, combining marks; a joiner
        // inside an emoji sequence is written out like any other.
        for text in ["café", "日本語", "Ελληνικά", "😀", "e\u{301}", "עברית", "ls -la | grep x"] {
            XCTAssertEqual(ShownText.revealed(text), text, text)
        }
        XCTAssertEqual(ShownText.revealed("👩\u{200D}💻"), "👩<U+200D>💻")
    }

    /// check-layout printed U+202E and U+200B raw; its quoted text writes them out.
    func testCheckLayoutWritesOutInvisibleCharacters() throws {
        let layout = try LayoutLoader.parse(text: #"{"id": "x", "title": "A\u202eB", "tabs": [{"id": "a", "title": "T\u200b", "content": {"command": "./\u200bbuild.sh"}}]}"#,
                                            source: "x.json")
        let summary = LayoutSummary.describe(layout)
        XCTAssertTrue(summary.contains(#""A<U+202E>B""#), summary)
        XCTAssertTrue(summary.contains(#""T<U+200B>": "./<U+200B>build.sh""#), summary)
        XCTAssertFalse(summary.unicodeScalars.contains { ShownText.isHidden($0) }, summary)
    }

    func testStandardErrorTextShowsControlsVisibly() {
        XCTAssertEqual(ShownText.escapedForTerminal("l\u{1B}]0;PWN\u{07}\u{1B}[31m.json"), #"l\e]0;PWN\x07\e[31m.json"#)
        XCTAssertEqual(ShownText.escapedForTerminal("a\nb\tc\rd\u{7F}\u{202E}e"), #"a\nb\tc\rd\x7f<U+202E>e"#)
        XCTAssertEqual(ShownText.escapedForTerminal("plain ünïcode"), "plain ünïcode")
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
