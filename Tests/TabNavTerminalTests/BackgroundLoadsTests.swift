import Synchronization
import XCTest
import TabNavCore
import TabNavInteraction
@testable import TabNavTerminal

/// Pages' slow work runs as tasks on Swift's shared pool (docs/library.md, "Slow work"), and
/// cancelled work neither runs on to its end nor delivers a result.
final class BackgroundLoadsTests: XCTestCase {
    private func waitUntil(_ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        while !condition() {
            guard ContinuousClock.now < deadline else { return XCTFail("not within 20 s", file: file, line: line) }
            sched_yield()
        }
    }

    func testResultsComeBackAndCancelledWorkStopsWithoutOne() throws {
        let loads = BackgroundLoads(waker: Waker(pipe: try XCTUnwrap(WakePipe())), environment: ["K": "v"])
        let stopped = Atomic<Int>(0)
        let started = Atomic<Int>(0)
        let endless = PageWork(label: "endless") { _ async -> String in
            started.add(1, ordering: .sequentiallyConsistent)
            while !Task.isCancelled { await Task.yield() }
            stopped.add(1, ordering: .sequentiallyConsistent)
            return "cancelled"
        }
        let quick = PageWork(label: "quick") { environment async -> String in environment["K"] ?? "" }
        for n in 1...20 { loads.start(LoadRequest(id: LoadID(n), tab: "t", work: endless)) }
        loads.start(LoadRequest(id: LoadID(99), tab: "t", work: quick))
        var results: [(request: LoadRequest, result: any Sendable)] = []
        waitUntil {
            results += loads.takeFinished()
            return !results.isEmpty
        }
        XCTAssertEqual(results.map(\.request.id), [LoadID(99)])
        XCTAssertEqual(results.first?.result as? String, "v")
        for n in 1...20 { loads.cancel(LoadID(n)) }
        waitUntil { stopped.load(ordering: .sequentiallyConsistent) == started.load(ordering: .sequentiallyConsistent) }
        XCTAssertTrue(loads.takeFinished().isEmpty, "cancelled work delivers nothing")
        XCTAssertEqual(loads.count, 0)
    }

    func testWorkRunsToItsEndForAHeadlessRun() {
        let work = PageWork(label: "sum") { _ async -> Int in
            await withTaskGroup(of: Int.self) { group in
                for n in 1...10 { group.addTask { n } }
                return await group.reduce(0, +)
            }
        }
        XCTAssertEqual(BackgroundLoads.runToEnd(work, environment: [:]) as? Int, 55)
    }
}
