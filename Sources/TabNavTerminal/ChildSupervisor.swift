import CNcursesw
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TabNavCore
import TabNavInteraction

/// Runs the commands and follows the files of layout tabs (docs/layout-files.md, "Commands"):
/// one thread watches every child's output, exit and deadline in a single `poll`, so no thread
/// waits per run, and results reach the UI through `notify` (the run loop's waker).
///
/// Each command runs as `/bin/sh -c` with standard input from `/dev/null`, in its own process
/// group, in its folder, with the given environment plus its own `env`. At its time limit, or
/// when stopped (`r`, a newer run of the tab), the whole group gets SIGTERM, then SIGKILL a second
/// later — also when the command closed its output or forked. `shutdown()` ends every group on
/// the way out, and a crash of the program kills them from the crash handler (children.h).
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

    fileprivate struct Inbox {
        var starts: [LoadRequest] = []
        var stops: [LoadID] = []
        var shuttingDown = false
        var threadStarted = false
    }

    private let inbox = Mutex(Inbox())
    private let outbox = Mutex<[(id: LoadID, tab: String, progress: ChildProgress)]>([])
    let control: WakePipe
    let done: WakePipe
    private let notify: @Sendable () -> Void
    let environment: [String: String]

    /// - Parameters:
    ///   - environment: what commands are given (plus their own `env`) and where `~` comes from.
    ///   - notify: called (on the supervisor's thread) when results are waiting in `take()`.
    package init?(environment: [String: String], notify: @escaping @Sendable () -> Void) {
        guard let control = WakePipe(), let done = WakePipe() else { return nil }
        self.control = control
        self.done = done
        self.environment = environment
        self.notify = notify
    }

    /// Starts a command or file request (its `work.child`); results come back through `take()`.
    package func start(_ request: LoadRequest) {
        let startThread = inbox.withLock { inbox -> Bool in
            inbox.starts.append(request)
            defer { inbox.threadStarted = true }
            return !inbox.threadStarted
        }
        if startThread { launchThread() }
        control.signal()
    }

    /// Stops a run (its group gets SIGTERM, then SIGKILL); nothing more is delivered for it.
    package func stop(_ id: LoadID) {
        inbox.withLock { $0.stops.append(id) }
        control.signal()
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
        let running = inbox.withLock { inbox -> Bool in
            inbox.shuttingDown = true
            return inbox.threadStarted
        }
        guard running else { return }
        control.signal()
        var descriptor = pollfd(fd: done.readDescriptor, events: Int16(POLLIN), revents: 0)
        let limit = Self.now() + Self.graceMilliseconds + 1000
        while Self.now() < limit {
            let ready = poll(&descriptor, 1, Int32(max(1, limit - Self.now())))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { return }
        }
    }

    // MARK: Thread side

    fileprivate func takeInbox() -> Inbox {
        inbox.withLock { inbox in
            let copy = inbox
            inbox.starts.removeAll()
            inbox.stops.removeAll()
            return copy
        }
    }

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
        if !DetachedThread.start({ SupervisorLoop(owner: self).run() }) {
            for request in takeInbox().starts {
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
private final class SupervisorLoop {
    let owner: ChildSupervisor
    var runs: [WatchedRun] = []
    var buffer = [UInt8](repeating: 0, count: 65536)

    init(owner: ChildSupervisor) {
        self.owner = owner
    }

    func run() {
        while true {
            let inbox = owner.takeInbox()
            for request in inbox.starts { begin(request) }
            for id in inbox.stops {
                for run in runs where run.id == id { run.stop(now: ChildSupervisor.now()) }
            }
            if inbox.shuttingDown {
                shutDown()
                owner.done.signal()
                return
            }
            waitAndHandle()
            runs.removeAll { $0.isOver }
        }
    }

    func begin(_ request: LoadRequest) {
        switch request.work.child {
        case .command(let command, let options)?:
            runs.append(CommandRun(request: request, command: command, options: options, environment: owner.environment, owner: owner))
        case .file(let path, let follow)?:
            let home = owner.environment["HOME"] ?? ""
            let expanded = StateLocation.expandingTilde(in: path, home: home)
            if path.hasPrefix("~"), home.isEmpty {
                owner.deliver(request.id, tab: request.tab, events: [.failed("cannot read \(path): HOME is not set")], isFinal: true)
                return
            }
            let run = FileRun(request: request, path: expanded, shownAs: path, follow: follow, owner: owner)
            if !run.isOver { runs.append(run) }
        case .terminal?, nil:
            owner.deliver(request.id, tab: request.tab, events: [.failed("nothing to run")], isFinal: true)
        }
    }

    /// One `poll` over the control pipe and every run's descriptors, then whatever is due.
    func waitAndHandle() {
        var descriptors = [pollfd(fd: owner.control.readDescriptor, events: Int16(POLLIN), revents: 0)]
        var owners: [(WatchedRun, Int32)] = []
        for run in runs {
            for fd in run.descriptors {
                descriptors.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
                owners.append((run, fd))
            }
        }
        let now = ChildSupervisor.now()
        let due = runs.compactMap { $0.nextDeadline }.min()
        let timeout = due.map { Int32(clamping: max(0, $0 - now)) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if ready < 0 && errno != EINTR { return }
        if descriptors[0].revents != 0 { _ = owner.control.drain() }
        for (index, entry) in descriptors.enumerated().dropFirst() where entry.revents != 0 {
            let (run, fd) = owners[index - 1]
            run.ready(fd, events: entry.revents, buffer: &buffer)
        }
        let after = ChildSupervisor.now()
        for run in runs { run.timePassed(now: after) }
    }

    /// SIGTERM to every group, reaping as they end; SIGKILL to what is left after the grace time.
    func shutDown() {
        let start = ChildSupervisor.now()
        for run in runs { run.stop(now: start) }
        while runs.contains(where: { !$0.isOver }), ChildSupervisor.now() < start + ChildSupervisor.graceMilliseconds + 200 {
            waitAndHandle()
        }
        for run in runs { run.forceEnd() }
        runs.removeAll()
    }
}

/// A command or a file the supervisor watches.
private class WatchedRun {
    let id: LoadID
    let tab: String
    unowned let owner: ChildSupervisor
    var pending: [ChildEvent] = []
    var lastDelivery = Int.min / 2
    var hasDelivered = false
    var isOver = false
    var stopped = false

    init(request: LoadRequest, owner: ChildSupervisor) {
        id = request.id
        tab = request.tab
        self.owner = owner
    }

    var descriptors: [Int32] { [] }
    var nextDeadline: Int? { pending.isEmpty ? nil : lastDelivery + ChildSupervisor.deliveryGap }
    func ready(_ fd: Int32, events: Int16, buffer: inout [UInt8]) {}
    func timePassed(now: Int) { flushIfDue(now: now) }
    func stop(now: Int) { stopped = true; isOver = true }
    func forceEnd() { isOver = true }

    func add(_ bytes: ArraySlice<UInt8>, stderr: Bool) {
        if case .output(let previous, let wasError)? = pending.last, wasError == stderr {
            pending[pending.count - 1] = .output(previous + bytes, stderr: stderr)
        } else {
            pending.append(.output(Array(bytes), stderr: stderr))
        }
    }

    /// Hands pending events over: the first at once, then at most every `deliveryGap` ms.
    func flushIfDue(now: Int, final: Bool = false) {
        guard !stopped else { pending.removeAll(); return }
        guard final || (!pending.isEmpty && (!hasDelivered || now - lastDelivery >= ChildSupervisor.deliveryGap)) else { return }
        owner.deliver(id, tab: tab, events: pending, isFinal: final)
        pending.removeAll()
        hasDelivered = true
        lastDelivery = now
    }
}

/// One `/bin/sh -c` child in its own process group.
private final class CommandRun: WatchedRun {
    var pid: pid_t = 0
    var pidfd: Int32 = -1
    var out: Int32 = -1
    var err: Int32 = -1
    let started: Int
    var deadline: Int?
    var killAt: Int?
    var timedOut: Double?
    var exit: ChildExit?
    var bytes = 0
    let maxBytes: Int
    let follow: Bool
    var cut = false
    /// Without a pidfd: when to look for the exit again.
    var nextReapCheck: Int?

    init(request: LoadRequest, command: String, options: ContentOptions, environment: [String: String], owner: ChildSupervisor) {
        started = ChildSupervisor.now()
        maxBytes = options.maxBytes
        follow = options.follow
        super.init(request: request, owner: owner)
        if let failure = spawn(command, options: options, environment: environment) {
            owner.deliver(id, tab: tab, events: [.failed(failure)], isFinal: true)
            isOver = true
            return
        }
        if !options.follow || options.timeout != ContentOptions.defaultTimeout {
            deadline = started + Int(options.timeout * 1000)
        }
    }

    override var descriptors: [Int32] {
        [out, err, exit == nil ? pidfd : -1].filter { $0 >= 0 }
    }

    override var nextDeadline: Int? {
        [super.nextDeadline, killAt, killAt == nil && exit == nil ? deadline : nil, nextReapCheck].compactMap { $0 }.min()
    }

    /// The shell waits for one line on standard input before it runs the command, so its group
    /// is in the crash handler's table before anything of the command can run (a crash of the
    /// program at any moment ends it); then standard input is `/dev/null`.
    static let gatedScript = #"read -r _ && exec /bin/sh -c "$0" </dev/null"#

    func spawn(_ command: String, options: ContentOptions, environment: [String: String]) -> String? {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1], gate: [Int32] = [-1, -1]
        func failure() -> String {
            let reason = "cannot run: \(String(cString: strerror(errno)))"
            for fd in outPipe + errPipe + gate where fd >= 0 { close(fd) }
            return reason
        }
        if options.pty {
            // One pseudo-terminal as wide as the page for both streams (`"pty": true`): tools
            // that colour or size their output only on a terminal do so.
            let columns = UInt16(clamping: Int(options.environment["COLUMNS"] ?? "") ?? 80)
            let rows = UInt16(clamping: Int(options.environment["LINES"] ?? "") ?? 24)
            var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            var master: Int32 = -1, slave: Int32 = -1
            guard openpty(&master, &slave, nil, nil, &size) == 0 else { return failure() }
            _ = fcntl(master, F_SETFD, FD_CLOEXEC)
            _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
            outPipe = [master, slave]
        } else {
            guard tabnav_pipe_cloexec(&outPipe) == 0, tabnav_pipe_cloexec(&errPipe) == 0 else { return failure() }
        }
        guard tabnav_pipe_cloexec(&gate) == 0 else { return failure() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, gate[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, options.pty ? outPipe[1] : errPipe[1], 2)
        let home = environment["HOME"] ?? ""
        if let cwd = options.cwd {
            _ = tabnav_spawn_chdir(&actions, StateLocation.expandingTilde(in: cwd, home: home))
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (a session of its own in a pseudo-terminal, which is one too).
        let group = options.pty ? tabnav_spawn_setsid_flag() : Int16(POSIX_SPAWN_SETPGROUP)
        posix_spawnattr_setflags(&attributes, group | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        if !options.pty { posix_spawnattr_setpgroup(&attributes, 0) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        var merged = environment
        for (name, value) in options.environment { merged[name] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(Self.gatedScript), strdup(command), nil]
        let envp: [UnsafeMutablePointer<CChar>?] = merged.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, envp)
        close(outPipe[1])
        if errPipe[1] >= 0 { close(errPipe[1]) }
        close(gate[0])
        guard spawned == 0 else {
            close(outPipe[0])
            if errPipe[0] >= 0 { close(errPipe[0]) }
            close(gate[1])
            let place = options.cwd.map { " in \($0)" } ?? ""
            return "cannot run\(place): \(String(cString: strerror(spawned)))"
        }
        pid = child
        _ = tabnav_child_group_add(child)
        // Registered: let the command run.
        var newline: UInt8 = 0x0A
        while write(gate[1], &newline, 1) < 0 && errno == EINTR {}
        close(gate[1])
        pidfd = tabnav_pidfd_open(child)
        if pidfd >= 0 { _ = fcntl(pidfd, F_SETFD, FD_CLOEXEC) }
        out = outPipe[0]
        err = errPipe[0]
        for fd in [out, err] where fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return nil
    }

    override func ready(_ fd: Int32, events: Int16, buffer: inout [UInt8]) {
        if fd == pidfd {
            reap()
            return
        }
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            take(buffer[0..<count], stderr: fd == err)
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            close(fd)
            if fd == out { out = -1 } else { err = -1 }
            if out < 0, err < 0, exit == nil, pidfd < 0 { nextReapCheck = ChildSupervisor.now() }
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
            pending.append(.cut(limit: maxBytes))
        }
    }

    func reap() {
        guard exit == nil, pid > 0 else { return }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return }
        if status & 0x7f == 0 {
            exit = .status((status >> 8) & 0xff)
        } else {
            exit = .signal(status & 0x7f)
        }
        if pidfd >= 0 { close(pidfd); pidfd = -1 }
        nextReapCheck = nil
    }

    override func timePassed(now: Int) {
        if let check = nextReapCheck, now >= check {
            reap()
            nextReapCheck = exit == nil ? now + 50 : nil
        }
        if let killAt, now >= killAt {
            signalGroup(SIGKILL)
            self.killAt = nil
            if exit == nil {
                // The leader is dead or dying now: wait for it (briefly) so nothing is left behind.
                var status: Int32 = 0
                if waitpid(pid, &status, 0) == pid {
                    exit = status & 0x7f == 0 ? .status((status >> 8) & 0xff) : .signal(status & 0x7f)
                }
            }
            // Anything that escaped the group may still hold the pipes: stop reading them.
            closeOutput()
        }
        if let deadline, exit == nil || out >= 0 || err >= 0, killAt == nil, timedOut == nil, !stopped, now >= deadline {
            timedOut = Double(deadline - started) / 1000
            terminate(now: now)
        }
        if exit != nil, out < 0, err < 0 {
            finish(now: now)
        } else {
            flushIfDue(now: now)
        }
    }

    func terminate(now: Int) {
        signalGroup(SIGTERM)
        signalGroup(SIGCONT)
        killAt = now + ChildSupervisor.graceMilliseconds
    }

    override func stop(now: Int) {
        guard !isOver else { return }
        stopped = true
        pending.removeAll()
        if exit != nil, out < 0, err < 0 {
            finish(now: now)
        } else if killAt == nil {
            terminate(now: now)
        }
    }

    override func forceEnd() {
        guard !isOver else { return }
        signalGroup(SIGKILL)
        if exit == nil, pid > 0 {
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        closeOutput()
        release()
        isOver = true
    }

    func finish(now: Int) {
        // The leader has ended and the output is closed: whatever else is left of its group goes too.
        signalGroup(SIGKILL)
        release()
        isOver = true
        guard !stopped else { return }
        let ending: ChildExit = timedOut.map { .timedOut($0) } ?? exit ?? .signal(SIGKILL)
        pending.append(.exited(ending, milliseconds: now - started))
        flushIfDue(now: now, final: true)
    }

    func signalGroup(_ signal: Int32) {
        if pid > 1 { kill(-pid, signal) }
    }

    func closeOutput() {
        if out >= 0 { close(out); out = -1 }
        if err >= 0 { close(err); err = -1 }
    }

    func release() {
        closeOutput()
        if pidfd >= 0 { close(pidfd); pidfd = -1 }
        if pid > 0 { tabnav_child_group_remove(pid) }
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

    init(request: LoadRequest, path: String, shownAs: String, follow: Bool, owner: ChildSupervisor) {
        self.path = path
        self.shownAs = shownAs
        self.follow = follow
        super.init(request: request, owner: owner)
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

    /// Opens without blocking (a FIFO or a terminal never blocks or steals input) and accepts
    /// only a regular file. Returns the descriptor or the reason.
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
        device = UInt(info.st_dev)
        inode = UInt(info.st_ino)
        return .success(descriptor)
    }

    func readOnce() {
        switch openRegular() {
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
        case .failure(let problem):
            if problem.code == ENOENT {
                if !announcedMissing { pending.append(.failed("waiting for \(shownAs) to appear")) }
                announcedMissing = true
            } else {
                pending.append(.failed("cannot follow \(shownAs): \(problem.reason)"))
            }
        case .success(let descriptor):
            fd = descriptor
            offset = 0
            lastBytes = []
            if initial {
                let size = Int(lseek(descriptor, 0, SEEK_END))
                offset = max(0, size - ChildSupervisor.followTail)
            } else {
                pending.append(.restarted(announcedMissing ? "\(shownAs) appeared" : "\(shownAs) was replaced: reading the new file"))
            }
            announcedMissing = false
            readNew()
        }
    }

    /// Reads what was added since the last read; a file that shrank was truncated: start over.
    func readNew() {
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
            pending.append(.restarted("\(shownAs) was truncated"))
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            offset += count
            add(chunk[0..<count], stderr: false)
            lastBytes = Array((lastBytes + chunk[0..<count]).suffix(64))
        }
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
    /// order (`tabnav-tui render`). A followed command or file is stopped after a second.
    package static func runToEnd(_ request: LoadRequest, environment: [String: String]) -> [ChildProgress] {
        guard let wake = WakePipe(),
              let supervisor = ChildSupervisor(environment: environment, notify: { wake.signal() }) else {
            return [ChildProgress(events: [.failed("cannot run: no pipes left")], isFinal: true)]
        }
        var follows = false
        switch request.work.child {
        case .command(_, let options)?: follows = options.follow
        case .file(_, let follow)?: follows = follow
        case .terminal?, nil: break
        }
        supervisor.start(request)
        var results: [ChildProgress] = []
        let stopAt = now() + headlessFollowMilliseconds
        while true {
            var descriptor = pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0)
            let timeout: Int32 = follows ? Int32(max(0, stopAt - now())) : -1
            let ready = poll(&descriptor, 1, timeout)
            _ = wake.drain()
            let batch = supervisor.take().map(\.progress)
            results += batch
            if batch.contains(where: \.isFinal) { break }
            if ready == 0, follows {
                // Deliver what streamed so far as the end of this render.
                supervisor.shutdown()
                results += supervisor.take().map(\.progress)
                results.append(ChildProgress(events: [], isFinal: true))
                return results
            }
        }
        supervisor.shutdown()
        return results
    }
}
