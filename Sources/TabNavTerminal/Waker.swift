#if canImport(Glibc)
import Glibc
#endif

/// Wakes a run loop blocked in `TerminalScreen.nextEvents()` from any thread.
///
/// Background work (a layout command finishing, a file loaded) hands its result over and calls
/// `wake()`; `nextEvents()` then returns `.wake` and the run loop redraws. A `Waker` may outlive
/// the screen: the pipe stays open as long as any copy exists, so a late `wake()` never writes
/// into a descriptor that was closed and reused for something else.
package struct Waker: Sendable {
    let pipe: WakePipe

    /// Makes the next (or current) `nextEvents()` return `.wake`. Safe from any thread and cheap;
    /// several calls before the run loop looks coalesce into one `.wake`.
    package func wake() {
        pipe.signal()
    }
}

/// A non-blocking pipe whose read end is watched by `poll` and whose write end any thread may
/// write one byte to. Closed when the last owner lets go.
final class WakePipe: Sendable {
    let readDescriptor: Int32
    let writeDescriptor: Int32

    /// Opens the pipe (non-blocking, close-on-exec); `nil` if no descriptors are left.
    init?() {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        Glibc.close(readDescriptor)
        Glibc.close(writeDescriptor)
    }

    /// Writes one byte. A full pipe (EAGAIN) already holds a pending wake-up, so that is fine.
    func signal() {
        var byte: UInt8 = 1
        while write(writeDescriptor, &byte, 1) < 0 && errno == EINTR {}
    }

    /// Reads every byte waiting; returns them (empty if none).
    func drain() -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                result.append(contentsOf: chunk[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return result
            }
        }
    }
}
