import CNcursesw
import TabNavCore
import TabNavDrawing
import TabNavInteraction
@testable import TabNavTerminal
import XCTest

final class CursesKeyMapTests: XCTestCase {
    func testArrowsAndNavigation() {
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_UP), .up)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_DOWN), .down)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_LEFT), .left)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_RIGHT), .right)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_HOME), .home)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_END), .end)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_PPAGE), .pageUp)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_NPAGE), .pageDown)
        // vt220-style Home/End (ESC [ 1 ~, ESC [ 4 ~ in screen/tmux terminfo).
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_FIND), .home)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_SELECT), .end)
    }

    func testEditingKeys() {
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_ENTER), .enter)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_BTAB), .backTab)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_BACKSPACE), .backspace)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_DC), .delete)
        XCTAssertEqual(CursesKeyMap.keyEvent(for: KEY_IC), .insert)
    }

    func testFunctionKeysOneToTwelveOnly() {
        XCTAssertEqual(CursesKeyMap.keyEvent(for: tabnav_key_f(1)), .function(1))
        XCTAssertEqual(CursesKeyMap.keyEvent(for: tabnav_key_f(12)), .function(12))
        XCTAssertNil(CursesKeyMap.keyEvent(for: tabnav_key_f(13))) // Shift-F1 on xterm
        XCTAssertNil(CursesKeyMap.keyEvent(for: tabnav_key_f(0)))
    }

    func testUnknownCodesAreIgnored() {
        XCTAssertNil(CursesKeyMap.keyEvent(for: KEY_SLEFT))
        XCTAssertNil(CursesKeyMap.keyEvent(for: 0x237)) // an extended (modified) key code
    }
}
