import CNcursesw
import CVterm
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavSystem

/// The programs of terminal tabs (docs/terminal-tabs.md): each in a pseudo-terminal of its own,
/// as the leader of a session whose controlling terminal that is, behind a `TerminalEmulator`.
///
/// One thread reads every program's output in a single `poll` and feeds the emulations; the UI
/// thread takes images of the screens that changed (`take`, after `notify`), at most about 60 a
/// second per program, so a flood of output costs frames, not a frame per read. Keys go straight
/// from the UI thread into the program (encoded by its emulation), without waiting for that
/// thread. With nothing arriving, the thread sleeps in `poll`: idle terminal tabs cost nothing.
///
/// A program that is stopped (its tab closed, the app quitting) is ended as a closing terminal
/// ends it: SIGHUP to its session's process group, SIGKILL a second later.
package final class TerminalSessions: Sendable {
    /// Shortest gap between two images of one program's screen.
    static let deliveryGap = 16
    /// Bytes of output fed to an emulation per hold of its lock.
    static let feedSlice = 4096
    /// The most replies of the emulation (cursor reports, device attributes) kept waiting for a
    /// program that does not read them; past it they are dropped (keys and pastes are not).
    static let replyLimit = 64 * 1024
    /// Milliseconds between SIGHUP and SIGKILL.
    static let graceMilliseconds = 1000

    private let inbox: ChildWatchInbox<TerminalSession>
    /// Every program not yet over, for the UI thread's inputs and images.
    private let live = Mutex<[LoadID: TerminalSession]>([:])
    /// Programs whose screens changed (or that ended) since the last `take`.
    private let changed = Mutex<[TerminalSession]>([])
    private let notify: @Sendable () -> Void
    let environment: [String: String]

    package init?(environment: [String: String], notify: @escaping @Sendable () -> Void) {
        guard let inbox = ChildWatchInbox<TerminalSession>(graceMilliseconds: Self.graceMilliseconds) else { return nil }
        self.inbox = inbox
        self.environment = environment
        self.notify = notify
    }

    /// Starts a terminal tab's program (`request.work.child` is `.terminal`).
    package func start(_ request: LoadRequest) {
        guard case .terminal(let spec)? = request.work.child else { return }
        let session = TerminalSession(id: request.id, tab: request.tab, spec: spec)
        if let failure = session.spawn(environment: environment) {
            session.fail(failure)
            markChanged(session)
            return
        }
        live.withLock { $0[request.id] = session }
        inbox.start(session) {
            guard !DetachedThread.start({ [inbox] in TerminalLoop(owner: self, inbox: inbox).run() }) else { return }
            session.hangUp()
            session.fail("cannot start a thread to read the terminal")
            markChanged(session)
        }
    }

    /// A key, paste, mouse report, resize or view change for a program.
    package func send(_ id: LoadID, _ input: TerminalInput) {
        guard let session = live.withLock({ $0[id] }) else { return }
        if session.apply(input) { inbox.wake() }
        if session.needsImage { markChanged(session) }
    }

    /// Ends a program (SIGHUP, then SIGKILL after a second); nothing more is delivered for it.
    package func stop(_ id: LoadID) {
        guard live.withLock({ $0.removeValue(forKey: id) }) != nil else { return }
        inbox.stop(id)
    }

    /// The updates since the last call: new images, bells, exits.
    package func take() -> [(id: LoadID, tab: String, update: TerminalUpdate)] {
        let sessions = changed.withLock { list in
            defer { list.removeAll() }
            return list
        }
        var seen = Set<LoadID>()
        var updates: [(id: LoadID, tab: String, update: TerminalUpdate)] = []
        for session in sessions where seen.insert(session.id).inserted {
            let update = session.takeUpdate()
            if update.exit != nil || update.failure != nil { live.withLock { _ = $0.removeValue(forKey: session.id) } }
            updates.append((session.id, session.tab, update))
        }
        return updates
    }

    /// Ends every program still running (SIGHUP, SIGKILL after a second) and waits for that.
    package func shutdown() {
        inbox.shutdown()
    }

    // MARK: Thread side

    fileprivate func markChanged(_ session: TerminalSession) {
        changed.withLock { $0.append(session) }
        notify()
    }
}

/// The reading thread's own state.
private final class TerminalLoop: ChildWatchLoop {
    let owner: TerminalSessions
    let inbox: ChildWatchInbox<TerminalSession>
    var children: [TerminalSession] = []
    var buffer = [UInt8](repeating: 0, count: 65536)

    init(owner: TerminalSessions, inbox: ChildWatchInbox<TerminalSession>) {
        self.owner = owner
        self.inbox = inbox
    }

    func begin(_ session: TerminalSession) {
        children.append(session)
    }

    func timePassed(_ session: TerminalSession, now: Int) {
        if session.timePassed(now: now) { owner.markChanged(session) }
    }
}

/// One program in its pseudo-terminal. The emulation and the write queue are shared by the UI
/// thread (keys, images) and the reading thread (output), under `lock`; the rest belongs to the
/// reading thread.
private final class TerminalSession: WatchedChild, @unchecked Sendable {
    let id: LoadID
    let tab: String
    let spec: TerminalSpec
    private let lock = SystemLock()

    // Under `lock`.
    private let emulator: TerminalEmulator
    /// Bytes for the program (keys, pastes, the emulation's replies); those before
    /// `unwrittenStart` are written already.
    private var unwritten: [UInt8] = []
    private var unwrittenStart = 0
    /// Of the bytes waiting, how many at most are the person's (keys, pastes): the most recent
    /// ones, counted until nothing waits.
    private var inputWaiting = 0
    private var hasUnwritten: Bool { unwrittenStart < unwritten.count }
    private var activity = false
    private var dirty = true
    private var exitReport: (ChildExit, milliseconds: Int)?
    private var failure: String?
    private var found: TerminalFindResult?
    private var lastDelivery = Int.min / 2
    private var heldBack = false
    var master: Int32 = -1

    // The reading thread's.
    /// The program under its keeper (`pid` is the keeper's).
    var process: ContainedProcess?
    var pid: pid_t = 0
    var pidfd: Int32 = -1
    let started = ChildSupervisor.now()
    var exit: ChildExit?
    var killAt: Int?
    var stopped = false
    var isOver = false
    var reapCheck: Int?

    init(id: LoadID, tab: String, spec: TerminalSpec) {
        self.id = id
        self.tab = tab
        self.spec = spec
        emulator = TerminalEmulator(columns: spec.columns, rows: spec.rows, scrollback: spec.options.scrollback)
    }

    deinit {
        if master >= 0 { close(master) }
        if pidfd >= 0 { close(pidfd) }
    }

    @inline(__always)
    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.withLock(body)
    }

    // MARK: Starting

    /// Starts the program; the reason when it cannot.
    func spawn(environment: [String: String]) -> String? {
        var size = winsize(ws_row: UInt16(clamping: max(1, spec.rows)), ws_col: UInt16(clamping: max(1, spec.columns)),
                           ws_xpixel: 0, ws_ypixel: 0)
        var primary: Int32 = -1, secondary: Int32 = -1
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else { return "cannot open a terminal: \(String(cString: strerror(errno)))" }
        _ = fcntl(primary, F_SETFD, FD_CLOEXEC)
        _ = fcntl(secondary, F_SETFD, FD_CLOEXEC)
        var merged = environment
        merged["TERM"] = "xterm-256color"
        merged["COLUMNS"] = nil
        merged["LINES"] = nil
        for (name, value) in spec.options.environment { merged[name] = value }
        let program: String
        var arguments: [String]
        if let command = spec.command {
            program = "/bin/sh"
            arguments = ["/bin/sh", "-c", command]
        } else {
            let shell = environment["SHELL"].flatMap { $0.hasPrefix("/") && access($0, X_OK) == 0 ? $0 : nil } ?? "/bin/sh"
            program = shell
            arguments = [shell]
        }
        // Contained as every command is (docs/behaviour.md, "Children"): the terminal is the
        // program's controlling terminal in a session of its own, so job control, Ctrl-C and
        // SIGWINCH reach it as in any terminal, and its keeper ends every process it started —
        // SIGHUP, SIGKILL a second later — on quit, a crash or `kill -9` of this program.
        let home = environment["HOME"] ?? ""
        var options = ContainedProcess.Options(path: program, arguments: arguments, environment: merged,
                                               directory: spec.options.cwd.map { StateLocation.expandingTilde(in: $0, home: home) })
        options.terminal = secondary
        options.endSignal = SIGHUP
        options.graceMilliseconds = TerminalSessions.graceMilliseconds
        let started = ContainedProcess.spawn(options)
        close(secondary)
        switch started {
        case .failure(let problem):
            close(primary)
            let place = spec.options.cwd.map { " in \($0)" } ?? ""
            return "cannot run \(spec.command ?? program)\(place): \(problem.reason)"
        case .success(let started):
            process = started
            pid = started.keeper
            // Readable when the program has ended (its wait status is there).
            pidfd = dup(started.statusDescriptor)
            if pidfd >= 0 { _ = fcntl(pidfd, F_SETFD, FD_CLOEXEC) } else { reapCheck = ChildSupervisor.now() + 50 }
        }
        _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
        master = primary
        return nil
    }

    func fail(_ reason: String) {
        locked { failure = reason }
    }

    // MARK: The UI thread's side

    /// Applies an input; true when bytes are left for the reading thread to write.
    func apply(_ input: TerminalInput) -> Bool {
        locked {
            switch input {
            case .key(let key): emulator.send(key)
            case .modifiedKey(let key, let modifiers): emulator.send(key, modifiers: modifiers)
            case .paste(let text): emulator.paste(text)
            case .mouse(let kind, let column, let row): emulator.mouse(kind, column: column, row: row)
            case .resize(let columns, let rows):
                emulator.resize(columns: columns, rows: rows)
                if master >= 0 {
                    var size = winsize(ws_row: UInt16(clamping: max(1, rows)), ws_col: UInt16(clamping: max(1, columns)),
                                       ws_xpixel: 0, ws_ypixel: 0)
                    // The kernel sends SIGWINCH to the terminal's foreground process group.
                    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
                }
                dirty = true
            case .view(let offset):
                emulator.setViewOffset(offset)
                dirty = true
            case .find(let text, let older):
                found = emulator.find(text, older: older)
                dirty = true
            }
            let bytes = emulator.takeOutput()
            unwritten += bytes
            inputWaiting += bytes.count
            writeSome()
            return hasUnwritten
        }
    }

    /// Whether an image should be taken at once (a resize or a change of view).
    var needsImage: Bool { locked { (dirty && emulator.isDamaged) || found != nil } }

    /// The update to hand to the page: the image if the screen changed, and what happened.
    func takeUpdate() -> TerminalUpdate {
        locked {
            var update = TerminalUpdate()
            if dirty || emulator.isDamaged { update.image = emulator.image() }
            dirty = false
            update.activity = activity
            update.bell = emulator.rang
            update.exit = exitReport
            update.failure = failure
            update.found = found
            found = nil
            activity = false
            emulator.rang = false
            lastDelivery = ChildSupervisor.now()
            heldBack = false
            return update
        }
    }

    /// Writes what it can of the bytes waiting for the program (under the lock).
    private func writeSome() {
        guard master >= 0, hasUnwritten else { return }
        let start = unwrittenStart
        let count = unwritten.withUnsafeBytes { write(master, $0.baseAddress! + start, $0.count - start) }
        if count > 0 {
            unwrittenStart += count
            // Written bytes are let go of now and then, not one copy of the rest per write.
            if unwrittenStart == unwritten.count {
                unwritten.removeAll(keepingCapacity: unwritten.capacity <= 64 * 1024)
                unwrittenStart = 0
                inputWaiting = 0
            } else if unwrittenStart >= 64 * 1024 {
                unwritten.removeFirst(unwrittenStart)
                unwrittenStart = 0
            }
        } else if count < 0, errno != EAGAIN, errno != EINTR {
            unwritten.removeAll()
            unwrittenStart = 0
            inputWaiting = 0
        }
    }

    // MARK: The reading thread's side

    var pollDescriptors: [(Int32, Int16)] {
        var list: [(Int32, Int16)] = []
        let fd = master
        if fd >= 0 {
            let wantsWrite = locked { hasUnwritten }
            list.append((fd, Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0)))
        }
        if pidfd >= 0, exit == nil { list.append((pidfd, Int16(POLLIN))) }
        return list
    }

    var nextDeadline: Int? {
        let held = locked { heldBack ? lastDelivery + TerminalSessions.deliveryGap : nil }
        return [held, killAt, reapCheck].compactMap { $0 }.min()
    }

    func ready(_ fd: Int32, events: Int16, buffer: inout [UInt8]) {
        if fd == pidfd {
            reap()
            return
        }
        if events & Int16(POLLOUT) != 0 { locked { writeSome() } }
        guard events & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { return }
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            // Fed a slice at a time, the lock let go in between: a key or an image the UI thread
            // wants waits for one slice, not for a whole read of a flood.
            buffer.withUnsafeBytes { raw in
                var offset = 0
                while offset < count {
                    let end = min(count, offset + TerminalSessions.feedSlice)
                    locked {
                        emulator.feed(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                        activity = true
                        // The emulation's replies, as long as the program reads them: one that
                        // asks and never reads would otherwise fill memory with them.
                        let replies = emulator.takeOutput()
                        let waiting = unwritten.count - unwrittenStart
                        if waiting - min(waiting, inputWaiting) + replies.count <= TerminalSessions.replyLimit {
                            unwritten += replies
                        }
                        writeSome()
                        if emulator.isDamaged { dirty = true }
                    }
                    offset = end
                }
            }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            // Every process closed the terminal (EIO): nothing more will come.
            locked {
                close(master)
                master = -1
            }
            if exit == nil, pidfd < 0 { reapCheck = ChildSupervisor.now() }
        }
    }

    /// Whether an update is due now (the screen changed and the last one is old enough).
    func timePassed(now: Int) -> Bool {
        if let check = reapCheck, now >= check {
            reap()
            reapCheck = exit == nil ? now + 50 : nil
        }
        if let killAt, now >= killAt {
            signalGroup(SIGKILL)
            self.killAt = nil
            forceEnd()
            return false
        }
        if exit != nil, !isOver {
            // The program ended: read what it left, then report its end.
            finish(now: now)
            return !stopped
        }
        return locked {
            guard dirty || activity || emulator.rang else { return false }
            if now - lastDelivery >= TerminalSessions.deliveryGap, !heldBack || now - lastDelivery >= TerminalSessions.deliveryGap {
                heldBack = false
                lastDelivery = now
                return true
            }
            heldBack = true
            return false
        }
    }

    func reap() {
        guard exit == nil, let process else { return }
        process.reap()
        guard let status = process.readStatus() else { return }
        exit = status
        if pidfd >= 0 { close(pidfd); pidfd = -1 }
        reapCheck = nil
    }

    /// The most of what is left in the terminal that `finish` reads after the program ended: a
    /// job it left behind (`yes &` then `exit`) may write for ever, and the lock is held meanwhile.
    static let finishingBytes = 1 << 20

    func finish(now: Int) {
        // Whatever else is left of its session goes with it, as when a terminal closes: told
        // first, so a job that writes on cannot keep the drain below going.
        signalGroup(SIGHUP)
        // What the program wrote last is still in the terminal: read it (up to a bound) before closing.
        var chunk = [UInt8](repeating: 0, count: 65536)
        locked {
            var left = Self.finishingBytes
            while master >= 0, left > 0 {
                let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                chunk.withUnsafeBytes { emulator.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                dirty = true
                left -= count
            }
            if master >= 0 { close(master); master = -1 }
            exitReport = (exit ?? .signal(SIGKILL), now - started)
        }
        release()
        isOver = true
    }

    func stop(now: Int) {
        guard !isOver, !stopped else { return }
        stopped = true
        if exit != nil {
            finish(now: now)
            return
        }
        hangUp()
        killAt = now + TerminalSessions.graceMilliseconds
    }

    /// What a terminal that closes does: SIGHUP to the session's group (and SIGCONT, so a
    /// stopped job sees it).
    func hangUp() {
        signalGroup(SIGHUP)
        signalGroup(SIGCONT)
    }

    func forceEnd() {
        guard !isOver else { return }
        signalGroup(SIGKILL)
        collectKeeper()
        locked {
            if master >= 0 { close(master); master = -1 }
        }
        release()
        isOver = true
    }

    /// Through the keeper: SIGHUP (or SIGTERM) to every process of the session's run, SIGKILL
    /// after the grace time; SIGKILL to all of them at once. (SIGCONT goes with the first.)
    func signalGroup(_ signal: Int32) {
        guard let process else { return }
        switch signal {
        case SIGKILL: process.kill()
        case SIGCONT: break
        default: process.end(with: signal)
        }
    }

    /// Waits (briefly) for the keeper to finish ending its run, and collects it; a keeper that
    /// does not finish is killed after everything below it.
    func collectKeeper() {
        guard let process, process.keeperStatus == nil else { return }
        var descriptor = pollfd(fd: process.exitDescriptor, events: Int16(POLLIN), revents: 0)
        if process.exitDescriptor >= 0 { _ = poll(&descriptor, 1, Int32(TerminalSessions.graceMilliseconds + 200)) }
        if !process.reap() { process.killKeeperAndRun() }
    }

    func release() {
        if pidfd >= 0 { close(pidfd); pidfd = -1 }
        collectKeeper()
        process = nil
    }
}

extension TerminalSessions {
    /// How long the screen must stay unchanged before `render` takes it, and the most it waits.
    static let settleQuietMilliseconds = 300
    static let settleLimitMilliseconds = 5000

    /// Runs a terminal tab's program until its screen settles (nothing new for a moment, or it
    /// ended; at most a few seconds), then ends it and returns what it showed: `tabnav-tui render`
    /// of a terminal tab.
    package static func runUntilSettled(_ request: LoadRequest, environment: [String: String]) -> TerminalUpdate {
        guard let wake = WakePipe(),
              let sessions = TerminalSessions(environment: environment, notify: { wake.signal() }) else {
            return TerminalUpdate(failure: "cannot run: no pipes left")
        }
        sessions.start(request)
        var result = TerminalUpdate()
        let limit = ChildSupervisor.now() + settleLimitMilliseconds
        while ChildSupervisor.now() < limit {
            var descriptor = pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0)
            let wait = min(settleQuietMilliseconds, max(0, limit - ChildSupervisor.now()))
            let ready = poll(&descriptor, 1, Int32(wait))
            _ = wake.drain()
            for (_, _, update) in sessions.take() {
                if let image = update.image { result.image = image }
                result.activity = result.activity || update.activity
                result.bell = result.bell || update.bell
                if update.exit != nil { result.exit = update.exit }
                if update.failure != nil { result.failure = update.failure }
            }
            if result.exit != nil || result.failure != nil { break }
            if ready == 0, result.image != nil { break }  // quiet for a while: settled
        }
        sessions.shutdown()
        return result
    }
}
