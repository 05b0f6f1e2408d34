#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with a condition to wait on, for state shared between the UI thread and the threads
/// of slow work (a streamed layout, background loads, terminal sessions). Both live at stable
/// addresses of their own, as the C calls need.
package final class SystemLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the lock held.
    @inline(__always)
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// With the lock held: lets it go until `broadcast()` is called, then takes it again.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread in `wait()` (call with the lock held).
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// Wakes one thread in `wait()` (call with the lock held).
    package func signal() { pthread_cond_signal(condition) }
}
