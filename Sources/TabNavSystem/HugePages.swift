#if canImport(Glibc)
import Glibc
#endif

/// Asks Linux to back a large buffer with 2 MB pages (`madvise(MADV_HUGEPAGE)`), before it is
/// first written: a layout of 100,000 tabs fills its file buffer, JSON tape and item table one
/// 4 KB page fault at a time otherwise (docs/benchmark.md, "Loading a large layout"). Only the
/// whole 2 MB pages inside the buffer are advised, so at most one partly used page is added per
/// buffer, and only buffers of 8 MB or more (`allocate` gives aligned memory for smaller ones); where
/// transparent huge pages are off, nothing changes.
package enum HugePages {
    package static let pageSize = 2 << 20
    package static let smallestBuffer = 8 << 20

    package static func advise(_ base: UnsafeMutableRawPointer?, byteCount: Int) {
        #if os(Linux)
        guard let base, byteCount >= smallestBuffer else { return }
        let address = Int(bitPattern: base)
        let start = (address + pageSize - 1) & ~(pageSize - 1)
        let end = (address + byteCount) & ~(pageSize - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}

extension HugePages {
    /// `malloc`-compatible memory (let go with `free`) of `byteCount` bytes: from 2 MB on, it
    /// starts on a 2 MB boundary and its whole 2 MB pages are advised as huge pages, so memory
    /// written from its start is backed by them from the first byte (a buffer `malloc` gives
    /// starts anywhere, and its first partial 2 MB stays in 4 KB pages). At most the unused part
    /// of one 2 MB page is added to what is written. Nil when the memory cannot be had.
    package static func allocate(byteCount: Int) -> UnsafeMutableRawPointer? {
        #if os(Linux)
        if byteCount >= pageSize {
            var memory: UnsafeMutableRawPointer?
            guard posix_memalign(&memory, pageSize, byteCount) == 0, let memory else { return nil }
            _ = madvise(memory, byteCount & ~(pageSize - 1), MADV_HUGEPAGE)
            return memory
        }
        #endif
        return malloc(max(byteCount, 1))
    }

    /// Faults in the pages of a range without changing a byte (`MADV_POPULATE_WRITE`, Linux
    /// 5.14 and later; elsewhere nothing happens), so that writing there later takes no fault.
    package static func populate(address: UInt, byteCount: Int) {
        #if os(Linux)
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let start = address & ~(page - 1)
        guard byteCount > 0, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        let populateWrite: Int32 = 23
        _ = madvise(aligned, Int(address - start) + byteCount, populateWrite)
        #endif
    }
}

extension Array {
    /// `reserveCapacity`, with the new storage advised for huge pages when it is large (`HugePages`).
    package mutating func reserveCapacityInHugePages(_ minimumCapacity: Int) {
        let before = capacity
        reserveCapacity(minimumCapacity)
        // Only new storage (the elements kept were copied to its first pages, which stay as they are).
        guard capacity != before else { return }
        let bytes = capacity * MemoryLayout<Element>.stride
        withUnsafeMutableBufferPointer { HugePages.advise(UnsafeMutableRawPointer($0.baseAddress), byteCount: bytes) }
    }
}
