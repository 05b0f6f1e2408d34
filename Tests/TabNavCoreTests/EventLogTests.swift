import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

final class EventLogTests: XCTestCase {
    func testAppendsOneLinePerEventAtOnce() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/events.jsonl"
        try "{\"event\":\"earlier\"}\n".write(toFile: path, atomically: false, encoding: .utf8)

        let log = try EventLog(path: path)
        let delegate: TabNavDelegate = log
        delegate.tabNav(didEmit: .selectionDidChange(tab: "library"))
        // Flushed at once: the file already holds the line while the log is still open.
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            "{\"event\":\"earlier\"}\n{\"event\":\"selectionDidChange\",\"tab\":\"library\"}\n")
        log.record(.willTerminate)
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            "{\"event\":\"earlier\"}\n{\"event\":\"selectionDidChange\",\"tab\":\"library\"}\n{\"event\":\"willTerminate\"}\n")
        XCTAssertEqual(log.failedWrites, 0)
        XCTAssertNil(log.lastError)
    }

    func testTwoLogsOnOneFileInterleaveWholeLines() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/events.jsonl"
        let first = try EventLog(path: path)
        let second = try EventLog(path: path)
        first.record(.editingDidChange(editing: true))
        second.record(.editingDidChange(editing: false))
        first.record(.willTerminate)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), """
            {"event":"editingDidChange","editing":true}
            {"event":"editingDidChange","editing":false}
            {"event":"willTerminate"}

            """)
    }

    func testOpeningFailsWithAClearError() throws {
        let folder = try TemporaryFolder()
        XCTAssertThrowsError(try EventLog(path: folder.path + "/missing/events.jsonl")) { error in
            XCTAssertEqual("\(error)", "cannot open event log \(folder.path)/missing/events.jsonl: No such file or directory")
        }
        XCTAssertThrowsError(try EventLog(path: folder.path)) { error in
            XCTAssertEqual("\(error)", "cannot open event log \(folder.path): Is a directory")
        }
    }

    func testWriteFailuresAreCountedNotFatal() throws {
        let log = try EventLog(path: "/dev/full")
        log.record(.willTerminate)
        XCTAssertEqual(log.failedWrites, 1)
        XCTAssertEqual(log.lastError, "No space left on device")
    }
}
