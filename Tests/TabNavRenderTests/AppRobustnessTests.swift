import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender
@testable import TabNavDemo

/// Bugs the app fuzz test found, each pinned down by a direct test.
final class AppRobustnessTests: XCTestCase {
    let style = RenderStyle(glyphs: .unicode, theme: .monochrome)

    /// `End` on a video's detail page added `Int.max / 2` to the scroll each time: the third
    /// press overflowed and crashed the program. The demo's video page and the library's entry
    /// page both stop at their end.
    func testEndOnADetailPageNeverOverflows() throws {
        let list = TabLayout(id: "l", title: "L") {
            Tab("Entries", id: "entries", content: .list([
                ContentEntry(id: "e1", title: "One", detail: "1:00", body: "A few words of text to scroll through."),
            ]))
        }
        let cases: [(TabLayout, (any TabPage) -> Int?)] = [
            (DemoCatalogue.layout, { ($0 as? VideoPage)?.scroll }),
            (list, { ($0 as? EntryPage)?.scroll }),
        ]
        for (layout, scroll) in cases {
            var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil,
                                 options: AppOptions(mode: .tabbar), size: TerminalSize(columns: 100, rows: 30))
            _ = state.apply(.key(.down))   // focus the content
            _ = state.apply(.key(.enter))  // open the first entry
            guard let top = scroll(state.currentPage) else { XCTFail("\(layout.id): no detail page opened"); continue }
            XCTAssertEqual(top, 0)
            XCTAssertEqual(state.currentDepth, 2)
            for _ in 0..<5 { _ = state.apply(.key(.end)) }
            let bottom = try XCTUnwrap(scroll(state.currentPage))
            XCTAssertGreaterThan(bottom, 0, "\(layout.id): End scrolls")
            XCTAssertLessThan(bottom, 1_000, "\(layout.id): scrolling stops at the end of the page")
            _ = state.apply(.key(.up))
            XCTAssertEqual(scroll(state.currentPage), max(0, bottom - 1), "\(layout.id): one key up scrolls back at once")
            for _ in 0..<5 { _ = state.apply(.key(.home)) }
            XCTAssertEqual(scroll(state.currentPage), 0)
            XCTAssertNoThrow(try AppChecker.check(state, render(state, style: style), style: style))
        }
    }

    /// Section actions wider than the sidebar got click targets left of the screen and were drawn
    /// over the section's title; now those that do not fit are left out.
    func testSectionActionsThatDoNotFitHaveNoTargetOffScreen() throws {
        let section = TabItem(kind: .section, id: "s", title: "Section", children: [TabItem(id: "c", title: "C")],
                              actions: [SectionAction(id: "a1", title: "Short"),
                                        SectionAction(id: "a2", title: "Another very long action")])
        for rtl in [false, true] {
            let hierarchy = try TabHierarchy(TabLayout(id: "x", title: "X", items: [TabItem(id: "t", title: "T"), section]))
            let state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(mode: .sidebar, rightToLeft: rtl),
                                 size: TerminalSize(columns: 60, rows: 10))
            let frame = render(state, style: style)
            XCTAssertNoThrow(try AppChecker.check(state, frame, style: style), "rtl \(rtl)")
            let actions = frame.hits.regions.filter { if case .sectionAction = $0.target { return true }; return false }
            XCTAssertEqual(actions.count, 1, "only the first action fits (rtl \(rtl))")
            XCTAssertTrue(frame.grid.plainText().contains("Section"), "the title is not drawn over (rtl \(rtl))")
        }
    }

    /// Mirrored, the click targets of checkboxes, fold markers and actions were at the mirrored
    /// places while the glyphs were drawn unmirrored: clicks missed them.
    func testMirroredSidebarTargetsLieOnTheirGlyphs() throws {
        let section = TabItem(kind: .section, id: "s", title: "Section", icon: "folder", allowsHiding: true,
                              children: [TabItem(id: "c", title: "C", allowsHiding: true)],
                              actions: [SectionAction(id: "a1", title: "Act", icon: "star"),
                                        SectionAction(id: "a2", title: "Bct", icon: "play")])
        let hierarchy = try TabHierarchy(TabLayout(id: "x", title: "X", items: [
            TabItem(id: "f", title: "F", placement: .fixed, allowsHiding: true), section,
        ]))
        for glyphs in [GlyphSet.unicode, .ascii] {
            let style = RenderStyle(glyphs: glyphs, theme: .monochrome)
            var state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(mode: .sidebar, rightToLeft: true, ascii: glyphs.isASCII),
                                 size: TerminalSize(columns: 60, rows: 10))
            var frame = render(state, style: style)
            XCTAssertNoThrow(try AppChecker.check(state, frame, style: style))
            XCTAssertEqual(frame.hits.regions.filter { if case .sectionAction = $0.target { return true }; return false }.count, 2)
            _ = state.apply(.key(.character("e")))
            frame = render(state, style: style)
            XCTAssertNoThrow(try AppChecker.check(state, frame, style: style))
            let boxes = frame.hits.regions.filter { if case .sidebarCheckbox = $0.target { return true }; return false }
            XCTAssertEqual(boxes.count, 2, "the section and its child have boxes; the fixed tab has none")
            // A click on the child's box hides it.
            guard let box = boxes.last else { return }
            let target = frame.hits.target(column: box.rect.column, row: box.rect.row)
            _ = state.apply(.mouse(MouseEvent(.press, column: box.rect.column, row: box.rect.row), target))
            XCTAssertTrue(state.model.customization.hidden.contains("c"))
        }
    }

    /// Folding a section with a click while an item was grabbed left the grab's preview rows
    /// (which the sidebar draws) from before the fold.
    func testFoldingWhileGrabbingKeepsThePreviewCurrent() throws {
        var state = AppState(hierarchy: try TabHierarchy(DemoCatalogue.layout), saved: nil,
                             options: AppOptions(mode: .sidebar), size: TerminalSize(columns: 130, rows: 38))
        _ = state.apply(.key(.character("e")))
        for _ in 0..<state.sidebarRows.count where state.mode.grab == nil {
            _ = state.apply(.key(.down))
            _ = state.apply(.key(.enter))  // grab the row under the cursor, if it can move
        }
        XCTAssertNotNil(state.mode.grab)
        var frame = render(state, style: style)
        guard let fold = frame.hits.regions.first(where: { if case .sectionCollapse = $0.target { return true }; return false }) else {
            return XCTFail("no section to fold")
        }
        _ = state.apply(.mouse(MouseEvent(.press, column: fold.rect.column, row: fold.rect.row), fold.target))
        XCTAssertEqual(state.mode.grab?.previewRows.count, state.sidebarRows.count)
        frame = render(state, style: style)
        XCTAssertNoThrow(try AppChecker.check(state, frame, style: style))
    }

    /// Pinned tabs took the whole of a narrow bar, leaving the selected tab no place at all.
    func testPinnedTabsLeaveRoomForTheSelection() throws {
        var items = [TabItem(id: "a", title: "Alpha"), TabItem(kind: .section, id: "s", title: "Shelf",
                                                              children: [TabItem(id: "c", title: "C")])]
        for i in 0..<8 { items.append(TabItem(id: "p\(i)", title: "P\(i)", icon: "star", placement: .pinned)) }
        let hierarchy = try TabHierarchy(TabLayout(id: "x", title: "X", items: items))
        for columns in [20, 24, 30, 40] {
            var state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(), size: TerminalSize(columns: columns, rows: 10))
            _ = state.apply(.key(.character("2")))
            XCTAssertEqual(state.model.selectedID, "s")
            let frame = render(state, style: style)
            XCTAssertNoThrow(try AppChecker.check(state, frame, style: style), "\(columns) columns")
            XCTAssertTrue(frame.hits.regions.contains { $0.target == .tabBarItem("p7") }, "the last pinned tab stays (\(columns) columns)")
            // A selected pinned tab is shown too, even when not all pinned tabs fit.
            _ = state.apply(.key(.character("3")))
            XCTAssertEqual(state.model.selectedID, "p0")
            XCTAssertNoThrow(try AppChecker.check(state, render(state, style: style), style: style), "\(columns) columns, p0")
        }
    }

    /// A pinned tab without an icon shows its title's first character; a title starting with a
    /// space showed a blank.
    func testPinnedTabWithoutIconShowsAVisibleCharacter() throws {
        let hierarchy = try TabHierarchy(TabLayout(id: "x", title: "X", items: [
            TabItem(id: "a", title: "Alpha"), TabItem(id: "z", title: " \u{200B}Zed", placement: .pinned),
        ]))
        let state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(), size: TerminalSize(columns: 60, rows: 10))
        let frame = render(state, style: style)
        let region = try XCTUnwrap(frame.hits.regions.first { $0.target == .tabBarItem("z") })
        let drawn = (region.rect.column..<(region.rect.column + region.rect.width)).map { frame.grid[$0, region.rect.row].text }.joined()
        XCTAssertEqual(drawn, " Z ")
    }
}
