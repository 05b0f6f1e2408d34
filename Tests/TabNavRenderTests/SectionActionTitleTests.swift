import XCTest
import TabNavCore
import TabNavInteraction
import TabNavRender

/// Section actions show their titles beside the header where the sidebar is wide enough, the
/// glyph alone where not (docs/behaviour.md, "Section actions").
final class SectionActionTitleTests: XCTestCase {
    private func headerLine(_ scene: Scene, _ title: String) throws -> String {
        let lines = try scene.plainText().split(separator: "\n").map(String.init)
        return lines.first { $0.contains(title) && $0.contains("▾") } ?? ""
    }

    func testWideSidebarShowsTheTitles() throws {
        let scene = Scene(options: AppOptions(mode: .sidebar), 160, 30)
        XCTAssertTrue(try headerLine(scene, "Collections").contains("⊕ New Collection"))
        XCTAssertTrue(try headerLine(scene, "Animations").contains("↻ Refresh"))
        // The whole titled action is the click target.
        let frame = try scene.frame()
        let line = try headerLine(scene, "Collections")
        let column = line.distance(from: line.startIndex, to: line.range(of: "Collection │")!.lowerBound)
        let row = try scene.plainText().split(separator: "\n").firstIndex { $0.contains("⊕ New Collection") }!
        XCTAssertEqual(frame.hits.target(column: column, row: row), .sectionAction(section: "collections", action: "new-collection"))
    }

    func testNarrowSidebarShowsTheGlyphAlone() throws {
        let line = try headerLine(Scene(options: AppOptions(mode: .sidebar), 80, 30), "Collections")
        XCTAssertTrue(line.contains("⊕"))
        XCTAssertFalse(line.contains("New Collection"))
    }

    func testTheFooterNamesTheActionUnderTheCursor() throws {
        var scene = Scene(options: AppOptions(mode: .sidebar), 160, 30)
        let state = try scene.state()
        let row = state.sidebarRows.firstIndex { state.model.hierarchy.nodes[$0.node].item.id == "collections" }!
        scene.keys = Array(repeating: "down", count: row).joined(separator: ",")
        let footer = try scene.plainText().split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(footer.contains("a: New Collection"), footer)
    }
}
