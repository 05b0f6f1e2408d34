import Glibc

/// What the real program is run with in the terminal measurements.
struct TerminalSubject {
    var name: String
    /// Extra arguments (`--layout FILE`); `--no-persist` is always added.
    var arguments: [String]
    /// Measure scrolling the sidebar too (needs more rows than fit on the screen).
    var scrolls: Bool
}

/// One batch of keystrokes sent to the program, one at a time, each waited for.
struct KeyBatch {
    var exit: ChildExit
    /// CPU of the program between the first and the last key's frame (`/proc/…/schedstat`).
    var cpuDuringKeys: Double
    var bytes: Int
    /// Keys after which nothing was drawn in time (each should redraw something).
    var silentKeys: Int
}

/// The figures of the real program for one subject.
struct TerminalResult {
    var subject: String
    var firstFrame: Samples
    /// CPU the program used until its first frame was complete.
    var firstFrameCPU: Samples
    /// CPU of a run that only starts, draws its first frame and quits: subtracted from key runs.
    var startQuitCPU: Samples
    /// CPU seconds per tab switch: (run CPU − start/quit CPU) / keys, per run.
    var switchCPU: Samples
    /// The same from the program's own CPU counter during the keys only (a cross-check).
    var switchCPUDirect: Samples
    var switchBytes: Double
    var moveCPU: Samples
    var moveCPUDirect: Samples
    var moveBytes: Double
    /// Bytes per `j` when each one scrolls the sidebar by a row (information, no target).
    var scrollBytes: Double?
    var peakKB: Int
    var idleSeconds: Double
    var idleCPU: Double
    var idleWakeUps: Int
    var idleBytes: Int
    var silentKeys: Int
}

/// Runs the release binary in a 100×30 pseudo-terminal (SPEC §11's conditions) and measures
/// start-up, keystrokes, output and memory from the outside, as a person's terminal sees them.
struct TerminalBench {
    static let columns = 100
    static let rows = 30
    static let keys = 500
    static let footerMarker = "NORMAL"
    /// A frame is complete when nothing more arrives for this long.
    static let frameQuiet = 0.004
    static let idleSeconds = 2.0

    let program: String
    let home: String
    var startRuns = 9
    var keyRuns = 5

    var environment: [String] {
        ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home)", "XDG_STATE_HOME=\(home)/state",
         "PATH=/usr/local/bin:/usr/bin:/bin"]
    }

    func run(_ subject: TerminalSubject) -> TerminalResult? {
        var frames: [Double] = []
        var frameCPU: [Double] = []
        var baseline: [Double] = []
        var peak = 0
        for _ in 0..<startRuns {
            guard let child = start(subject) else { return nil }
            frames.append((child.lastOutputTime ?? Clock.monotonic()) - child.startTime)
            frameCPU.append(Double(ProcFiles.cpuNanoseconds(of: child.pid) ?? 0) * 1e-9)
            let exit = child.quit()
            baseline.append(exit.cpuSeconds)
            peak = max(peak, exit.peakKB)
        }
        let startQuit = Samples(baseline)
        var silent = 0

        func perKey(_ batches: [KeyBatch]) -> (Samples, Samples, Double) {
            let total = Samples(batches.map { ($0.exit.cpuSeconds - startQuit.median) / Double(Self.keys) })
            let direct = Samples(batches.map { $0.cpuDuringKeys / Double(Self.keys) })
            let bytes = Double(batches.map(\.bytes).reduce(0, +)) / Double(batches.count * Self.keys)
            for batch in batches {
                peak = max(peak, batch.exit.peakKB)
                silent += batch.silentKeys
            }
            return (total, direct, bytes)
        }

        let alternating = { (a: String, b: String) in (0..<Self.keys).map { $0 % 2 == 0 ? a : b } }
        var switches: [KeyBatch] = []
        var moves: [KeyBatch] = []
        for _ in 0..<keyRuns {
            guard let s = keyBatch(subject, prelude: [], keys: alternating("l", "h")),
                  let m = keyBatch(subject, prelude: ["s"], keys: alternating("j", "k")) else { return nil }
            switches.append(s)
            moves.append(m)
        }
        let (switchCPU, switchDirect, switchBytes) = perKey(switches)
        let (moveCPU, moveDirect, moveBytes) = perKey(moves)

        var scrollBytes: Double?
        if subject.scrolls, let scroll = keyBatch(subject, prelude: ["s"], keys: Array(repeating: "j", count: Self.keys)) {
            scrollBytes = Double(scroll.bytes) / Double(Self.keys)
            peak = max(peak, scroll.exit.peakKB)
        }

        guard let idle = idleRun(subject) else { return nil }
        peak = max(peak, idle.exit.peakKB)
        return TerminalResult(
            subject: subject.name, firstFrame: Samples(frames), firstFrameCPU: Samples(frameCPU), startQuitCPU: startQuit,
            switchCPU: switchCPU, switchCPUDirect: switchDirect, switchBytes: switchBytes,
            moveCPU: moveCPU, moveCPUDirect: moveDirect, moveBytes: moveBytes, scrollBytes: scrollBytes,
            peakKB: peak, idleSeconds: Self.idleSeconds, idleCPU: idle.cpu, idleWakeUps: idle.wakeUps,
            idleBytes: idle.bytes, silentKeys: silent)
    }

    /// Starts the program and reads its first complete frame: the footer's mode has arrived and
    /// the output has paused.
    private func start(_ subject: TerminalSubject) -> PtyChild? {
        let child = PtyChild(path: program, arguments: subject.arguments + ["--no-persist"],
                             environment: environment, columns: Self.columns, rows: Self.rows)
        guard child.read(until: Self.footerMarker, timeout: 20) else {
            StandardError.write("tabnav-bench: \(subject.name): no first frame (no \"\(Self.footerMarker)\" within 20 s)")
            return nil
        }
        child.settle(quiet: 0.05, timeout: 5)
        return child
    }

    /// Sends `prelude` then `keys`, one key at a time, each after the previous frame arrived.
    private func keyBatch(_ subject: TerminalSubject, prelude: [String], keys: [String]) -> KeyBatch? {
        guard let child = start(subject) else { return nil }
        for key in prelude {
            child.send(key)
            child.readFrame(quiet: Self.frameQuiet, timeout: 1)
        }
        let cpuBefore = ProcFiles.cpuNanoseconds(of: child.pid) ?? 0
        let bytesBefore = child.bytesRead
        var silent = 0
        for key in keys {
            child.send(key)
            if child.readFrame(quiet: Self.frameQuiet, timeout: 0.25) == 0 { silent += 1 }
        }
        let cpuAfter = ProcFiles.cpuNanoseconds(of: child.pid) ?? 0
        let bytes = child.bytesRead - bytesBefore
        let exit = child.quit()
        return KeyBatch(exit: exit, cpuDuringKeys: Double(cpuAfter - cpuBefore) * 1e-9, bytes: bytes, silentKeys: silent)
    }

    /// Leaves the program alone for a while and counts what it did meanwhile.
    private func idleRun(_ subject: TerminalSubject) -> (exit: ChildExit, cpu: Double, wakeUps: Int, bytes: Int)? {
        guard let child = start(subject) else { return nil }
        let cpuBefore = ProcFiles.cpuNanoseconds(of: child.pid) ?? 0
        let wakeUpsBefore = ProcFiles.wakeUps(of: child.pid) ?? 0
        let bytes = child.drain(for: Self.idleSeconds)
        let cpuAfter = ProcFiles.cpuNanoseconds(of: child.pid) ?? 0
        let wakeUpsAfter = ProcFiles.wakeUps(of: child.pid) ?? 0
        let exit = child.quit()
        return (exit, Double(cpuAfter - cpuBefore) * 1e-9, wakeUpsAfter - wakeUpsBefore, bytes)
    }
}

/// Messages for the person running the benchmark.
enum StandardError {
    static func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
