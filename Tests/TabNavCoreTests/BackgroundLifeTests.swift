import XCTest
@testable import TabNavCore
@testable import TabNavInteraction

/// Command tabs that live while hidden (docs/behaviour.md, "Attention"): `refresh` runs from
/// launch and keeps running while another tab is shown (`"whenHidden": false` opts out); a hidden
/// run that fails or changes its output marks its tab (`"alert"`); showing the tab clears the
/// mark; each change is an `attentionDidChange` event.
final class BackgroundLifeTests: XCTestCase {
    private func state(_ tabs: String) throws -> AppState {
        let text = #"{"id": "bg", "title": "BG", "tabs": [{"id": "home", "title": "Home", "content": {"text": "home"}}, \#(tabs)]}"#
        let hierarchy = try TabHierarchy(try LayoutLoader.parse(text: text, source: "bg.json"))
        return AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(), size: TerminalSize(columns: 100, rows: 30))
    }

    private func starts(_ effects: [AppEffect]) -> [LoadRequest] {
        effects.compactMap { if case .startLoad(let request) = $0 { request } else { nil } }
    }

    private func events(_ effects: [AppEffect]) -> [TabNavEvent] {
        effects.compactMap { if case .emit(let event) = $0 { event } else { nil } }
    }

    private func finish(_ request: LoadRequest, output: String, exit: ChildExit, in state: inout AppState) -> [AppEffect] {
        state.apply(.loadFinished(request.id, tab: request.tab, result: ChildProgress(
            events: [.output(Array(output.utf8), stderr: false), .exited(exit, milliseconds: 5)], isFinal: true)))
    }

    /// Hidden refresh tabs run at launch (they ran only once visited, and only while shown);
    /// `whenHidden: false` waits to be shown.
    func testRefreshRunsFromLaunchWhileHiddenUnlessItOptsOut() throws {
        var state = try state(#"""
            {"id": "disk", "title": "Disk", "content": {"command": "df", "refresh": 0.5}},
            {"id": "shown", "title": "Shown", "content": {"command": "uptime", "refresh": 0.5, "whenHidden": false}}
            """#)
        let launched = starts(state.apply(.launched))
        XCTAssertEqual(launched.map(\.tab), ["disk"], "the hidden refresh tab runs at launch, the opted-out one does not")
        _ = finish(launched[0], output: "50%\n", exit: .status(0), in: &state)
        XCTAssertNotNil(state.redrawInterval, "a hidden refresh asks for a tick")
        // Once due, a tick runs it again though another tab is shown.
        let end = ContinuousClock.now.advanced(by: .seconds(5))
        var again: [LoadRequest] = []
        while again.isEmpty, ContinuousClock.now < end {
            again = starts(state.apply(.tick))
            if again.isEmpty { usleep(20_000) }
        }
        XCTAssertEqual(again.map(\.tab), ["disk"], "the hidden tab ran again while Home was shown")
        XCTAssertEqual(state.model.selectedID, "home")
    }

    /// A hidden failure marks the tab (a change mark is another), the event says so, and showing
    /// the tab clears both mark and event.
    func testHiddenFailureAndChangeMarkTheTabUntilShown() throws {
        var state = try state(#"""
            {"id": "check", "title": "Check", "content": {"command": "check", "refresh": 1, "alert": ["failure", "change"]}},
            {"id": "quiet", "title": "Quiet", "content": {"command": "quiet", "refresh": 1}}
            """#)
        let first = starts(state.apply(.launched))
        let check = try XCTUnwrap(first.first { $0.tab == "check" })
        let quiet = try XCTUnwrap(first.first { $0.tab == "quiet" })
        XCTAssertEqual(events(finish(check, output: "ok\n", exit: .status(0), in: &state)), [], "a first good run marks nothing")
        XCTAssertEqual(events(finish(quiet, output: "x\n", exit: .status(3), in: &state)), [], "no alert asked: no mark")
        XCTAssertNil(state.attentionMark(of: "quiet"))

        // A second run that fails: a failure mark and its event.
        let rerun = starts(state.start(PageWork(label: "check", child: .command("check", options: state.model.hierarchy.item("check")!.contentOptions)), for: "check"))
        let marked = events(finish(rerun[0], output: "broken\n", exit: .status(1), in: &state))
        XCTAssertEqual(marked, [.attentionDidChange(tab: "check", reason: .failure), .attentionDidChange(tab: "check", reason: .change)])
        XCTAssertEqual(state.attentionMark(of: "check"), .failure, "failure shows before change")
        XCTAssertEqual(state.attention["check"], [.failure, .change])

        // Shown: cleared, with one event.
        var effects: [AppEffect] = []
        for action in try KeyNames.parseList("right") { effects += state.apply(action) }
        XCTAssertEqual(state.model.selectedID, "check")
        XCTAssertEqual(events(effects).filter { if case .attentionDidChange = $0 { true } else { false } },
                       [.attentionDidChange(tab: "check", reason: nil)])
        XCTAssertNil(state.attentionMark(of: "check"))

        // A run of the shown tab marks nothing.
        let shownRun = starts(state.start(PageWork(label: "check", child: .command("check", options: state.model.hierarchy.item("check")!.contentOptions)), for: "check"))
        XCTAssertEqual(events(finish(shownRun[0], output: "different\n", exit: .status(2), in: &state)), [])
    }

    func testAlertAndWhenHiddenAreReadAndChecked() throws {
        func layout(_ content: String) -> String {
            #"{"id": "x", "title": "X", "tabs": [{"id": "t", "title": "T", "content": \#(content)}]}"#
        }
        let both = try LayoutLoader.parse(text: layout(#"{"command": "ls", "refresh": 2, "whenHidden": false, "alert": ["failure", "change"]}"#), source: "x.json")
        XCTAssertEqual(both.items[0].contentOptions.alerts, [.failure, .change])
        XCTAssertFalse(both.items[0].contentOptions.whenHidden)
        let one = try LayoutLoader.parse(text: layout(#"{"command": "ls", "alert": "failure"}"#), source: "x.json")
        XCTAssertEqual(one.items[0].contentOptions.alerts, [.failure])
        XCTAssertTrue(one.items[0].contentOptions.whenHidden)
        let cases: [(String, String)] = [
            (#"{"command": "ls", "alert": "bell"}"#, #"tabs[0].content.alert: unknown value "bell" (expected failure, change)"#),
            (#"{"command": "ls", "alert": ["failure", 3]}"#, #"tabs[0].content.alert[1]: expected "failure" or "change", found a number"#),
            (#"{"command": "ls", "alert": true}"#, #"tabs[0].content.alert: expected "failure", "change" or an array of them, found"#),
            (#"{"command": "ls", "whenHidden": false}"#, #"tabs[0].content.whenHidden: applies to a command that refreshes ("refresh": seconds)"#),
            (#"{"file": "a.txt", "alert": "change"}"#, #"tabs[0].content.alert: "file" content does not take "alert""#),
        ]
        for (content, message) in cases {
            XCTAssertThrowsError(try LayoutLoader.parse(text: layout(content), source: "x.json"), content) { error in
                XCTAssertTrue("\(error)".contains(message), "\(content): \(error)")
            }
        }
    }

    func testTheEventIsWrittenWithItsReasonOrNull() {
        XCTAssertEqual(TabNavEvent.attentionDidChange(tab: "ci", reason: .failure).jsonLine,
                       #"{"event":"attentionDidChange","tab":"ci","reason":"failure"}"#)
        XCTAssertEqual(TabNavEvent.attentionDidChange(tab: "ci", reason: nil).jsonLine,
                       #"{"event":"attentionDidChange","tab":"ci","reason":null}"#)
    }
}
