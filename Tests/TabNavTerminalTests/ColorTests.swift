@testable import TabNavTerminal
import XCTest
import TabNavDrawing
import TabNavRender

/// The eight-colour terminal's stand-ins for the 256-colour palette.
final class EightColorMappingTests: XCTestCase {
    func testBasicAndBrightColorsFoldOntoTheEight() {
        for index: UInt8 in 0...7 {
            XCTAssertEqual(ColorDepth.eight.map(index), index)
            XCTAssertEqual(ColorDepth.eight.map(index + 8), index)
        }
    }

    func testCubeColorsGoToTheNearestHue() {
        XCTAssertEqual(ColorDepth.eight.map(196), 1) // red
        XCTAssertEqual(ColorDepth.eight.map(46), 2) // green
        XCTAssertEqual(ColorDepth.eight.map(226), 3) // yellow
        XCTAssertEqual(ColorDepth.eight.map(21), 4) // blue
        XCTAssertEqual(ColorDepth.eight.map(201), 5) // magenta
        XCTAssertEqual(ColorDepth.eight.map(51), 6) // cyan
        XCTAssertEqual(ColorDepth.eight.map(33), 4) // (0,135,255): a blue
        XCTAssertEqual(ColorDepth.eight.map(208), 1) // dark orange (255,135,0): red
        XCTAssertEqual(ColorDepth.eight.map(214), 3) // orange (255,175,0): yellow
        XCTAssertEqual(ColorDepth.eight.map(52), 1) // dark red stays red
    }

    func testGreysByBrightness() {
        XCTAssertEqual(ColorDepth.eight.map(16), 0)
        XCTAssertEqual(ColorDepth.eight.map(231), 7)
        XCTAssertEqual(ColorDepth.eight.map(232), 0)
        XCTAssertEqual(ColorDepth.eight.map(236), 0) // a dark bar background
        XCTAssertEqual(ColorDepth.eight.map(250), 7) // light grey text
        XCTAssertEqual(ColorDepth.eight.map(255), 7)
    }
}
