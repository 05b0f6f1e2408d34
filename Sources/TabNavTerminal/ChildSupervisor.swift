import CNcursesw
import CSystem
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TabNavCore
import TabNavInteraction
import TabNavSystem

/// Runs the commands and follows the files of layout tabs (docs/layout-files.md, "Commands"):
/// one thread watches every child's output, exit and deadline in a single `poll`, so no thread
/// waits per run, and results reach the UI through `notify` (the run loop's waker).
///
/// Each command runs as `/bin/sh -c` with standard input from `/dev/null`, contained under a
/// keeper of its own (`ContainedProcess`), in its folder, with the given environment plus its own
/// `env`. At its time limit, or when stopped (`r`, a newer run of the tab), every process of the
/// run gets SIGTERM, then SIGKILL a second later — also when the shell has exited, the command
/// closed its output, forked or left its session. `shutdown()` ends every run on the way out; a
/// crash or `kill -9` of the program ends them through the kernel (docs/behaviour.md, "Children").
///
/// Output is delivered at most about 30 times a second per run (the first piece at once), so a
/// flood of lines costs one frame per batch; with nothing arriving, the thread sleeps in `poll`.
package final class ChildSupervisor: Sendable {
    /// Shortest gap between two deliveries of one run's output.
    static let deliveryGap = 33
    /// Milliseconds between SIGTERM and SIGKILL.
    static let graceMilliseconds = 1000
    /// Bytes of a file read at most when it is shown once (docs/layout-files.md, "Files").
    static let fileLimit = 4 << 20
    /// Bytes of a followed file read from its end when following starts.
    static let followTail = 256 << 10
    /// A followed stream's line is cut at this many bytes (marked; the rest of it is dropped).
    static let lineLimit = 64 << 10
    /// Bytes a followed file run reads in one round of the loop before the others get theirs.
    static let roundBytes = 1 << 20
    /// Pending bytes of a followed stream above which they are trimmed to its last lines.
    static let trimThreshold = 8 << 20

    private let inbox: ChildWatchInbox<LoadRequest>
    private let outbox = Mutex<[(id: LoadID, tab: String, progress: ChildProgress)]>([])
    private let notify: @Sendable () -> Void
    let environment: [String: String]

    /// - Parameters:
    ///   - environment: what commands are given (plus their own `env`) and where `~` comes from.
    ///   - notify: called (on the supervisor's thread) when results are waiting in `take()`.
    package init?(environment: [String: String], notify: @escaping @Sendable () -> Void) {
        guard let inbox = ChildWatchInbox<LoadRequest>(graceMilliseconds: Self.graceMilliseconds) else { return nil }
        self.inbox = inbox
        self.environment = environment
        self.notify = notify
    }

    /// Starts a command or file request (its `work.child`); results come back through `take()`.
    package func start(_ request: LoadRequest) {
        inbox.start(request, launch: launchThread)
    }

    /// Stops a run (its group gets SIGTERM, then SIGKILL); nothing more is delivered for it.
    package func stop(_ id: LoadID) {
        inbox.stop(id)
    }

    /// Stops a run and reports it as stopped (its end is delivered as `.stopped`).
    package func stopReporting(_ id: LoadID) {
        inbox.stopReporting(id)
    }

    /// Everything delivered since the last call.
    package func take() -> [(id: LoadID, tab: String, progress: ChildProgress)] {
        outbox.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }

    /// Ends every process group still running (SIGTERM, SIGKILL after a second) and waits for
    /// that to be done (at most a little over a second).
    package func shutdown() {
        inbox.shutdown()
    }

    // MARK: Thread side

    fileprivate func deliver(_ id: LoadID, tab: String, events: [ChildEvent], isFinal: Bool) {
        outbox.withLock { list in
            if let index = list.firstIndex(where: { $0.id == id }) {
                list[index].progress.events += events
                list[index].progress.isFinal = list[index].progress.isFinal || isFinal
            } else {
                list.append((id, tab, ChildProgress(events: events, isFinal: isFinal)))
            }
        }
        notify()
    }

    private func launchThread() {
        // The loop's state is made on the thread that owns it.
        if !DetachedThread.start({ [inbox] in SupervisorLoop(owner: self, inbox: inbox).run() }) {
            for request in inbox.take().starts {
                deliver(request.id, tab: request.tab, events: [.failed("cannot start a thread to run commands")], isFinal: true)
            }
        }
    }

    /// Milliseconds on the monotonic clock.
    static func now() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
    }
}

/// The supervisor thread's own state: the runs it watches. Used only on that thread.
private final class SupervisorLoop: ChildWatchLoop {
    let owner: ChildSupervisor
    let inbox: ChildWatchInbox<LoadRequest>
    var children: [WatchedRun] = []
    var buffer = [UInt8](repeating: 0, count: 65536)

    init(owner: ChildSupervisor, inbox: ChildWatchInbox<LoadRequest>) {
        self.owner = owner
        self.inbox = inbox
    }

    func stopReporting(_ run: WatchedRun, now: Int) {
        if let command = run as? CommandRun { command.stopReporting(now: now) } else {
            run.flushIfDue(now: now, final: true)
            run.stop(now: now)
        }
    }

    func timePassed(_ run: WatchedRun, now: Int) {
        run.timePassed(now: now)
    }

    func begin(_ request: LoadRequest) {
        switch request.work.child {
        case .command(let command, let options)?:
            children.append(CommandRun(request: request, command: command, options: options, environment: owner.environment, owner: owner))
        case .file(let path, let follow, let maxLines)?:
            let home = owner.environment["HOME"] ?? ""
            let expanded = StateLocation.expandingTilde(in: path, home: home)
            if path.hasPrefix("~"), home.isEmpty {
                owner.deliver(request.id, tab: request.tab, events: [.failed("cannot read \(path): HOME is not set")], isFinal: true)
                return
            }
            let run = FileRun(request: request, path: expanded, shownAs: path, follow: follow, maxLines: maxLines, owner: owner)
            if !run.isOver { children.append(run) }
        case .terminal?, nil:
            owner.deliver(request.id, tab: request.tab, events: [.failed("nothing to run")], isFinal: true)
        }
    }
}

/// A command or a file the supervisor watches.
/// (Internal, not private, for the tests of its trimming.)
class WatchedRun: WatchedChild {
    let id: LoadID
    let tab: String
    unowned let owner: ChildSupervisor
    /// Events not delivered yet; output arriving is gathered in `tail` first (appended in place,
    /// so a burst costs what its bytes cost) and sealed into an event when the stream changes.
    var pending: [ChildEvent] = []
    var tail: [UInt8] = []
    var tailIsError = false
    /// Bytes held in `pending` and `tail` (what a followed stream trims to its last lines).
    var pendingBytes = 0
    var trimAbove = ChildSupervisor.trimThreshold
    var lastDelivery = Int.min / 2
    var hasDelivered = false
    var isOver = false
    var stopped = false
    /// Followed streams: lines kept, and each stream's current line (to cut it at `lineLimit`).
    let maxLines: Int?
    var lineLength = [0, 0]
    var lineIsCut = [false, false]

    init(request: LoadRequest, owner: ChildSupervisor, maxLines: Int?) {
        id = request.id
        tab = request.tab
        self.owner = owner
        self.maxLines = maxLines
    }

    var descriptors: [Int32] { [] }
    var pollDescriptors: [(Int32, Int16)] { descriptors.map { ($0, Int16(POLLIN)) } }
    var hasPending: Bool { !pending.isEmpty || !tail.isEmpty }
    var nextDeadline: Int? { hasPending ? lastDelivery + ChildSupervisor.deliveryGap : nil }
    /// Whether it has more to read now, without waiting (a file read in bounded rounds).
    var hasMore: Bool { false }
    func ready(_ fd: Int32, events: Int16, buffer: inout [UInt8]) {}
    func continueReading() {}
    func timePassed(now: Int) { flushIfDue(now: now) }
    func stop(now: Int) { stopped = true; isOver = true }
    func forceEnd() { isOver = true }

    func seal() {
        guard !tail.isEmpty else { return }
        pending.append(.output(tail, stderr: tailIsError))
        tail = []
    }

    func append(_ event: ChildEvent) {
        seal()
        pending.append(event)
    }

    /// Output as it arrives: a followed stream's lines are cut at `lineLimit` (the rest of such a
    /// line is dropped, and marked) and only its last `maxLines` lines are kept.
    func add(_ bytes: ArraySlice<UInt8>, stderr: Bool) {
        guard maxLines != nil else {
            addRaw(bytes, stderr: stderr)
            return
        }
        let stream = stderr ? 1 : 0
        let limit = ChildSupervisor.lineLimit
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var index = 0
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A || byte == 0x0D {
                    // The end of a line (or a carriage return, which starts it again).
                    if lineIsCut[stream] {
                        start = index
                        lineIsCut[stream] = false
                    }
                    lineLength[stream] = 0
                } else if !lineIsCut[stream] {
                    lineLength[stream] += 1
                    if lineLength[stream] > limit {
                        if index > start { addRaw(bytes[(bytes.startIndex + start)..<(bytes.startIndex + index)], stderr: stderr) }
                        append(.lineCut(limit: limit, stderr: stderr))
                        lineIsCut[stream] = true
                    }
                }
                index += 1
            }
            if !lineIsCut[stream], start < count {
                addRaw(bytes[(bytes.startIndex + start)...], stderr: stderr)
            } else if lineIsCut[stream], start < count, buffer[start] == 0x0A || buffer[start] == 0x0D {
                // Cut, then a line end in this same piece: that part was already let through above.
            }
        }
        if pendingBytes > trimAbove { trimToLastLines() }
    }

    private func addRaw(_ bytes: ArraySlice<UInt8>, stderr: Bool) {
        guard !bytes.isEmpty else { return }
        if tailIsError != stderr || tail.isEmpty {
            seal()
            tailIsError = stderr
        }
        tail.append(contentsOf: bytes)
        pendingBytes += bytes.count
    }

    /// Keeps only what the page would keep of the pending output: its last `maxLines` lines, and
    /// no more than `ContentOptions.followedByteLimit` of them (a burst of a million lines costs
    /// the interface the lines it shows, not the million).
    func trimToLastLines() {
        guard let maxLines else { return }
        seal()
        var lines = 0
        let byteLimit = ContentOptions.followedByteLimit
        var later = 0  // bytes of the events after this one
        var index = pending.count - 1
        while index >= 0 {
            if case .output(let bytes, let stderr) = pending[index] {
                var found: Int?
                bytes.withUnsafeBufferPointer { buffer in
                    var at = buffer.count - 1
                    while at >= 0 {
                        if buffer[at] == 0x0A {
                            lines += 1
                            // Cut here too once what follows this end holds more than the
                            // byte limit: at most the limit and one line (64 KB) more is kept,
                            // and the page trims the rest.
                            if lines > maxLines || (lines > 1 && later + buffer.count - at - 1 > byteLimit) { found = at; return }
                        }
                        at -= 1
                    }
                }
                later += bytes.count
                if let found {
                    // Everything before this line end goes: the page starts again from here.
                    var droppedLines = 0
                    for event in pending[0..<index] {
                        if case .output(let earlier, _) = event { droppedLines += earlier.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
                    }
                    droppedLines += bytes[0...found].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                    var kept: [ChildEvent] = [.dropped(lines: droppedLines)]
                    if found + 1 < bytes.count { kept.append(.output(Array(bytes[(found + 1)...]), stderr: stderr)) }
                    kept += pending[(index + 1)...]
                    pending = kept
                    break
                }
            }
            index -= 1
        }
        pendingBytes = pending.reduce(0) { if case .output(let bytes, _) = $1 { $0 + bytes.count } else { $0 } }
        trimAbove = pendingBytes + ChildSupervisor.trimThreshold
    }

    /// Hands pending events over: the first at once, then at most every `deliveryGap` ms.
    func flushIfDue(now: Int, final: Bool = false) {
        guard !stopped else { pending.removeAll(); tail.removeAll(); pendingBytes = 0; return }
        guard final || (hasPending && (!hasDelivered || now - lastDelivery >= ChildSupervisor.deliveryGap)) else { return }
        if maxLines != nil, pendingBytes > 0 { trimToLastLines() }
        seal()
        owner.deliver(id, tab: tab, events: pending, isFinal: final)
        pending.removeAll()
        pendingBytes = 0
        trimAbove = ChildSupervisor.trimThreshold
        hasDelivered = true
        lastDelivery = now
    }
}

/// One command, run under a keeper of its own (`ContainedProcess`).
private final class CommandRun: WatchedRun {
    var process: ContainedProcess?
    var out: Int32 = -1
    var err: Int32 = -1
    let started: Int
    var deadline: Int?
    /// Set when the run is being ended: by then the keeper must be gone, or it is killed.
    var giveUpAt: Int?
    var timedOut: Double?
    /// Stopped by the host with an account (`render` ending a followed command).
    var stoppedAt: Int?
    var exit: ChildExit? { process?.status }
    var bytes = 0
    let maxBytes: Int
    let follow: Bool
    var cut = false
    var delivered = false
    /// Without a pidfd: when to look for the keeper's exit again.
    var nextReapCheck: Int?

    init(request: LoadRequest, command: String, options: ContentOptions, environment: [String: String], owner: ChildSupervisor) {
        started = ChildSupervisor.now()
        maxBytes = options.maxBytes
        follow = options.follow
        super.init(request: request, owner: owner, maxLines: options.follow ? options.maxLines : nil)
        if let failure = spawn(command, options: options, environment: environment) {
            owner.deliver(id, tab: tab, events: [.failed(failure)], isFinal: true)
            isOver = true
            return
        }
        if !options.follow || options.timeout != ContentOptions.defaultTimeout {
            deadline = started + Int(options.timeout * 1000)
        }
        if process?.exitDescriptor ?? -1 < 0 { nextReapCheck = started + 50 }
    }

    override var descriptors: [Int32] {
        guard let process else { return [] }
        return [out, err, process.status == nil ? process.statusDescriptor : -1,
                process.keeperStatus == nil ? process.exitDescriptor : -1].filter { $0 >= 0 }
    }

    override var nextDeadline: Int? {
        [super.nextDeadline, giveUpAt, ending ? nil : deadline, nextReapCheck].compactMap { $0 }.min()
    }

    /// Whether it is being ended (its time limit, a stop, the way out).
    var ending: Bool { giveUpAt != nil }

    func spawn(_ command: String, options: ContentOptions, environment: [String: String]) -> String? {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        var terminal: Int32 = -1
        func failure() -> String {
            let reason = "cannot run: \(String(cString: strerror(errno)))"
            for fd in outPipe + errPipe where fd >= 0 { close(fd) }
            return reason
        }
        if options.pty {
            // A pseudo-terminal as wide as the page (`"pty": true`): the command's controlling
            // terminal, standard input, output and error, so tools that colour or size their
            // output only on a terminal do so, and those that need one (`top`) run.
            let columns = UInt16(clamping: Int(options.environment["COLUMNS"] ?? "") ?? 80)
            let rows = UInt16(clamping: Int(options.environment["LINES"] ?? "") ?? 24)
            var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            var master: Int32 = -1, slave: Int32 = -1
            guard openpty(&master, &slave, nil, nil, &size) == 0 else { return failure() }
            _ = fcntl(master, F_SETFD, FD_CLOEXEC)
            _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
            outPipe = [master, slave]
            terminal = slave
        } else {
            guard tabnav_pipe_cloexec(&outPipe) == 0, tabnav_pipe_cloexec(&errPipe) == 0 else { return failure() }
        }
        var merged = environment
        for (name, value) in options.environment { merged[name] = value }
        let home = environment["HOME"] ?? ""
        var spec = ContainedProcess.Options.shell(command, environment: merged,
                                                  directory: options.cwd.map { StateLocation.expandingTilde(in: $0, home: home) })
        if options.pty {
            spec.terminal = terminal
        } else {
            spec.output = outPipe[1]
            spec.errors = errPipe[1]
        }
        spec.graceMilliseconds = ChildSupervisor.graceMilliseconds
        let started = ContainedProcess.spawn(spec)
        close(outPipe[1])
        if errPipe[1] >= 0 { close(errPipe[1]) }
        switch started {
        case .failure(let problem):
            close(outPipe[0])
            if errPipe[0] >= 0 { close(errPipe[0]) }
            if problem.step == .directory {
                return "cannot run in \(options.cwd ?? ""): \(problem.reason)"
            }
            return "cannot run: \(problem.reason)"
        case .success(let process):
            self.process = process
        }
        out = outPipe[0]
        err = errPipe[0]
        for fd in [out, err] where fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return nil
    }

    override func ready(_ fd: Int32, events: Int16, buffer: inout [UInt8]) {
        guard let process else { return }
        if fd == process.exitDescriptor {
            process.reap()
            return
        }
        if fd == process.statusDescriptor {
            process.readStatus()
            return
        }
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            take(buffer[0..<count], stderr: fd == err)
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            close(fd)
            if fd == out { out = -1 } else { err = -1 }
        }
    }

    func take(_ bytes: ArraySlice<UInt8>, stderr: Bool) {
        guard !stopped else { return }
        if follow {
            add(bytes, stderr: stderr)
            return
        }
        let room = max(0, maxBytes - self.bytes)
        self.bytes += bytes.count
        if room > 0 { add(bytes.prefix(room), stderr: stderr) }
        if bytes.count > room, !cut {
            cut = true
            append(.cut(limit: maxBytes))
        }
    }

    override func timePassed(now: Int) {
        guard let process else { return }
        if let check = nextReapCheck, now >= check {
            process.reap()
            nextReapCheck = process.keeperStatus == nil ? now + 50 : nil
        }
        if process.keeperStatus != nil {
            // Nothing of the run is left; whatever still holds its output is not ours to wait for.
            closeOutput()
        }
        if let giveUpAt, now >= giveUpAt, process.keeperStatus == nil {
            // The keeper did not finish within its own grace time: end it, and so its command
            // (which the kernel then kills), and collect what it leaves.
            process.killKeeperAndRun()
            closeOutput()
        }
        if let deadline, !ending, !delivered, !stopped, now >= deadline {
            timedOut = Double(deadline - started) / 1000
            endRun(now: now)
        }
        if !delivered, exit != nil, out < 0, err < 0 {
            finish(now: now)
        } else if !delivered {
            flushIfDue(now: now)
        }
        if delivered || stopped, process.keeperStatus != nil {
            release()
            isOver = true
        }
    }

    /// The end signal to every process of the run (the keeper sends SIGKILL after the grace).
    func endRun(now: Int) {
        guard let process, !ending else { return }
        process.end()
        giveUpAt = now + ChildSupervisor.graceMilliseconds + 500
    }

    override func stop(now: Int) {
        guard !isOver else { return }
        stopped = true
        pending.removeAll()
        tail.removeAll()
        endRun(now: now)
        timePassed(now: now)
    }

    /// Ends the run like a stop, but reports it: `stopped` after the time it ran.
    func stopReporting(now: Int) {
        guard !isOver, !delivered else { return }
        stoppedAt = now
        endRun(now: now)
    }

    override func forceEnd() {
        guard !isOver, let process else { isOver = true; return }
        if process.keeperStatus == nil {
            process.kill()
            var descriptor = pollfd(fd: process.exitDescriptor, events: Int16(POLLIN), revents: 0)
            if process.exitDescriptor >= 0 { _ = poll(&descriptor, 1, 500) }
            if !process.reap() { process.killKeeperAndRun() }
        }
        release()
        isOver = true
    }

    func finish(now: Int) {
        delivered = true
        // The command has ended and its output is closed: whatever else is left of the run goes too.
        if let process, process.keeperStatus == nil {
            process.kill()
            if giveUpAt == nil { giveUpAt = now + ChildSupervisor.graceMilliseconds }
        }
        closeOutput()
        guard !stopped else { return }
        let ending: ChildExit
        if let stoppedAt {
            ending = .stopped(Double(stoppedAt - started) / 1000)
        } else {
            ending = timedOut.map { .timedOut($0) } ?? exit ?? .signal(SIGKILL)
        }
        append(.exited(ending, milliseconds: now - started))
        flushIfDue(now: now, final: true)
    }

    func closeOutput() {
        if out >= 0 { close(out); out = -1 }
        if err >= 0 { close(err); err = -1 }
    }

    func release() {
        closeOutput()
        process = nil
    }
}

/// A file read once, or followed like `tail -F` (through inotify on its folder).
private final class FileRun: WatchedRun {
    let path: String
    let shownAs: String
    let follow: Bool
    var fd: Int32 = -1
    var watch: Int32 = -1
    var offset = 0
    /// The last bytes read (up to `offset`): if they changed, the file was rewritten from the
    /// start, even when it is already longer again than before.
    var lastBytes: [UInt8] = []
    var device: UInt = 0
    var inode: UInt = 0
    var announcedMissing = false
    /// More is waiting to be read (the last round stopped at its budget).
    var more = false

    /// Whether a file on a kernel file system may be read (`LoadRequest.readsKernelFiles`).
    let readsKernelFiles: Bool

    init(request: LoadRequest, path: String, shownAs: String, follow: Bool, maxLines: Int, owner: ChildSupervisor) {
        self.path = path
        self.shownAs = shownAs
        self.follow = follow
        readsKernelFiles = request.readsKernelFiles
        super.init(request: request, owner: owner, maxLines: follow ? maxLines : nil)
        if follow {
            watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            let folder = AtomicFile.folder(of: path)
            if watch >= 0 {
                let mask = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_ATTRIB | IN_CLOSE_WRITE)
                if inotify_add_watch(watch, folder, mask) < 0 { close(watch); watch = -1 }
            }
            if watch < 0 {
                owner.deliver(id, tab: tab, events: [.failed("cannot follow \(shownAs): \(String(cString: strerror(errno)))")], isFinal: true)
                isOver = true
                return
            }
            reopen(initial: true)
            flushIfDue(now: ChildSupervisor.now())
        } else {
            readOnce()
            isOver = true
        }
    }

    override var descriptors: [Int32] { watch >= 0 ? [watch] : [] }
    override var hasMore: Bool { more && fd >= 0 }

    override func continueReading() {
        readNew()
        flushIfDue(now: ChildSupervisor.now())
    }

    /// `FileRunError.code` of a kernel file not read (the layout file is not trusted).
    static let kernelFileCode: Int32 = -1

    /// Opens without blocking (a FIFO or a terminal never blocks or steals input) and accepts
    /// only a regular file, and one on a kernel file system only when the request may read it
    /// (checked on the open file: a link changed since the layout was loaded changes nothing).
    /// Returns the descriptor or the reason.
    func openRegular() -> Result<Int32, FileRunError> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileRunError(code: errno, reason: String(cString: strerror(errno)))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(FileRunError(code: code, reason: String(cString: strerror(code))))
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(descriptor)
            let what: String
            switch kind {
            case S_IFIFO: what = "a FIFO"
            case S_IFCHR: what = "a device"
            case S_IFBLK: what = "a block device"
            case S_IFSOCK: what = "a socket"
            case S_IFDIR: what = "a folder"
            default: what = "not a regular file"
            }
            return .failure(FileRunError(code: 0, reason: "\(what), not a regular file: not read"))
        }
        if !readsKernelFiles, let system = KernelFiles.fileSystem(ofOpen: descriptor) {
            close(descriptor)
            return .failure(FileRunError(code: Self.kernelFileCode, reason: "a kernel file (\(system)): read only once this layout file is trusted"))
        }
        device = UInt(info.st_dev)
        inode = UInt(info.st_ino)
        return .success(descriptor)
    }

    func readOnce() {
        switch openRegular() {
        case .failure(let problem) where problem.code == Self.kernelFileCode:
            owner.deliver(id, tab: tab, events: [.notTrusted], isFinal: true)
        case .failure(let problem):
            owner.deliver(id, tab: tab, events: [.failed("cannot read \(shownAs): \(problem.reason)")], isFinal: true)
        case .success(let descriptor):
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            var cut = false
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                let room = ChildSupervisor.fileLimit - bytes.count
                bytes += chunk[0..<min(count, room)]
                if count > room { cut = true; break }
            }
            close(descriptor)
            var events: [ChildEvent] = [.output(bytes, stderr: false)]
            if cut { events.append(.cut(limit: ChildSupervisor.fileLimit)) }
            owner.deliver(id, tab: tab, events: events, isFinal: true)
        }
    }

    /// (Re)opens the followed file; at first, only its last part is read (as `tail` does).
    func reopen(initial: Bool) {
        if fd >= 0 { close(fd); fd = -1 }
        switch openRegular() {
        case .failure(let problem) where problem.code == Self.kernelFileCode:
            // Nothing of it is read, and nothing more is followed: the page waits for trust.
            append(.notTrusted)
            flushIfDue(now: ChildSupervisor.now(), final: true)
            forceEnd()
        case .failure(let problem):
            if problem.code == ENOENT {
                if !announcedMissing { append(.failed("waiting for \(shownAs) to appear")) }
                announcedMissing = true
            } else {
                append(.failed("cannot follow \(shownAs): \(problem.reason)"))
            }
        case .success(let descriptor):
            fd = descriptor
            offset = 0
            lastBytes = []
            if initial {
                let size = Int(lseek(descriptor, 0, SEEK_END))
                offset = max(0, size - ChildSupervisor.followTail)
            } else {
                lineLength = [0, 0]
                lineIsCut = [false, false]
                append(.restarted(announcedMissing ? "\(shownAs) appeared" : "\(shownAs) was replaced: reading the new file"))
            }
            announcedMissing = false
            readNew()
        }
    }

    /// Reads what was added since the last read, at most `roundBytes` in one go (`more` says
    /// whether the rest waits for the next round, so other runs are served in between); a file
    /// that shrank, or whose last bytes read changed, was truncated: it is read from its start.
    func readNew() {
        more = false
        guard fd >= 0 else { return }
        var info = stat()
        var rewritten = fstat(fd, &info) == 0 && Int(info.st_size) < offset
        if !rewritten, !lastBytes.isEmpty {
            var check = [UInt8](repeating: 0, count: lastBytes.count)
            let count = check.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset - lastBytes.count)) }
            rewritten = count != lastBytes.count || check != lastBytes
        }
        if rewritten {
            offset = 0
            lastBytes = []
            lineLength = [0, 0]
            lineIsCut = [false, false]
            append(.restarted("\(shownAs) was truncated: reading it from its start"))
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        var budget = ChildSupervisor.roundBytes
        while budget > 0 {
            let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            offset += count
            budget -= count
            add(chunk[0..<count], stderr: false)
            if count >= 64 {
                lastBytes = Array(chunk[(count - 64)..<count])
            } else {
                lastBytes = Array((lastBytes + chunk[0..<count]).suffix(64))
            }
        }
        more = true
    }

    override func ready(_ fd: Int32, events: Int16, buffer: inout [UInt8]) {
        // Drain the notifications; then look at the file itself, which is what matters.
        while buffer.withUnsafeMutableBytes({ read(watch, $0.baseAddress, $0.count) }) > 0 {}
        var info = stat()
        if stat(path, &info) != 0 {
            if self.fd >= 0 { readNew() }  // deleted or moved away: keep what was written
            if !announcedMissing, self.fd < 0 { reopen(initial: false) }
        } else if self.fd < 0 || UInt(info.st_ino) != inode || UInt(info.st_dev) != device {
            if self.fd >= 0 { readNew() }
            reopen(initial: false)
        } else {
            readNew()
        }
        flushIfDue(now: ChildSupervisor.now())
    }

    override func stop(now: Int) {
        stopped = true
        forceEnd()
    }

    override func forceEnd() {
        if fd >= 0 { close(fd); fd = -1 }
        if watch >= 0 { close(watch); watch = -1 }
        isOver = true
    }
}

private struct FileRunError: Error {
    var code: Int32
    var reason: String
}

extension ChildSupervisor {
    /// How long `runToEnd` lets a followed command or file stream before it is stopped.
    static let headlessFollowMilliseconds = 1000

    /// Runs one request to its end on a supervisor of its own and returns what it delivered, in
    /// order (`tabnav-tui render`). A followed command is stopped after a second and reported as
    /// stopped then; a followed file shows what it read in that second. When `interrupt` (a
    /// descriptor) becomes readable — a signal came — every process of the run is ended and what
    /// was delivered so far is returned.
    package static func runToEnd(_ request: LoadRequest, environment: [String: String], interrupt: Int32 = -1) -> [ChildProgress] {
        guard let wake = WakePipe(),
              let supervisor = ChildSupervisor(environment: environment, notify: { wake.signal() }) else {
            return [ChildProgress(events: [.failed("cannot run: no pipes left")], isFinal: true)]
        }
        var follows = false
        switch request.work.child {
        case .command(_, let options)?: follows = options.follow
        case .file(_, let follow, _)?: follows = follow
        case .terminal?, nil: break
        }
        supervisor.start(request)
        var results: [ChildProgress] = []
        var stopAt: Int? = follows ? now() + headlessFollowMilliseconds : nil
        while true {
            var descriptors = [pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: interrupt, events: Int16(POLLIN), revents: 0)]
            let timeout: Int32 = stopAt.map { Int32(max(0, $0 - now())) } ?? -1
            let ready = poll(&descriptors, 2, timeout)
            _ = wake.drain()
            let batch = supervisor.take().map(\.progress)
            results += batch
            if batch.contains(where: \.isFinal) { break }
            if interrupt >= 0, descriptors[1].revents != 0 { break }
            if ready == 0, stopAt != nil {
                // The end of this render: the run is stopped, and says so.
                supervisor.stopReporting(request.id)
                stopAt = nil
            }
        }
        supervisor.shutdown()
        results += supervisor.take().map(\.progress)
        return results
    }
}
