import Foundation
import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo
import TabNavRender

/// Whole screens of the demo and the sample layouts, compared with `Snapshots/*.txt`.
/// `TABNAV_RECORD_SNAPSHOTS=1 swift test --filter ScreenSnapshotTests` re-records them.
final class ScreenSnapshotTests: XCTestCase {
    /// `right` pressed `n` times, as a key list.
    private func rights(_ n: Int) -> String { Array(repeating: "right", count: n).joined(separator: ",") }
    private func downs(_ n: Int) -> String { Array(repeating: "down", count: n).joined(separator: ",") }

    // MARK: Sizes and layout classes

    func testDemoWide120x40() throws {
        try assertSnapshot(Scene(120, 40), named: "demo-120x40")
    }

    func testDemoRegular80x24SidebarHidden() throws {
        try assertSnapshot(Scene(80, 24), named: "demo-80x24")
    }

    func testDemoRegular80x24SidebarShowing() throws {
        try assertSnapshot(Scene(80, 24, keys: "s"), named: "demo-80x24-sidebar")
    }

    func testCompact50x20() throws {
        try assertSnapshot(Scene(50, 20), named: "compact-50x20")
    }

    func testCompact50x20SidebarFullScreen() throws {
        try assertSnapshot(Scene(50, 20, keys: "s"), named: "compact-50x20-sidebar")
    }

    func testSmallest20x5() throws {
        try assertSnapshot(Scene(20, 5), named: "minimum-20x5")
    }

    func testTooSmall19x4() throws {
        try assertSnapshot(Scene(19, 4), named: "too-small-19x4")
        let text = try Scene(19, 4).plainText()
        XCTAssertTrue(text.hasPrefix("terminal too small"), text)
        XCTAssertEqual(text.split(separator: "\n").count, 1, "one line only")
    }

    func testTooSmallEdgesAndOneByOne() throws {
        for (c, r) in [(19, 5), (20, 4), (1, 1), (3, 80), (300, 1)] {
            let grid = try Scene(c, r).frame().grid
            XCTAssertEqual(grid.columns, c)
            XCTAssertEqual(grid.rows, r)
            let rows = grid.plainText().split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(rows.count, r, "\(c)x\(r)")
            XCTAssertTrue("terminal too small".hasPrefix(rows[0].replacingOccurrences(of: "…", with: "")),
                          "\(c)x\(r): \(rows[0])")
            XCTAssertTrue(rows.dropFirst().allSatisfy(\.isEmpty), "\(c)x\(r): only the notice line")
        }
    }

    func testHuge300x80() throws {
        try assertSnapshot(Scene(300, 80), named: "demo-300x80")
    }

    // MARK: Presentation options

    func testRightToLeftWide() throws {
        try assertSnapshot(Scene(options: AppOptions(rightToLeft: true), 120, 40), named: "rtl-120x40")
    }

    func testRightToLeftBar() throws {
        try assertSnapshot(Scene(options: AppOptions(rightToLeft: true), 80, 24, keys: "left,left"),
                           named: "rtl-80x24-bar")
    }

    func testRightToLeftEditGrab() throws {
        // RTL: ← moves towards the trailing end (mirrored), so Library lands after New.
        try assertSnapshot(Scene(options: AppOptions(rightToLeft: true), 80, 24, keys: "e,left,enter,left"),
                           named: "rtl-80x24-grab")
    }

    func testASCIIWide() throws {
        let scene = Scene(options: AppOptions(ascii: true), 120, 40)
        try assertSnapshot(scene, named: "ascii-120x40")
        try assertASCIIOnly(scene)
    }

    func testASCIIEditGrab() throws {
        let scene = Scene(options: AppOptions(ascii: true), 120, 40, keys: "e,\(downs(9)),enter,up")
        try assertSnapshot(scene, named: "ascii-120x40-grab")
        try assertASCIIOnly(scene)
    }

    func testASCIIBarOverflowAndHelp() throws {
        let scene = Scene(options: AppOptions(ascii: true), 80, 24, keys: "e")
        try assertSnapshot(scene, named: "ascii-80x24-edit")
        try assertASCIIOnly(scene)
        try assertASCIIOnly(Scene(options: AppOptions(ascii: true), 80, 24, keys: "?"))
        try assertASCIIOnly(Scene(options: AppOptions(ascii: true), 50, 20, keys: "s"))
    }

    /// Key hints keep their meaning in ASCII: the keymap's labels spell the arrows out (`Left`,
    /// `Up`), in hints and in messages alike — never `?`.
    func testASCIIFooterAndHelpSpellArrows() throws {
        let footer = try XCTUnwrap(try Scene(options: AppOptions(ascii: true), 80, 24).plainText()
            .split(separator: "\n").last)
        XCTAssertTrue(footer.contains("Left/Right: tabs"), String(footer))
        XCTAssertTrue(footer.contains("Down: content"), String(footer))
        XCTAssertFalse(footer.replacingOccurrences(of: "?: help", with: "").contains("?"), "no key shown as ?: \(footer)")
        let edit = try XCTUnwrap(try Scene(options: AppOptions(ascii: true), 80, 24, keys: "e").plainText()
            .split(separator: "\n").last)
        XCTAssertTrue(edit.contains("Enter grabs, Left Right move, Down removes"), String(edit))
        let help = try Scene(options: AppOptions(ascii: true), 80, 24, keys: "?").plainText()
        XCTAssertTrue(help.contains("Keys: normal"), help)
        for line in ["Left h ", "Right l ", "Up k ", "Down j "] {
            XCTAssertTrue(help.contains(line), "\(line) in\n\(help)")
        }
    }

    /// Every symbol the demo names has its own glyph (none falls back to the neutral diamond).
    func testDemoIconsAreAllKnown() {
        func icons(_ items: [TabItem]) -> [String] {
            items.flatMap { [$0.icon] + $0.actions.map(\.icon) + icons($0.children) }
        }
        let names = Set(icons(DemoCatalogue.layout.items)).filter { !$0.isEmpty }
        XCTAssertGreaterThan(names.count, 10)
        for name in names.sorted() {
            XCTAssertTrue(GlyphSet.isKnownIcon(name), "demo icon \(name) has no glyph")
        }
    }

    private func assertASCIIOnly(_ scene: Scene, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try scene.plainText()
        let odd = text.unicodeScalars.filter { !$0.isASCII }
        XCTAssertTrue(odd.isEmpty, "non-ASCII in ASCII mode: \(String(String.UnicodeScalarView(odd)))",
                      file: file, line: line)
    }

    /// Attributes alone (no colour) distinguish the selection, the edit cursor, the grabbed item
    /// and the drop position: the snapshot holds the SGR sequences of a colourless terminal.
    func testMonochromeEditGrab() throws {
        let scene = Scene(80, 24, keys: "e,right,enter,right")
        let style = RenderStyle.forTerminal(ascii: false, noColor: true, depth: .none)
        let ansi = render(try scene.state(), style: style).grid.ansiText(colors: .none)
        Snapshot.assert(ansi, named: "monochrome-80x24-grab")
        XCTAssertFalse(ansi.contains("\u{1B}[38;"), "no foreground colour")
        XCTAssertFalse(ansi.contains("\u{1B}[48;"), "no background colour")
        XCTAssertNil(ansi.range(of: "\u{1B}\\[[0-9;]*(3|4)[0-7](;|m)", options: .regularExpression), "no 8-colour codes")
        XCTAssertTrue(ansi.contains("\u{1B}["), "attributes are used")
    }

    // MARK: Overflow

    func testOverflowLastThenFirst() throws {
        let overflow = try Scene.layoutFile("overflow")
        let last = Scene(layout: overflow, 80, 24, keys: rights(29))
        XCTAssertEqual(try last.state().model.selectedID, "tab-30")
        try assertSnapshot(last, named: "overflow-80x24-last")
        let barLast = try XCTUnwrap(try last.plainText().split(separator: "\n").first)
        XCTAssertTrue(barLast.contains("Thirty"), "the selected item is fully visible: \(barLast)")
        XCTAssertTrue(barLast.contains("‹"), "more items lie to the left: \(barLast)")

        let first = Scene(layout: overflow, 80, 24, keys: rights(29) + "," + Array(repeating: "left", count: 29).joined(separator: ","))
        XCTAssertEqual(try first.state().model.selectedID, "tab-01")
        try assertSnapshot(first, named: "overflow-80x24-first")
        let barFirst = try XCTUnwrap(try first.plainText().split(separator: "\n").first)
        XCTAssertTrue(barFirst.contains("› "), "more items lie to the right: \(barFirst)")
        XCTAssertFalse(barFirst.contains("‹"), "nothing to the left of the first tab: \(barFirst)")
    }

    func testOverflowLongTitleTruncated() throws {
        let overflow = try Scene.layoutFile("overflow")
        let scene = Scene(layout: overflow, 60, 12, keys: rights(26))
        XCTAssertEqual(try scene.state().model.selectedID, "tab-27")
        try assertSnapshot(scene, named: "overflow-60x12-long-title")
        let bar = try XCTUnwrap(try scene.plainText().split(separator: "\n").first)
        XCTAssertTrue(bar.contains("…"), "a title wider than the bar is cut with …: \(bar)")
    }

    // MARK: International text

    func testInternational() throws {
        let layout = try Scene.layoutFile("international")
        let scenes: [(Scene, String?)] = [
            (Scene(layout: layout, 80, 24, keys: rights(10)), "international-80x24-escape"),
            (Scene(layout: layout, 80, 24, keys: "s"), "international-80x24-sidebar"),
            (Scene(layout: layout, 41, 12, keys: rights(3)), "international-41x12-compact"),
            (Scene(layout: layout, options: AppOptions(rightToLeft: true), 80, 24, keys: "s"), "international-80x24-rtl"),
            (Scene(layout: layout, 80, 24, keys: "\(rights(11)),down,enter"), nil),
        ]
        var checked = 0
        for (scene, name) in scenes {
            if let name { try assertSnapshot(scene, named: name) }
            for columns in [scene.columns, 21, 33, 37, 61] {
                var resized = scene
                resized.columns = columns
                try assertCleanText(resized)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 25)
    }

    func testInternationalEscapeTitleIsShownAsStandIns() throws {
        let layout = try Scene.layoutFile("international")
        let text = try Scene(layout: layout, 120, 24, keys: rights(10)).plainText()
        XCTAssertTrue(text.contains("Alert"), text)
        XCTAssertTrue(text.contains("[31m"), "the escape sequence is visible as text: \(text)")
    }

    /// No ESC or other C0/C1 control reaches the output, and no row is wider than the screen
    /// (a wide character split at an edge would make it so).
    private func assertCleanText(_ scene: Scene, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try scene.plainText()
        let context = "\(scene.columns)x\(scene.rows) keys \(scene.keys)"
        XCTAssertFalse(text.utf8.contains(0x1B), "ESC byte in \(context)", file: file, line: line)
        for (index, row) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let controls = row.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            XCTAssertTrue(controls.isEmpty, "control \(controls.map { String($0.value, radix: 16) }) in row \(index) of \(context)",
                          file: file, line: line)
            let width = DisplayWidth.of(String(row))
            XCTAssertLessThanOrEqual(width, scene.columns, "row \(index) is \(width) wide in \(context): \(row)",
                                     file: file, line: line)
        }
    }

    // MARK: Edit mode, grabbing, overlays

    func testEditModeBar() throws {
        try assertSnapshot(Scene(80, 24, keys: "e"), named: "edit-80x24")
    }

    func testEditModeWithSidebar() throws {
        try assertSnapshot(Scene(120, 40, keys: "e,down,down,down,down,down"), named: "edit-120x40")
    }

    func testGrabPreviewInBar() throws {
        let scene = Scene(80, 24, keys: "e,right,enter,right")
        try assertSnapshot(scene, named: "grab-bar-80x24")
        let state = try scene.state()
        XCTAssertEqual(state.mode.keymapMode, .grab)
        XCTAssertEqual(state.mode.grab?.previewTabBar.map(\.id).prefix(3), ["watch-now", "new", "library"])
    }

    func testGrabOutOfBar() throws {
        try assertSnapshot(Scene(80, 24, keys: "e,right,right,right,enter,down"), named: "grab-bar-remove-80x24")
    }

    func testGrabPreviewInSidebar() throws {
        // Forest Life (row 9) moved up one place inside Collections.
        try assertSnapshot(Scene(120, 40, keys: "e,\(downs(9)),enter,up"), named: "grab-sidebar-120x40")
    }

    func testGrabFromSidebarIntoBar() throws {
        // Cinematic Shots, the first of Collections, up past the top of its section: into the bar.
        let scene = Scene(120, 40, keys: "e,\(downs(8)),enter,up")
        try assertSnapshot(scene, named: "grab-sidebar-into-bar-120x40")
        XCTAssertEqual(try scene.state().mode.grab?.previewTabBar.contains { $0.id == "cinematic-shots" }, true)
    }

    func testRefusedGrabMessage() throws {
        try assertSnapshot(Scene(80, 24, keys: "e,enter"), named: "edit-refused-80x24")
    }

    func testResetConfirmation() throws {
        try assertSnapshot(Scene(80, 24, keys: "e,right,x,R"), named: "reset-confirm-80x24")
    }

    func testHelpOverlay() throws {
        try assertSnapshot(Scene(80, 24, keys: "?"), named: "help-80x24")
    }

    func testHelpOverlayInEditMode() throws {
        try assertSnapshot(Scene(120, 40, keys: "e,?"), named: "help-edit-120x40")
    }

    func testHelpOverlayCompact() throws {
        try assertSnapshot(Scene(50, 20, keys: "?"), named: "help-50x20")
    }

    // MARK: Content, search, drops, actions

    func testSearchFrst() throws {
        let scene = Scene(80, 24, keys: "/,f,r,s,t")
        try assertSnapshot(scene, named: "search-frst-80x24")
        XCTAssertTrue(try scene.plainText().contains("frst"), "the query is shown")
    }

    func testSearchFrstWithSidebar() throws {
        try assertSnapshot(Scene(120, 40, keys: "/,f,r,s,t"), named: "search-frst-120x40")
    }

    func testVideoDetail() throws {
        let scene = Scene(80, 24, keys: "down,down,enter")
        XCTAssertEqual(try scene.state().currentPage.title, "Harbour at Dusk", "the second video's page")
        try assertSnapshot(scene, named: "video-detail-80x24")
    }

    func testVideoDetailCompact() throws {
        try assertSnapshot(Scene(50, 20, keys: "down,enter"), named: "video-detail-50x20")
    }


    func testDropInProgress() throws {
        // Content has the cursor; `m` picks up the first video; the sidebar cursor goes to
        // Cinematic Shots (accepts) — then one more row to show a tab that refuses.
        let onCollection = Scene(120, 40, keys: "tab,m,\(downs(8))")
        XCTAssertEqual(try onCollection.state().mode.carry?.targetID, "cinematic-shots")
        try assertSnapshot(onCollection, named: "drop-120x40-accepts")
        let onLibrary = Scene(120, 40, keys: "tab,m,down")
        XCTAssertEqual(try onLibrary.state().mode.carry?.targetID, "library")
        try assertSnapshot(onLibrary, named: "drop-120x40-refuses")
    }

    func testDropInProgressBar() throws {
        try assertSnapshot(Scene(80, 24, keys: "down,m,right"), named: "drop-80x24-bar")
    }

    func testNewCollectionPrompt() throws {
        let scene = Scene(120, 40, keys: "\(downs(7)),a,T,r,i,p,s")
        try assertSnapshot(scene, named: "new-collection-prompt-120x40")
        XCTAssertTrue(try scene.plainText().contains("Trips"))
    }

    func testNewCollectionAdded() throws {
        try assertSnapshot(Scene(120, 40, keys: "\(downs(7)),a,T,r,i,p,s,enter"), named: "new-collection-added-120x40")
    }

    func testCollapsedSections() throws {
        try assertSnapshot(Scene(80, 24, keys: "s,\(downs(7)),space,\(downs(1)),space"), named: "collapsed-80x24")
    }
}
