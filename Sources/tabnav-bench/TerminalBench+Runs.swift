import Glibc

/// The three kinds of run the terminal figures are made of: start and quit, a batch of keys,
/// and a stretch of idleness.
extension TerminalBench {
    /// Starts the program and reads its first complete frame: the footer's mode has arrived and
    /// the output has paused.
    func start(_ subject: TerminalSubject) -> PtyChild? {
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
    func keyBatch(_ subject: TerminalSubject, prelude: [String], keys: [String]) -> KeyBatch? {
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

    /// Opens the search field and pastes `bytes` bytes of text in one bracketed paste, as a
    /// terminal delivers it; the CPU from the paste's first byte to its frame.
    func pasteRun(_ subject: TerminalSubject, bytes: Int) -> (exit: ChildExit, cpu: Double)? {
        guard let child = start(subject) else { return nil }
        child.send("/")
        child.readFrame(quiet: Self.frameQuiet, timeout: 1)
        let text = Array(String(repeating: "pasted text ", count: bytes / 12).utf8)
        let cpuBefore = ProcFiles.cpuNanoseconds(of: child.pid) ?? 0
        child.send(Array("\u{1B}[200~".utf8) + text + Array("\u{1B}[201~".utf8))
        child.readFrame(quiet: 0.05, timeout: 30)
        let cpuAfter = ProcFiles.cpuNanoseconds(of: child.pid) ?? 0
        return (child.quit(), Double(cpuAfter - cpuBefore) * 1e-9)
    }

    /// Leaves the program alone for a while and counts what it did meanwhile.
    func idleRun(_ subject: TerminalSubject) -> (exit: ChildExit, cpu: Double, wakeUps: Int, bytes: Int)? {
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
