#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The compact ISO 8601 UTC form used in names of set-aside files: `20261130T043612Z`.
/// It sorts in time order and has no characters that need quoting in a shell.
package enum UTCTimestamp {
    package static func compact(secondsSinceEpoch: Int) -> String {
        var time = time_t(secondsSinceEpoch)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "\(secondsSinceEpoch)" }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = String(Int(parts.tm_year) + 1900)
        return year + two(parts.tm_mon + 1) + two(parts.tm_mday) + "T"
            + two(parts.tm_hour) + two(parts.tm_min) + two(parts.tm_sec) + "Z"
    }

    /// Seconds since 1970 from the system clock.
    package static func now() -> Int { Int(time(nil)) }
}
