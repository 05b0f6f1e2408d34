// errno and its text. The program does not use Foundation (memory and start-up time,
// docs/benchmark.md), so file work goes through the POSIX calls directly and reports their errno.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of a C `errno` value ("No such file or directory").
package func systemErrorMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}

/// The current `errno`, read once right after a failed call.
package func currentErrno() -> Int32 { errno }
