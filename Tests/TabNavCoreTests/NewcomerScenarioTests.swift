import XCTest
import TabNavCore
@testable import TabNavInteraction
import TabNavDemo

/// The rough edges a newcomer hit, key by key (docs/behaviour.md): each test failed before its fix.
final class NewcomerScenarioTests: XCTestCase {
    typealias Driver = KeyDriver

    func testRightToLeftLettersFollowTheArrows() throws {
        var arrows = try Driver(80, 24, options: AppOptions(rightToLeft: true))
        var letters = try Driver(80, 24, options: AppOptions(rightToLeft: true))
        for (arrow, letter) in [("left", "h"), ("left", "h"), ("right", "l"), ("right", "l"), ("right", "l")] {
            try arrows.press(arrow)
            try letters.press(letter)
            XCTAssertEqual(letters.model.selectedID, arrows.model.selectedID, "\(letter) does what \(arrow) does")
            XCTAssertEqual(letters.footer, arrows.footer)
        }
        XCTAssertEqual(letters.model.selectedID, "watch-now")
        XCTAssertEqual(letters.footer, "Already at the start of the tab bar")
    }

    func testRightToLeftLettersAreTypedAsThemselves() throws {
        var app = try Driver(80, 24, options: AppOptions(rightToLeft: true))
        try app.press("/,h,l")
        XCTAssertEqual(app.state.search.field.text, "hl")
    }
}

extension NewcomerScenarioTests {
    /// Back from a search result: the results and the query, but the field does not take the keys.
    func testBackFromASearchResultLeavesTheFieldAlone() throws {
        var app = try Driver(80, 6)
        try app.press("/,f,r,s,t,down,down,enter")
        XCTAssertEqual(app.state.currentDepth, 2, "a result's page is open")
        try app.press("backspace")
        XCTAssertEqual(app.state.currentDepth, 1)
        XCTAssertNotEqual(app.state.mode, .searching)
        try app.press("l")
        XCTAssertEqual(app.state.search.field.text, "frst", "l is not typed into the field")
        try app.press("/,l")
        XCTAssertEqual(app.state.search.field.text, "frstl", "/ types again")
    }
}
