import CVterm
import TabNavDrawing

/// The lines above a terminal's screen (docs/terminal-tabs.md, "Scrollback"): at most `capacity`
/// lines and about `byteLimit` bytes, oldest first; when either is reached the oldest lines go.
///
/// Each line is kept compactly, as bytes (`ScrollbackLine`): one byte per plain ASCII cell, a
/// style mark only where the style changes, trailing blanks dropped. Lines become cells again
/// only when they are shown, searched or taken back by a taller screen.
package struct ScrollbackStore {
    /// The most a terminal's scrollback keeps by default, in bytes (docs/terminal-tabs.md).
    package static let defaultByteLimit = 16 << 20
    /// What a kept line costs besides its bytes: the array's header and its slot here.
    static let lineOverhead = 40

    package let capacity: Int
    package let byteLimit: Int
    /// Lines from `start` on are kept; the ones before it were dropped and are compacted away
    /// from time to time.
    private var lines: [[UInt8]] = []
    private var start = 0
    /// Bytes the kept lines take (their bytes plus `lineOverhead` each).
    package private(set) var bytes = 0

    package init(capacity: Int, byteLimit: Int = ScrollbackStore.defaultByteLimit) {
        self.capacity = max(0, capacity)
        self.byteLimit = max(0, byteLimit)
    }

    package var count: Int { lines.count - start }

    /// The line `index` lines after the oldest, as cells.
    package subscript(index: Int) -> [Cell] {
        var cells: [Cell] = []
        ScrollbackLine.decode(lines[start + index], into: &cells, limit: Int.max)
        return cells
    }

    /// Appends the line's cells to `cells`, at most `limit` of them.
    package func cells(of index: Int, into cells: inout [Cell], limit: Int) {
        ScrollbackLine.decode(lines[start + index], into: &cells, limit: limit)
    }

    /// The line as stored.
    package func encoded(_ index: Int) -> [UInt8] { lines[start + index] }

    package mutating func append(_ cells: [Cell]) {
        append(encoded: ScrollbackLine.encode(cells))
    }

    /// Keeps a line already encoded (`ScrollbackLine`), dropping the oldest ones over the limits.
    package mutating func append(encoded line: [UInt8]) {
        guard capacity > 0 else { return }
        let size = Self.size(of: line)
        guard size <= byteLimit else { return }
        lines.append(line)
        bytes += size
        while count > capacity || bytes > byteLimit { dropOldest() }
    }

    private mutating func dropOldest() {
        bytes -= Self.size(of: lines[start])
        lines[start] = []
        start += 1
        // Compacted when the dropped slots are as many as the kept ones: amortized O(1) a line.
        if start >= 1024, start * 2 >= lines.count {
            lines.removeFirst(start)
            start = 0
        }
    }

    /// Takes the newest line back (the screen grew taller).
    package mutating func removeLast() -> [Cell]? {
        guard count > 0, let line = lines.popLast() else { return nil }
        bytes -= Self.size(of: line)
        if count == 0 {
            lines.removeAll()
            start = 0
        }
        var cells: [Cell] = []
        ScrollbackLine.decode(line, into: &cells, limit: Int.max)
        return cells
    }

    static func size(of line: [UInt8]) -> Int { line.count + lineOverhead }
}

/// A line of cells as bytes, read left to right with a current style (plain at the start):
/// - a byte under 0x80: a one-column ASCII cell in the current style;
/// - `continuation`: the right half of a wide character, in the current style;
/// - `cell` and four bytes: a cell's packed code and width (`Cell.packed`, little-endian);
/// - `style` and four bytes: the current style becomes these bits (`CellStyle.bits`).
package enum ScrollbackLine {
    static let continuation: UInt8 = 0xF8
    static let cell: UInt8 = 0xF9
    static let style: UInt8 = 0xFA

    package static func encode(_ cells: [Cell]) -> [UInt8] {
        var writer = Writer()
        for cell in cells { writer.add(cell) }
        return writer.finish()
    }

    /// Appends the line's cells to `cells`, at most `limit`.
    static func decode(_ line: [UInt8], into cells: inout [Cell], limit: Int) {
        var style = CellStyle.plain
        var taken = 0
        line.withUnsafeBufferPointer { bytes in
            var index = 0
            func word(at i: Int) -> UInt32 {
                UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
            }
            while index < bytes.count, taken < limit {
                let byte = bytes[index]
                if byte < 0x80 {
                    cells.append(Cell(code: UInt32(byte), width: 1, style: style))
                    index += 1
                } else if byte == continuation {
                    cells.append(.continuation(style))
                    index += 1
                } else if byte == cell, index + 4 < bytes.count {
                    var decoded = Cell(code: 0, width: 1, style: style)
                    decoded.packed = word(at: index + 1)
                    cells.append(decoded)
                    index += 5
                } else if byte == Self.style, index + 4 < bytes.count {
                    style.bits = word(at: index + 1)
                    index += 5
                    continue
                } else {
                    return  // not written by `Writer`
                }
                taken += 1
            }
        }
    }

    /// Encodes cells one by one, trailing blanks dropped at the end.
    struct Writer {
        private(set) var bytes: [UInt8] = []
        private var style = CellStyle.plain
        /// The length up to the last cell that is not a plain blank.
        private var kept = 0

        init(capacity: Int = 0) {
            bytes.reserveCapacity(capacity)
        }

        mutating func reset() {
            bytes.removeAll(keepingCapacity: true)
            style = .plain
            kept = 0
        }

        mutating func setStyle(_ new: CellStyle) {
            guard new != style else { return }
            style = new
            appendWord(ScrollbackLine.style, new.bits)
        }

        private mutating func appendWord(_ marker: UInt8, _ word: UInt32) {
            bytes.append(marker)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
        }

        /// A one-column ASCII character (0x20–0x7E) in the current style.
        mutating func addASCII(_ byte: UInt8) {
            bytes.append(byte)
            if byte != 0x20 || style != .plain { kept = bytes.count }
        }

        /// One-column ASCII characters (0x20–0x7E) in the current style.
        mutating func addASCII(_ run: UnsafeBufferPointer<UInt8>) {
            guard !run.isEmpty else { return }
            let before = bytes.count
            bytes.append(contentsOf: run)
            if style != .plain {
                kept = bytes.count
            } else if let last = run.lastIndex(where: { $0 != 0x20 }) {
                kept = before + last + 1
            }
        }

        mutating func add(_ cell: Cell) {
            setStyle(cell.style)
            if cell.width == 1, cell.code < 0x80, cell.code >= 0x20 {
                addASCII(UInt8(cell.code))
            } else if cell.isContinuation, cell.code == 0 {
                bytes.append(continuation)
                kept = bytes.count
            } else {
                appendWord(ScrollbackLine.cell, cell.packed)
                kept = bytes.count
            }
        }

        /// A cell of any kind in the current style (`packed` as `Cell.packed`).
        mutating func addPacked(_ packed: UInt32) {
            appendWord(ScrollbackLine.cell, packed)
            kept = bytes.count
        }

        mutating func addContinuation() {
            bytes.append(continuation)
            kept = bytes.count
        }

        /// The line, without its trailing plain blanks.
        func finish() -> [UInt8] {
            Array(bytes[..<kept])
        }
    }
}
