#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavSystem

/// Runs pages' slow work off the UI thread (docs/library.md, "Slow work"): each request is a task
/// on Swift's shared pool of worker threads (no thread is started per request), cancelled when
/// the reducer says it is no longer wanted (superseded, its page popped, its tab removed). Results
/// are handed back through a waker, as messages the run loop dispatches.
package final class BackgroundLoads: Sendable {
    private let finished = Mutex<[(request: LoadRequest, result: any Sendable)]>([])
    /// The tasks under way, by request.
    private let running = Mutex<[LoadID: Task<Void, Never>]>([:])
    private let waker: Waker
    private let environment: [String: String]

    init(waker: Waker, environment: [String: String]) {
        self.waker = waker
        self.environment = environment
    }

    func start(_ request: LoadRequest) {
        let environment = self.environment
        let task = Task.detached { [self] in
            let result = await request.work.run(environment)
            // Cancelled meanwhile: its result is not wanted, and no turn of the run loop is spent on it.
            guard !Task.isCancelled else { return }
            deliver(request, result: result)
        }
        running.withLock { $0[request.id] = task }
    }

    /// Cancels the work with this id, if it is still running.
    func cancel(_ id: LoadID) {
        running.withLock { $0.removeValue(forKey: id) }?.cancel()
    }

    /// Cancels everything (the program is leaving).
    func cancelAll() {
        for task in running.withLock({ running in defer { running.removeAll() }; return Array(running.values) }) {
            task.cancel()
        }
    }

    /// How many requests are under way (for tests).
    var count: Int { running.withLock { $0.count } }

    /// Results that arrived since the last call.
    func takeFinished() -> [(request: LoadRequest, result: any Sendable)] {
        let list = finished.withLock { list in
            defer { list.removeAll() }
            return list
        }
        if !list.isEmpty { running.withLock { running in for item in list { running[item.request.id] = nil } } }
        return list
    }

    private func deliver(_ request: LoadRequest, result: any Sendable) {
        finished.withLock { $0.append((request, result)) }
        waker.wake()
    }

    /// Runs work to its end on the calling thread's behalf (headless renders, which wait for
    /// every result before the next key): the work runs as a task, and the caller waits for it.
    package static func runToEnd(_ work: PageWork, environment: [String: String]) -> any Sendable {
        let box = WaitBox()
        Task.detached {
            box.finish(await work.run(environment))
        }
        return box.wait()
    }
}

/// A value handed from a task to a thread that waits for it (a condition variable).
final class WaitBox: @unchecked Sendable {
    private let lock = SystemLock()
    // Guarded by `lock`; set once.
    private var result: (any Sendable)?

    func finish(_ value: any Sendable) {
        lock.withLock {
            result = value
            lock.signal()
        }
    }

    func wait() -> any Sendable {
        lock.withLock {
            while result == nil { lock.wait() }
            return result!
        }
    }
}
