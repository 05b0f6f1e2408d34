import Glibc
import TabNavTerminal

/// The terminal emulation alone, in this process (docs/benchmark.md, "Terminal tabs"): the text
/// `cat` of the 100 MB file would show, fed through a terminal tab's emulator at the content
/// area's size in chunks as a pseudo-terminal delivers them (4 KB), with an image taken every
/// 256 KB as the page does while output arrives. No bar: it says how much of a terminal tab's
/// `cat` is the emulation's own work (`tabnav-bench --emulate MB`, or under callgrind).
enum EmulationBench {
    static let flag = "--emulate"

    static func run(megabytes: Int) -> Int32 {
        var text: [UInt8] = []
        text.reserveCapacity(megabytes << 20)
        var number = 0
        while text.count < megabytes << 20 {
            let digits = String(number)
            text += Array(("line " + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
                + " the quick brown fox jumps over the lazy dog 0123456789 abcdefghij klmn\r\n").utf8)
            number += 1
        }
        let emulator = TerminalEmulator(columns: 98, rows: 26)
        let start = Clock.threadCPU()
        let chunk = 4096
        var offset = 0
        var images = 0
        text.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let end = min(offset + chunk, bytes.count)
                emulator.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                offset = end
                if offset % (256 << 10) == 0 {
                    _ = emulator.image()
                    images += 1
                }
            }
        }
        let last = emulator.image()
        let seconds = Clock.threadCPU() - start
        let shown = (0..<last.rows).map { last.text(ofRow: $0) }.last { !$0.isEmpty } ?? ""
        print("emulated \(megabytes) MB (\(number) lines, \(images + 1) images) in \(Format.fixed(seconds, 3)) s of CPU: "
              + "\(Format.fixed(Double(megabytes) / seconds, 1)) MB/s; scrollback \(emulator.scrollback.count) lines; last line \"\(shown)\"")
        return 0
    }
}
