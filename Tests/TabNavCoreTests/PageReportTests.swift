import TabNavCore
import TabNavDrawing
import TabNavInteraction
import XCTest

/// What a page reports (`PageReport`) is all the app knows of it beyond its keys: an embedder's
/// page gets what the built-in pages get — the sideways hint, a question before quitting, the
/// refusal of an untrusted command and `t` on it (docs/library.md, "What a page reports").
final class PageReportTests: XCTestCase {
    /// An embedder's page that reports what it is given and keeps what it was refused.
    struct Reporting: TabPage {
        var given = PageReport()
        var asksForCommand = false
        var refusals: [WorkRefusal] = []
        func draw(in canvas: inout PageCanvas) {
            canvas.text(refusals.isEmpty ? "reporting" : "refused", row: 0, style: canvas.theme.contentText)
        }
        var report: PageReport {
            var report = given
            if !refusals.isEmpty { report.waitsForTrust = true }
            return report
        }
        mutating func appear() -> PageWork? {
            asksForCommand ? PageWork(label: "run", child: .command("echo hi", options: ContentOptions())) : nil
        }
        mutating func refused(_ refusal: WorkRefusal) { refusals.append(refusal) }
    }

    private func state(_ page: Reporting) throws -> AppState {
        let layout = TabLayout(id: "report", title: "Report") {
            Tab("Mine", id: "mine") { page }
            Tab("Home", id: "home", content: .text("home"))
        }
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(mode: .tabbar),
                             size: TerminalSize(columns: 100, rows: 30))
        _ = state.apply(.launched)
        return state
    }

    func testAPageThatRunsAProgramMakesQuittingAskFirst() throws {
        var asking = try state(Reporting(given: PageReport(confirmsQuit: true)))
        XCTAssertEqual(asking.runningTerminals, 1)
        let effects = asking.apply(.key(.character("q")))
        guard case .confirmingQuit = asking.mode else { return XCTFail("q did not ask: \(asking.mode)") }
        XCTAssertFalse(effects.contains { if case .quit = $0 { true } else { false } })

        var quiet = try state(Reporting())
        XCTAssertEqual(quiet.runningTerminals, 0)
        XCTAssertTrue(quiet.apply(.key(.character("q"))).contains { if case .quit = $0 { true } else { false } })
    }

    func testAPageReportsItsWidestLineForTheSidewaysHint() throws {
        XCTAssertEqual(try state(Reporting(given: PageReport(widestLine: 300))).shown.widest, 300)
        XCTAssertEqual(try state(Reporting()).shown.widest, 0)
    }

    func testAnUntrustedCommandIsRefusedToTheEmbeddersPageWhichThenWaitsForTrust() throws {
        let layout = TabLayout(id: "report", title: "Report") {
            Tab("Home", id: "home", content: .text("home"))
            Tab("Mine", id: "mine") { Reporting(asksForCommand: true) }
        }
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(mode: .tabbar),
                             size: TerminalSize(columns: 100, rows: 30))
        _ = state.apply(.setCommandConsent(.needed(commands: ["echo hi"])))
        _ = state.apply(.launched)
        let effects = state.apply(.key(.right))
        XCTAssertEqual(state.model.selectedID, "mine")
        XCTAssertFalse(effects.contains { if case .startLoad = $0 { true } else { false } }, "nothing runs untrusted")
        let page = try XCTUnwrap(state.currentPage as? Reporting)
        XCTAssertEqual(page.refusals, [.untrusted(commands: ["echo hi"])])
        XCTAssertTrue(state.shown.waitsForTrust)
        XCTAssertEqual(state.apply(.key(.character("t"))).count(where: { if case .trustLayout = $0 { true } else { false } }), 1)
    }
}
