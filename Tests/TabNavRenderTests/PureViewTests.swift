import Synchronization
import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender

/// Drawing is pure: a frame calls nothing of a page but `draw(in:)` (docs/library.md, "Keys of a
/// page"). What the footer and the help say of a page comes from its declared keys, read once
/// after each action.
final class PureViewTests: XCTestCase {
    /// How often each requirement of a page was used.
    final class Calls: Sendable {
        let counts = Mutex<[String: Int]>([:])
        func note(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
        var snapshot: [String: Int] { counts.withLock { $0 } }
    }

    /// A page that counts every call but `draw`.
    struct CountingPage: TabPage {
        let calls: Calls
        var refreshes = 0
        func draw(in canvas: inout PageCanvas) { canvas.text("refreshed \(refreshes)", row: 0, style: canvas.theme.contentText) }
        var title: String? { calls.note("title"); return nil }
        mutating func handle(_ input: PageInput) -> PageResponse {
            calls.note("handle")
            if input.action == "refresh" { refreshes += 1; return .handled }
            return input.command == .down ? .handled : .ignored
        }
        mutating func reload() -> PageWork? { calls.note("reload"); return nil }
        var keys: [PageKey] {
            calls.note("keys")
            return [.move, PageKey(.open, summary: "details"), PageKey("refresh", key: .character("r"), summary: "refresh")]
        }
        var draggableEntry: ContentEntry? { calls.note("draggableEntry"); return nil }
        var redrawInterval: Duration? { calls.note("redrawInterval"); return nil }
        var searchEntries: [ContentEntry] { calls.note("searchEntries"); return [] }
    }

    private func state(_ page: CountingPage, keymap: Keymap = .standard) throws -> AppState {
        let layout = TabLayout(id: "pure", title: "Pure") {
            Tab("Counted", systemImage: "doc") { page }
            Tab("Other", systemImage: "doc", content: .text("other"))
        }
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(mode: .tabbar),
                             size: TerminalSize(columns: 120, rows: 12), keymap: keymap)
        _ = state.apply(.launched)
        _ = state.apply(.key(.down))  // into the content
        return state
    }

    private func footer(_ state: AppState) -> String {
        let text = render(state, style: .forTerminal(ascii: false, noColor: true, depth: .none)).grid.plainText()
        return text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    }

    func testDrawingAnyNumberOfFramesCallsNothingOfThePageButDraw() throws {
        let calls = Calls()
        var state = try state(CountingPage(calls: calls))
        for key: KeyEvent in [.down, .character("r"), .down, .character("?"), .escape] { _ = state.apply(.key(key)) }
        let before = calls.snapshot
        XCTAssertGreaterThan(before["handle", default: 0], 0, "keys reach the page")
        let style = RenderStyle.forTerminal(ascii: false, noColor: false, depth: .full256)
        for _ in 0..<50 { _ = render(state, style: style) }
        _ = state.apply(.key(.character("?")))
        let helpCalls = calls.snapshot
        for _ in 0..<10 { _ = render(state, style: style) }
        XCTAssertEqual(calls.snapshot, helpCalls, "the help drew without calling the page")
        XCTAssertEqual(helpCalls["handle"], before["handle"], "? is the app's key: the page is not asked")
        XCTAssertEqual(helpCalls["reload", default: 0], 0, "reload is asked for on r only, never to draw")
    }

    func testTheFooterShowsDeclaredKeysWithoutRepeatingAKey() throws {
        let line = footer(try state(CountingPage(calls: Calls())))
        XCTAssertTrue(line.contains("↑↓: move  Enter: details"), line)
        XCTAssertTrue(line.contains("r: refresh"), line)
        XCTAssertFalse(line.contains("Enter: open"), line)
        XCTAssertFalse(line.contains("r: reload"), line)
        let keys = line.split(separator: " ").filter { $0.hasSuffix(":") }
        XCTAssertEqual(keys.count, Set(keys).count, "a key twice: \(line)")
    }

    func testAPagesOwnKeyReachesItByNameAndTheConfigurationRebindsIt() throws {
        var state = try state(CountingPage(calls: Calls()))
        _ = state.apply(.key(.character("r")))
        XCTAssertTrue(render(state, style: .forTerminal(ascii: false, noColor: true, depth: .none)).grid.plainText()
            .contains("refreshed 1"))

        var keymap = Keymap.standard
        keymap.bindPageKey(.character("d"), to: "refresh")
        var rebound = try self.state(CountingPage(calls: Calls()), keymap: keymap)
        let line = footer(rebound)
        XCTAssertTrue(line.contains("d: refresh"), line)
        _ = rebound.apply(.key(.character("r")))  // the app's reload again: nothing to reload here
        _ = rebound.apply(.key(.character("d")))
        _ = rebound.apply(.key(.character("d")))
        XCTAssertTrue(render(rebound, style: .forTerminal(ascii: false, noColor: true, depth: .none)).grid.plainText()
            .contains("refreshed 2"))
    }

    func testThePagesOwnKeysAreInTheHelp() throws {
        var state = try state(CountingPage(calls: Calls()))
        _ = state.apply(.key(.character("?")))
        let text = render(state, style: .forTerminal(ascii: false, noColor: true, depth: .none)).grid.plainText()
        XCTAssertTrue(text.contains("refresh (this page)"), text)
    }
}
