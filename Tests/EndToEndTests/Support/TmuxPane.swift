import Foundation

/// A private tmux server — its own socket (`tmux -L`), so a person's tmux is never touched — with
/// one session whose single pane runs a shell command.
final class TmuxPane {
    let tmuxPath: String
    let socket: String
    let scratch: URL
    private(set) var rows: Int
    /// Where the server listens (known once it runs).
    private var socketPath: String?

    init(command: String, columns: Int, rows: Int, scratch: URL) throws {
        guard let tmuxPath = ChildProcess.find("tmux") else {
            throw HarnessError("tmux is not installed; the end-to-end tests need it (`make setup` installs it)")
        }
        let unique = UUID().uuidString.prefix(8).lowercased()
        self.tmuxPath = tmuxPath
        self.socket = "tabnav-e2e-\(getpid())-\(unique)"
        self.scratch = scratch
        self.rows = rows
        // No status line (the pane gets the whole window), a known shell, no user configuration.
        let config = scratch.appendingPathComponent("tmux-\(unique).conf")
        try """
            set -g default-shell /bin/sh
            set -g status off
            set -s escape-time 0
            set -g history-limit 100

            """.write(to: config, atomically: true, encoding: .utf8)
        do {
            try tmux(["-f", config.path, "new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)", command])
            socketPath = try format("#{socket_path}")
        } catch {
            kill()  // a server may have started all the same
            throw error
        }
    }

    /// The environment tmux runs with: the test's, minus anything that would point it at another
    /// tmux server, in a UTF-8 locale (whatever the test runs with).
    private static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        environment["LC_ALL"] = nil
        environment["LC_CTYPE"] = nil
        environment["LANG"] = "C.UTF-8"
        return environment
    }()

    /// Runs a tmux command against this server; a failure throws with tmux's message.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run(tmuxPath, ["-L", socket] + arguments, environment: Self.environment, scratch: scratch)
        guard result.status == 0 else {
            throw HarnessError("tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }

    /// What the pane shows now, with reverse video.
    func capture() throws -> Screen {
        Screen(captured: try tmux(["capture-pane", "-p", "-e", "-t", "main"]), height: rows)
    }

    /// Keys by tmux name (`Enter`, `Right`, `Space`, `Tab`, `q`, …), one after another.
    func press(_ keys: [String]) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Bytes exactly as given (text, or a mouse report).
    func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", text])
    }

    /// Resizes the window (and so the pane: there is no status line); the program gets SIGWINCH.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
        self.rows = rows
    }

    /// A tmux format evaluated for the pane (e.g. `#{alternate_on}`).
    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Ends the server and everything running in it, and removes its socket (tmux leaves it).
    func kill() {
        _ = try? ChildProcess.run(tmuxPath, ["-L", socket, "kill-server"], environment: Self.environment, scratch: scratch)
        if let socketPath, socketPath.hasSuffix("/" + socket) { unlink(socketPath) }
    }
}
