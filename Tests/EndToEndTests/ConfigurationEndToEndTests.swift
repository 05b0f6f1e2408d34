import Foundation
import XCTest

/// The configuration file (docs/keys.md) with the real program: a rebound key works in
/// `render`, in the terminal, in the footer and in the help; `tabnav-tui keys` shows it; a bad
/// file exits 2 with one line naming it, before the terminal is touched.
final class ConfigurationEndToEndTests: EndToEndTestCase {
    /// Writes `text` to a file in the scratch folder and returns its path.
    private func configFile(_ text: String, name: String = "config.json") throws -> String {
        let url = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs the program without a terminal, in the clean environment the other tests use.
    private func runProgram(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ChildResult {
        var environment = ["HOME": scratch.appendingPathComponent("home").path, "PATH": "/usr/bin:/bin",
                           "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        environment.merge(extra) { $1 }
        return try ChildProcess.run(try Self.binary(), arguments, environment: environment, scratch: scratch)
    }

    private func render(_ arguments: [String]) throws -> [String] {
        let result = try runProgram(["render", "--size", "100x30", "--no-persist"] + arguments)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: render

    func testRenderWithAReboundKeySelectsTheSecondTab() throws {
        let config = try configFile(#"{"keys":{"normal":{"n":"next-tab"}}}"#)
        let before = try render(["--keys", "n"])
        XCTAssertEqual(before[1].trimmingCharacters(in: .whitespaces), "Watch Now", "without the file, n does nothing:\n\(before.joined(separator: "\n"))")

        let screen = try render(["--config", config, "--keys", "n"])
        XCTAssertEqual(screen[1].trimmingCharacters(in: .whitespaces), "Library", "n selected the second tab:\n\(screen.joined(separator: "\n"))")

        let options = try render(["--keys", "n", "--config=\(config)"])
        XCTAssertEqual(options[1].trimmingCharacters(in: .whitespaces), "Library", "--config=FILE, after --keys")
    }

    func testTheHelpListsTheReboundKey() throws {
        let config = try configFile(#"{"keys":{"normal":{"n":"next-tab"}}}"#)
        let screen = try render(["--config", config, "--keys", "?"])
        let line = try XCTUnwrap(screen.first { $0.contains("next tab; sidebar: unfold") }, screen.joined(separator: "\n"))
        XCTAssertTrue(line.contains("n → l "), "the help shows n with the standard keys: \(line)")
    }

    func testTheFooterShowsTheReboundKey() throws {
        let config = try configFile(#"{"keys":{"normal":{"E":"edit","e":"none"}}}"#)
        let footer = try render(["--config", config]).last { !$0.isEmpty } ?? ""
        XCTAssertTrue(footer.contains("E: edit"), footer)
        XCTAssertFalse(footer.contains("e: edit"), footer)
        let edit = try render(["--config", config, "--keys", "E"]).last { !$0.isEmpty } ?? ""
        XCTAssertTrue(edit.contains("EDIT"), "E enters edit mode: \(edit)")
        let unbound = try render(["--config", config, "--keys", "e"]).last { !$0.isEmpty } ?? ""
        XCTAssertTrue(unbound.contains("NORMAL"), "e does nothing any more: \(unbound)")
    }

    func testMonoThemeDrawsWithoutColours() throws {
        let config = try configFile(#"{"theme":"mono"}"#)
        let colored = try render(["--ansi"]).joined(separator: "\n")
        let mono = try render(["--ansi", "--config", config]).joined(separator: "\n")
        XCTAssertTrue(colored.contains("38;5;"), "the default theme has colours")
        XCTAssertFalse(mono.contains("38;5;") || mono.contains("48;5;"), "mono has none")
        XCTAssertTrue(mono.contains("\u{1B}["), "but keeps attributes")
    }

    // MARK: keys

    func testKeysPrintsTheRebinding() throws {
        let config = try configFile(#"{"keys":{"normal":{"n":"next-tab","l":"none"},"edit":{"f2":"done"}}}"#)
        let result = try runProgram(["keys", "--config", config])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "normal mode")
        XCTAssertEqual(lines[1].split(separator: " "), ["KEYS", "COMMAND", "SUMMARY"])
        let next = try XCTUnwrap(lines.first { $0.contains(" next-tab ") })
        XCTAssertEqual(next.split(separator: " ", maxSplits: 3).prefix(3), ["n", "→", "next-tab"], next)
        let done = try XCTUnwrap(lines.first { $0.contains(" done ") })
        XCTAssertEqual(done.split(separator: " ", maxSplits: 4).prefix(4), ["F2", "e", "Esc", "done"], done)
        XCTAssertTrue(lines.contains("search mode: search field"))
        // The columns line up: COMMAND and SUMMARY start where the header's do.
        let header = lines[1]
        let command = next.range(of: "next-tab")!.lowerBound
        XCTAssertEqual(next.distance(from: next.startIndex, to: command),
                       header.distance(from: header.startIndex, to: header.range(of: "COMMAND")!.lowerBound), next)
        let summary = next.range(of: "next tab; sidebar: unfold")!.lowerBound
        XCTAssertEqual(next.distance(from: next.startIndex, to: summary),
                       header.distance(from: header.startIndex, to: header.range(of: "SUMMARY")!.lowerBound), next)
    }

    func testKeysReadsTheDefaultFile() throws {
        let xdg = scratch.appendingPathComponent("xdg")
        _ = try configFile(#"{"keys":{"normal":{"n":"next-tab"}}}"#, name: "xdg/tabnav-tui/config.json")
        let fromXDG = try runProgram(["keys"], environment: ["XDG_CONFIG_HOME": xdg.path])
        XCTAssertEqual(fromXDG.status, 0, fromXDG.standardError)
        XCTAssertTrue(fromXDG.standardOutput.contains("n → l "), fromXDG.standardOutput)

        _ = try configFile(#"{"keys":{"normal":{"N":"next-tab"}}}"#, name: "home/.config/tabnav-tui/config.json")
        let fromHome = try runProgram(["keys", "--ascii"])
        XCTAssertEqual(fromHome.status, 0, fromHome.standardError)
        XCTAssertTrue(fromHome.standardOutput.contains("N Right l "), fromHome.standardOutput)

        let noFile = try runProgram(["keys"], environment: ["XDG_CONFIG_HOME": scratch.appendingPathComponent("none").path])
        XCTAssertEqual(noFile.status, 0, "a missing default file is fine: \(noFile.standardError)")
        XCTAssertTrue(noFile.standardOutput.contains("→ l "), noFile.standardOutput)
    }

    // MARK: Bad files

    func testBadConfigExitsTwoWithOneLineNamingTheFile() throws {
        let config = try configFile(#"{"keys":{"normal":{"n":"nxt-tab"}}}"#)
        for arguments in [["keys", "--config", config], ["render", "--size", "80x24", "--config", config]] {
            let result = try runProgram(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardOutput, "")
            XCTAssertTrue(result.standardError.hasPrefix("tabnav-tui: \(config): keys.normal.n: unknown command \"nxt-tab\" (expected one of: "),
                          result.standardError)
            XCTAssertEqual(result.standardError.filter { $0 == "\n" }.count, 1, "one line: \(result.standardError)")
        }
        let missing = scratch.appendingPathComponent("missing.json").path
        let result = try runProgram(["keys", "--config", missing])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError, "tabnav-tui: cannot read \(missing): No such file or directory\n")
    }

    // MARK: In the terminal

    func testAReboundKeyWorksInTheTerminal() throws {
        let config = try configFile(#"{"keys":{"normal":{"n":"next-tab","E":"edit"}}}"#)
        let run = try launch(["--config", config])
        try run.waitForFirstFrame()
        try run.press("n")
        try run.wait(for: "Library selected by n") { $0.lines[1].contains("Library") }
        try run.press("E")
        try run.wait(for: "edit mode from E") { $0.footer.contains("EDIT") }
        try run.press("Escape")
        try run.wait(for: "normal mode again") { $0.footer.contains("NORMAL") }
        try quit(run)
    }

    func testBadConfigLeavesTheTerminalUntouched() throws {
        let config = try configFile("{\"keys\": {\"normal\": {\"n\": \"next-tab\",}}}")
        let run = try launch(["--config", config], standardErrorToFile: true)
        XCTAssertEqual(try run.waitForExit(), 2)
        let text = try String(contentsOf: try XCTUnwrap(run.standardError), encoding: .utf8)
        XCTAssertEqual(text, "tabnav-tui: \(config): line 1, column 38: expected an object key after ',' (trailing commas are not allowed)\n")
        try assertTerminalUntouched(run, status: 2)
    }

    func testBadDefaultConfigLeavesTheTerminalUntouched() throws {
        let path = try configFile(#"{"theme":"drak"}"#, name: "xdg/tabnav-tui/config.json")
        let run = try launch(environment: ["XDG_CONFIG_HOME": scratch.appendingPathComponent("xdg").path], standardErrorToFile: true)
        XCTAssertEqual(try run.waitForExit(), 2)
        let text = try String(contentsOf: try XCTUnwrap(run.standardError), encoding: .utf8)
        XCTAssertEqual(text, "tabnav-tui: \(path): theme: unknown theme \"drak\" (expected auto, dark, light, high-contrast or mono)\n")
        try assertTerminalUntouched(run, status: 2)
    }
}
