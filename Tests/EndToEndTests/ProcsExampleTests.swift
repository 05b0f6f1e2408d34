import Foundation
import XCTest

/// The live example (`Examples/Procs`, built as `tabnav-procs`): with no key pressed, its pages and
/// badges change as the machine does, tabs come and go from code, and search finds a tab that
/// appeared after the launch.
final class ProcsExampleTests: EndToEndTestCase {
    private var sleepers: [pid_t] = []

    override func tearDownWithError() throws {
        for pid in sleepers {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        try super.tearDownWithError()
    }

    /// The number the Processes row shows at its right end, in the sidebar.
    private func processBadge(_ screen: Screen) -> Int? {
        guard let row = screen.lines.first(where: { $0.contains("≣ Processes") && $0.contains("│") }) else { return nil }
        let left = row.split(separator: "│").first ?? ""
        return left.split(separator: " ").last.flatMap { Int($0) }
    }

    func testTheExampleChangesOnItsOwnAndFindsWhatAppearedAfterTheLaunch() throws {
        let run = try launch(columns: 120, rows: 20, environment: ["XDG_STATE_HOME": stateDir.path],
                             defaultOptions: false, program: "tabnav-procs")
        // The page changes with no key pressed: one sample, then the next.
        // (A sample is several requests, sent one after the other: the badge may follow a frame later.)
        let shown = try run.wait(for: "the first sample", timeout: 10) { $0.contains("Sample     1") && self.processBadge($0) != nil }
        let first = try XCTUnwrap(processBadge(shown), "\(shown)")
        _ = try run.wait(for: "the second sample", timeout: 10) { $0.contains("Sample     2") }
        // Tabs added from code: the Recent section holds the newest processes (the section is
        // empty in the layout).
        let recent = try XCTUnwrap(shown.row(containing: "Recent"), "\(shown)")
        XCTAssertTrue(shown.lines[recent + 1].contains("◔ "), "\(shown)")
        // New processes after the launch: the badge follows, and search finds them among the
        // Processes page's live entries (this machine may be busy: other processes come and go
        // too, so the count only has to change).
        for _ in 0..<3 { sleepers.append(try SignalHarness.spawn("/bin/sleep", ["60"])) }
        let newest = try XCTUnwrap(sleepers.last)
        _ = try run.wait(for: "the badge to follow", timeout: 10) { (self.processBadge($0) ?? first) != first }
        _ = try run.wait(for: "a sample with the new processes", timeout: 10) { $0.contains("Sample     4") }
        // Search finds a tab that appeared after the launch, added from code. (The Recent tabs
        // follow the newest processes, which on a busy machine change every sample: a title that
        // went before its result showed is tried again with the next.)
        try run.press("/")
        var found = false
        for _ in 0..<5 where !found {
            let now = try run.screen()
            guard let row = now.row(containing: "Recent"), now.lines.indices.contains(row + 1),
                  let mark = now.lines[row + 1].range(of: "◔ ") else { continue }
            let title = now.lines[row + 1][mark.upperBound...].split(separator: "│").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            try run.press("C-u")
            try run.type(title)
            found = (try? run.wait(for: "\(title) found", timeout: 3) { screen in
                screen.lines.contains { $0.contains(title) && $0.contains("in Recent") }
            }) != nil
        }
        let last = try run.screen()
        XCTAssertTrue(found, "search found a Recent tab by its title: \(last)")
        _ = newest
        try run.press("Escape")
        try run.wait(for: "the field left") { $0.footer.contains("NORMAL") }
        try run.press("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        let saved = stateDir.appendingPathComponent("tabnav-procs/procs.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: saved.path), "saved under the example's own name")
    }

    /// README shows what `tabnav-procs render down,enter,tab` prints, byte for byte.
    func testReadmeShowsTheExamplesRenderedScreen() throws {
        let result = try ChildProcess.run(try Self.binary("tabnav-procs"), ["render", "down,enter,tab"],
                                          environment: ["LANG": "C.UTF-8"], scratch: scratch, timeout: 20)
        XCTAssertEqual(result.status, 0, result.standardError)
        let readme = try String(contentsOf: Self.packageDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "### A live example: `tabnav-procs`"))
        let open = try XCTUnwrap(readme[section.upperBound...].range(of: "```\n"))
        let close = try XCTUnwrap(readme[open.upperBound...].range(of: "```\n"))
        XCTAssertEqual(String(readme[open.upperBound..<close.lowerBound]), result.standardOutput)
    }
}
