import Glibc

/// Terminal tabs (docs/terminal-tabs.md, "Measured"; docs/benchmark.md, "Terminal tabs"), the
/// release program in a 100×30 pseudo-terminal and tmux in a pane the size of its content area,
/// in the same run, alternately:
/// - `cat` of a 100 MB text file: from the start until its last line has reached the outer
///   terminal, ours against tmux's (bar: no longer);
/// - a key typed into a shell to its echo reaching the outer terminal (median and p95; bar: under
///   2 ms median), tmux's beside it;
/// - ten idle terminal tabs: the program's CPU and wake-ups over 2 s (bar: none);
/// - memory: resident memory added per shell tab (bar: under 1 MB), and per scrollback line once
///   10,000 lines have scrolled into one tab (no bar: it is said);
/// - a hidden command tab with `refresh: 1` while another tab is shown: its runs over 6 s;
/// - a hidden terminal tab running `yes`: the program's CPU (no bar; tmux's server beside it).
enum TerminalTabBench {
    static let catBytes = 100 << 20
    static let catMarker = "END-OF-CAT-MARKER"
    static let echoKeys = 240
    static let echoTarget = 0.002
    static let idleTabs = 10
    static let idleSeconds = 2.0
    static let perTabTargetKB = 1024
    static let scrollbackLines = 10_000
    static let refreshSeconds = 6.0

    struct Context {
        var program: String
        var tmux: String?
        var scratch: String
        var environment: [String]
        /// The content area of a terminal tab at 100×30 (`stty size` inside one).
        var content: (columns: Int, rows: Int)
        var runs: Int
    }

    static func checks(scratch: String, quick: Bool, progress: (String) -> Void) -> [TargetCheck] {
        let own = ChildProcess.ownPath()
        let program = String(own[..<(own.lastIndex(of: "/") ?? own.startIndex)]) + "/tabnav-tui"
        guard access(program, X_OK) == 0 else { return [] }
        let home = scratch + "/terminal-home"
        TempFiles.makeDirectory(at: home)
        let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home)", "XDG_STATE_HOME=\(home)/state",
                           "PATH=/usr/local/bin:/usr/bin:/bin", "SHELL=/bin/sh", "PS1=ready$ "]
        let candidates: [String] = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        let tmux = candidates.first { access($0, X_OK) == 0 }
        var context = Context(program: program, tmux: tmux, scratch: scratch, environment: environment,
                              content: (98, 26), runs: quick ? 1 : 2)
        progress("terminal tabs: the content area's size")
        if let size = contentSize(context) { context.content = size }
        if tmux == nil { progress("terminal tabs: tmux not found, its figures are left out") }
        var checks: [TargetCheck] = []
        progress("terminal tabs: cat of a 100 MB file, ours and tmux's, alternately")
        checks.append(cat(context))
        progress("terminal tabs: a key to its echo, ours and tmux's")
        checks.append(echo(context))
        progress("terminal tabs: ten idle shells, memory per tab and per scrollback line")
        checks += idleAndMemory(context)
        progress("terminal tabs: a hidden command tab refreshing every second")
        checks.append(hiddenRefresh(context))
        progress("terminal tabs: a hidden tab running `yes`, ours and tmux's")
        checks.append(hiddenFlood(context))
        return checks
    }

    // MARK: Helpers

    static func layout(_ context: Context, name: String, tabs: [String]) -> String {
        let path = context.scratch + "/\(name).json"
        let body = tabs.enumerated().map { index, content in
            #"{"id": "t\#(index)", "title": "T\#(index)", "content": \#(content)}"#
        }.joined(separator: ",\n  ")
        TempFiles.write(Array(#"{"id": "\#(name)", "title": "Bench", "tabs": [\#n  \#(body)]}"#.utf8), to: path)
        return path
    }

    static func ours(_ context: Context, layout: String) -> PtyChild {
        PtyChild(path: context.program, arguments: ["--layout", layout, "--trust", "--no-persist"],
                 environment: context.environment, columns: TerminalBench.columns, rows: TerminalBench.rows)
    }

    /// Quits the program, answering `y` to its question about the programs still running.
    static func quitAnswering(_ child: PtyChild) {
        child.send("q")
        child.readFrame(quiet: 0.02, timeout: 0.5)
        child.send("y")
        _ = child.quit(timeout: 5)
    }

    /// tmux on a private server, in a pseudo-terminal the size of our content area, the status
    /// line off: its one pane is exactly that size.
    static func tmuxPane(_ context: Context, socket: String, command: String) -> PtyChild? {
        guard let tmux = context.tmux else { return nil }
        return PtyChild(path: tmux, arguments: ["-L", socket, "-f", "/dev/null", "new-session", command, ";",
                                                "set", "-g", "status", "off"],
                        environment: context.environment, columns: context.content.columns, rows: context.content.rows)
    }

    static func killTmux(_ context: Context, socket: String) {
        guard let tmux = context.tmux else { return }
        _ = ChildProcess.runCapturingOutput(tmux, ["-L", socket, "kill-server"])
    }

    /// Waits (draining `child`) until `path` holds a line, at most `timeout` seconds.
    static func waitForFile(_ path: String, child: PtyChild, timeout: Double) -> String? {
        let deadline = Clock.monotonic() + timeout
        while Clock.monotonic() < deadline {
            if let text = ProcFiles.read(path), text.hasSuffix("\n") { return text }
            child.drain(for: 0.02)
        }
        return nil
    }

    static func contentSize(_ context: Context) -> (columns: Int, rows: Int)? {
        let file = context.scratch + "/stty-size"
        let path = layout(context, name: "size", tabs: [#"{"terminal": "stty size > \#(file); exec sleep 30"}"#])
        let child = ours(context, layout: path)
        defer { quitAnswering(child) }
        guard let text = waitForFile(file, child: child, timeout: 10) else { return nil }
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        guard numbers.count == 2 else { return nil }
        return (numbers[1], numbers[0])
    }

    // MARK: (a) cat

    static func catFile(_ context: Context) -> String {
        let path = context.scratch + "/cat-100mb.txt"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 20)
        var written = 0
        var number = 0
        while written < catBytes {
            chunk.removeAll(keepingCapacity: true)
            while chunk.count < (1 << 20) - 100 {
                let digits = String(number)
                chunk += Array(("line " + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
                    + " the quick brown fox jumps over the lazy dog 0123456789 abcdefghij klmn\n").utf8)
                number += 1
            }
            written += chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }
        let last = Array((catMarker + "\n").utf8)
        _ = last.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return path
    }

    static func cat(_ context: Context) -> TargetCheck {
        let file = catFile(context)
        // The whole file once, so both read it from the page cache.
        _ = ChildProcess.runCapturingOutput("/bin/sh", ["-c", "cat \(file) > /dev/null"])
        let command = "cat \(file); exec sleep 120"
        let path = layout(context, name: "cat", tabs: [#"{"terminal": "\#(command)"}"#])
        var mine: [Double] = []
        var theirs: [Double] = []
        var cpu: [Double] = []
        for run in 0..<context.runs {
            for first in [run % 2 == 0, run % 2 != 0] {
                if first {
                    if let pane = tmuxPane(context, socket: "tabnav-bench-cat", command: command) {
                        if pane.read(until: catMarker, timeout: 300) { theirs.append(Clock.monotonic() - pane.startTime) }
                        killTmux(context, socket: "tabnav-bench-cat")
                        _ = pane.quit(timeout: 2)
                    }
                } else {
                    let child = ours(context, layout: path)
                    if child.read(until: catMarker, timeout: 300) {
                        mine.append(Clock.monotonic() - child.startTime)
                        cpu.append(Double(ProcFiles.cpuNanoseconds(of: child.pid) ?? 0) * 1e-9)
                    }
                    quitAnswering(child)
                }
            }
        }
        unlink(file)
        let ours = Samples(mine), tmux = Samples(theirs)
        let size = "\(context.content.columns)×\(context.content.rows)"
        let measured = (mine.isEmpty ? "n/a" : "\(Format.fixed(ours.minimum, 2)) s (CPU \(Format.fixed(Samples(cpu).minimum, 2)) s)")
            + "; tmux " + (theirs.isEmpty ? "n/a" : "\(Format.fixed(tmux.minimum, 2)) s")
            + " (fastest of \(context.runs), \(size))"
        let pass: Bool? = mine.isEmpty || theirs.isEmpty ? nil : ours.minimum <= tmux.minimum
        return TargetCheck(figure: "terminal tab: cat of a 100 MB file to its last line on screen", measured: measured,
                           target: "≤ tmux", pass: pass, value: mine.isEmpty ? nil : ours.minimum * 1000, unit: "ms")
    }

    // MARK: (b) a key to its echo

    /// Latencies of `echoKeys` keys typed at a shell prompt in `child` (already at its prompt).
    static func echoLatencies(_ child: PtyChild) -> [Double] {
        var latencies: [Double] = []
        for index in 0..<echoKeys {
            if index % 40 == 0 {
                child.send([0x15])  // Ctrl-U: an empty line again, so the line never wraps
                child.readFrame(quiet: 0.02, timeout: 0.5)
            }
            let sent = Clock.monotonic()
            child.send("x")
            guard child.read(untilNew: "x", timeout: 1) else { continue }
            latencies.append(Clock.monotonic() - sent)
            child.readFrame(quiet: 0.004, timeout: 0.1)
        }
        return latencies
    }

    static func percentile(_ samples: Samples, _ fraction: Double) -> Double {
        guard !samples.values.isEmpty else { return .nan }
        return samples.values[min(samples.values.count - 1, Int(Double(samples.values.count) * fraction))]
    }

    static func echo(_ context: Context) -> TargetCheck {
        let path = layout(context, name: "shell", tabs: [#"{"terminal": true}"#])
        var mine: [Double] = []
        var theirs: [Double] = []
        let child = ours(context, layout: path)
        if child.read(until: "ready$", timeout: 10) {
            child.send("\u{1B}[B")  // ↓: the keys go to the shell
            child.readFrame(quiet: 0.05, timeout: 1)
            mine = echoLatencies(child)
        }
        quitAnswering(child)
        if let pane = tmuxPane(context, socket: "tabnav-bench-echo", command: "/bin/sh") {
            if pane.read(until: "ready$", timeout: 10) {
                pane.settle(quiet: 0.05, timeout: 1)
                theirs = echoLatencies(pane)
            }
            killTmux(context, socket: "tabnav-bench-echo")
            _ = pane.quit(timeout: 2)
        }
        let ours = Samples(mine), tmux = Samples(theirs)
        func text(_ s: Samples) -> String {
            s.values.isEmpty ? "n/a" : "\(Format.ms(s.median)), p95 \(Format.ms(percentile(s, 0.95)))"
        }
        return TargetCheck(figure: "terminal tab: a key typed into a shell to its echo (median, \(mine.count) keys)",
                           measured: "\(text(ours)); tmux \(text(tmux))", target: "< 2 ms",
                           pass: mine.isEmpty ? nil : ours.median < echoTarget,
                           value: mine.isEmpty ? nil : ours.median * 1000, unit: "ms")
    }

    // MARK: (c), (d) ten idle shells; memory

    static func childCount(of pid: pid_t) -> Int {
        let text = ProcFiles.read("/proc/\(pid)/task/\(pid)/children") ?? ""
        return text.split(separator: " ").count
    }

    static func idleAndMemory(_ context: Context) -> [TargetCheck] {
        let path = layout(context, name: "idle", tabs: Array(repeating: #"{"terminal": true}"#, count: idleTabs))
        let child = ours(context, layout: path)
        defer { quitAnswering(child) }
        guard child.read(until: "ready$", timeout: 10) else { return [] }
        child.settle(quiet: 0.2, timeout: 2)
        let firstKB = ProcFiles.residentKB(of: child.pid) ?? 0
        for _ in 1..<idleTabs {
            child.send("l")
            _ = child.read(untilNew: "ready$", timeout: 5)
            child.settle(quiet: 0.1, timeout: 2)
        }
        child.settle(quiet: 0.5, timeout: 3)
        let allKB = ProcFiles.residentKB(of: child.pid) ?? 0
        let running = childCount(of: child.pid)
        let cpuBefore = ProcFiles.cpuNanoseconds(of: child.pid) ?? 0
        let wakeUpsBefore = ProcFiles.wakeUps(of: child.pid) ?? 0
        let bytes = child.drain(for: idleSeconds)
        let cpu = Double((ProcFiles.cpuNanoseconds(of: child.pid) ?? 0) - cpuBefore) * 1e-9
        let wakeUps = (ProcFiles.wakeUps(of: child.pid) ?? 0) - wakeUpsBefore
        let perTabKB = Double(allKB - firstKB) / Double(idleTabs - 1)

        // 12,000 lines of 80 characters into the last shell: its scrollback (10,000 lines) fills.
        child.send("\u{1B}[B")
        child.readFrame(quiet: 0.05, timeout: 1)
        child.send("clear\r")
        child.settle(quiet: 0.2, timeout: 2)
        let beforeKB = ProcFiles.residentKB(of: child.pid) ?? 0
        let lines = scrollbackLines + 2_000
        child.send("seq -f 'scrollback line %05g: some words to make the line eighty characters wide....' \(lines); echo SEQ-$((1+1))-DONE\r")
        let filled = child.read(untilNew: "SEQ-2-DONE", timeout: 120)
        child.settle(quiet: 0.3, timeout: 3)
        let afterKB = ProcFiles.residentKB(of: child.pid) ?? 0
        let perLine = filled ? Double(afterKB - beforeKB) * 1024 / Double(scrollbackLines) : nil

        return [
            TargetCheck(figure: "terminal tabs: \(idleTabs) idle shells (\(running) running), \(Format.fixed(idleSeconds, 0)) s",
                        measured: "\(Format.time(cpu)) CPU, \(wakeUps) wake-ups, \(bytes) B",
                        target: "no CPU", pass: running == idleTabs && cpu < Targets.idleCPU && wakeUps <= Targets.idleWakeUps,
                        value: cpu * 1000, unit: "ms"),
            TargetCheck(figure: "terminal tabs: memory per added shell tab (VmRSS, \(idleTabs) tabs)",
                        measured: "\(Format.fixed(perTabKB, 0)) kB (1 tab \(Format.megabytes(kB: firstKB)), \(idleTabs) tabs \(Format.megabytes(kB: allKB)))",
                        target: "< 1 MB", pass: perTabKB < Double(perTabTargetKB), value: perTabKB, unit: "kB"),
            TargetCheck(figure: "terminal tab: memory per scrollback line (10,000 lines of 80 characters)",
                        measured: perLine.map { "\(Format.fixed($0, 0)) B (VmRSS \(Format.megabytes(kB: beforeKB)) → \(Format.megabytes(kB: afterKB)))" } ?? "n/a",
                        target: "(reference)", pass: nil, value: perLine, unit: "B"),
        ]
    }

    // MARK: (e) a hidden refresh

    static func hiddenRefresh(_ context: Context) -> TargetCheck {
        let file = context.scratch + "/refresh-runs"
        TempFiles.write([], to: file)
        let path = layout(context, name: "refresh", tabs: [
            #"{"command": "date +%s.%N >> \#(file)", "refresh": 1}"#,
            #"{"text": "another tab"}"#,
        ])
        let child = ours(context, layout: path)
        var runs: [Double] = []
        if child.read(until: TerminalBench.footerMarker, timeout: 10) {
            child.settle(quiet: 0.1, timeout: 1)
            child.send("l")
            child.readFrame(quiet: 0.05, timeout: 1)
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let start = Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
            child.drain(for: refreshSeconds)
            let text = ProcFiles.read(file) ?? ""
            runs = text.split(separator: "\n").compactMap { Double($0) }.filter { $0 >= start && $0 <= start + refreshSeconds }
        }
        _ = child.quit()
        let gaps = zip(runs.dropFirst(), runs).map { $0 - $1 }
        let worst = gaps.max() ?? .nan
        let expected = Int(refreshSeconds)
        let pass = runs.count >= expected - 1 && worst < 1.5
        return TargetCheck(figure: "hidden command tab, refresh 1 s, another tab shown: runs in \(Format.fixed(refreshSeconds, 0)) s",
                           measured: "\(runs.count) runs, longest gap \(gaps.isEmpty ? "n/a" : Format.fixed(worst, 2) + " s")",
                           target: "≥ \(expected - 1), gaps < 1.5 s", pass: pass, value: Double(runs.count), unit: "runs")
    }

    // MARK: A hidden flood

    static let floodSeconds = 3.0

    static func hiddenFlood(_ context: Context) -> TargetCheck {
        let path = layout(context, name: "flood", tabs: [#"{"terminal": "yes"}"#, #"{"text": "another tab"}"#])
        var mine: Double?
        let child = ours(context, layout: path)
        if child.read(until: "y", timeout: 10) {
            child.send("l")
            child.readFrame(quiet: 0.05, timeout: 1)
            child.drain(for: 0.5)
            let before = ProcFiles.cpuNanoseconds(of: child.pid) ?? 0
            let start = Clock.monotonic()
            child.drain(for: floodSeconds)
            mine = Double((ProcFiles.cpuNanoseconds(of: child.pid) ?? 0) - before) * 1e-9 / (Clock.monotonic() - start)
        }
        quitAnswering(child)
        var theirs: Double?
        let socket = "tabnav-bench-flood"
        if let tmux = context.tmux, let pane = tmuxPane(context, socket: socket, command: "yes") {
            if pane.read(until: "y", timeout: 10) {
                _ = ChildProcess.runCapturingOutput(tmux, ["-L", socket, "new-window", "/bin/sh"])
                pane.drain(for: 0.5)
                let (_, text) = ChildProcess.runCapturingOutput(tmux, ["-L", socket, "display", "-p", "#{pid}"])
                if let server = Int32(text.filter { $0.isNumber }) {
                    let before = ProcFiles.cpuNanoseconds(of: server) ?? 0
                    let start = Clock.monotonic()
                    pane.drain(for: floodSeconds)
                    theirs = Double((ProcFiles.cpuNanoseconds(of: server) ?? 0) - before) * 1e-9 / (Clock.monotonic() - start)
                }
            }
            killTmux(context, socket: socket)
            _ = pane.quit(timeout: 2)
        }
        func share(_ value: Double?) -> String { value.map { Format.fixed($0 * 100, 0) + "% of a core" } ?? "n/a" }
        return TargetCheck(figure: "hidden terminal tab running `yes`: the program's CPU",
                           measured: "\(share(mine)); tmux's server \(share(theirs))", target: "(reference)",
                           pass: nil, value: mine.map { $0 * 100 }, unit: "%")
    }
}
