#if canImport(Glibc)
import Glibc
#endif

/// The process's environment.
package enum ProcessEnvironment {
    /// The environment as a dictionary.
    package static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            // Split at the first `=` by bytes: searching the string by characters (grapheme
            // breaking) cost half a million instructions at every start.
            if let equals = strchr(entry, 0x3D) {
                let nameLength = entry.distance(to: equals)
                let name = UnsafeRawBufferPointer(start: entry, count: nameLength)
                result[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
            }
            pointer += 1
        }
        return result
    }
}
