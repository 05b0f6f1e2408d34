import XCTest
import TabNavCore
@testable import TabNavTerminal

/// `--events /dev/tty` would draw JSON over the screen: a terminal is refused as an events log.
final class EventLogTerminalTests: XCTestCase {
    func testATerminalIsRefusedAsAnEventsLog() throws {
        let terminal = try XCTUnwrap(PseudoTerminal(columns: 80, rows: 24))
        let name = try XCTUnwrap(ttyname(terminal.secondary).map { String(cString: $0) })
        XCTAssertThrowsError(try EventLog(path: name)) { error in
            XCTAssertEqual("\(error)", "cannot open event log \(name): it is a terminal, where the events would be drawn over the screen")
        }
    }
}
