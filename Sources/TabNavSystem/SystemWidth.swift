#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// glibc's `wcwidth` under a UTF-8 character-type locale, whatever the process's global locale is.
///
/// ncurses measures every character it draws with `wcwidth` in the terminal's UTF-8 locale; the
/// renderer must use the very same numbers or the two disagree about where each cell is. Tests and
/// `tabnav-tui render` may run in the "C" locale, where `wcwidth` returns -1 for everything
/// non-ASCII, so we measure under a private UTF-8 `locale_t` switched in with `uselocale` (which
/// only affects the calling thread) and switched back at once.
package enum SystemWidth {
    /// `wcwidth` of one scalar in a UTF-8 locale, or `nil` when no UTF-8 locale exists here.
    @inline(__always)
    package static func of(_ value: UInt32) -> Int? {
        guard let measurer = utf8WidthMeasurer else { return nil }
        let previous = uselocale(measurer.locale)
        let width = measurer.wcwidth(wchar_t(bitPattern: value))
        uselocale(previous)
        return Int(width)
    }

    /// Whether widths come from the C library (`true`) or from `FallbackWidth`'s estimate.
    package static var isAvailable: Bool { utf8WidthMeasurer != nil }
}

/// The C signature of `wcwidth`.
typealias WcwidthFunction = @convention(c) (wchar_t) -> Int32

/// A UTF-8 character-type locale and the `wcwidth` function to call under it.
struct WidthMeasurer {
    let locale: locale_t
    let wcwidth: WcwidthFunction
}

/// Created once per process (one global, so one lazy-initialisation check per measurement) and
/// never freed.
// Safe as `nonisolated(unsafe)`: a global `let` is initialised exactly once, thread-safely, on first
// use; the locale object is never modified afterwards, and `uselocale`/`wcwidth` only read it.
nonisolated(unsafe) let utf8WidthMeasurer: WidthMeasurer? = {
    guard let function = findWcwidth() else { return nil }
    for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"] {
        if let locale = newlocale(LC_CTYPE_MASK, name, nil) { return WidthMeasurer(locale: locale, wcwidth: function) }
    }
    return nil
}()

/// `wcwidth` itself. glibc declares it only under `_XOPEN_SOURCE`, which Swift's `Glibc` module
/// does not define, so on Linux it is looked up in the already-loaded C library by name.
func findWcwidth() -> WcwidthFunction? {
    #if canImport(Darwin)
    return { wcwidth($0) }
    #else
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "wcwidth") else { return nil }
    return unsafeBitCast(symbol, to: WcwidthFunction.self)
    #endif
}
