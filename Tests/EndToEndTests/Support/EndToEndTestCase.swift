import Foundation
import XCTest

/// The base of every end-to-end test: a scratch folder with a state folder and an events file,
/// the built program, and every tmux server it started killed at the end.
class EndToEndTestCase: XCTestCase {
    private(set) var scratch: URL!
    private var runs: [ProgramRun] = []

    var stateDir: URL { scratch.appendingPathComponent("state") }
    var eventsFile: URL { scratch.appendingPathComponent("events.jsonl") }
    /// Where the demo's customization is saved (`<state dir>/<layout id>.json`).
    var demoStateFile: URL { stateDir.appendingPathComponent("destination-video.json") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("tabnav-e2e-\(UUID().uuidString.prefix(12).lowercased())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        runs.forEach { $0.kill() }
        runs.removeAll()
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        try super.tearDownWithError()
    }

    // MARK: - The program

    /// The program `make test` builds before it tests: `.build/debug/tabnav-tui` in the package
    /// (or `TABNAV_TUI_BINARY`).
    static func binary(_ name: String = "tabnav-tui") throws -> String {
        if name == "tabnav-tui", let path = ProcessInfo.processInfo.environment["TABNAV_TUI_BINARY"], !path.isEmpty { return path }
        let path = packageDirectory.appendingPathComponent(".build/debug/" + name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw HarnessError("the program is not built: \(path) is missing; run `swift build` first (`make test` does)")
        }
        return path
    }

    /// The package's folder (this file is `Tests/EndToEndTests/Support/…`).
    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Starts `tabnav-tui` (or another program of the package) in a fresh tmux server with a `columns`×`rows` pane. Unless
    /// `defaultOptions` is false, `--state-dir` and `--events` point into the scratch folder.
    /// `interactiveShell`: typed at an interactive shell with job control (see `ProgramRun`).
    @discardableResult
    func launch(_ arguments: [String] = [], columns: Int = 100, rows: Int = 30,
                environment: [String: String] = [:], defaultOptions: Bool = true,
                standardErrorToFile: Bool = false, interactiveShell: Bool = false,
                program: String = "tabnav-tui") throws -> ProgramRun {
        let options = defaultOptions ? ["--state-dir", stateDir.path, "--events", eventsFile.path] : []
        let run = try ProgramRun(binary: Self.binary(program), arguments: options + arguments, environment: environment,
                                 columns: columns, rows: rows, scratch: scratch, standardErrorToFile: standardErrorToFile,
                                 interactiveShell: interactiveShell)
        runs.append(run)
        return run
    }

    /// Quits with `q` and checks the exit status is 0.
    func quit(_ run: ProgramRun, file: StaticString = #filePath, line: UInt = #line) throws {
        try run.press("q")
        XCTAssertEqual(try run.waitForExit(file: file, line: line), 0, "exit status after q", file: file, line: line)
    }

    // MARK: - Events and state

    /// Every event logged so far, one JSON object each.
    func events() throws -> [[String: Any]] {
        guard let text = try? String(contentsOf: eventsFile, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw HarnessError("an events line is not a JSON object: \(line)")
            }
            return object
        }
    }

    func eventNames() throws -> [String] { try events().map { $0["event"] as? String ?? "?" } }

    /// Polls the events file until an event satisfies `condition`.
    @discardableResult
    func waitForEvent(_ name: String, file: StaticString = #filePath, line: UInt = #line,
                      where condition: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        let end = Date().addingTimeInterval(ProgramRun.deadline)
        while true {
            if let event = try events().first(where: { $0["event"] as? String == name && condition($0) }) { return event }
            if Date() > end {
                throw HarnessError("\(file):\(line): no \(name) event as expected; the log has:\n\((try? String(contentsOf: eventsFile, encoding: .utf8)) ?? "(nothing)")")
            }
            Thread.sleep(forTimeInterval: ProgramRun.pollInterval)
        }
    }

    /// The saved customization of the demo, parsed.
    func savedState(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let data = try Data(contentsOf: demoStateFile)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw HarnessError("\(file):\(line): the state file is not a JSON object")
        }
        return object
    }

    /// Asserts the pane shows the shell again: the text from before the program, no trace of
    /// its screen, and every terminal mode it switched on switched off.
    func assertTerminalRestored(_ run: ProgramRun, file: StaticString = #filePath, line: UInt = #line) throws {
        let screen = try run.screen()
        XCTAssertTrue(screen.contains(ProgramRun.marker), "the shell's screen is back:\n\(screen)", file: file, line: line)
        for trace in ["Watch Now", "NORMAL", "Library"] {
            XCTAssertFalse(screen.contains(trace), "\"\(trace)\" is left on the shell's screen:\n\(screen)", file: file, line: line)
        }
        let modes = try run.terminalModes()
        XCTAssertEqual(modes["alternate_on"], "0", "alternate screen left", file: file, line: line)
        XCTAssertEqual(modes["mouse_any_flag"], "0", "mouse reporting off", file: file, line: line)
        XCTAssertEqual(modes["mouse_button_flag"], "0", "button-motion reporting (1002) off", file: file, line: line)
        XCTAssertEqual(modes["mouse_sgr_flag"], "0", "SGR mouse reports off", file: file, line: line)
        XCTAssertEqual(modes["mouse_standard_flag"], "0", "mouse clicks off", file: file, line: line)
        XCTAssertEqual(modes["cursor_flag"], "1", "cursor visible", file: file, line: line)
        XCTAssertEqual(modes["keypad_cursor_flag"], "0", "cursor keys back in normal mode", file: file, line: line)
    }
}
