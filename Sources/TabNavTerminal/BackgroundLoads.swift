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
        if !DetachedThread.start({ self.deliver(request, result: self.run(request)) }) {
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
