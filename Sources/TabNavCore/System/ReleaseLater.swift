#if canImport(Glibc)
import Glibc
#endif

/// Lets go of large buffers on a short-lived thread of their own (docs/benchmark.md, "Loading a
/// large layout"): freeing the file and the JSON tape of a 10,000-tab layout unmaps their pages,
/// about a millisecond that need not come before the first frame. Where no thread can be had,
/// the value is let go here, as it would have been anyway.
package enum ReleaseLater {
    package static func drop(_ value: consuming some Sendable) {
        let box = Unmanaged.passRetained(Box(value)).toOpaque()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let started = pthread_create(&thread, &attributes, { raw in
            Unmanaged<AnyObject>.fromOpaque(raw!).release()
            return nil
        }, box)
        pthread_attr_destroy(&attributes)
        if started != 0 { Unmanaged<AnyObject>.fromOpaque(box).release() }
    }

    private final class Box<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: consuming Value) { self.value = value }
    }
}
