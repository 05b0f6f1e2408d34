#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own for `body`, never joined: the program's slow work (tab loads, the
/// commands' watcher, letting go of large buffers) each runs on one.
package enum DetachedThread {
    /// Starts `body` on a new detached thread; false when no thread can be had (`body` is then
    /// let go unrun, here).
    @discardableResult
    package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let started = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box)
        pthread_attr_destroy(&attributes)
        if started != 0 { Unmanaged<Body>.fromOpaque(box).release() }
        return started == 0
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
