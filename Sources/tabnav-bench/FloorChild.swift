import Glibc

/// The least a terminal program does for a key, measured the way the program's keys are: a child
/// that puts the terminal in raw mode, then for each key waits in `poll`, reads it and writes a
/// frame of 586 bytes (what a demo tab switch writes), and leaves on `q`. Its CPU per key is this
/// machine's floor under the 0.25 ms bar: the kernel's pseudo-terminal, the system calls, waking
/// up (docs/benchmark.md, "The real program").
enum FloorChild {
    static let flag = "--floor-child"
    static let frameBytes = 586

    static func run() -> Int32 {
        var mode = termios()
        if tcgetattr(0, &mode) == 0 {
            cfmakeraw(&mode)
            tcsetattr(0, TCSANOW, &mode)
        }
        let frame = Array((TerminalBench.footerMarker + String(repeating: "-", count: frameBytes - TerminalBench.footerMarker.utf8.count)).utf8)
        func draw() { frame.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) } }
        draw()
        var input = [UInt8](repeating: 0, count: 64)
        while true {
            var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, -1) > 0 else { continue }
            let count = input.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count <= 0 || input[0] == UInt8(ascii: "q") { return 0 }
            draw()
        }
    }

    /// CPU seconds per key of the floor child: keys `l`/`h` as the program's tab switches are
    /// sent, less its own start and quit.
    static func perKey(bench: TerminalBench) -> Samples? {
        let subject = TerminalSubject(name: "floor", arguments: [flag], scrolls: false)
        var baseline: [Double] = []
        for _ in 0..<3 {
            guard let child = bench.start(subject) else { return nil }
            baseline.append(child.quit().cpuSeconds)
        }
        let startQuit = Samples(baseline).median
        var perKey: [Double] = []
        for _ in 0..<bench.keyRuns {
            let keys = (0..<TerminalBench.keys).map { $0 % 2 == 0 ? "l" : "h" }
            guard let batch = bench.keyBatch(subject, prelude: [], keys: keys) else { return nil }
            perKey.append((batch.exit.cpuSeconds - startQuit) / Double(TerminalBench.keys))
        }
        return Samples(perKey)
    }
}
