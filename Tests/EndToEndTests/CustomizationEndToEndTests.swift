import XCTest

/// Issue 4's scenarios: customize from the keyboard, quit, start again — the screen, the state
/// file and the events log agree.
final class CustomizationEndToEndTests: EndToEndTestCase {
    private let barTitles = ["Watch Now", "Library", "New", "Favorites", "Collections", "Animations"]

    /// The bar's titles in screen order (the bar must be on the top row).
    private func barOrder(_ screen: Screen) -> [String] {
        guard let row = screen.barRow() else { return [] }
        return screen.order(of: barTitles, inRow: row)
    }

    // MARK: - Reordering the bar

    func testMovingLibraryAfterNewIsKeptAcrossARestart() throws {
        let run = try launch()
        try run.waitForFirstFrame()
        try run.press("e")
        try run.waitForFooter("EDIT")
        try run.moveCursor(to: "Library", with: "Right")
        try run.press("Enter")
        try run.waitForFooter("GRAB")
        try run.press("Right")
        try run.wait(for: "Library previewed after New") { self.barOrder($0).prefix(3) == ["Watch Now", "New", "Library"] }
        try run.press("Enter")
        try run.waitForFooter("EDIT")
        try run.press("e")
        let done = try run.waitForFooter("NORMAL")
        XCTAssertEqual(barOrder(done), ["Watch Now", "New", "Library", "Favorites", "Collections", "Animations"])
        try quit(run)

        let names = try eventNames()
        XCTAssertEqual(names.first, "didLaunch")
        XCTAssertEqual(names.last, "willTerminate")
        let changes = try events().filter { $0["event"] as? String == "tabBarDidChange" }
        XCTAssertEqual(changes.count, 1, "one committed move: \(changes)")
        XCTAssertEqual(changes.first?["items"] as? [String],
                       ["watch-now", "new", "library", "favorites", "collections", "animations", "search"])
        let editing = try events().filter { $0["event"] as? String == "editingDidChange" }.map { $0["editing"] as? Bool }
        XCTAssertEqual(editing, [true, false])
        // The order of events: edit on, the move, edit off, then the end.
        let relevant = names.filter { ["editingDidChange", "tabBarDidChange", "willTerminate"].contains($0) }
        XCTAssertEqual(relevant, ["editingDidChange", "tabBarDidChange", "editingDidChange", "willTerminate"])

        let saved = try XCTUnwrap(savedState()["tabBar"] as? [String])
        let new = try XCTUnwrap(saved.firstIndex(of: "new")), library = try XCTUnwrap(saved.firstIndex(of: "library"))
        XCTAssertLessThan(new, library, "the state file keeps New before Library: \(saved)")

        let again = try launch()
        let restored = try again.waitForFirstFrame()
        XCTAssertEqual(barOrder(restored), ["Watch Now", "New", "Library", "Favorites", "Collections", "Animations"],
                       "the order survives a restart:\n\(restored)")
        let launches = try events().filter { $0["event"] as? String == "didLaunch" }
        XCTAssertEqual(launches.count, 2)
        XCTAssertEqual(launches.last?["tabBar"] as? [String],
                       ["watch-now", "new", "library", "favorites", "collections", "animations", "search"])
    }

    func testMovingWatchNowIsRefusedAndChangesNothing() throws {
        let run = try launch()
        let first = try run.waitForFirstFrame()
        let before = barOrder(first)
        try run.press("e")
        try run.waitForFooter("EDIT")
        try run.moveCursor(to: "Watch Now", with: "Left")
        try run.press("Enter")
        let refused = try run.waitForFooter("Watch Now is fixed")
        XCTAssertTrue(refused.footer.contains("EDIT"), "still editing, nothing grabbed:\n\(refused)")
        // Arrows now move the edit cursor, not Watch Now.
        try run.press("Right")
        let after = try run.wait(for: "the cursor on Library") { $0.highlightedRow(containing: "Library") == 0 }
        XCTAssertEqual(barOrder(after), before, "the bar is unchanged")
        try run.press("e")
        try run.waitForFooter("NORMAL")
        try quit(run)
        XCTAssertFalse(try eventNames().contains("tabBarDidChange"), "no bar change was logged")
    }

    // MARK: - Hiding

    func testHidingForestLifeRemovesItFromTheSidebar() throws {
        let run = try launch(columns: 120, rows: 40)
        try run.wait(for: "the sidebar (wide first launch)") { $0.contains("Forest Life") }
        try run.press("e")
        try run.waitForFooter("EDIT")
        try run.moveCursor(to: "Forest Life")
        try run.press("Space")
        let unchecked = try run.wait(for: "Forest Life unchecked") { screen in
            screen.row(containing: "Forest Life").map { screen.lines[$0].contains("☐") } ?? false
        }
        XCTAssertTrue(unchecked.contains("Forest Life"), "still listed (unchecked) while editing")
        try waitForEvent("visibilityDidChange") {
            $0["tabs"] as? [String] == ["forest-life"] && $0["hidden"] as? Bool == true
        }
        try run.press("e")
        let normal = try run.waitForFooter("NORMAL")
        XCTAssertFalse(normal.contains("Forest Life"), "hidden after leaving edit mode:\n\(normal)")
        XCTAssertTrue(normal.contains("By the Sea"), "its siblings stay:\n\(normal)")
        try quit(run)
        XCTAssertEqual(try savedState()["hidden"] as? [String], ["forest-life"])

        let again = try launch(columns: 120, rows: 40)
        let restored = try again.waitForFirstFrame()
        XCTAssertTrue(restored.contains("By the Sea"), "the sidebar shows again:\n\(restored)")
        XCTAssertFalse(restored.contains("Forest Life"), "still hidden after a restart:\n\(restored)")
    }

    // MARK: - Section actions, collapsing, drops

    func testNewCollectionSurvivesARestart() throws {
        let run = try launch()
        try run.waitForFirstFrame()
        try run.press("s")
        try run.wait(for: "the sidebar") { $0.contains("Forest Life") }
        try run.moveCursor(to: "Collections")
        try run.press("a")
        try run.waitForFooter("Name of the new tab in Collections")
        try run.type("Zoo Trip")
        try run.waitForFooter("Zoo Trip")
        try run.press("Enter")
        let added = try run.waitForFooter("Added Zoo Trip")
        let zoo = try XCTUnwrap(added.row(containing: "Zoo Trip"), "the new tab is in the sidebar:\n\(added)")
        let collections = try XCTUnwrap(added.row(containing: "Collections"))
        let animations = try XCTUnwrap(added.row(containing: "Animations"))
        XCTAssertTrue(collections < zoo && zoo < animations, "inside Collections:\n\(added)")
        try waitForEvent("sectionActionInvoked") { $0["group"] as? String == "collections" }
        try quit(run)

        let again = try launch()
        let restored = try again.wait(for: "the sidebar with Zoo Trip after a restart") { $0.contains("Zoo Trip") }
        let row = try XCTUnwrap(restored.row(containing: "Zoo Trip"))
        XCTAssertTrue(restored.lines[row].contains("│"), "a sidebar row:\n\(restored)")
        try again.press("q")
        XCTAssertEqual(try again.waitForExit(), 0)
    }

    func testCollapsedSectionStaysCollapsedAfterARestart() throws {
        let run = try launch()
        try run.waitForFirstFrame()
        try run.press("s")
        try run.wait(for: "the sidebar") { $0.contains("Forest Life") }
        try run.moveCursor(to: "Collections")
        try run.press("Space")
        let collapsed = try run.wait(for: "Collections collapsed") { !$0.contains("Forest Life") }
        XCTAssertFalse(collapsed.contains("Cinematic Shots"), "all its children are folded away:\n\(collapsed)")
        XCTAssertTrue(collapsed.contains("Ocean"), "Animations stays open:\n\(collapsed)")
        try quit(run)
        XCTAssertEqual(try savedState()["collapsed"] as? [String], ["collections"])

        let again = try launch()
        let restored = try again.wait(for: "the sidebar after a restart") { $0.contains("Ocean") }
        XCTAssertTrue(restored.contains("Collections"), "the header stays:\n\(restored)")
        XCTAssertFalse(restored.contains("Forest Life"), "still collapsed:\n\(restored)")
        XCTAssertFalse(restored.contains("Cinematic Shots"), "still collapsed:\n\(restored)")
    }

    func testDroppingVideosOnACollectionCountsThemInItsBadge() throws {
        let run = try launch()
        try run.waitForFirstFrame()
        try run.press("s")
        let start = try run.wait(for: "the sidebar") { $0.contains("Cinematic Shots") }
        XCTAssertEqual(badge(of: "Cinematic Shots", in: start), nil, "no badge before any drop:\n\(start)")

        try dropSelectedVideo(run, on: "Cinematic Shots")
        let one = try run.wait(for: "badge 1") { self.badge(of: "Cinematic Shots", in: $0) == "1" }
        XCTAssertTrue(one.footer.contains("Added"), one.footer)
        try waitForEvent("itemsDropped") { $0["tab"] as? String == "cinematic-shots" }

        // A drop gives the focus back to where the entry was picked up: the content.
        try run.wait(for: "focus in the content") { $0.highlightedRow(containing: "First Light") != nil }
        try run.press("Down")
        try run.wait(for: "the second video") { $0.highlightedRow(containing: "Harbour at Dusk") != nil }
        try dropSelectedVideo(run, on: "Cinematic Shots", focusContent: false)
        try run.wait(for: "badge 2") { self.badge(of: "Cinematic Shots", in: $0) == "2" }
        XCTAssertEqual(try events().filter { $0["event"] as? String == "itemsDropped" }.count, 2)
        try quit(run)

        let again = try launch()
        try again.wait(for: "badge 2 after a restart") { self.badge(of: "Cinematic Shots", in: $0) == "2" }
    }

    /// `Tab` to the content (unless already there), `m` to pick up the video under the cursor,
    /// `Down` until the footer says the collection accepts it, `Enter`.
    private func dropSelectedVideo(_ run: ProgramRun, on collection: String, focusContent: Bool = true,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        if focusContent {
            try run.press("Tab")
            try run.wait(for: "focus in the content", file: file, line: line) { $0.highlightedRow(containing: "First Light") != nil }
        }
        try run.press("m")
        var screen = try run.waitForFooter("Carrying", file: file, line: line)
        for _ in 0..<20 where !screen.footer.contains("\(collection) accepts") {
            let footer = screen.footer
            try run.press("Down")
            screen = try run.wait(for: "the drop target to move", file: file, line: line) { $0.footer != footer }
        }
        XCTAssertTrue(screen.footer.contains("\(collection) accepts"), screen.footer, file: file, line: line)
        try run.press("Enter")
    }

    /// The badge at the end of a sidebar row (the text after the title, before the divider).
    private func badge(of title: String, in screen: Screen) -> String? {
        guard let row = screen.row(containing: title) else { return nil }
        let line = screen.lines[row]
        guard let titleEnd = line.range(of: title)?.upperBound, let divider = line.range(of: "│")?.lowerBound else { return nil }
        let rest = line[titleEnd..<divider].trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? nil : rest
    }
}
