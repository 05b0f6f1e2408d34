#if canImport(Glibc)
import Glibc
#endif

/// Whether the process runs under a limit on the memory it may map (`ulimit -v`, or `ulimit -d`,
/// which Linux applies to private writable mappings too). Room reserved ahead, never all used,
/// counts against such a limit as if it were: under one, a load keeps to what it needs.
package enum AddressSpaceLimit {
    package static var isSet: Bool {
        for resource in [RLIMIT_AS, RLIMIT_DATA] {
            var limit = rlimit()
            if getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max { return true }
        }
        return false
    }
}
