import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo
@testable import TabNavRender

/// The frame says where the terminal's cursor goes: on what has the focus (docs/behaviour.md,
/// "Screen readers"). Before, no frame had a cursor and it stayed where the last cell was drawn.
final class FocusCursorTests: XCTestCase {
    /// The text of the frame from the cursor on, in its row.
    private func atCursor(_ scene: Scene, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let frame = try scene.frame()
        let cursor = try XCTUnwrap(frame.cursor, "a frame with a cursor", file: file, line: line)
        let row = frame.grid.plainText().split(separator: "\n", omittingEmptySubsequences: false)[cursor.row]
        return String(row.dropFirst(cursor.column))
    }

    func testTheBarsSelectedTab() throws {
        XCTAssertTrue(try atCursor(Scene(100, 30, keys: "right")).hasPrefix("▥ Library"))
        XCTAssertTrue(try atCursor(Scene(options: AppOptions(rightToLeft: true), 80, 24, keys: "left")).hasPrefix("▥ Library"),
                      "mirrored too")
    }

    func testEditModesCursorAndTheGrabbedItem() throws {
        XCTAssertTrue(try atCursor(Scene(80, 24, keys: "e,right")).hasPrefix("▥ Library"))
        XCTAssertTrue(try atCursor(Scene(80, 24, keys: "e,right,enter,right")).hasPrefix("▥ Library"), "the grabbed item")
    }

    func testTheSidebarRowAndTheCompactList() throws {
        XCTAssertTrue(try atCursor(Scene(120, 40, keys: "down")).hasPrefix("Library"))
        XCTAssertTrue(try atCursor(Scene(40, 15, keys: "s,down,down")).hasPrefix("New"), "the full-screen sidebar")
    }

    func testTheContentRowAndTheField() throws {
        let content = try atCursor(Scene(80, 24, keys: "down,down"))
        XCTAssertFalse(content.hasPrefix(" "), "at the title of the second row: \(content)")
        XCTAssertTrue(try atCursor(Scene(80, 24, keys: "/,f,o")).hasPrefix("▏"), "on the field's text cursor")
        XCTAssertTrue(try atCursor(Scene(80, 24, keys: "/,f,o,home")).hasPrefix("▏fo"), "wherever it is in the text")
        let naming = try atCursor(Scene(120, 40, keys: "down,down,down,down,down,down,down,down,down,a,x,y"))
        XCTAssertTrue(naming.hasPrefix("▏"), "after the name typed in the footer: \(naming)")
    }

    func testOverlays() throws {
        let menu = try Scene(80, 24, keys: ".,down").frame()
        let row = try XCTUnwrap(menu.cursor).row
        let text = menu.grid.plainText().split(separator: "\n", omittingEmptySubsequences: false)[row]
        XCTAssertTrue(text.contains("•"), "on the menu entry under its cursor: \(text)")
    }
}

/// `--screen-reader` spells marks as words: a reader says "hidden", not a box glyph.
final class SpelledMarksTests: XCTestCase {
    func testMarksAreSpelledAsWords() throws {
        let options = AppOptions(screenReader: true)
        let bar = try Scene(options: options, 100, 6).plainText()
        XCTAssertTrue(bar.contains("New 3 new"), bar)
        let edit = try Scene(options: options, 100, 14, keys: "e,s,down,down,down,down,down,down,space").plainText()
        XCTAssertTrue(edit.contains("in bar"), edit)
        XCTAssertTrue(edit.contains("hidden ⇩ Downloads") || edit.contains("shown ⇩ Downloads"), edit)
        XCTAssertFalse(try Scene(100, 6).plainText().contains("3 new"), "glyphs and figures without it")
    }
}
