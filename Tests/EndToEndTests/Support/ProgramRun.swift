import Foundation

/// One run of `tabnav-tui` in its own tmux pane. The pane runs
/// `echo BEFORE; tabnav-tui …; echo EXIT:$?` and then stays open, so the test can see the shell
/// screen the program leaves behind and read its exit status.
final class ProgramRun {
    /// Printed before the program starts; still on screen after it leaves the alternate screen.
    static let marker = "BEFORE"

    let pane: TmuxPane
    let pidFile: URL
    /// Where standard error goes when the run was started with `standardErrorToFile`.
    let standardError: URL?

    /// How long a condition may take before a wait fails.
    static let deadline: TimeInterval = 5
    /// How often the pane is looked at while waiting.
    static let pollInterval: TimeInterval = 0.02

    /// Starts the program in a new pane. `interactiveShell`: the pane runs an interactive shell
    /// with job control instead, and the program is typed at its prompt (so `Ctrl-Z` stops it
    /// and `fg` brings it back, as for a person); no `EXIT:` line is printed then.
    init(binary: String, arguments: [String], environment: [String: String], columns: Int, rows: Int,
         scratch: URL, standardErrorToFile: Bool, interactiveShell: Bool = false) throws {
        let unique = UUID().uuidString.prefix(8).lowercased()
        pidFile = scratch.appendingPathComponent("pid-\(unique)")
        standardError = standardErrorToFile ? scratch.appendingPathComponent("stderr-\(unique)") : nil
        // A clean, known environment: nothing from the person running the tests leaks in.
        let home = scratch.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var variables = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { shellQuoted("\($0.key)=\($0.value)") }
        let program = (["env", "-i"] + assignments + [shellQuoted(binary)] + arguments.map(shellQuoted)).joined(separator: " ")
        // The inner shell writes its pid and then becomes the program (exec), so the pid is the
        // program's: signals go to it alone.
        let redirect = standardError.map { " 2>" + shellQuoted($0.path) } ?? ""
        let start = "echo \(Self.marker); sh -c 'echo $$ > \"$0\"; exec \"$@\"' \(shellQuoted(pidFile.path)) \(program)\(redirect)"
        if interactiveShell {
            let shell = "env -i HOME=\(shellQuoted(home.path)) PATH=/usr/bin:/bin PS1='$ ' /bin/sh -i"
            pane = try TmuxPane(command: shell, columns: columns, rows: rows, scratch: scratch)
            do {
                try wait(for: "the shell's prompt") { $0.lines.contains { $0.hasPrefix("$") } }
                try typeLine(start)
            } catch {
                pane.kill()
                throw error
            }
        } else {
            pane = try TmuxPane(command: start + "; echo \"EXIT:$?\"; exec cat >/dev/null", columns: columns, rows: rows, scratch: scratch)
        }
    }

    /// A line typed at the shell (interactive runs).
    func typeLine(_ line: String) throws {
        try pane.sendLiteral(line)
        try pane.press(["Enter"])
    }

    // MARK: - Looking

    func screen() throws -> Screen { try pane.capture() }

    /// Polls the pane every 20 ms until `condition` holds on a settled screen — the same in two
    /// captures in a row, so not a frame caught half drawn — for at most `timeout` seconds; then
    /// fails, showing what the pane held last.
    @discardableResult
    func wait(for what: String, timeout: TimeInterval = ProgramRun.deadline,
              file: StaticString = #filePath, line: UInt = #line,
              _ condition: (Screen) throws -> Bool) throws -> Screen {
        let end = Date().addingTimeInterval(timeout)
        var previous: Screen?
        while true {
            let current = try screen()
            if try condition(current), current.captured == previous?.captured { return current }
            if Date() > end {
                throw HarnessError("\(file):\(line): timed out after \(timeout) s waiting for \(what); the pane shows:\n\(current)")
            }
            previous = current
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }

    /// Waits until some row shows `text`.
    @discardableResult
    func waitFor(text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Screen {
        try wait(for: "\"\(text)\" on screen", file: file, line: line) { $0.contains(text) }
    }

    /// Waits until the footer (bottom row) contains `text`.
    @discardableResult
    func waitForFooter(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Screen {
        try wait(for: "footer showing \"\(text)\"", file: file, line: line) { $0.footer.contains(text) }
    }

    /// Waits for the program's first complete frame: the footer with its mode.
    @discardableResult
    func waitForFirstFrame(file: StaticString = #filePath, line: UInt = #line) throws -> Screen {
        try wait(for: "the first frame (footer NORMAL)", file: file, line: line) { $0.footer.contains("NORMAL") }
    }

    /// Waits until the program has ended and returns its exit status (from the `EXIT:` line).
    func waitForExit(file: StaticString = #filePath, line: UInt = #line) throws -> Int32 {
        let screen = try wait(for: "the program to exit (EXIT: line)", file: file, line: line) { screen in
            screen.lines.contains { $0.hasPrefix("EXIT:") }
        }
        let text = screen.lines.first { $0.hasPrefix("EXIT:") }!
        guard let status = Int32(text.dropFirst("EXIT:".count)) else { throw HarnessError("unreadable exit line \(text)") }
        return status
    }

    /// The program's process id (written by the shell just before it became the program).
    func pid(file: StaticString = #filePath, line: UInt = #line) throws -> pid_t {
        let end = Date().addingTimeInterval(Self.deadline)
        while true {
            if let text = try? String(contentsOf: pidFile, encoding: .utf8),
               let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            if Date() > end { throw HarnessError("\(file):\(line): no pid file at \(pidFile.path)") }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }

    /// The terminal modes tmux holds for the pane: what a program that left cleanly must have
    /// switched back.
    func terminalModes() throws -> [String: String] {
        let names = ["alternate_on", "mouse_any_flag", "mouse_button_flag", "mouse_sgr_flag",
                     "mouse_standard_flag", "cursor_flag", "keypad_cursor_flag"]
        let values = try pane.format(names.map { "#{\($0)}" }.joined(separator: " ")).split(separator: " ").map(String.init)
        return Dictionary(uniqueKeysWithValues: zip(names, values))
    }

    // MARK: - Typing

    /// Keys by tmux name, e.g. `press("e")`, `press("Right", "Enter")`.
    func press(_ keys: String...) throws { try pane.press(keys) }

    /// Text typed literally.
    func type(_ text: String) throws { try pane.sendLiteral(text) }

    /// An SGR mouse report (1-based column and row): `button` 0 is the left button, 32 + 0 a
    /// drag with it held; `release` ends the press.
    func mouse(button: Int, column: Int, row: Int, release: Bool = false) throws {
        try pane.sendLiteral("\u{1B}[<\(button);\(column);\(row)\(release ? "m" : "M")")
    }

    func resize(columns: Int, rows: Int) throws { try pane.resize(columns: columns, rows: rows) }

    /// Presses `key` until the cursor (reverse video) is on a row showing `text`, waiting after
    /// each press for the screen to change; at most `limit` presses.
    func moveCursor(to text: String, with key: String = "Down", limit: Int = 40,
                    file: StaticString = #filePath, line: UInt = #line) throws {
        var current = try wait(for: "a settled screen", file: file, line: line) { _ in true }
        for _ in 0..<limit {
            if current.highlightedRow(containing: text) != nil { return }
            let before = current.lines.joined(separator: "\n") + current.rows.map(\.reversedText).joined(separator: "\n")
            try press(key)
            current = try wait(for: "the cursor to move after \(key)", file: file, line: line) { screen in
                screen.lines.joined(separator: "\n") + screen.rows.map(\.reversedText).joined(separator: "\n") != before
            }
        }
        if current.highlightedRow(containing: text) == nil {
            throw HarnessError("\(file):\(line): the cursor never reached \"\(text)\" after \(limit) × \(key):\n\(current)")
        }
    }

    /// Ends the tmux server (the program gets SIGHUP) and waits until the program is gone, so
    /// nothing it still writes can land in a folder the test is removing.
    func kill() {
        let pid = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        pane.kill()
        guard let pid else { return }
        let end = Date().addingTimeInterval(Self.deadline)
        while Self.isRunning(pid), Date() < end {
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// Whether `pid` is a live process (not gone, not a zombie waiting to be reaped).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }
}
