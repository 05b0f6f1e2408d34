import Foundation
import XCTest
@testable import TabNavCore
@testable import TabNavInteraction
import TabNavDemo

/// The `--events` sink never blocks the program (docs/behaviour.md, "Events"): a reader that
/// stops reading costs dropped events and one notice, a FIFO without a reader and a terminal are
/// refused when the log is opened, and write errors are counted and reported once.
final class EventSinkTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tabnav-events-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func makeFIFO() throws -> String {
        let path = folder + "/events.fifo"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        return path
    }

    func testAFIFOWithoutAReaderIsRefusedAtOnce() throws {
        let path = try makeFIFO()
        XCTAssertThrowsError(try EventLog(path: path)) { error in
            XCTAssertEqual("\(error)", "cannot open event log \(path): no program is reading this FIFO")
        }
    }

    func testAReaderThatStopsReadingNeverBlocksAndGetsOnlyWholeLines() throws {
        let path = try makeFIFO()
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        let log = try EventLog(path: path)
        // Far more than a pipe holds (64 KB): returning at all proves no write waited.
        let event = TabNavEvent.selectionDidChange(tab: String(repeating: "t", count: 1000))
        for _ in 0..<500 { log.record(event) }
        XCTAssertGreaterThan(log.droppedEvents, 0, "a full pipe drops events")
        XCTAssertEqual(log.failedWrites, 0, "a full pipe is not an error")
        let notice = log.takeNotice()
        XCTAssertEqual(notice, "Events log \(path): the reader is not keeping up; events are being dropped")
        XCTAssertNil(log.takeNotice(), "the notice is given once")

        // The reader catches up: it gets whole lines only, and later events arrive again.
        var received = drain(reader)
        log.record(.willTerminate)
        received += drain(reader)
        let text = String(decoding: received, as: UTF8.self)
        XCTAssertTrue(text.hasSuffix("{\"event\":\"willTerminate\"}\n"), String(text.suffix(80)))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 500 - log.droppedEvents + 1)
        for line in lines {
            XCTAssertTrue(line.hasPrefix("{\"event\":") && line.hasSuffix("}"), "a whole line: \(line.prefix(40))…")
        }
        XCTAssertNil(log.takeNotice())
    }

    func drain(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    func testWriteErrorsAreCountedAndReportedOnce() throws {
        let log = try EventLog(path: "/dev/full")
        log.record(.willTerminate)
        log.record(.willTerminate)
        XCTAssertEqual(log.failedWrites, 2)
        XCTAssertEqual(log.lastError, "No space left on device")
        XCTAssertEqual(log.takeNotice(), "Events log /dev/full cannot be written (No space left on device); events are lost")
        XCTAssertNil(log.takeNotice())
    }
}

/// The session shows the log's first trouble in the footer, once.
final class EventSinkNoticeTests: XCTestCase {
    func testTheFirstFailedEventWriteIsShownInTheFooterOnce() throws {
        let session = TabNavSession(hierarchy: try TabHierarchy(DemoCatalogue.layout), options: AppOptions(),
                                    size: TerminalSize(columns: 100, rows: 30), store: nil)
        session.delegates.append(try EventLog(path: "/dev/full"))
        session.dispatch(.key(.character("l")))
        XCTAssertEqual(session.state.message?.text,
                       "Events log /dev/full cannot be written (No space left on device); events are lost")
        XCTAssertEqual(session.state.message?.isError, true)
        session.dispatch(.key(.character("1")))
        XCTAssertNil(session.state.message, "said once: the next key clears it and it does not come back")
    }
}
