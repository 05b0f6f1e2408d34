#if canImport(Glibc)
import Glibc
#endif

/// Whether the process runs under a limit on its memory mappings (`ulimit -v`, or `ulimit -d`,
/// which Linux applies to private mappings too). Room reserved but never used counts against such
/// a limit: work that reserves generously (`JSONTapeStream`) is then left undone, so that the
/// rest of the program keeps the room it always had.
package enum AddressSpaceLimit {
    package static var isSet: Bool {
        for resource in [RLIMIT_AS, RLIMIT_DATA] {
            var limit = rlimit()
            if getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != .max {  // RLIM_INFINITY, all ones
                return true
            }
        }
        return false
    }
}
