import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo
@testable import TabNavRender

/// The newcomer's list (docs/behaviour.md), as drawn: each test failed before its fix.
final class NewcomerRenderTests: XCTestCase {
    static let hundredLines = TabLayout(id: "t", title: "T") {
        Tab("Log", id: "log", content: .text((0..<100).map { "line \($0)" }.joined(separator: "\n")))
        Tab("Other", id: "other", content: .text("other"))
    }

    private func lines(_ scene: Scene) throws -> [String] {
        try scene.plainText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A text page has no cursor of its own to move first: ↓ and PgDn scroll the view at once.
    func testTextPagesScrollWithTheFirstKey() throws {
        let options = AppOptions(mode: .tabbar)
        let top = try lines(Scene(layout: Self.hundredLines, options: options, 50, 8, keys: "down"))
        XCTAssertTrue(top.contains { $0.contains("line 0") }, top.joined(separator: "\n"))
        let down4 = try lines(Scene(layout: Self.hundredLines, options: options, 50, 8, keys: "down,down,down,down,down"))
        XCTAssertFalse(down4.contains { $0.hasSuffix(" line 0") || $0.contains(" line 0 ") }, down4.joined(separator: "\n"))
        XCTAssertTrue(down4.contains { $0.contains("line 4") }, "four lines down:\n" + down4.joined(separator: "\n"))
        let pageDown = try lines(Scene(layout: Self.hundredLines, options: options, 50, 8, keys: "down,pgdn"))
        XCTAssertFalse(pageDown.contains { $0.contains("line 0") }, "the first PgDn turns the page:\n" + pageDown.joined(separator: "\n"))
        let back = try lines(Scene(layout: Self.hundredLines, options: options, 50, 8, keys: "down,pgdn,pgup"))
        XCTAssertTrue(back.contains { $0.contains("line 0") })
    }
}
