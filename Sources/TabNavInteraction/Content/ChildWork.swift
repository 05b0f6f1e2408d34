import TabNavCore
import TabNavDrawing

/// Work the runtime carries out for a page as a watched child or file rather than a closure
/// (docs/layout-files.md, "Commands" and "Files"): one supervisor watches every child's output
/// and deadline, so no thread waits per run, and results stream back as `ChildProgress`.
public enum ChildRequest: Sendable, Equatable {
    /// `/bin/sh -c command`, contained (docs/behaviour.md, "Children").
    case command(String, options: ContentOptions)
    /// A regular file, read once or followed like `tail -F` (keeping its last `maxLines` lines).
    case file(String, follow: Bool, maxLines: Int = ContentOptions.defaultMaxLines)
    /// A terminal tab's program in a pseudo-terminal behind the emulation (docs/terminal-tabs.md).
    case terminal(TerminalSpec)

    /// Whether it runs something (needs the layout file's trust).
    public var runsCommand: Bool {
        switch self {
        case .command: return true
        case .terminal(let spec): return spec.fromLayout
        case .file: return false
        }
    }
}

/// Something that happened to a child or a followed file.
public enum ChildEvent: Sendable, Equatable {
    /// Bytes it wrote, from standard output or standard error.
    case output([UInt8], stderr: Bool)
    /// Output past the cap was dropped.
    case cut(limit: Int)
    /// A followed file was truncated or replaced, and is read again from its beginning (the
    /// reason, shown as a marked line below what was shown before).
    case restarted(String)
    /// A followed stream's current line grew past `limit` bytes: the rest of it is dropped.
    case lineCut(limit: Int, stderr: Bool)
    /// So many lines of a followed stream came at once that these earlier ones were skipped
    /// (the page would have dropped them anyway): what was shown goes, the next lines follow.
    case dropped(lines: Int)
    /// The command ended: how, and after how many milliseconds.
    case exited(ChildExit, milliseconds: Int)
    /// It could not start, or the file cannot be read (the reason).
    case failed(String)
    /// The layout file is not trusted, so nothing ran.
    case notTrusted
}

/// How a command ended.
public enum ChildExit: Sendable, Equatable {
    case status(Int32)
    case signal(Int32)
    /// Stopped at its time limit (in seconds).
    case timedOut(Double)
    /// Stopped by the host after so many seconds (`render` ends a followed command after a moment).
    case stopped(Double)
}

/// A batch of events for one request; `isFinal` when nothing more will come.
public struct ChildProgress: Sendable, Equatable {
    public var events: [ChildEvent]
    public var isFinal: Bool

    public init(events: [ChildEvent], isFinal: Bool) {
        self.events = events
        self.isFinal = isFinal
    }
}

extension PageWork {
    /// Work that is a child process or a followed file, carried out by the runtime's supervisor.
    public init(label: String, child: ChildRequest) {
        self.init(label: label) { _ in ChildProgress(events: [.failed("this host cannot run commands")], isFinal: true) }
        self.child = child
    }
}
