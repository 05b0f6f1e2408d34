import Foundation
import XCTest

/// The frames the program writes to a real terminal (tmux) show exactly what `render` draws for
/// the same keys: the frame encoder (docs/behaviour.md, "Drawing") sends only what changed, so a
/// wrong cursor move, a missed erase or a wide character out of place would leave the terminal
/// showing something else.
final class ScreenAgreementEndToEndTests: EndToEndTestCase {
    /// A key as tmux sends it and as `render --keys` names it.
    private typealias Step = (tmux: String, render: String)

    private let walk: [Step] = [
        ("Right", "right"), ("Right", "right"), ("Left", "left"), ("s", "s"), ("Down", "down"), ("Down", "down"),
        ("Enter", "enter"), ("Tab", "tab"), ("Down", "down"), ("Tab", "tab"), ("e", "e"), ("Right", "right"),
        ("h", "h"), ("e", "e"), ("?", "?"), ("Down", "down"), ("Escape", "esc"), ("/", "/"), ("o", "o"),
        ("c", "c"), ("BSpace", "backspace"), ("Escape", "esc"), ("s", "s"), ("End", "end"), ("Home", "home"),
    ]

    /// `line` without trailing blanks (tmux keeps those drawn on a coloured background).
    private func trimmed(_ line: some StringProtocol) -> String {
        String(line.reversed().drop { $0 == " " }.reversed())
    }

    private func shown(_ screen: Screen) -> [String] { screen.lines.map(trimmed) }

    /// The screen `render` draws after `keys`, trailing blanks trimmed as tmux trims them.
    private func rendered(columns: Int, rows: Int, keys: [String]) throws -> [String] {
        var arguments = ["render", "--size", "\(columns)x\(rows)", "--no-persist"]
        if !keys.isEmpty { arguments += ["--keys", keys.joined(separator: ",")] }
        let result = try ChildProcess.run(try Self.binary(), arguments, environment: ["LANG": "C.UTF-8"], scratch: scratch)
        XCTAssertEqual(result.status, 0, result.standardError)
        var lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(trimmed)
        while lines.count > rows { lines.removeLast() }
        while lines.count < rows { lines.append("") }
        return lines
    }

    private func walkAgrees(columns: Int, rows: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try launch(columns: columns, rows: rows)
        try run.waitForFirstFrame()
        var keys: [String] = []
        let first = try rendered(columns: columns, rows: rows, keys: keys)
        try run.wait(for: "the first frame as render draws it", file: file, line: line) { self.shown($0) == first }
        for step in walk {
            try run.press(step.tmux)
            keys.append(step.render)
            let expected = try rendered(columns: columns, rows: rows, keys: keys)
            try run.wait(for: "the screen after \(keys.joined(separator: ",")) as render draws it:\n"
                         + expected.enumerated().map { "\($0.offset)\t|\($0.element)" }.joined(separator: "\n"),
                         file: file, line: line) { self.shown($0) == expected }
        }
        try quit(run)
    }

    func testAWalkThroughTheDemoShowsWhatRenderDrawsAt100x30() throws {
        try walkAgrees(columns: 100, rows: 30)
    }

    func testAWalkThroughTheDemoShowsWhatRenderDrawsAt40x15() throws {
        try walkAgrees(columns: 40, rows: 15)
    }

    func testAfterAResizeTheScreenShowsWhatRenderDraws() throws {
        let run = try launch(columns: 100, rows: 30)
        try run.waitForFirstFrame()
        try run.press("Down")
        try run.resize(columns: 60, rows: 20)
        let expected = try rendered(columns: 60, rows: 20, keys: ["down"])
        try run.wait(for: "the resized screen as render draws it") { self.shown($0) == expected }
        try run.resize(columns: 100, rows: 30)
        let grown = try rendered(columns: 100, rows: 30, keys: ["down"])
        try run.wait(for: "the grown screen as render draws it") { self.shown($0) == grown }
        try quit(run)
    }
}
