/// What the real program is run with in the terminal measurements.
struct TerminalSubject {
    var name: String
    /// Extra arguments (`--layout FILE`); `--no-persist` is always added.
    var arguments: [String]
    /// Measure scrolling the sidebar too (needs more rows than fit on the screen).
    var scrolls: Bool
    /// Measure a 1 MB bracketed paste into the search field, from the terminal's bytes to the frame.
    var pastes = false
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
    /// The largest `ru_maxrss` of the runs (inflated by the benchmark's own size; not judged).
    var wait4MaxRSSKB: Int
    var idleSeconds: Double
    var idleCPU: Double
    var idleWakeUps: Int
    var idleBytes: Int
    var silentKeys: Int
    /// CPU seconds of a 1 MB paste into the search field, end to end (subjects that paste).
    var pasteCPU: Samples?
}
