import TabNav
import TabNavProcsPages
import XCTest

/// The example's pages, tested as an embedder tests its own: through the public API only.
final class ProcsPagesTests: XCTestCase {
    private func record(_ pid: Int32, _ name: String, kb: Int = 1024, start: UInt64 = 100, command: String = "") -> ProcessRecord {
        ProcessRecord(pid: pid, name: name, state: "S", parent: 1, threads: 1, residentKB: kb, startTicks: start, commandLine: command)
    }

    func testAStatLineIsReadFromTheLastParenthesis() throws {
        let line = "4242 (tmux: server (1)) S 1 4242 4242 0 -1 4194560 1061 0 0 0 12 3 0 0 20 0 3 0 98765 11145216 900 18446744073709551615"
        let process = try XCTUnwrap(ProcessRecord.parse(stat: line, commandLine: Array("tmux\0new\0-d\0".utf8), pageKB: 4))
        XCTAssertEqual(process.pid, 4242)
        XCTAssertEqual(process.name, "tmux: server (1)")
        XCTAssertEqual(process.state, "S")
        XCTAssertEqual(process.parent, 1)
        XCTAssertEqual(process.threads, 3)
        XCTAssertEqual(process.startTicks, 98765)
        XCTAssertEqual(process.residentKB, 3600)
        XCTAssertEqual(process.memoryText, "3.5 MB")
        XCTAssertEqual(process.commandLine, "tmux new -d")
        XCTAssertNil(ProcessRecord.parse(stat: "not a stat line"))
        XCTAssertNil(ProcessRecord.parse(stat: "12 (short) S 1"))
    }

    func testTheMachinesOwnProcessesCanBeRead() {
        let snapshot = ProcReader().snapshot(sample: 1)
        XCTAssertTrue(snapshot.processes.contains { $0.pid == getpid() }, "this test's own process is listed")
        XCTAssertEqual(snapshot.load.count, 3)
        XCTAssertGreaterThan(snapshot.memoryTotalKB, 0)
    }

    /// A snapshot sent to the tab reaches the list (messages arrive in `receive`); the cursor
    /// stays on its process when the order changes under it, and a frozen list keeps its rows.
    func testTheListFollowsSnapshotsAndKeepsItsCursorOnItsProcess() {
        var list = ProcessList()
        list.receive(SystemSnapshot(processes: [record(1, "init", kb: 500), record(7, "big", kb: 9000), record(3, "mid", kb: 2000)]))
        XCTAssertEqual(list.processes.map(\.pid), [7, 3, 1], "by memory, the largest first")
        _ = list.handle(PageInput(key: .down, command: .down, visibleRows: 10))
        XCTAssertEqual(list.searchEntries.map(\.title), ["big 7", "mid 3", "init 1"])
        list.receive(SystemSnapshot(processes: [record(3, "mid", kb: 20_000), record(7, "big", kb: 9000), record(9, "new", kb: 1)]))
        XCTAssertEqual(list.processes.map(\.pid), [3, 7, 9])
        guard case .push(let page) = list.handle(PageInput(key: .enter, command: .open, visibleRows: 10)),
              let detail = page as? ProcessDetail else { return XCTFail("Enter opens the process under the cursor") }
        XCTAssertEqual(detail.process.pid, 3, "the cursor followed mid to its new row")
        _ = list.handle(PageInput(key: .character("f"), command: nil, action: "freeze", visibleRows: 10))
        XCTAssertTrue(list.isFrozen)
        list.receive(SystemSnapshot(processes: []))
        XCTAssertEqual(list.processes.count, 3, "frozen: the rows stay")
        XCTAssertEqual(list.samples, 3)
    }

    func testAFilterListsOnlyWhatMatches() {
        var list = ProcessList(filter: "sh")
        list.receive(SystemSnapshot(processes: [record(1, "bash"), record(2, "vim", command: "vim ~/.zshrc"), record(3, "top")]))
        XCTAssertEqual(list.processes.map(\.pid).sorted(), [1, 2])
    }

    func testADetailPageSaysWhenItsProcessEnded() {
        var detail = ProcessDetail(record(5, "sleep", start: 10))
        detail.receive(SystemSnapshot(processes: [record(5, "sleep", kb: 2048, start: 10)]))
        XCTAssertTrue(detail.isRunning)
        XCTAssertEqual(detail.process.residentKB, 2048)
        // The same pid, started again later, is another process.
        detail.receive(SystemSnapshot(processes: [record(5, "sleep", start: 99)]))
        XCTAssertFalse(detail.isRunning)
    }

    func testTheListDrawsItsStatusAndItsRowsIntoACanvas() {
        var list = ProcessList()
        list.receive(SystemSnapshot(processes: [record(1, "init", kb: 500), record(7, "big", kb: 9000)]))
        var canvas = PageCanvas(columns: 40, rows: 4, isFocused: true)
        list.draw(in: &canvas)
        let lines = canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("2 processes by memory"), lines[0])
        XCTAssertTrue(lines[1].contains("big") && lines[1].contains("7") && lines[1].hasSuffix("8.7 MB"), lines[1])
        XCTAssertTrue(lines[2].contains("init") && lines[2].contains("500 kB"), lines[2])
        XCTAssertEqual(canvas.grid[0, 0].style, canvas.theme.dim, "the status line is secondary text")
        XCTAssertEqual(canvas.grid[2, 1].style, canvas.theme.cursor, "the cursor's row, focused")
        XCTAssertEqual(canvas.grid[2, 2].style, canvas.theme.contentText)
    }

    func testTheListsKeysAreDeclaredAndAnsweredByName() {
        var list = ProcessList(processes: [record(1, "a", kb: 1, start: 9), record(2, "b", kb: 5, start: 1)])
        XCTAssertEqual(list.keys.compactMap(\.name), ["order", "freeze"])
        XCTAssertEqual(list.processes.map(\.pid), [2, 1])
        guard case .say(let said) = list.handle(PageInput(key: .character("o"), command: nil, action: "order", visibleRows: 10)) else {
            return XCTFail("order answers")
        }
        XCTAssertEqual(said, "Ordered by newest")
        XCTAssertEqual(list.processes.map(\.pid), [1, 2])
        _ = list.handle(PageInput(key: .character("f"), command: nil, action: "freeze", visibleRows: 10))
        XCTAssertEqual(list.keys.last?.summary, "follow")
    }

    /// The whole app headless, as the example's own layout would run: a snapshot sent through the
    /// proxy shows on the page, a badge set through it shows in the bar, a tab added appears.
    func testMessagesThroughTheProxyReachTheAppHeadlessly() throws {
        let layout = TabLayout(id: "procs-test", title: "Processes") {
            Tab("Machine", systemImage: "gauge", id: "system") { SystemPage() }
            Tab("Processes", systemImage: "list.bullet", id: "processes") { ProcessList() }
            TabSection("Recent", systemImage: "clock", id: "recent") {}
        }
        let app = try HeadlessApp(layout, columns: 100, rows: 12)
        XCTAssertTrue(app.text.contains("Reading /proc…"), app.text)
        let snapshot = SystemSnapshot(processes: [record(42, "sleep", kb: 800)], load: ["0.25", "0.20", "0.10"],
                                      uptimeSeconds: 3_700, memoryTotalKB: 2_048_000, memoryAvailableKB: 1_024_000)
        app.proxy.send(snapshot, to: "system")
        app.proxy.setBadge(.text("0.25"), for: "system")
        app.proxy.addTab(Tab("sleep 42", systemImage: "clock", id: "recent-42") { ProcessDetail(snapshot.processes[0]) }, to: "recent")
        let text = app.text
        XCTAssertTrue(text.contains("Up         1 h 1 min"), text)
        XCTAssertTrue(text.contains("Load       0.25  0.20  0.10"), text)
        XCTAssertTrue(text.contains("Machine 0.25"), text)
        app.proxy.select("recent-42")
        XCTAssertEqual(app.selectedTab, "recent-42")
        XCTAssertTrue(app.text.contains("sleep (pid 42)"), app.text)
    }
}
