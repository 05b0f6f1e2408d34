#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// Runs file reads and commands for tabs off the UI thread (SPEC §10: the UI never blocks on
/// them) and hands the results back through a waker.
final class BackgroundLoads: Sendable {
    private let finished = Mutex<[(tab: String, load: ContentLoad)]>([])
    private let waker: Waker
    private let environment: [String: String]

    init(waker: Waker, environment: [String: String]) {
        self.waker = waker
        self.environment = environment
    }

    func start(tab: String, content: TabContent) {
        let job = Job(owner: self, tab: tab, content: content)
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
            deliver(tab: tab, load: .failed(["cannot start a thread to load this tab"]))
        }
    }

    /// Results that arrived since the last call.
    func takeFinished() -> [(tab: String, load: ContentLoad)] {
        finished.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }

    fileprivate func deliver(tab: String, load: ContentLoad) {
        finished.withLock { $0.append((tab, load)) }
        waker.wake()
    }

    fileprivate func load(_ content: TabContent) -> ContentLoad {
        ContentLoader.load(content, environment: environment)
    }
}

/// One load on its own thread.
private final class Job: Sendable {
    let owner: BackgroundLoads
    let tab: String
    let content: TabContent

    init(owner: BackgroundLoads, tab: String, content: TabContent) {
        self.owner = owner
        self.tab = tab
        self.content = content
    }

    func run() {
        owner.deliver(tab: tab, load: owner.load(content))
    }
}
