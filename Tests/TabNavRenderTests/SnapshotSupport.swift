import Foundation
import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavDemo
import TabNavRender

/// Whole-screen text snapshots, in the spirit of Textual's `snap_compare`: a scene (hierarchy,
/// options, size, keys) is driven through the same reducer and renderer as `tabnav-tui render`,
/// and the plain text of the frame is compared with `Snapshots/<name>.txt`.
///
/// Set `TABNAV_RECORD_SNAPSHOTS=1` to (re)write the files instead of comparing; the tests then
/// pass and the new files are reviewed in `git diff`.
enum Snapshot {
    /// Where the `.txt` files live: next to this source file.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots", isDirectory: true)

    /// The sample layouts shipped in `Demo/layouts`.
    static let layoutsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Demo/layouts", isDirectory: true)

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["TABNAV_RECORD_SNAPSHOTS"] == "1"
    }

    static func url(named name: String) -> URL {
        directory.appendingPathComponent(name + ".txt")
    }

    /// Compares `actual` with the stored snapshot `name` (or records it).
    static func assert(_ actual: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = url(named: name)
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data((actual + "\n").utf8).write(to: url, options: .atomic)
            } catch {
                XCTFail("Could not record snapshot \(name) at \(url.path): \(error)", file: file, line: line)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            XCTFail("""
                Missing snapshot \(name) (\(url.path)). Record it with:
                  TABNAV_RECORD_SNAPSHOTS=1 swift test --filter TabNavRenderTests
                then review the new file.
                """, file: file, line: line)
            return
        }
        var expected = String(decoding: data, as: UTF8.self)
        if expected.hasSuffix("\n") { expected.removeLast() }
        guard expected != actual else { return }
        XCTFail(difference(expected: expected, actual: actual, name: name), file: file, line: line)
    }

    /// A readable description of the first difference between two screens.
    static func difference(expected: String, actual: String, name: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
        func show(_ lines: [String], _ index: Int) -> String {
            lines.indices.contains(index) ? "|\(lines[index])|" : "(no line)"
        }
        var message = "Snapshot \(name) differs at line \(first + 1)"
        if e.count != a.count { message += " (expected \(e.count) lines, got \(a.count))" }
        message += ":\n  expected: \(show(e, first))\n  actual:   \(show(a, first))"
        message += "\nRe-record with TABNAV_RECORD_SNAPSHOTS=1 if the change is intended. Whole screen now:\n"
        message += actual
        return message
    }
}

/// One screen to snapshot: a hierarchy, the options, a size and the keys pressed since launch.
struct Scene {
    var layout: TabLayout = DemoCatalogue.layout
    var saved: SavedState?
    var options = AppOptions()
    var columns: Int
    var rows: Int
    /// Key names as `tabnav-tui render --keys` takes them ("e,right,enter").
    var keys = ""

    init(layout: TabLayout = DemoCatalogue.layout, saved: SavedState? = nil, options: AppOptions = AppOptions(),
         _ columns: Int, _ rows: Int, keys: String = "") {
        self.layout = layout
        self.saved = saved
        self.options = options
        self.columns = columns
        self.rows = rows
        self.keys = keys
    }

    /// A sample layout from `Demo/layouts` (e.g. "overflow").
    static func layoutFile(_ name: String) throws -> TabLayout {
        try LayoutLoader.load(path: Snapshot.layoutsDirectory.appendingPathComponent(name + ".json").path)
    }

    /// The state after launch and every key, as `tabnav-tui render --no-persist` reaches it.
    func state() throws -> AppState {
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: saved, options: options,
                             size: TerminalSize(columns: columns, rows: rows))
        for action in try KeyNames.parseList(keys) {
            _ = state.apply(action)
        }
        return state
    }

    func style(colorless: Bool = true) -> RenderStyle {
        RenderStyle.forTerminal(ascii: options.ascii, noColor: colorless, depth: colorless ? .none : .full256)
    }

    func frame() throws -> Frame {
        render(try state(), style: style())
    }

    func plainText() throws -> String {
        try frame().grid.plainText()
    }
}

extension XCTestCase {
    /// Renders the scene and compares its plain text with `Snapshots/<name>.txt`.
    func assertSnapshot(_ scene: Scene, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try scene.plainText()
        Snapshot.assert(text, named: name, file: file, line: line)
    }
}
