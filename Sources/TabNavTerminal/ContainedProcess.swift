import CNcursesw
import CSystem
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TabNavInteraction

/// A program started so that the kernel contains it (docs/behaviour.md, "Children"): the one way
/// this package starts a process.
///
/// The program runs under a *keeper*, a small process of the project's own (children.h) that is a
/// child subreaper leading a session with no controlling terminal. Every process the program
/// starts stays the keeper's descendant, however it forks or calls `setsid`; `end()` gives each
/// of them the end signal and SIGKILL after the grace time, `kill()` SIGKILL at once, and when
/// this process ends — exiting, crashing or killed with `kill -9` — the kernel tells the keeper
/// (PR_SET_PDEATHSIG, as SIGCONT, which also resumes a keeper that was stopped), which ends them
/// all the same way.
///
/// Without a terminal, the program gets a process group of its own in the keeper's session, so
/// it can never acquire a controlling terminal (`/dev/tty` fails with ENXIO). With `terminal` (a
/// pseudo-terminal's secondary side, e.g. `PseudoTerminal.secondary`), it gets a session of its
/// own with that terminal as its controlling terminal and, unless others are given, as its
/// standard input, output and error; closing the primary side then hangs it up as a closing
/// terminal window does.
///
/// Watch `statusDescriptor` (readable once with the program's wait status, then at end of file)
/// and `exitDescriptor` (readable when the keeper, and so everything of the run, is gone), then
/// call `readStatus()` and `reap()`. The thread that spawns may end before the run: the keeper
/// takes only the end of this process for the program's death.
package final class ContainedProcess {
    /// What to run and how.
    package struct Options: Sendable {
        /// The program (an absolute path) and its arguments; `arguments[0]` is its name.
        package var path: String
        package var arguments: [String]
        /// The whole environment the program gets (nothing else of the process's).
        package var environment: [String: String]
        /// Where it starts; `nil`: where this process is.
        package var directory: String?
        /// Its standard input, output and error; -1: `/dev/null` for input, the terminal where
        /// there is one (else `/dev/null`) for the others.
        package var input: Int32 = -1
        package var output: Int32 = -1
        package var errors: Int32 = -1
        /// A pseudo-terminal's secondary side to be its controlling terminal, or -1.
        package var terminal: Int32 = -1
        /// What every process of the run gets first when it is ended (and when this program
        /// dies): SIGTERM for commands, SIGHUP for a terminal closing.
        package var endSignal: Int32 = SIGTERM
        /// Milliseconds from the end signal to SIGKILL.
        package var graceMilliseconds = 1000

        /// `/bin/sh -c command`.
        package static func shell(_ command: String, environment: [String: String], directory: String? = nil) -> Options {
            Options(path: "/bin/sh", arguments: ["/bin/sh", "-c", command], environment: environment, directory: directory)
        }

        package init(path: String, arguments: [String], environment: [String: String], directory: String? = nil) {
            self.path = path
            self.arguments = arguments
            self.environment = environment
            self.directory = directory
        }
    }

    /// Why a start failed: the step and the system's reason.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package enum Step: Sendable, Equatable { case start, directory, program, terminal, descriptors }
        package let step: Step
        package let code: Int32
        package var reason: String { String(cString: strerror(code)) }
        package var description: String {
            switch step {
            case .directory: return "cannot start in its folder: \(reason)"
            case .program: return "cannot run the program: \(reason)"
            case .terminal: return "cannot give it the terminal: \(reason)"
            case .start, .descriptors: return "cannot run: \(reason)"
            }
        }
    }

    /// The keeper's process id.
    package let keeper: pid_t
    /// Readable once the program's wait status is there (then at end of file).
    package let statusDescriptor: Int32
    /// Readable once the keeper has exited (a pidfd); -1 where the kernel has none (poll
    /// `reap()` then).
    package let exitDescriptor: Int32
    /// The program's own end, once `readStatus()` saw it.
    package private(set) var status: ChildExit?
    /// The keeper's end, once `reap()` saw it; `nil` while anything of the run may be alive.
    package private(set) var keeperStatus: Int32?

    /// When the keeper started (clock ticks since boot, from /proc); 0 when it could not be read.
    private let keeperStart: UInt64

    /// Keepers alive, by pid, for the sweep of orphans (a keeper killed from outside).
    private static let live = Mutex<Set<pid_t>>([])
    private static let subreaper = Mutex(false)

    private init(keeper: pid_t, statusDescriptor: Int32) {
        self.keeper = keeper
        self.statusDescriptor = statusDescriptor
        keeperStart = ProcTree.stat(keeper)?.start ?? 0
        let pidfd = tabnav_pidfd_open(keeper)
        if pidfd >= 0 { _ = fcntl(pidfd, F_SETFD, FD_CLOEXEC) }
        exitDescriptor = pidfd
        _ = fcntl(statusDescriptor, F_SETFL, fcntl(statusDescriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(statusDescriptor)
        if exitDescriptor >= 0 { close(exitDescriptor) }
    }

    /// Makes this process a child subreaper (once): an orphan of a run whose keeper was killed
    /// from outside is reparented here, where `sweepOrphans` ends it, never to PID 1.
    package static func becomeSubreaper() {
        subreaper.withLock { done in
            if !done { _ = tabnav_become_subreaper() }
            done = true
        }
    }

    /// Starts `options` under a keeper of its own; returns when the program was executed (or
    /// could not be).
    package static func spawn(_ options: Options) -> Result<ContainedProcess, Failure> {
        becomeSubreaper()
        let argv: [UnsafeMutablePointer<CChar>?] = options.arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = options.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let path = strdup(options.path)
        let directory = options.directory.map { strdup($0) } ?? nil
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
            free(path)
            free(directory)
        }
        var statusFD: Int32 = -1
        var failure: (Int32, Int32) = (0, 0)
        var reportFD: Int32 = -1
        // Forked and listed as a keeper under one lock, which a sweep holds while it looks for
        // orphans: a keeper that is starting is never taken for one. The wait for the command's
        // exec (which a folder on a hung mount can make long) is outside it.
        let forked: Int32 = live.withLock { keepers in
            let started: Int32 = argv.withUnsafeBufferPointer { args in
                envp.withUnsafeBufferPointer { env in
                    var spec = tabnav_spawn(
                        path: path, argv: args.baseAddress, envp: env.baseAddress, directory: directory,
                        input_fd: options.input, output_fd: options.output, error_fd: options.errors,
                        terminal_fd: options.terminal, end_signal: options.endSignal, grace_ms: Int32(clamping: options.graceMilliseconds))
                    return withUnsafeMutablePointer(to: &failure) { pair in
                        pair.withMemoryRebound(to: Int32.self, capacity: 2) { tabnav_spawn_fork(&spec, &statusFD, &reportFD, $0) }
                    }
                }
            }
            if started > 0 { keepers.insert(started) }
            return started
        }
        var keeper = forked
        if forked > 0 {
            keeper = withUnsafeMutablePointer(to: &failure) { pair in
                pair.withMemoryRebound(to: Int32.self, capacity: 2) { tabnav_spawn_await(forked, reportFD, statusFD, $0) }
            }
            if keeper <= 0 { live.withLock { _ = $0.remove(forked) } }
        }
        guard keeper > 0 else {
            let step: Failure.Step
            switch failure.0 {
            case Int32(TABNAV_STEP_DIRECTORY): step = .directory
            case Int32(TABNAV_STEP_EXEC): step = .program
            case Int32(TABNAV_STEP_TERMINAL): step = .terminal
            case Int32(TABNAV_STEP_DESCRIPTORS): step = .descriptors
            default: step = .start
            }
            return .failure(Failure(step: step, code: failure.1))
        }
        return .success(ContainedProcess(keeper: keeper, statusDescriptor: statusFD))
    }

    /// Ends the run: the end signal (or `signal`) to every process of it, SIGKILL after the grace
    /// time. The keeper exits when nothing is left.
    package func end(with signal: Int32? = nil) {
        guard keeperStatus == nil else { return }
        let sent = signal ?? SIGTERM
        Glibc.kill(keeper, [SIGTERM, SIGHUP, SIGINT, SIGQUIT].contains(sent) ? sent : SIGTERM)
    }

    /// SIGKILL to every process of the run at once.
    package func kill() {
        guard keeperStatus == nil else { return }
        Glibc.kill(keeper, SIGUSR1)
    }

    /// The last resort, when the keeper itself does not finish: every descendant of the keeper
    /// (found from here, through /proc) and then the keeper get SIGKILL, and the keeper is
    /// collected.
    package func killKeeperAndRun() {
        guard keeperStatus == nil else { return }
        let tree = ProcTree.descendants(of: keeper)
        for pid in tree { Glibc.kill(pid, SIGSTOP) }
        for pid in tree { Glibc.kill(pid, SIGKILL) }
        Glibc.kill(keeper, SIGKILL)
        reap(wait: true)
    }

    /// Reads the program's wait status if it is there; `nil` while it runs.
    @discardableResult
    package func readStatus() -> ChildExit? {
        guard status == nil else { return status }
        var raw: Int32 = 0
        let count = withUnsafeMutableBytes(of: &raw) { read(statusDescriptor, $0.baseAddress, $0.count) }
        if count == MemoryLayout<Int32>.size {
            status = Self.exit(fromWaitStatus: raw)
        } else if count == 0, keeperStatus != nil {
            // The keeper is gone without a word: it was killed before its program ended.
            status = .signal(SIGKILL)
        }
        return status
    }

    /// Collects the keeper if it has exited (without waiting); true once it has.
    @discardableResult
    package func reap(wait: Bool = false) -> Bool {
        guard keeperStatus == nil else { return true }
        var raw: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(keeper, &raw, wait ? 0 : WNOHANG) } while result < 0 && errno == EINTR
        guard result == keeper || (result < 0 && errno == ECHILD) else { return false }
        keeperStatus = result == keeper ? raw : 0
        Self.live.withLock { _ = $0.remove(keeper) }
        readStatus()
        if raw & 0x7f != 0 {
            // Killed from outside: what it kept may now be ours.
            Self.sweepOrphans(session: keeper, bornSince: keeperStart)
        }
        return true
    }

    /// Whether every child of this process is started by `spawn`, so that any other child is an
    /// orphan of a run: true in the `tabnav-tui` program, false (the default) in an embedder's
    /// process, which may start children of its own (`sweepOrphans`).
    package static let ownsEveryChild = Atomic<Bool>(false)

    /// Ends the orphans reparented to this process from the run whose keeper led `session` and
    /// started at `bornSince` (a keeper killed from outside, by anyone, its own command included),
    /// and collects them.
    ///
    /// An orphan of that run is a child of this process that is not a keeper and is still in the
    /// keeper's session. Where this process starts no children but keepers (`ownsEveryChild`),
    /// one that left that session (`setsid`) after the keeper started is one too; a process of
    /// this program's own session, or one older than the keeper, is never touched. An embedder's
    /// process may have children of its own in sessions of their own: there only the session
    /// decides, and an escapee that both left the session and killed its keeper is not found.
    /// Whatever an orphan started is reparented here when it ends, so the sweep goes on until a
    /// round finds none; each round stops them all before killing any, under the lock `spawn`
    /// holds while a keeper starts.
    package static func sweepOrphans(session: pid_t, bornSince: UInt64 = 0) {
        let ownSession = getsid(0)
        let everyChildIsOurs = ownsEveryChild.load(ordering: .relaxed)
        for _ in 0..<64 {
            let orphans: [pid_t] = live.withLock { keepers in
                let found = ProcTree.children(of: getpid()).filter { pid in
                    guard !keepers.contains(pid), let info = ProcTree.stat(pid) else { return false }
                    if info.session == session { return true }
                    return everyChildIsOurs && info.session != ownSession && info.start >= bornSince
                }
                for pid in found { Glibc.kill(pid, SIGSTOP) }
                for pid in found { Glibc.kill(pid, SIGKILL) }
                return found
            }
            guard !orphans.isEmpty else { return }
            for pid in orphans {
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            }
        }
    }

    static func exit(fromWaitStatus raw: Int32) -> ChildExit {
        raw & 0x7f == 0 ? .status((raw >> 8) & 0xff) : .signal(raw & 0x7f)
    }
}

/// The kernel's bookkeeping of processes, read from /proc.
package enum ProcTree {
    /// The children of `pid` (of every one of its threads).
    package static func children(of pid: pid_t) -> [pid_t] {
        var result: [pid_t] = []
        guard let tasks = opendir("/proc/\(pid)/task") else { return [] }
        defer { closedir(tasks) }
        while let entry = readdir(tasks) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let tid = Int32(name) else { continue }
            for word in readText("/proc/\(pid)/task/\(tid)/children").split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                if let child = pid_t(word) { result.append(child) }
            }
        }
        return result
    }

    /// Every descendant of `pid`, breadth first.
    package static func descendants(of pid: pid_t) -> [pid_t] {
        var result = children(of: pid)
        var index = 0
        while index < result.count {
            result += children(of: result[index])
            index += 1
        }
        return result
    }

    /// The state letter, parent, session and start time (clock ticks since boot) of `pid`, from
    /// /proc/<pid>/stat; `nil` when gone.
    package static func stat(_ pid: pid_t) -> (state: Character, parent: pid_t, session: pid_t, start: UInt64)? {
        let text = readText("/proc/\(pid)/stat")
        guard let close = text.lastIndex(of: ")") else { return nil }
        // After the name: state, ppid, pgrp, session, … and the 22nd field of the line, starttime.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let state = fields[0].first, let parent = pid_t(fields[1]), let session = pid_t(fields[3]),
              let start = UInt64(fields[19]) else { return nil }
        return (state, parent, session, start)
    }

    static func readText(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
