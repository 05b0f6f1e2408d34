@testable import TabNavTerminal
import XCTest
import TabNavDrawing
import TabNavRender

final class ColorMappingTests: XCTestCase {
    func testBasicAndBrightColorsFoldOntoTheEight() {
        for index: UInt8 in 0...7 {
            XCTAssertEqual(ColorMapping.eightColorIndex(for: index), Int16(index))
            XCTAssertEqual(ColorMapping.eightColorIndex(for: index + 8), Int16(index))
        }
    }

    func testCubeColorsGoToTheNearestHue() {
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 196), 1) // red
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 46), 2) // green
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 226), 3) // yellow
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 21), 4) // blue
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 201), 5) // magenta
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 51), 6) // cyan
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 33), 4) // (0,135,255): a blue
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 208), 1) // dark orange (255,135,0): red
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 214), 3) // orange (255,175,0): yellow
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 52), 1) // dark red stays red
    }

    func testGreysByBrightness() {
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 16), 0)
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 231), 7)
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 232), 0)
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 236), 0) // a dark bar background
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 250), 7) // light grey text
        XCTAssertEqual(ColorMapping.eightColorIndex(for: 255), 7)
    }

    func testCursesColorPerDepth() {
        XCTAssertEqual(ColorMapping.cursesColor(196, depth: .full256, defaultColor: -1), 196)
        XCTAssertEqual(ColorMapping.cursesColor(196, depth: .eight, defaultColor: -1), 1)
        XCTAssertEqual(ColorMapping.cursesColor(196, depth: .none, defaultColor: -1), -1)
        XCTAssertEqual(ColorMapping.cursesColor(nil, depth: .full256, defaultColor: -1), -1)
        XCTAssertEqual(ColorMapping.cursesColor(nil, depth: .eight, defaultColor: 7), 7)
    }
}

final class ColorPairCacheTests: XCTestCase {
    private let red = ColorPairCache.Key(foreground: 1, background: -1)
    private let blueOnGrey = ColorPairCache.Key(foreground: 4, background: 236)

    func testPairsAreAssignedOnceAndReused() {
        var cache = ColorPairCache(capacity: 256)
        XCTAssertEqual(cache.pair(for: red), .new(1))
        XCTAssertEqual(cache.pair(for: blueOnGrey), .new(2))
        XCTAssertEqual(cache.pair(for: red), .existing(1))
        XCTAssertEqual(cache.pair(for: blueOnGrey), .existing(2))
        XCTAssertEqual(cache.count, 2)
    }

    func testTheDefaultCombinationIsPairZero() {
        var cache = ColorPairCache(capacity: 256)
        XCTAssertEqual(cache.pair(for: .init(foreground: -1, background: -1)), .existing(0))
        var noDefaults = ColorPairCache(capacity: 256, defaultKey: .init(foreground: 7, background: 0))
        XCTAssertEqual(noDefaults.pair(for: .init(foreground: 7, background: 0)), .existing(0))
        XCTAssertEqual(noDefaults.pair(for: .init(foreground: -1, background: -1)), .new(1))
    }

    func testExhaustionAndReset() {
        var cache = ColorPairCache(capacity: 3) // pairs 1 and 2 only
        XCTAssertEqual(cache.pair(for: red), .new(1))
        XCTAssertEqual(cache.pair(for: blueOnGrey), .new(2))
        XCTAssertEqual(cache.pair(for: .init(foreground: 2, background: 3)), .exhausted)
        XCTAssertEqual(cache.pair(for: red), .existing(1))
        cache.removeAll()
        XCTAssertEqual(cache.pair(for: blueOnGrey), .new(1))
    }
}
