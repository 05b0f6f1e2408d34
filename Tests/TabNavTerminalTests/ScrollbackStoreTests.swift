import TabNavDrawing
@testable import TabNavTerminal
import XCTest

/// The scrollback of terminal tabs (docs/terminal-tabs.md, "Scrollback"): lines kept compactly and
/// given back exactly, within a count of lines and a count of bytes.
final class ScrollbackStoreTests: XCTestCase {
    private let red = CellStyle([.bold], foreground: 1)
    private let wideStyle = CellStyle([.underline], background: 200)

    private func line(_ text: String, style: CellStyle = .plain) -> [Cell] {
        text.map { Cell(text: String($0), width: 1, style: style) }
    }

    func testLinesComeBackExactlyAsTheyWereKept() {
        var store = ScrollbackStore(capacity: 10)
        let mixed = line("ab") + [Cell(text: "日", width: 2, style: wideStyle), .continuation(wideStyle)]
            + line("é ", style: red) + [Cell(text: "e\u{301}", width: 1, style: .plain)] + line("z")
        store.append(mixed)
        XCTAssertEqual(store[0], mixed)
        // Trailing plain blanks are dropped, a styled blank is kept.
        store.append(line("x  "))
        XCTAssertEqual(store[1], line("x"))
        store.append(line("x ") + line(" ", style: red))
        XCTAssertEqual(store[2], line("x ") + line(" ", style: red))
        var prefix: [Cell] = []
        store.cells(of: 0, into: &prefix, limit: 3)
        XCTAssertEqual(prefix, Array(mixed.prefix(3)))
        XCTAssertEqual(store.removeLast(), line("x ") + line(" ", style: red))
        XCTAssertEqual(store.count, 2)
    }

    func testAPlainLineCostsAByteACell() {
        var store = ScrollbackStore(capacity: 10)
        store.append(line(String(repeating: "a", count: 80)))
        XCTAssertEqual(store.encoded(0).count, 80)
        XCTAssertEqual(store.bytes, 80 + ScrollbackStore.lineOverhead)
    }

    func testTheCountOfLinesIsCapped() {
        var store = ScrollbackStore(capacity: 3)
        for index in 0..<10 { store.append(line("line\(index)")) }
        XCTAssertEqual(store.count, 3)
        XCTAssertEqual(store[0], line("line7"))
        XCTAssertEqual(store[2], line("line9"))
    }

    /// A flood of long, styled lines: the bytes stay within the limit however many lines come, the
    /// newest are kept, and the count of lines is no longer what limits them.
    func testTheBytesAreCappedAndTheOldestLinesGo() {
        let limit = 64 << 10
        var store = ScrollbackStore(capacity: 10_000, byteLimit: limit)
        // Every cell changes style: the costliest line there is (10 bytes a cell).
        let styles = [red, wideStyle]
        for index in 0..<5_000 {
            var cells: [Cell] = []
            for column in 0..<200 { cells.append(Cell(text: "é", width: 1, style: styles[(index + column) % 2])) }
            store.append(cells)
            XCTAssertLessThanOrEqual(store.bytes, limit)
        }
        let kept = store.count
        XCTAssertGreaterThan(kept, 0)
        XCTAssertLessThan(kept, 5_000)
        XCTAssertEqual(store.bytes, kept * (store.encoded(0).count + ScrollbackStore.lineOverhead))
        // The newest line is the last one appended.
        XCTAssertEqual(store[kept - 1].first?.style, styles[4_999 % 2])
        // Dropped lines are compacted away and the store keeps working after it.
        for _ in 0..<3_000 { store.append(line("short")) }
        XCTAssertEqual(store[store.count - 1], line("short"))
        XCTAssertLessThanOrEqual(store.bytes, limit)
    }

    func testALineLargerThanTheLimitIsNotKept() {
        var store = ScrollbackStore(capacity: 10, byteLimit: 100)
        store.append(line(String(repeating: "a", count: 200)))
        XCTAssertEqual(store.count, 0)
        XCTAssertEqual(store.bytes, 0)
    }

    /// The emulation hands its scrolled-off lines to the store with their colours and wide
    /// characters, and the view shows them back.
    func testTheEmulatorKeepsStyledAndWideLines() {
        let emulator = TerminalEmulator(columns: 10, rows: 2, scrollback: 100)
        emulator.feed("\u{1B}[1;31mred\u{1B}[0m 日x\r\nplain\r\nlast\r\nend")
        XCTAssertEqual(emulator.scrollback.count, 2)
        let first = emulator.scrollback[0]
        XCTAssertEqual(first[0].style, CellStyle([.bold], foreground: 1))
        XCTAssertEqual(first[3].style, .plain)
        XCTAssertEqual(first[4].width, 2)
        XCTAssertTrue(first[5].isContinuation)
        XCTAssertEqual(first.count, 7)
        emulator.setViewOffset(2)
        XCTAssertEqual(emulator.image().text(ofRow: 0), "red 日x")
        XCTAssertEqual(emulator.image().text(ofRow: 1), "plain")
    }

    func testTheEmulatorsScrollbackBytesAreCapped() {
        let emulator = TerminalEmulator(columns: 50, rows: 2, scrollback: 10_000, scrollbackBytes: 8 << 10)
        for _ in 0..<2_000 { emulator.feed(String(repeating: "y", count: 50) + "\r\n") }
        XCTAssertLessThanOrEqual(emulator.scrollback.bytes, 8 << 10)
        XCTAssertEqual(emulator.scrollback.count, (8 << 10) / (50 + ScrollbackStore.lineOverhead))
    }
}
