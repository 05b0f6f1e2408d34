import XCTest
import TabNavCore
import TabNavInteraction

/// Drops (docs/behaviour.md, "Drops"): an entry is added once, and a tab that takes drops lists them.
final class DropScenarioTests: XCTestCase {
    static let layout = """
    {"id": "drops", "title": "Drops", "tabs": [
      {"id": "list", "title": "Films", "content": {"list": [
        {"id": "one", "title": "One"}, {"id": "two", "title": "Two"}]}},
      {"id": "inbox", "title": "Inbox", "acceptsDrops": true}
    ]}
    """

    private func dropFirstEntryOnInbox(_ app: inout KeyDriver) throws {
        try app.press("1,tab,m")
        XCTAssertNotNil(app.state.mode.carry, "picked up")
        var steps = 0
        while app.state.mode.carry?.targetID != "inbox", steps < 5 { try app.press("right"); steps += 1 }
        try app.press("enter")
    }

    func testASecondDropOfTheSameEntrySaysItIsAlreadyThere() throws {
        var app = try KeyDriver(80, 20, layout: try LayoutLoader.parse(text: Self.layout, source: "drops.json"))
        try dropFirstEntryOnInbox(&app)
        XCTAssertEqual(app.state.drops["inbox"], ["one"])
        try dropFirstEntryOnInbox(&app)
        XCTAssertEqual(app.state.drops["inbox"], ["one"], "added once")
        XCTAssertEqual(app.footer, "One is already in Inbox")
        XCTAssertEqual(app.model.hierarchy.item("inbox")?.badge, .count(1))
    }

    func testATabWithoutContentOfItsOwnListsWhatWasDroppedOnIt() throws {
        var app = try KeyDriver(80, 20, layout: try LayoutLoader.parse(text: Self.layout, source: "drops.json"))
        try dropFirstEntryOnInbox(&app)
        try app.press("2")
        XCTAssertEqual(app.model.selectedID, "inbox")
        let page = try XCTUnwrap(app.state.currentPage as? ListPage)
        XCTAssertEqual(page.entries.map(\.id), ["one"])
    }
}
