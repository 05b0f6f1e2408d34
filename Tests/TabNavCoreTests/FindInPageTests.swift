import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// Find in page (docs/behaviour.md, "Find in page"): `f` types the text at the bottom, `Enter`
/// shows the first matching line, `n` / `N` go on with wrap, `Esc` leaves. None of it existed
/// before.
final class FindInPageTests: XCTestCase {
    /// 100 lines; "error" on lines 5, 22, 39, 56, 73, 90 (every 17th from 5), "Error" on line 40
    /// (which `error` finds too: no capital, no case).
    static let log = TabLayout(id: "t", title: "T") {
        Tab("Log", id: "log", content: .text((0..<100).map { i in
            "line \(i): " + (i % 17 == 5 ? "error in harbour" : "all is well") + (i == 40 ? " Error" : "")
        }.joined(separator: "\n")))
        Tab("Other", id: "other", content: .text("nothing here"))
    }
    static let errorLines = [5, 22, 39, 40, 56, 73, 90]

    private func driver(_ columns: Int = 80, _ rows: Int = 12, keymap: Keymap = .standard) throws -> KeyDriver {
        var app = try KeyDriver(columns, rows, layout: Self.log, options: AppOptions(mode: .tabbar))
        if keymap != .standard {
            app.state = AppState(hierarchy: try TabHierarchy(Self.log), saved: nil, options: AppOptions(mode: .tabbar),
                                 size: TerminalSize(columns: columns, rows: rows), keymap: keymap)
        }
        try app.press("down")  // into the content of Log
        return app
    }

    private func top(_ app: KeyDriver) -> Int { app.state.firstLineShown(of: app.state.currentPage) }

    func testFOpensTheFieldAndEveryCharacterIsTyped() throws {
        var app = try driver()
        try app.press("f")
        guard case .finding(let prompt, _) = app.state.mode else { return XCTFail("f opens the find field: \(app.state.mode)") }
        XCTAssertEqual(prompt.fromLine, 0)
        app.type("qnN e")
        guard case .finding(let typed, _) = app.state.mode else { return XCTFail("q, n, N and e are typed, not run") }
        XCTAssertEqual(typed.field.text, "qnN e")
        XCTAssertEqual(app.state.mode.label, .find)
    }

    func testEnterShowsTheFirstMatchAndSaysWhere() throws {
        var app = try driver()
        try app.press("f")
        app.type("error")
        try app.press("enter")
        XCTAssertEqual(app.state.mode, .browsing(.content))
        XCTAssertEqual(app.state.pageFind?.line, 5)
        XCTAssertEqual(app.state.pageFind?.count, 7)
        XCTAssertEqual(top(app), 5, "the line found is shown at the top")
        XCTAssertEqual(app.footer, "\"error\" on line 6, 1 of 7")
        XCTAssertEqual(app.state.findHighlight, "error")
    }

    func testNextAndPreviousWrapAroundAndSaySo() throws {
        var app = try driver()
        try app.press("f")
        app.type("error")
        try app.press("enter")
        var seen: [Int] = []
        for _ in 1...6 {
            try app.press("n")
            seen.append(app.state.pageFind?.line ?? -1)
            XCTAssertFalse(app.footer?.contains("wrapped") ?? true)
        }
        XCTAssertEqual(seen, Array(Self.errorLines.dropFirst()))
        XCTAssertEqual(top(app), 90)
        try app.press("n")
        XCTAssertEqual(app.state.pageFind?.line, 5, "past the last: the first again")
        XCTAssertEqual(app.footer?.hasPrefix("search wrapped"), true, app.footer ?? "")
        try app.press("N")
        XCTAssertEqual(app.state.pageFind?.line, 90, "before the first: the last")
        XCTAssertEqual(app.footer?.hasPrefix("search wrapped"), true)
        try app.press("N")
        XCTAssertEqual(app.state.pageFind?.line, 73)
        XCTAssertEqual(app.footer, "\"error\" on line 74, 6 of 7")
    }

    func testTheFirstFindStartsFromTheTopLineShown() throws {
        var app = try driver()
        try app.press("pgdn,pgdn,pgdn,pgdn")  // scrolled down past line 22
        let shown = top(app)
        XCTAssertGreaterThan(shown, 22)
        try app.press("f")
        app.type("error")
        try app.press("enter")
        XCTAssertEqual(app.state.pageFind?.line, Self.errorLines.first { $0 >= shown })
    }

    func testNotFoundSaysWhatWasNotFound() throws {
        var app = try driver()
        try app.press("f")
        app.type("zebra")
        try app.press("enter")
        XCTAssertEqual(app.footer, "not found: zebra")
        XCTAssertEqual(app.state.message?.isError, true)
        XCTAssertNil(app.state.findHighlight)
        try app.press("n")
        XCTAssertEqual(app.footer, "not found: zebra", "n says it again")
    }

    func testACapitalLetterMakesTheFindCaseSensitive() throws {
        var app = try driver()
        try app.press("f")
        app.type("Error")
        try app.press("enter")
        XCTAssertEqual(app.state.pageFind?.line, 40)
        XCTAssertEqual(app.state.pageFind?.count, 1)
        XCTAssertTrue(TextFind.line("an ERROR here", contains: "error"))
        XCTAssertFalse(TextFind.line("an ERROR here", contains: "Error"))
    }

    func testEscLeavesTheFieldAndThenEndsTheFind() throws {
        var app = try driver()
        try app.press("f")
        app.type("err")
        try app.press("esc")
        XCTAssertEqual(app.state.mode, .browsing(.content))
        XCTAssertNil(app.state.pageFind, "a find left in the field found nothing")
        try app.press("f,backspace")
        XCTAssertEqual(app.state.mode, .browsing(.content), "Backspace on an empty field leaves it, as in less")

        try app.press("f")
        app.type("error")
        try app.press("enter")
        XCTAssertNotNil(app.state.pageFind)
        try app.press("esc")
        XCTAssertNil(app.state.pageFind, "Esc ends the find first")
        XCTAssertNil(app.state.findHighlight)
        XCTAssertEqual(app.state.model.selectedID, "log")
    }

    func testEnterOnAnEmptyFieldFindsTheLastTextAgain() throws {
        var app = try driver()
        try app.press("f")
        app.type("error")
        try app.press("enter,f,enter")
        XCTAssertEqual(app.state.pageFind?.text, "error")
        XCTAssertEqual(app.state.pageFind?.line, 5)
    }

    func testAnotherTabEndsTheFind() throws {
        var app = try driver()
        try app.press("f")
        app.type("error")
        try app.press("enter,tab,right")
        XCTAssertEqual(app.state.model.selectedID, "other")
        XCTAssertNil(app.state.pageFind)
        try app.press("left")
        XCTAssertNil(app.state.findHighlight, "back on Log: nothing is highlighted any more")
    }

    func testNWithoutAFindAndFOnAPageWithoutLinesSayWhy() throws {
        var app = try driver()
        try app.press("n")
        XCTAssertEqual(app.footer?.hasPrefix("Nothing to repeat"), true, app.footer ?? "")
        var demo = try KeyDriver(80, 24)  // the demo's first tab lists videos
        try demo.press("down,f")
        XCTAssertEqual(demo.state.mode, .browsing(.content))
        XCTAssertEqual(demo.footer, "f finds text in text, file and command pages")
    }

    func testTheKeysComeFromTheKeymapAndCanBeRebound() throws {
        XCTAssertEqual(Keymap.standard.command(for: .character("f"), in: .normal), .find)
        XCTAssertEqual(Keymap.standard.command(for: .character("n"), in: .normal), .findNext)
        XCTAssertEqual(Keymap.standard.command(for: .character("N"), in: .normal), .findPrevious)
        let configuration = try ConfigurationLoader.parse(
            text: #"{"keys": {"normal": {"F": "find", "f": "none"}, "find": {"C-j": "confirm"}}}"#, source: "config.json")
        var app = try driver(keymap: configuration.keymap)
        try app.press("f")
        XCTAssertEqual(app.state.mode, .browsing(.content), "f is unbound")
        try app.press("F")
        app.type("error")
        try app.press("C-j")
        XCTAssertEqual(app.state.pageFind?.line, 5)
        let listing = KeymapListing.text(configuration.keymap)
        XCTAssertTrue(listing.contains("find mode: find in page"), listing)
        XCTAssertTrue(listing.contains("find-next"))
    }

    func testTheFooterShowsTheKeysOfTheFind() throws {
        var app = try driver()
        XCTAssertTrue(app.state.footerHints(ascii: false).contains { $0.text == "f: find" })
        try app.press("f")
        app.type("err")
        XCTAssertEqual(app.state.footerHints(ascii: false).map(\.text), ["Enter: find", "Esc: cancel"])
        try app.press("enter,j")
        let hints = app.state.footerHints(ascii: false).map(\.text)
        XCTAssertTrue(hints.contains("n/N: next/previous"), "\(hints)")
        XCTAssertTrue(hints.contains("Esc: end find"), "\(hints)")
        XCTAssertFalse(hints.contains("f: find"))
    }
}
