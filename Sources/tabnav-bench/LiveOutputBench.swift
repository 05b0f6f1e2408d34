import Glibc

/// Live output of layout commands (docs/layout-files.md, "Commands"; docs/benchmark.md), measured on
/// the release program in a 100×30 pseudo-terminal:
/// - a followed command printing 10,000 lines a second: the program's CPU (all its threads; the
///   command's own CPU is not the program's), target under 15% of one core;
/// - a key pressed meanwhile (`e`, edit mode, and back): from the key to the footer saying so,
///   target under 5 ms;
/// - a command tab's time from selection to its result for `true` (no target: for reference).
enum LiveOutputBench {
    static let followCPUTarget = 0.15
    static let keyLatencyTarget = 0.005
    static let streamSeconds = 3.0
    static let keyPresses = 20
    static let firstOutputRuns = 5
    /// Prints 10,000 lines a second: 1,000 lines of 40 characters, then a rest of 92 ms (seq takes the rest of the tenth).
    static let generator = "i=1; while :; do seq -f 'event %08g status ok latency 12 ms' $i $((i + 999)); i=$((i + 1000)); sleep 0.092; done"

    static func checks(scratch: String, progress: (String) -> Void) -> [TargetCheck] {
        let own = ChildProcess.ownPath()
        let program = String(own[..<(own.lastIndex(of: "/") ?? own.startIndex)]) + "/tabnav-tui"
        guard access(program, X_OK) == 0 else { return [] }
        let home = scratch + "/live-home"
        TempFiles.makeDirectory(at: home)
        let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home)", "XDG_STATE_HOME=\(home)/state",
                           "PATH=/usr/local/bin:/usr/bin:/bin"]
        let follow = scratch + "/live-follow.json"
        TempFiles.write(Array(#"""
            {"id": "live", "title": "Live", "tabs": [
              {"id": "stream", "title": "Stream", "content": {"command": "\#(generator)", "follow": true}}]}
            """#.utf8), to: follow)
        let first = scratch + "/live-true.json"
        TempFiles.write(Array(#"""
            {"id": "first", "title": "First", "tabs": [{"id": "home", "title": "Home", "content": {"text": "home"}},
              {"id": "true", "title": "True", "content": {"command": "true"}}]}
            """#.utf8), to: first)

        progress("live output: a followed command at 10,000 lines a second")
        var cpu: Double?
        var latencies: [Double] = []
        let stream = PtyChild(path: program, arguments: ["--layout", follow, "--trust", "--no-persist"],
                              environment: environment, columns: TerminalBench.columns, rows: TerminalBench.rows)
        if stream.read(until: "following", timeout: 5) {
            stream.drain(for: 0.5)
            let before = ProcFiles.cpuNanoseconds(of: stream.pid) ?? 0
            let start = Clock.monotonic()
            stream.drain(for: streamSeconds)
            let after = ProcFiles.cpuNanoseconds(of: stream.pid) ?? 0
            cpu = Double(after - before) * 1e-9 / (Clock.monotonic() - start)
            for index in 0..<keyPresses {
                // Enough stream output in between that the last marker is out of the reader's tail.
                stream.drain(for: 0.4)
                let sent = Clock.monotonic()
                stream.send("e")
                if stream.read(until: index % 2 == 0 ? "EDIT" : "NORMAL", timeout: 1) {
                    latencies.append(Clock.monotonic() - sent)
                }
            }
        }
        _ = stream.quit()

        progress("live output: time to the result of `true`")
        var firstOutput: [Double] = []
        for _ in 0..<firstOutputRuns {
            let child = PtyChild(path: program, arguments: ["--layout", first, "--trust", "--no-persist"],
                                 environment: environment, columns: TerminalBench.columns, rows: TerminalBench.rows)
            guard child.read(until: TerminalBench.footerMarker, timeout: 5) else { _ = child.quit(); continue }
            child.settle(quiet: 0.05, timeout: 1)
            let sent = Clock.monotonic()
            child.send("l")
            if child.read(until: "exit 0", timeout: 5) { firstOutput.append(Clock.monotonic() - sent) }
            _ = child.quit()
        }

        let keys = Samples(latencies)
        let firsts = Samples(firstOutput)
        return [
            TargetCheck(figure: "follow: CPU at 10,000 lines/s", measured: cpu.map { Format.fixed($0 * 100, 1) + "% of a core" } ?? "n/a",
                        target: "< 15%", pass: cpu.map { $0 < followCPUTarget }, value: cpu.map { $0 * 100 }, unit: "%"),
            TargetCheck(figure: "follow: key latency (median, max)",
                        measured: keys.values.isEmpty ? "n/a" : "\(Format.ms(keys.median)), \(Format.ms(keys.maximum))",
                        target: "< 5 ms", pass: keys.values.isEmpty ? nil : keys.median < keyLatencyTarget,
                        value: keys.values.isEmpty ? nil : keys.median * 1000, unit: "ms"),
            TargetCheck(figure: "command tab: `true` to its result (median)",
                        measured: firsts.values.isEmpty ? "n/a" : Format.ms(firsts.median), target: "(reference)",
                        pass: nil, value: firsts.values.isEmpty ? nil : firsts.median * 1000, unit: "ms"),
        ]
    }
}
