import Foundation
import XCTest

/// How the program ends: `q` and termination signals restore the terminal and save; bad usage
/// fails with status 2, one line on stderr, and the terminal untouched.
final class ExitEndToEndTests: EndToEndTestCase {
    // MARK: - Leaving

    func testQuitExitsZeroAndRestoresTheShellScreen() throws {
        let run = try launch()
        try run.waitForFirstFrame()
        let running = try run.terminalModes()
        XCTAssertEqual(running["alternate_on"], "1", "the program draws on the alternate screen")
        XCTAssertEqual(running["mouse_button_flag"], "1", "the program asks for drag reports (1002)")
        try quit(run)
        try assertTerminalRestored(run)
        XCTAssertEqual(try eventNames().last, "willTerminate")
    }

    func testCtrlCQuitsLikeQ() throws {
        let run = try launch()
        try run.waitForFirstFrame()
        try run.press("C-c")
        XCTAssertEqual(try run.waitForExit(), 0)
        try assertTerminalRestored(run)
        XCTAssertEqual(try eventNames().last, "willTerminate")
    }

    /// Typed at an interactive shell: `Ctrl-Z` gives the shell its screen back with every mode
    /// off, `fg` brings the program back, redrawn and answering keys.
    func testCtrlZSuspendsAndFgResumes() throws {
        let run = try launch(interactiveShell: true)
        try run.waitForFirstFrame()
        let pid = try run.pid()
        try run.press("C-z")
        let suspended = try run.wait(for: "the shell's screen with the job stopped") { $0.contains("Stopped") }
        XCTAssertTrue(suspended.contains(ProgramRun.marker), "the shell's screen is back:\n\(suspended)")
        XCTAssertFalse(suspended.contains("NORMAL"), "no trace of the program's screen:\n\(suspended)")
        let modes = try run.terminalModes()
        XCTAssertEqual(modes["alternate_on"], "0", "alternate screen left while stopped")
        XCTAssertEqual(modes["mouse_any_flag"], "0", "mouse off while stopped")
        XCTAssertEqual(modes["cursor_flag"], "1", "cursor visible while stopped")
        XCTAssertTrue(ProgramRun.isRunning(pid), "stopped, not ended")

        try run.typeLine("fg")
        let resumed = try run.wait(for: "the program redrawn") { $0.footer.contains("NORMAL") && $0.barRow() == 0 }
        XCTAssertFalse(resumed.contains("Stopped"), "the whole screen is redrawn:\n\(resumed)")
        XCTAssertEqual(try run.terminalModes()["alternate_on"], "1")
        XCTAssertEqual(try run.terminalModes()["mouse_button_flag"], "1", "drag reports are on again")
        try run.press("Right")
        try run.wait(for: "Library selected after resuming") { $0.lines[1].contains("Library") }
        try run.press("q")
        try run.wait(for: "the shell back after q") { $0.lines.last { !$0.isEmpty } == "$" }
        try run.typeLine("echo \"EXIT:$?\"")
        XCTAssertEqual(try run.waitForExit(), 0)
        try assertTerminalRestored(run)
        XCTAssertEqual(try eventNames().last, "willTerminate")
    }

    func testSIGTERMRestoresTheTerminalAndSaves() throws {
        try assertSignalEndsCleanly(SIGTERM)
    }

    func testSIGHUPRestoresTheTerminalAndSaves() throws {
        try assertSignalEndsCleanly(SIGHUP)
    }

    /// Shows the sidebar (a change worth saving), sends `signal` to the program alone, and checks
    /// it left like `q`: status 0, shell screen back, `willTerminate` logged, state saved.
    private func assertSignalEndsCleanly(_ signal: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try launch()
        try run.waitForFirstFrame()
        try run.press("s")
        try run.wait(for: "the sidebar") { $0.contains("Forest Life") }
        try waitForEvent("sidebarVisibilityDidChange")

        XCTAssertEqual(kill(try run.pid(), signal), 0, "signal sent", file: file, line: line)
        XCTAssertEqual(try run.waitForExit(), 0, "exit status after signal \(signal)", file: file, line: line)
        try assertTerminalRestored(run, file: file, line: line)

        XCTAssertEqual(try eventNames().last, "willTerminate", "the events log ends with willTerminate", file: file, line: line)
        let state = try savedState(file: file, line: line)
        XCTAssertEqual(state["sidebarVisible"] as? Bool, true, "the saved state has the sidebar showing", file: file, line: line)
        XCTAssertNotNil(state["tabBar"] as? [String], "the saved state has the bar", file: file, line: line)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: stateDir.path).filter { !$0.hasSuffix(".json") }
        XCTAssertEqual(leftovers, [], "no temporary files are left in the state folder", file: file, line: line)
    }

    // MARK: - Refusing to start

    func testNotATerminalExitsTwoWithOneLine() throws {
        let output = scratch.appendingPathComponent("out")
        let result = try ChildProcess.run(
            try Self.binary(), ["--state-dir", stateDir.path],
            environment: ["HOME": scratch.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"],
            scratch: scratch, standardOutput: output)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError,
                       "tabnav-tui: standard output is not a terminal (use 'tabnav-tui render' for headless output)\n")
        XCTAssertEqual(try Data(contentsOf: output).count, 0, "nothing is written to standard output")
    }

    func testUnknownTerminalTypeExitsTwoWithOneLine() throws {
        let run = try launch(environment: ["TERM": "nonexistent"], standardErrorToFile: true)
        XCTAssertEqual(try run.waitForExit(), 2)
        let message = try standardErrorLines(run)
        XCTAssertEqual(message.count, 1, "one line: \(message)")
        XCTAssertTrue(message.first?.hasPrefix("tabnav-tui: ") == true, "\(message)")
        XCTAssertTrue(message.first?.contains("\"nonexistent\"") == true, "names the terminal type: \(message)")
        try assertTerminalUntouched(run, status: 2)
    }

    func testUnknownOptionExitsTwoWithOneLine() throws {
        let run = try launch(["--frobnicate"], standardErrorToFile: true)
        XCTAssertEqual(try run.waitForExit(), 2)
        XCTAssertEqual(try standardErrorLines(run), ["tabnav-tui: unknown option --frobnicate (see tabnav-tui --help)"])
        try assertTerminalUntouched(run, status: 2)
    }

    func testBadLayoutValueExitsTwoNamingThePlace() throws {
        let layout = scratch.appendingPathComponent("bad.json")
        try #"{ "id": "ops", "title": "Ops", "tabs": [ { "id": "home", "title": "Home" }, { "id": "disk", "title": "Disk", "placement": "pined" } ] }"#
            .write(to: layout, atomically: true, encoding: .utf8)
        let run = try launch(["--layout", layout.path], standardErrorToFile: true)
        XCTAssertEqual(try run.waitForExit(), 2)
        let message = try standardErrorLines(run)
        XCTAssertEqual(message.count, 1, "one line: \(message)")
        let text = message.first ?? ""
        XCTAssertTrue(text.hasPrefix("tabnav-tui: "), text)
        XCTAssertTrue(text.contains("tabs[1].placement"), "names the place: \(text)")
        XCTAssertTrue(text.contains("\"pined\""), "names the bad value: \(text)")
        try assertTerminalUntouched(run, status: 2)
    }

    func testLayoutSyntaxErrorExitsTwoWithLineAndColumn() throws {
        let layout = scratch.appendingPathComponent("broken.json")
        try "{ \"id\": \"ops\",\n  \"title\": \"Ops\"\n  \"tabs\": [] }\n".write(to: layout, atomically: true, encoding: .utf8)
        let run = try launch(["--layout", layout.path], standardErrorToFile: true)
        XCTAssertEqual(try run.waitForExit(), 2)
        let message = try standardErrorLines(run)
        XCTAssertEqual(message.count, 1, "one line: \(message)")
        XCTAssertTrue(message.first?.contains("line 3") == true, "names the line: \(message)")
        XCTAssertTrue(message.first?.contains("column") == true, "names the column: \(message)")
        try assertTerminalUntouched(run, status: 2)
    }

    func testMissingLayoutFileExitsTwoNamingIt() throws {
        let missing = scratch.appendingPathComponent("no-such-layout.json").path
        let run = try launch(["--layout", missing], standardErrorToFile: true)
        XCTAssertEqual(try run.waitForExit(), 2)
        let message = try standardErrorLines(run)
        XCTAssertEqual(message.count, 1, "one line: \(message)")
        XCTAssertTrue(message.first?.contains(missing) == true, "names the file: \(message)")
        try assertTerminalUntouched(run, status: 2)
    }

    // MARK: - Helpers

    private func standardErrorLines(_ run: ProgramRun) throws -> [String] {
        let text = try String(contentsOf: try XCTUnwrap(run.standardError), encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"), "the message ends its line: \(text.debugDescription)")
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
