import Glibc

/// Followed output that comes faster than anyone reads it (docs/benchmark.md, "Live output"),
/// measured on the release program in a 100×30 pseudo-terminal:
/// - a followed file that grows by 64 MB at once: the time from selecting another tab to the
///   result of its `true`, target under 1 s (the supervisor reads a burst in rounds of 1 MB and
///   serves every other run in between; it used to take ~35 s, quadratic in the burst);
/// - a followed command writing without line ends (`yes | tr -d '\n'`, about 100 MB/s here): the
///   program's peak memory after streaming for a few seconds, target under 32 MB (any one line is
///   cut at 64 KB; it reached 2.5 GB in 15 s before).
enum FollowBurstBench {
    static let burstBytes = 64 << 20
    static let burstDelayTarget = 1.0
    static let newlineFreeSeconds = 4.0
    static let newlineFreePeakTargetKB = 32 << 10

    static func checks(scratch: String, progress: (String) -> Void) -> [TargetCheck] {
        let own = ChildProcess.ownPath()
        let program = String(own[..<(own.lastIndex(of: "/") ?? own.startIndex)]) + "/tabnav-tui"
        guard access(program, X_OK) == 0 else { return [] }
        let home = scratch + "/burst-home"
        TempFiles.makeDirectory(at: home)
        let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home)", "XDG_STATE_HOME=\(home)/state",
                           "PATH=/usr/local/bin:/usr/bin:/bin"]
        return [burst(program: program, environment: environment, scratch: scratch, progress: progress),
                newlineFree(program: program, environment: environment, scratch: scratch, progress: progress)]
    }

    static func burst(program: String, environment: [String], scratch: String, progress: (String) -> Void) -> TargetCheck {
        progress("follow: a 64 MB burst into a followed file, then another tab's `true`")
        let log = scratch + "/burst.log"
        TempFiles.write(Array("start\n".utf8), to: log)
        let layout = scratch + "/burst.json"
        TempFiles.write(Array(#"""
            {"id": "burst", "title": "Burst", "tabs": [
              {"id": "log", "title": "Log", "content": {"file": "\#(log)", "follow": true}},
              {"id": "true", "title": "True", "content": {"command": "true"}}]}
            """#.utf8), to: layout)
        // Lines of 100 bytes, as a busy log writes them.
        var line = Array("2026-12-01T20:00:00Z host app[1234]: request served in 12 ms, status 200, bytes 5120, path /api/v1/items".utf8)
        line = Array(line.prefix(99)) + [0x0A]
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 20)
        while chunk.count + line.count <= 1 << 20 { chunk += line }
        var delay: Double?
        let child = PtyChild(path: program, arguments: ["--layout", layout, "--trust", "--no-persist"],
                             environment: environment, columns: TerminalBench.columns, rows: TerminalBench.rows)
        if child.read(until: "start", timeout: 5) {
            child.settle(quiet: 0.1, timeout: 1)
            let fd = open(log, O_WRONLY | O_APPEND)
            var written = 0
            while written < burstBytes {
                let count = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                written += count
            }
            close(fd)
            let sent = Clock.monotonic()
            child.send("l")
            if child.read(until: "exit 0", timeout: 60) { delay = Clock.monotonic() - sent }
        }
        _ = child.quit()
        return TargetCheck(figure: "follow: 64 MB burst, another tab's `true` to its result",
                           measured: delay.map { Format.ms($0) } ?? "n/a", target: "< 1 s",
                           pass: delay.map { $0 < burstDelayTarget }, value: delay.map { $0 * 1000 }, unit: "ms")
    }

    static func newlineFree(program: String, environment: [String], scratch: String, progress: (String) -> Void) -> TargetCheck {
        progress("follow: memory of a newline-free stream (yes | tr -d '\\n')")
        let layout = scratch + "/newline-free.json"
        TempFiles.write(Array(#"""
            {"id": "flood", "title": "Flood", "tabs": [
              {"id": "flood", "title": "Flood", "content": {"command": "yes | tr -d '\\n'", "follow": true}}]}
            """#.utf8), to: layout)
        var peak: Int?
        let child = PtyChild(path: program, arguments: ["--layout", layout, "--trust", "--no-persist"],
                             environment: environment, columns: TerminalBench.columns, rows: TerminalBench.rows)
        if child.read(until: "following", timeout: 5) {
            child.drain(for: newlineFreeSeconds)
            peak = ProcFiles.peakResidentKB(of: child.pid)
        }
        _ = child.quit()
        return TargetCheck(figure: "follow: peak memory, \(Int(newlineFreeSeconds)) s of output without line ends",
                           measured: peak.map { Format.megabytes(kB: $0) } ?? "n/a", target: "< 32 MB",
                           pass: peak.map { $0 < newlineFreePeakTargetKB }, value: peak.map { Double($0) / 1024 }, unit: "MB")
    }
}
