import Glibc

/// Runs the release binary in a 100×30 pseudo-terminal (docs/behaviour.md, "Quality bars"'s conditions) and measures
/// start-up, keystrokes, output and memory from the outside, as a person's terminal sees them.
struct TerminalBench {
    static let columns = 100
    static let rows = 30
    static let keys = 500
    static let footerMarker = "NORMAL"
    /// A frame is complete when nothing more arrives for this long.
    static let frameQuiet = 0.004
    static let idleSeconds = 2.0

    var program: String
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
        var maxRSS = 0
        func note(_ exit: ChildExit) {
            peak = max(peak, exit.peakKB)
            maxRSS = max(maxRSS, exit.maxRSSKB)
        }
        for _ in 0..<startRuns {
            guard let child = start(subject) else { return nil }
            frames.append((child.lastOutputTime ?? Clock.monotonic()) - child.startTime)
            frameCPU.append(Double(ProcFiles.cpuNanoseconds(of: child.pid) ?? 0) * 1e-9)
            let exit = child.quit()
            baseline.append(exit.cpuSeconds)
            note(exit)
        }
        let startQuit = Samples(baseline)
        var silent = 0

        func perKey(_ batches: [KeyBatch]) -> (Samples, Samples, Double) {
            let total = Samples(batches.map { ($0.exit.cpuSeconds - startQuit.median) / Double(Self.keys) })
            let direct = Samples(batches.map { $0.cpuDuringKeys / Double(Self.keys) })
            let bytes = Double(batches.map(\.bytes).reduce(0, +)) / Double(batches.count * Self.keys)
            for batch in batches {
                note(batch.exit)
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
            note(scroll.exit)
        }

        var pasteCPU: Samples?
        if subject.pastes {
            var pastes: [Double] = []
            for _ in 0..<3 {
                guard let paste = pasteRun(subject, bytes: 1 << 20) else { return nil }
                note(paste.exit)
                pastes.append(paste.cpu)
            }
            pasteCPU = Samples(pastes)
        }

        guard let idle = idleRun(subject) else { return nil }
        note(idle.exit)
        return TerminalResult(
            subject: subject.name, firstFrame: Samples(frames), firstFrameCPU: Samples(frameCPU), startQuitCPU: startQuit,
            switchCPU: switchCPU, switchCPUDirect: switchDirect, switchBytes: switchBytes,
            moveCPU: moveCPU, moveCPUDirect: moveDirect, moveBytes: moveBytes, scrollBytes: scrollBytes,
            peakKB: peak, wait4MaxRSSKB: maxRSS, idleSeconds: Self.idleSeconds, idleCPU: idle.cpu, idleWakeUps: idle.wakeUps,
            idleBytes: idle.bytes, silentKeys: silent, pasteCPU: pasteCPU)
    }
}

/// Messages for the person running the benchmark.
enum StandardError {
    static func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
