import XCTest
import TabNavCore

/// `check-layout` warns about items that can never be shown (docs/layout-files.md, "Warnings").
final class LayoutWarningsTests: XCTestCase {
    func testItemsThatCanNeverBeShownAreWarnedAbout() throws {
        let layout = try LayoutLoader.parse(text: """
        {"id": "w", "title": "W", "tabs": [
          {"id": "a", "title": "Alpha"},
          {"id": "s", "title": "Settings", "placement": "sidebarOnly"},
          {"id": "h", "title": "Ghost", "hiddenByDefault": true, "allowsHiding": false},
          {"id": "o", "title": "Extra", "placement": "optional"},
          {"id": "d", "title": "Later", "hiddenByDefault": true, "allowsHiding": true}
        ]}
        """, source: "w.json")
        let lines = LayoutSummary.describe(layout).split(separator: "\n").map(String.init)
        let warnings = lines.filter { $0.hasPrefix("warning: ") }
        XCTAssertEqual(warnings, [
            "warning: \"Settings\" (\"s\") can never be shown: the layout has no sections (so no sidebar) "
                + "and it can't join the tab bar: Settings is only in the sidebar",
            "warning: \"Ghost\" (\"h\") is hidden by default and can never be shown: "
                + "it doesn't allow hiding, so it can't be unhidden",
        ], "optional and hidden-but-unhideable tabs can be brought back with +, so they are fine")
    }

    func testTheDemoAndTheSampleLayoutsHaveNoWarnings() throws {
        let summary = LayoutSummary.describe(try LayoutLoader.parse(text: """
        {"id": "ok", "title": "OK", "tabs": [{"id": "a", "title": "A"},
          {"section": "sec", "title": "Section", "tabs": [{"id": "b", "title": "B", "placement": "sidebarOnly"}]}]}
        """, source: "ok.json"))
        XCTAssertFalse(summary.contains("warning:"), summary)
    }
}
