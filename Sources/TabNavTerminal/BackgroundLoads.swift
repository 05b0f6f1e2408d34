#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Runs file reads and commands for tabs off the UI thread (docs/layout-files.md, "Layout files": the UI never blocks on
/// them) and hands the results back through a waker.
final class BackgroundLoads: Sendable {
    private let finished = Mutex<[(request: LoadRequest, result: any Sendable)]>([])
    private let waker: Waker
    private let environment: [String: String]

    init(waker: Waker, environment: [String: String]) {
        self.waker = waker
        self.environment = environment
    }

    func start(_ request: LoadRequest) {
        let job = Job(owner: self, request: request)
        var thread = pthread_t()
        let box = Unmanaged.passRetained(job).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let started = pthread_create(&thread, &attributes, { raw in
            let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
            job.run()
            return nil
        }, box)
        pthread_attr_destroy(&attributes)
        if started != 0 {
            Unmanaged<Job>.fromOpaque(box).release()
            deliver(request, result: ContentLoad.failed(["cannot start a thread to load this tab"]))
        }
    }

    /// Results that arrived since the last call.
    func takeFinished() -> [(request: LoadRequest, result: any Sendable)] {
        finished.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }

    fileprivate func deliver(_ request: LoadRequest, result: any Sendable) {
        finished.withLock { $0.append((request, result)) }
        waker.wake()
    }

    fileprivate func run(_ request: LoadRequest) -> any Sendable {
        request.work.run(environment)
    }
}

/// One load on its own thread.
private final class Job: Sendable {
    let owner: BackgroundLoads
    let request: LoadRequest

    init(owner: BackgroundLoads, request: LoadRequest) {
        self.owner = owner
        self.request = request
    }

    func run() {
        owner.deliver(request, result: owner.run(request))
    }
}
