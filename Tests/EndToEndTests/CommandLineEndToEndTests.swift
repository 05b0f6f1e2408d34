import Foundation
import XCTest

/// The command line (docs/behaviour.md, "Command line"): options before or after the subcommand, shell
/// completions, the too-small notice, check-layout warnings.
final class CommandLineEndToEndTests: EndToEndTestCase {
    private func runProgram(_ arguments: [String]) throws -> ChildResult {
        let environment = ["HOME": scratch.appendingPathComponent("home").path, "PATH": "/usr/bin:/bin",
                           "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        return try ChildProcess.run(try Self.binary(), arguments, environment: environment, scratch: scratch)
    }

    func testOptionsMayComeBeforeOrAfterTheSubcommand() throws {
        let before = try runProgram(["--state-dir", stateDir.path, "--mode", "tabbar", "render", "--size", "60x6"])
        XCTAssertEqual(before.status, 0, before.standardError)
        let after = try runProgram(["render", "--size", "60x6", "--state-dir", stateDir.path, "--mode", "tabbar"])
        XCTAssertEqual(after.status, 0, after.standardError)
        XCTAssertEqual(before.standardOutput, after.standardOutput)
        XCTAssertTrue(before.standardOutput.contains("Watch Now"))
        let check = try runProgram(["--ascii", "check-layout", "-"])
        XCTAssertNotEqual(check.status, 0, "check-layout still needs a file (stdin is empty here)")
    }

    func testAValueIsNeverTakenForTheSubcommand() throws {
        // "render" here is the value of --state-dir, so this is a terminal run, not a render.
        let result = try runProgram(["--state-dir", "render", "--size", "60x6"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError, "tabnav-tui: option --size only works with 'tabnav-tui render'\n")
    }

    /// Every option `--help` lists is in the man page and in each completion script (`--trust`
    /// was in none of them).
    func testEveryOptionIsInTheManPageAndTheCompletions() throws {
        let usage = try runProgram(["--help"]).standardOutput
        let pattern = try NSRegularExpression(pattern: "--[a-z][a-z-]*")
        let options = Set(pattern.matches(in: usage, range: NSRange(usage.startIndex..., in: usage))
            .map { String(usage[Range($0.range, in: usage)!]) })
        XCTAssertTrue(options.isSuperset(of: ["--trust", "--screen-reader", "--rtl", "--size"]), "\(options.sorted())")
        let manual = try String(contentsOf: Self.packageDirectory.appendingPathComponent("docs/tabnav-tui.1"), encoding: .utf8)
        for option in options.sorted() {
            XCTAssertTrue(manual.contains(option.replacingOccurrences(of: "-", with: "\\-")), "\(option) in docs/tabnav-tui.1")
        }
        for shell in ["bash", "zsh", "fish"] {
            let script = try runProgram(["completions", shell]).standardOutput
            for option in options.sorted() {
                let spelled = shell == "fish" ? "-l \(option.dropFirst(2))" : option
                XCTAssertTrue(script.contains(spelled), "\(option) in the \(shell) completions")
            }
        }
    }

    /// An icon name without a glyph is a `warning:` line (it passed silently); the file is valid.
    func testUnknownIconNamesAreWarnedAbout() throws {
        let file = scratch.appendingPathComponent("icons.json")
        try #"{"id": "i", "title": "I", "tabs": [{"title": "A", "id": "a", "icon": "no.such.icon", "content": {"text": "x"}}, {"title": "B", "id": "b", "icon": "star.fill", "content": {"text": "y"}}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try runProgram(["check-layout", file.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let warnings = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        XCTAssertEqual(warnings, [#"warning: "A" ("a") has an unknown icon "no.such.icon": it is drawn as a plain diamond"#],
                       result.standardOutput)
    }

    func testCompletionScripts() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try runProgram(["completions", shell])
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.standardOutput.contains("tabnav-tui"), shell)
            XCTAssertTrue(result.standardOutput.contains("check-layout"), shell)
        }
        let bash = try runProgram(["completions", "bash"]).standardOutput
        let script = scratch.appendingPathComponent("c.bash")
        try bash.write(to: script, atomically: true, encoding: .utf8)
        let syntax = try ChildProcess.run("/bin/bash", ["-n", script.path], environment: ["PATH": "/usr/bin:/bin"], scratch: scratch)
        XCTAssertEqual(syntax.status, 0, syntax.standardError)
        let bad = try runProgram(["completions", "tcsh"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.standardError, "tabnav-tui: completions takes one shell: bash, zsh or fish\n")
    }

    /// `render` saves and logs as the program does, so a file past `ulimit -f` is a reported
    /// write error there too, never death by SIGXFSZ (docs/behaviour.md, "Signals and leaving").
    func testRenderPastTheFileSizeLimitReportsTheWriteErrorInsteadOfDying() throws {
        let environment = ["HOME": scratch.appendingPathComponent("home").path, "PATH": "/usr/bin:/bin",
                           "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        // Only the program is limited: its output and its exit status go through a pipe to an
        // unlimited `cat` (153 would be death by SIGXFSZ).
        let limited = "{ ulimit -f 0; \"$0\" \"$@\" 2>&1; echo \"status $?\"; } | cat"
        let save = try ChildProcess.run("/bin/sh", ["-c", limited, try Self.binary(), "render", "--size", "200x8",
                                                    "--state-dir", stateDir.path, "--keys", "s"],
                                        environment: environment, scratch: scratch)
        XCTAssertTrue(save.standardOutput.hasSuffix("status 0\n"), save.standardOutput)
        XCTAssertTrue(save.standardOutput.contains("cannot save"), save.standardOutput)
        let events = scratch.appendingPathComponent("events.log").path
        let log = try ChildProcess.run("/bin/sh", ["-c", limited, try Self.binary(), "render", "--size", "200x8",
                                                   "--no-persist", "--events", events],
                                       environment: environment, scratch: scratch)
        XCTAssertTrue(log.standardOutput.hasSuffix("status 0\n"), log.standardOutput)
        XCTAssertTrue(log.standardOutput.contains("Events log \(events) cannot be written (File too large)"), log.standardOutput)
    }

    func testTheTooSmallNoticeNamesTheMinimum() throws {
        let wide = try runProgram(["render", "--size", "40x4", "--no-persist"])
        XCTAssertTrue(wide.standardOutput.hasPrefix("terminal too small: needs 20×5"), wide.standardOutput)
        let narrow = try runProgram(["render", "--size", "10x3", "--no-persist"])
        XCTAssertTrue(narrow.standardOutput.hasPrefix("needs 20×5"), narrow.standardOutput)
    }
}
