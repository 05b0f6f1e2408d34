import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
@testable import TabNavRender

/// Footer hints and list rows are drawn in pieces (keys, `: `, label; icon, then a space) rather
/// than as one joined string. The screen must read exactly as the joined string drew it, also
/// where the pieces meet text that attaches to what comes before it (a combining mark) or where
/// the row is too narrow for both.
final class PiecewiseDrawingTests: XCTestCase {
    /// A page of a library user's own, with hints of its own and one list row.
    private struct HintPage: TabPage {
        var pageKeys: [PageKey] = []
        var row = ListRow(title: "row")

        func draw(in canvas: inout PageCanvas) {
            let row = self.row
            canvas.drawList(count: 1, cursor: ListCursor()) { _ in row }
        }

        var keys: [PageKey] { pageKeys }
    }

    private func footer(_ scene: Scene) throws -> String {
        try scene.plainText().split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    }

    private func scene(_ page: HintPage, _ columns: Int, _ rows: Int) -> Scene {
        let layout = TabLayout(id: "piecewise", title: "Piecewise") {
            Tab("Own", id: "own") { page }
            Tab("Other", id: "other")
        }
        // Tab gives the content the focus, where the page's hints show.
        return Scene(layout: layout, options: AppOptions(mode: .tabbar), columns, rows, keys: "tab")
    }

    /// An action title that starts with a combining mark: joined, the mark sat on the space after
    /// `1:`; it must not get a space of its own.
    func testActionTitleStartingWithAMarkKeepsItOnTheSpaceAfterTheKey() throws {
        let layout = TabLayout(id: "marks", title: "Marks") {
            Tab("Home", id: "home")
            TabSection("Sec", id: "sec") { Tab("Child", id: "child") }
                .sectionActions {
                    SectionAction(id: "a1", title: "\u{301}mark first")
                    SectionAction(id: "a2", title: "\u{200B}\u{308}\u{301}two")
                    SectionAction(id: "a3", title: "plain")
                }
        }
        let scene = Scene(layout: layout, options: AppOptions(mode: .sidebar), 100, 12, keys: "down,a")
        XCTAssertEqual(try scene.state().mode, .choosingAction(section: "sec", over: .browsing(.sidebar)))
        let line = try footer(scene)
        XCTAssertTrue(line.hasPrefix(" NORMAL  1: \u{301}mark first  2: \u{308}\u{301}two  3: plain  any other key: cancel"), line)
        // The hint's click target is as wide as it is drawn.
        let frame = try scene.frame()
        XCTAssertEqual(frame.hits.target(column: 9, row: 11), .footerHint(.choose1))
        XCTAssertEqual(frame.hits.target(column: 9 + 12, row: 11), .footerHint(.choose1))
        XCTAssertNotEqual(frame.hits.target(column: 9 + 13, row: 11), .footerHint(.choose1))
    }

    /// A page hint whose action starts with a mark reads `k: ́x` as it did joined.
    func testPageHintActionStartingWithAMark() throws {
        let line = try footer(scene(HintPage(pageKeys: [PageKey("accent", key: .character("k"), summary: "\u{301}ccent")]), 100, 10))
        XCTAssertTrue(line.contains("k: \u{301}ccent  "), line)
        XCTAssertFalse(line.contains("k:  \u{301}"), line)
    }


    /// An icon exactly as wide as the list: the icon and its space were cut together (`…` at
    /// the end), not the icon drawn whole.
    func testIconAsWideAsTheRowIsCutWithItsSpace() throws {
        // 20 columns: the list is 18 wide (a column of margin each side).
        let icon = String(repeating: "I", count: 18)
        let text = try scene(HintPage(row: ListRow(icon: icon, title: "t")), 20, 8).plainText()
        let row = text.split(separator: "\n", omittingEmptySubsequences: false)[2]
        XCTAssertEqual(String(row), " " + String(repeating: "I", count: 17) + "…")
    }

    /// An icon cut one column short (a wide character does not fit at the edge) leaves that
    /// column to the title, as the joined text did.
    func testIconCutShortByAWideCharacterLeavesAColumnForTheTitle() throws {
        let icon = String(repeating: "I", count: 16) + "中中"
        let text = try scene(HintPage(row: ListRow(icon: icon, title: "t")), 20, 8).plainText()
        let row = text.split(separator: "\n", omittingEmptySubsequences: false)[2]
        XCTAssertEqual(String(row), " " + String(repeating: "I", count: 16) + "…t")
    }
}
