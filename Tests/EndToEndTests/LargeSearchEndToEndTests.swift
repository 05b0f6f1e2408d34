import Foundation
import XCTest

/// Search over a layout large enough that its index is made off the UI thread when the field
/// opens (docs/behaviour.md, "Search"): the real run loop hands the index back, and what is typed
/// is found, whether it arrives before the index or after.
final class LargeSearchEndToEndTests: EndToEndTestCase {
    /// A layout of 20 sections of 100 tabs, "Item S.T".
    func writeLargeLayout() throws -> String {
        var sections: [String] = []
        for s in 0..<20 {
            let tabs = (0..<100).map { #"{"id": "s\#(s)-t\#($0)", "title": "Item \#(s).\#($0)"}"# }
            sections.append(#"{"section": "s\#(s)", "title": "Section \#(s)", "tabs": [\#(tabs.joined(separator: ","))]}"#)
        }
        let text = #"{"id": "large", "title": "Large", "tabs": [{"id": "home", "title": "Home"}, {"id": "search", "role": "search"}, \#(sections.joined(separator: ","))]}"#
        let path = scratch.appendingPathComponent("large.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testSearchOverALargeLayoutFindsWhatIsTypedAfterTheFieldOpened() throws {
        let run = try launch(["--layout", try writeLargeLayout()], columns: 100, rows: 30)
        try run.waitForFirstFrame()
        try run.press("/")
        try run.wait(for: "the search field") { $0.contains("Search:") && $0.footer.contains("SEARCH") }
        try run.type("17.42")
        let found = try run.wait(for: "the one match") { $0.contains(" 1 found") }
        XCTAssertTrue(found.contains("Item 17.42"), "the tab typed is found:\n\(found)")
        // Leaving and opening the field again keeps the index: the same query finds the same tab.
        try run.press("Escape")
        try run.waitForFooter("NORMAL")
        try run.press("/")
        let again = try run.wait(for: "the query kept") { $0.contains(" 1 found") && $0.footer.contains("SEARCH") }
        XCTAssertTrue(again.contains("Item 17.42"), "\(again)")
        try leaveFieldAndQuit(run)
    }

    func testAQueryTypedWithTheSlashIsFoundToo() throws {
        let run = try launch(["--layout", try writeLargeLayout()], columns: 100, rows: 30)
        try run.waitForFirstFrame()
        // `/` and the query in one write: the first key comes before the index can.
        try run.type("/3.99")
        let found = try run.wait(for: "the matches") { $0.contains("found") && $0.contains("Item 3.99") }
        XCTAssertTrue(found.footer.contains("SEARCH"), "\(found)")
        try leaveFieldAndQuit(run)
    }

    /// `q` would go into the field: `Esc` first.
    func leaveFieldAndQuit(_ run: ProgramRun) throws {
        try run.press("Escape")
        try run.waitForFooter("NORMAL")
        try quit(run)
    }
}
