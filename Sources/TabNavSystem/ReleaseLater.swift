/// Lets go of large buffers on a short-lived thread of their own (docs/benchmark.md, "Loading a
/// large layout"): freeing the file and the JSON tape of a 10,000-tab layout unmaps their pages,
/// about a millisecond that need not come before the first frame. Where no thread can be had,
/// the value is let go here, as it would have been anyway.
package enum ReleaseLater {
    package static func drop(_ value: consuming some Sendable) {
        // The closure holds the last reference; it is let go on the thread once it has run.
        DetachedThread.start { [value] in withExtendedLifetime(value) {} }
    }
}
