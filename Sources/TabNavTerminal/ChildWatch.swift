#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TabNavInteraction

/// The hand-over between the threads that start and stop children and the one thread that
/// watches them (`ChildSupervisor`'s commands and files, `TerminalSessions`' programs): what to
/// start and stop, the pipe that wakes the watching thread, and the way out — ask that thread to
/// end every child, and wait for it within the grace time plus a second.
package final class ChildWatchInbox<Start: Sendable>: Sendable {
    /// What the watching thread is asked to do, taken at once (`take`).
    struct Batch {
        var starts: [Start] = []
        var stops: [LoadID] = []
        /// Stopped with an account of it (a command's `.stopped`), not silently.
        var reportedStops: [LoadID] = []
        var shuttingDown = false
    }

    private struct State {
        var batch = Batch()
        var threadStarted = false
    }

    private let state = Mutex(State())
    /// Readable when there is something in the inbox (the watching thread polls it).
    let control: WakePipe
    /// Signalled by the watching thread once it has ended every child on the way out.
    private let done: WakePipe
    /// How long the children are given between the end signal and SIGKILL.
    let graceMilliseconds: Int

    init?(graceMilliseconds: Int) {
        guard let control = WakePipe(), let done = WakePipe() else { return nil }
        self.control = control
        self.done = done
        self.graceMilliseconds = graceMilliseconds
    }

    /// Queues a start and wakes the thread; `launch` (which starts the watching thread) is
    /// called first for the very first start.
    func start(_ start: Start, launch: () -> Void) {
        let first = state.withLock { state -> Bool in
            state.batch.starts.append(start)
            defer { state.threadStarted = true }
            return !state.threadStarted
        }
        if first { launch() }
        wake()
    }

    /// Queues a stop and wakes the thread.
    func stop(_ id: LoadID) {
        state.withLock { $0.batch.stops.append(id) }
        wake()
    }

    /// Queues a stop that is reported, and wakes the thread.
    func stopReporting(_ id: LoadID) {
        state.withLock { $0.batch.reportedStops.append(id) }
        wake()
    }

    func wake() {
        control.signal()
    }

    /// Everything asked since the last call (the watching thread's side).
    func take() -> Batch {
        state.withLock { state in
            let copy = state.batch
            state.batch.starts.removeAll()
            state.batch.stops.removeAll()
            state.batch.reportedStops.removeAll()
            return copy
        }
    }

    /// Asks the watching thread to end every child and waits until it has (at most the grace
    /// time plus a second); returns at once when no thread was ever started.
    func shutdown() {
        let running = state.withLock { state -> Bool in
            state.batch.shuttingDown = true
            return state.threadStarted
        }
        guard running else { return }
        wake()
        var descriptor = pollfd(fd: done.readDescriptor, events: Int16(POLLIN), revents: 0)
        let limit = ChildSupervisor.now() + graceMilliseconds + 1000
        while ChildSupervisor.now() < limit {
            let ready = poll(&descriptor, 1, Int32(max(1, limit - ChildSupervisor.now())))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { return }
        }
    }

    /// Tells `shutdown` that every child has been ended (the watching thread's last act).
    func finished() {
        done.signal()
    }
}

/// A child as the watching thread sees it: descriptors to poll, a deadline, and its end.
protocol WatchedChild: AnyObject {
    var id: LoadID { get }
    /// Over: nothing of it is left to watch (it is dropped from the loop).
    var isOver: Bool { get }
    /// Descriptors and the events to poll them for.
    var pollDescriptors: [(Int32, Int16)] { get }
    /// When something is due without any descriptor being ready.
    var nextDeadline: Int? { get }
    /// Whether it has more to read now, without waiting (then the next poll does not sleep).
    var hasMore: Bool { get }
    func ready(_ fd: Int32, events: Int16, buffer: inout [UInt8])
    /// Reads a round of what `hasMore` said is there.
    func continueReading()
    /// Starts ending it (its end signal; SIGKILL after the grace time).
    func stop(now: Int)
    /// Ends it at once, whatever is left.
    func forceEnd()
}

extension WatchedChild {
    var hasMore: Bool { false }
    func continueReading() {}
}

/// The body of a watching thread: take the inbox, start and stop children, one `poll` over the
/// control pipe and every child's descriptors, and, on the way out, end every child within the
/// grace time.
protocol ChildWatchLoop: AnyObject {
    associatedtype Start: Sendable
    associatedtype Child: WatchedChild
    var inbox: ChildWatchInbox<Start> { get }
    var children: [Child] { get set }
    /// The read buffer shared by every child of the thread.
    var buffer: [UInt8] { get set }
    func begin(_ start: Start)
    /// A stop that is reported (`ChildWatchInbox.stopReporting`); by default a plain stop.
    func stopReporting(_ child: Child, now: Int)
    /// After each poll, for every child (deliveries, time limits).
    func timePassed(_ child: Child, now: Int)
}

extension ChildWatchLoop {
    func stopReporting(_ child: Child, now: Int) {
        child.stop(now: now)
    }

    /// Runs until `shutdown`: then every child is ended and `finished` is signalled.
    func run() {
        while true {
            let batch = inbox.take()
            for start in batch.starts { begin(start) }
            for id in batch.stops {
                for child in children where child.id == id { child.stop(now: ChildSupervisor.now()) }
            }
            for id in batch.reportedStops {
                for child in children where child.id == id { stopReporting(child, now: ChildSupervisor.now()) }
            }
            if batch.shuttingDown {
                shutDown()
                inbox.finished()
                return
            }
            waitAndHandle()
            children.removeAll { $0.isOver }
        }
    }

    /// One `poll` over the control pipe and every child's descriptors, then whatever is due.
    func waitAndHandle() {
        var descriptors = [pollfd(fd: inbox.control.readDescriptor, events: Int16(POLLIN), revents: 0)]
        var owners: [(Child, Int32)] = []
        for child in children {
            for (fd, events) in child.pollDescriptors {
                descriptors.append(pollfd(fd: fd, events: events, revents: 0))
                owners.append((child, fd))
            }
        }
        let now = ChildSupervisor.now()
        let due = children.compactMap { $0.nextDeadline }.min()
        // A child with more to read now (a burst into a followed file) gets its next round after
        // every other descriptor has had its turn: no child waits on another's output.
        let busy = children.contains { $0.hasMore }
        let timeout = busy ? 0 : due.map { Int32(clamping: max(0, $0 - now)) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if ready < 0 && errno != EINTR { return }
        if descriptors[0].revents != 0 { _ = inbox.control.drain() }
        for (index, entry) in descriptors.enumerated().dropFirst() where entry.revents != 0 {
            let (child, fd) = owners[index - 1]
            child.ready(fd, events: entry.revents, buffer: &buffer)
        }
        if busy {
            for child in children where child.hasMore { child.continueReading() }
        }
        let after = ChildSupervisor.now()
        for child in children { timePassed(child, now: after) }
    }

    /// Ends every child (its end signal, SIGKILL after the grace time), collecting them as they
    /// finish; what is left after that is ended at once.
    func shutDown() {
        let start = ChildSupervisor.now()
        for child in children { child.stop(now: start) }
        while children.contains(where: { !$0.isOver }), ChildSupervisor.now() < start + inbox.graceMilliseconds + 200 {
            waitAndHandle()
            children.removeAll { $0.isOver }
        }
        for child in children { child.forceEnd() }
        children.removeAll()
    }
}
