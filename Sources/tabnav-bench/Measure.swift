import Glibc

/// The clocks the benchmark reads.
///
/// In-process figures use the CPU time of the calling thread: other processes sharing the two
/// cores (parallel builds and tests) stretch wall time but barely move CPU time, so the figures
/// stay comparable between a busy and an idle machine.
enum Clock {
    /// Seconds on the monotonic clock (for waits and for time to first frame).
    static func monotonic() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    /// CPU seconds this thread has used.
    static func threadCPU() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    /// Sleeps for `seconds` (used only between phases, never to synchronize with the child).
    static func sleep(_ seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// Repeated measurements of one figure: the median is the headline, the minimum is the least
/// disturbed run (the best estimate of the cost itself on a shared machine).
struct Samples: Sendable {
    var values: [Double]

    init(_ values: [Double]) { self.values = values.sorted() }

    var median: Double {
        guard !values.isEmpty else { return .nan }
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }

    var minimum: Double { values.first ?? .nan }
    var maximum: Double { values.last ?? .nan }
}

/// Times operations in-process by CPU time.
enum Measure {
    /// CPU seconds per call of `operation`, as several samples.
    ///
    /// One call warms up (first-touch allocations, lazily built tables) and calibrates: each
    /// sample then repeats the operation often enough to last `sampleTime`, so the clock's
    /// resolution does not matter for microsecond operations, and the number of samples shrinks
    /// (never below three) when operations are so slow that the figure would take over `budget`.
    static func perCall(
        samples: Int = 7, sampleTime: Double = 0.02, budget: Double = 1.5, _ operation: () -> Void
    ) -> Samples {
        let start = Clock.threadCPU()
        operation()
        let once = max(Clock.threadCPU() - start, 1e-7)
        let iterations = max(1, Int(sampleTime / once))
        let count = max(3, min(samples, Int(budget / (once * Double(iterations)))))
        var results: [Double] = []
        for _ in 0..<count {
            let begin = Clock.threadCPU()
            for _ in 0..<iterations { operation() }
            results.append((Clock.threadCPU() - begin) / Double(iterations))
        }
        return Samples(results)
    }
}

/// Keeps the optimizer from dropping work whose result is otherwise unused.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
