import TabNavTerminal
#if canImport(Glibc)
import Glibc
#endif

/// Reading what a screen wrote to a pseudo-terminal, with bounded waits (never sleeps).
extension PseudoTerminal {
    /// Writes `text` into the terminal as if typed.
    func type(_ text: String) {
        type(bytes: Array(text.utf8))
    }

    /// Writes raw bytes (not necessarily UTF-8) into the terminal as if typed.
    func type(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
    }

    /// Writes `text` to the terminal's output side, after whatever the program wrote before.
    func writeAsProgram(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(secondary, $0.baseAddress, $0.count) }
    }

    /// Reads output until `marker` appears (or `timeoutMilliseconds` pass without new output);
    /// returns everything read, marker included.
    func read(until marker: String, timeoutMilliseconds: Int32 = 5000) -> [UInt8] {
        let wanted = Array(marker.utf8)
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !collected.contains(wanted) {
            var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, timeoutMilliseconds) == 1 else { break }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(primary, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            collected += chunk[0..<count]
        }
        return collected
    }

    /// Everything the program wrote since the last read: writes a marker behind the program's
    /// output and reads up to it, so the count is exact without waiting for quiet.
    func outputUntilNow() -> [UInt8] {
        let marker = "<<sync-\(UInt32.random(in: 0...UInt32.max))>>"
        writeAsProgram(marker)
        let bytes = read(until: marker)
        return bytes.contains(marker) ? Array(bytes.dropLast(marker.utf8.count)) : bytes
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs anywhere in the array.
    func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    func contains(_ text: String) -> Bool { contains(Array(text.utf8)) }
}
