import Foundation
import XCTest

/// The library example of README.md (`Examples/Tasks/main.swift`, built as `tabnav-tasks`): the
/// README shows exactly the file that is compiled, and the program runs as it says.
final class TasksExampleTests: EndToEndTestCase {
    func testReadmeShowsTheExampleThatIsBuilt() throws {
        let readme = try String(contentsOf: Self.packageDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: Self.packageDirectory.appendingPathComponent("Examples/Tasks/main.swift"), encoding: .utf8)
        let library = try XCTUnwrap(readme.range(of: "## Library\n"), "README has a Library section")
        let rest = readme[library.upperBound...]
        let open = try XCTUnwrap(rest.range(of: "```swift\n"), "the Library section shows Swift code")
        let close = try XCTUnwrap(rest[open.upperBound...].range(of: "```\n"))
        XCTAssertEqual(String(rest[open.upperBound..<close.lowerBound]), source,
                       "README's library example must be Examples/Tasks/main.swift, byte for byte")
    }

    func testTheExampleRunsItsOwnPage() throws {
        let run = try launch(columns: 80, rows: 16, environment: ["XDG_STATE_HOME": stateDir.path],
                             defaultOptions: false, program: "tabnav-tasks")
        var screen = try run.waitFor(text: "Water the plants")
        XCTAssertTrue(screen.contains("☐ Water the plants"), "\(screen)")
        // ↓ moves into the page, x is the page's own key: it checks the task off.
        try run.press("Down", "x")
        screen = try run.waitFor(text: "Done: Water the plants")
        XCTAssertTrue(screen.contains("☑ Water the plants"), "\(screen)")
        XCTAssertTrue(screen.contains("☐ Write the weekly report"), "\(screen)")
        // The page's entries are offered to search.
        try run.press("/")
        // (Search matches letters in order: "report" would also find "Renew the passport".)
        try run.type("weekly")
        screen = try run.waitFor(text: "1 found")
        XCTAssertTrue(screen.contains("Write the weekly report"), "\(screen)")
        // Esc and q sent together would read as Alt-q: wait for the field to let go first.
        try run.press("Escape")
        try run.wait(for: "the field left") { $0.footer.contains("NORMAL") }
        try run.press("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        // Under the application's own name (its program's, by default), never tabnav-tui's.
        let saved = stateDir.appendingPathComponent("tabnav-tasks/tasks-example.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: saved.path), "the customization is saved in the XDG state folder")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stateDir.appendingPathComponent("tabnav-tui").path),
                       "nothing lands in tabnav-tui's folder")
    }

    func testTheExampleReportsANonTerminalAndExits2() throws {
        let result = try ChildProcess.run(try Self.binary("tabnav-tasks"), [], environment: ["TERM": "xterm"], scratch: scratch, timeout: 10)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError, "tabnav-tasks: standard output is not a terminal\n")
    }
}
