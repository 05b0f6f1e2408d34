#if canImport(Glibc)
import Glibc
#endif
import CSystem

/// Limits on memory (docs/behaviour.md, "Signals and leaving").
package enum AddressSpaceLimit {
    /// Whether the process runs under a limit on the memory it may map (`ulimit -v`, or `ulimit
    /// -d`, which Linux applies to private writable mappings too). Room reserved ahead, never all
    /// used, counts against such a limit as if it were: under one, a load keeps to what it needs.
    package static var isSet: Bool {
        for resource in [RLIMIT_AS, RLIMIT_DATA] {
            var limit = rlimit()
            if getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max { return true }
        }
        return false
    }

    /// The limit in words, for a message about running out of memory: "the address space is
    /// limited to 196 MB: ulimit -v 200000" (or the data size, `ulimit -d`); nil without one.
    package static var described: String? {
        for (resource, what, option) in [(RLIMIT_AS, "address space", "v"), (RLIMIT_DATA, "data size", "d")] {
            var limit = rlimit()
            if getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
                let bytes = Int(clamping: limit.rlim_cur)
                return "the \(what) is limited to \(megabytes(bytes)): ulimit -\(option) \(bytes >> 10)"
            }
        }
        return nil
    }

    /// `bytes` in whole megabytes, rounded up: "80 MB".
    package static func megabytes(_ bytes: Int) -> String {
        "\((bytes + (1 << 20) - 1) >> 20) MB"
    }

    /// Ends the process for want of memory: notes that it is out of memory, then aborts, so a
    /// program that installed the out-of-memory handler (TabNavTerminal's `OutOfMemory`) says
    /// so in one line and exits with status 1, the terminal restored. For memory a caller
    /// checked but cannot do without, where no error can be reported instead.
    package static func endForLackOfMemory() -> Never {
        tabnav_note_memory_exhausted()
        abort()
    }
}
