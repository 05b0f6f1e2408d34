import Foundation
import TestSupport
import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
import TabNavDemo

/// docs/behaviour.md, "Quality bars": whatever bytes lie in a state or layout file, the program never crashes and
/// never hangs. A state file is either loaded (and then usable) or set aside with its bytes intact;
/// a layout file gives a valid layout or one clear line naming the problem.
///
/// Every input goes through both loaders: random bytes, JSON-like token soup, every truncation
/// of valid files, every value of valid files replaced by values of the wrong type and by extreme
/// numbers (1e400, -0, 2^64…), broken UTF-8, 100,000 levels of nesting and 10 MB files. Run time
/// is bounded by the inputs' sizes (no timers): each input is parsed once per loader.
/// `TABNAV_FUZZ_STEPS` scales the number of random inputs.
final class HostileFileTests: XCTestCase {
    /// A state file as the program writes it (with run-time tabs and drops).
    static let validState: [UInt8] = {
        var state = SavedState()
        state.customization.tabBar = ["library", "new", "collections"]
        state.customization.hidden = ["downloads"]
        state.customization.sectionOrder = ["collections": ["forest-life", "cinematic-shots"]]
        state.customization.collapsed = ["animations"]
        state.customization.sidebarVisible = true
        state.customization.selected = "library"
        state.customization.knownIDs = ["library", "new", "collections", "downloads"]
        state.addedTabs = [AddedTab(section: "collections", id: "c-1", title: "Road Trip")]
        state.drops = ["c-1": ["v1", "v2"]]
        return Array(SavedStateCoding.encodedText(state).utf8)
    }()

    static let validLayout: [UInt8] = Array(LayoutLoaderTests.specExample.utf8)

    /// One hostile input and its name (for failure messages).
    struct Input {
        var name: String
        var bytes: [UInt8]
    }

    // MARK: Tests

    func testTruncatedValidFiles() throws {
        var inputs: [Input] = []
        for (kind, document) in [("state", Self.validState), ("layout", Self.validLayout)] {
            for length in 0..<document.count {
                inputs.append(Input(name: "\(kind) file cut to \(length) bytes", bytes: Array(document.prefix(length))))
            }
        }
        let outcome = try Self.checkAll(inputs)
        XCTAssertGreaterThan(outcome.statesSetAside, Self.validState.count / 2, "most cut state files are unusable")
        XCTAssertGreaterThan(outcome.layoutErrors, Self.validLayout.count / 2)
    }

    func testValuesOfTheWrongTypeAndExtremeNumbers() throws {
        var inputs: [Input] = []
        for (kind, document) in [("state", Self.validState), ("layout", Self.validLayout)] {
            let root = try JSONParser.parse(document)
            for path in Self.paths(in: root) {
                for replacement in Self.replacements {
                    let text = Self.text(of: root, replacing: path, with: replacement)
                    inputs.append(Input(name: "\(kind) with \(path.joined(separator: ".")) = \(replacement.prefix(40))",
                                        bytes: Array(text.utf8)))
                }
            }
        }
        let outcome = try Self.checkAll(inputs)
        XCTAssertGreaterThan(outcome.statesLoaded, 0, "lenient fields still load")
        XCTAssertGreaterThan(outcome.statesSetAside, 0)
        XCTAssertGreaterThan(outcome.layoutsLoaded, 0)
        XCTAssertGreaterThan(outcome.layoutErrors, 0)
    }

    func testExtremeNumbersAsTheVersion() throws {
        let numbers = ["1e400", "-1e400", "-0", "0", "18446744073709551616", "-9223372036854775809", "1.0000000000000002",
                       "1e-400", "9007199254740993", "1.0", "1e0", "0.1e1", "10e-1"]
        var inputs: [Input] = []
        for number in numbers {
            let text = String(decoding: Self.validState, as: UTF8.self)
                .replacingOccurrences(of: "\"version\": 1", with: "\"version\": \(number)")
            XCTAssertTrue(text.contains("\"version\": \(number)"), "the state file's version is written as expected")
            inputs.append(Input(name: "version \(number)", bytes: Array(text.utf8)))
        }
        try Self.checkAll(inputs)
        // Only numbers equal to 1 are version 1.
        for (number, input) in zip(numbers, inputs) {
            let folder = try TemporaryFolder()
            let store = StateStore(directory: folder.path, layoutID: "hostile")
            XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: Data(input.bytes)))
            let isOne = ["1.0", "1e0", "0.1e1", "10e-1"].contains(number)
            if case .loaded = store.load() {
                XCTAssertTrue(isOne, "version \(number) was accepted")
            } else {
                XCTAssertFalse(isOne, "version \(number) was refused")
            }
        }
    }

    func testBrokenUTF8AndControlCharacters() throws {
        let pieces: [[UInt8]] = [
            [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x00],
            Array("\\ud800".utf8), Array("\\udc00\\ud800".utf8), Array("\\u0000".utf8), [0x1B, 0x5B, 0x32, 0x4A],
            [0x7F], [0xC2, 0x9B], Array("\u{202E}".utf8),
        ]
        var inputs: [Input] = []
        for (kind, document) in [("state", Self.validState), ("layout", Self.validLayout)] {
            // Into every string, one at a time: the first quote of each string.
            let quotes = document.indices.filter { document[$0] == UInt8(ascii: "\"") }
            for (n, quote) in quotes.enumerated() where n % 2 == 0 {
                for piece in pieces {
                    var bytes = document
                    bytes.insert(contentsOf: piece, at: quote + 1)
                    inputs.append(Input(name: "\(kind) with \(piece) in string #\(n / 2)", bytes: bytes))
                }
            }
            inputs.append(Input(name: "\(kind) after a BOM", bytes: [0xEF, 0xBB, 0xBF] + document))
            inputs.append(Input(name: "\(kind) in UTF-16", bytes: Array(String(decoding: document, as: UTF8.self).utf16).flatMap {
                [UInt8($0 & 0xFF), UInt8($0 >> 8)]
            }))
        }
        let outcome = try Self.checkAll(inputs)
        XCTAssertGreaterThan(outcome.layoutsLoaded, 0, "escaped and valid odd characters in titles still load")
    }

    func testDeepNesting() throws {
        let depth = 100_000
        let open = [UInt8](repeating: UInt8(ascii: "["), count: depth)
        let close = [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let objects = Array(String(repeating: "{\"a\":", count: depth).utf8)
        try Self.checkAll([
            Input(name: "100,000 [", bytes: open),
            Input(name: "100,000 [ closed", bytes: open + close),
            Input(name: "100,000 {\"a\":", bytes: objects),
            Input(name: "state with tabBar nested 100,000 deep",
                  bytes: Array("{\"version\": 1, \"tabBar\": ".utf8) + open + close + Array("}".utf8)),
            Input(name: "layout with tabs nested 100,000 deep",
                  bytes: Array("{\"id\": \"x\", \"title\": \"X\", \"tabs\": ".utf8) + open + close + Array("}".utf8)),
            Input(name: "sections nested 100 deep", bytes: Array((
                String(repeating: "{\"id\":\"x\",\"title\":\"X\",\"tabs\":[", count: 1)
                + (0..<100).map { "{\"section\":\"s\($0)\",\"title\":\"S\",\"tabs\":[" }.joined()
                + "{\"id\":\"leaf\",\"title\":\"Leaf\"}" + String(repeating: "]}", count: 101)).utf8)),
        ])
    }

    func testTenMegabyteFiles() throws {
        let size = 10 << 20
        var rng = SplitMix64(seed: 10)
        let noise = (0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        // Valid JSON of 10 MB: a state whose bar lists a million ids, a layout with a 10 MB
        // title, and a layout of 10 MB of tabs.
        var bar = "{\"version\": 1, \"tabBar\": ["
        var n = 0
        while bar.utf8.count < size {
            bar += "\"x\(n)\","
            n += 1
        }
        bar += "\"library\"], \"hidden\": [], \"sectionOrder\": {}, \"knownIDs\": []}"
        let longTitle = "{\"id\": \"big\", \"title\": \"" + String(repeating: "Title ", count: size / 6) + "\", \"tabs\": [{\"id\": \"a\", \"title\": \"A\"}]}"
        var tabs = "{\"id\": \"many\", \"title\": \"Many\", \"tabs\": ["
        var t = 0
        while tabs.utf8.count < size {
            tabs += "{\"id\": \"t\(t)\", \"title\": \"Tab \(t) with a reasonably long title\", \"badge\": \(t)},"
            t += 1
        }
        tabs += "{\"section\": \"s\", \"title\": \"S\"}]}"
        let unknownPlacement = "{\"id\": \"x\", \"title\": \"X\", \"tabs\": [{\"id\": \"a\", \"title\": \"A\", \"placement\": \""
            + String(repeating: "p", count: size) + "\"}]}"
        let outcome = try Self.checkAll([
            Input(name: "10 MB of random bytes", bytes: noise),
            Input(name: "10 MB state with \(n) bar ids", bytes: Array(bar.utf8)),
            Input(name: "10 MB title", bytes: Array(longTitle.utf8)),
            Input(name: "10 MB of \(t) tabs", bytes: Array(tabs.utf8)),
            Input(name: "10 MB placement name", bytes: Array(unknownPlacement.utf8)),
        ])
        XCTAssertEqual(outcome.statesLoaded, 1, "the 10 MB state file is valid")
        XCTAssertEqual(outcome.layoutsLoaded, 2, "the 10 MB layouts are valid")
    }

    /// A FIFO, a device or a folder in the state file's place is set aside, never read (a FIFO
    /// without a writer used to block the program's start for ever).
    func testSpecialFilesInTheStateFilesPlace() throws {
        let folder = try TemporaryFolder()
        let store = StateStore(directory: folder.path, layoutID: "hostile")
        XCTAssertEqual(mkfifo(store.path, 0o600), 0)
        guard case .corrupt(let kept, let reason) = store.load() else { return XCTFail("a FIFO was not set aside") }
        XCTAssertTrue(reason.contains("not a regular file"), reason)
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept))
        XCTAssertEqual(store.load(), .missing)

        XCTAssertEqual(symlink("/dev/zero", store.path), 0)
        guard case .corrupt(_, let deviceReason) = store.load() else { return XCTFail("/dev/zero was not set aside") }
        XCTAssertTrue(deviceReason.contains("not a regular file"), deviceReason)
        XCTAssertEqual(store.load(), .missing)

        XCTAssertEqual(mkdir(store.path, 0o700), 0)
        guard case .corrupt = store.load() else { return XCTFail("a folder was not set aside") }
        XCTAssertNoThrow(try store.save(SavedState()))
        XCTAssertEqual(store.load(), .loaded(SavedState()))

        // As a layout, a folder is refused in one line. (A FIFO is read as the pipe it is, so
        // `--layout <(cmd)` works, and /dev/zero is refused after 64 MB: correct but slow in debug.)
        XCTAssertThrowsError(try LayoutLoader.load(path: folder.path)) { error in
            let message = (error as? LayoutError)?.description ?? ""
            XCTAssertTrue(message.contains(folder.path) && message.contains("directory"), message)
            XCTAssertTrue(Self.isOneClearLine(message), message)
        }
    }

    // MARK: Checking one input through both loaders

    struct Outcome {
        var statesLoaded = 0
        var statesSetAside = 0
        var layoutsLoaded = 0
        var layoutErrors = 0
    }

    @discardableResult
    static func checkAll(_ inputs: [Input], file: StaticString = #filePath, line: UInt = #line) throws -> Outcome {
        let folder = try TemporaryFolder()
        var tick = 1_800_000_000
        let store = StateStore(directory: folder.path, layoutID: "hostile", clock: { tick += 1; return tick })
        let hierarchy = try TabHierarchy(DemoCatalogue.layout)
        var outcome = Outcome()
        for input in inputs {
            try checkState(input, store: store, hierarchy: hierarchy, outcome: &outcome, file: file, line: line)
            checkLayout(input, path: folder.path + "/layout.json", outcome: &outcome, file: file, line: line)
        }
        return outcome
    }

    /// Loaded (and then usable by the model), or set aside with the very same bytes; never
    /// missing, and the folder is ready for the next save.
    static func checkState(_ input: Input, store: StateStore, hierarchy: TabHierarchy, outcome: inout Outcome,
                    file: StaticString, line: UInt) throws {
        let data = Data(input.bytes)
        XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: data), input.name, file: file, line: line)
        switch store.load() {
        case .missing:
            XCTFail("\(input.name): an existing state file was reported missing", file: file, line: line)
        case .loaded(let saved):
            outcome.statesLoaded += 1
            XCTAssertEqual(FileManager.default.contents(atPath: store.path), data, "\(input.name): a loaded file is left alone",
                           file: file, line: line)
            // The model makes sense of whatever the file said.
            let state = AppState(hierarchy: hierarchy, saved: saved, options: AppOptions(), size: TerminalSize(columns: 100, rows: 30))
            var walk = try ModelFuzzTests.Walk(seed: 0)
            walk.model = state.model
            XCTAssertNoThrow(try walk.checkInvariants(), input.name, file: file, line: line)
            try FileManager.default.removeItem(atPath: store.path)
        case .corrupt(let keptAs, let reason):
            outcome.statesSetAside += 1
            XCTAssertTrue(keptAs.hasPrefix(store.path + ".corrupt-"), "\(input.name): kept as \(keptAs)", file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "\(input.name): the file was not moved",
                           file: file, line: line)
            XCTAssertTrue(FileManager.default.contents(atPath: keptAs) == data, "\(input.name): the set-aside file's bytes differ",
                          file: file, line: line)
            XCTAssertTrue(Self.isOneClearLine(reason), "\(input.name): reason \(reason.prefix(300).debugDescription)",
                          file: file, line: line)
            try FileManager.default.removeItem(atPath: keptAs)
        }
    }

    /// A layout that builds a hierarchy, or one clear line naming the file.
    static func checkLayout(_ input: Input, path: String, outcome: inout Outcome, file: StaticString, line: UInt) {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(input.bytes)), input.name, file: file, line: line)
        do {
            let layout = try LayoutLoader.load(path: path)
            outcome.layoutsLoaded += 1
            XCTAssertNoThrow(try TabHierarchy(layout), input.name, file: file, line: line)
        } catch {
            outcome.layoutErrors += 1
            let text = error.description
            XCTAssertTrue(Self.isOneClearLine(text), "\(input.name): error \(text.prefix(300).debugDescription)", file: file, line: line)
            XCTAssertTrue(text.hasPrefix(path), "\(input.name): the error does not name the file: \(text.prefix(300))",
                          file: file, line: line)
        }
    }

    /// Non-empty, one line, no control characters, and short enough to read (it never repeats a
    /// whole hostile value).
    static func isOneClearLine(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.count <= 400
            && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    // MARK: Building variants of a document

    static let replacements = [
        "null", "true", "false", "0", "-0", "1", "-1", "1.5", "1e400", "-1e400", "18446744073709551616", "1e-400",
        "\"\"", "\"x\"", "\"\\u0000\\u001b[2J\"", "[]", "[null]", "{}", "{\"a\": 1}", "[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]",
        "\"" + String(repeating: "w", count: 5000) + "\"",
    ]

    /// Every path to a value: object keys and array indices as text.
    static func paths(in value: JSONValue, prefix: [String] = []) -> [[String]] {
        var result: [[String]] = prefix.isEmpty ? [] : [prefix]
        switch value {
        case .array(let elements):
            for (i, element) in elements.enumerated() { result += paths(in: element, prefix: prefix + ["\(i)"]) }
        case .object(let members):
            for member in members { result += paths(in: member.value, prefix: prefix + [member.key]) }
        default:
            break
        }
        return result
    }

    /// The document's text with the value at `path` replaced by raw JSON text (which may hold
    /// numbers no `Double` can, such as 1e400).
    static func text(of root: JSONValue, replacing path: [String], with raw: String) -> String {
        let marker = "@@REPLACED-VALUE@@"
        func replace(_ value: JSONValue, _ rest: ArraySlice<String>) -> JSONValue {
            guard let key = rest.first else { return .string(marker) }
            switch value {
            case .array(var elements):
                if let i = Int(key), elements.indices.contains(i) { elements[i] = replace(elements[i], rest.dropFirst()) }
                return .array(elements)
            case .object(var members):
                if let i = members.firstIndex(where: { $0.key == key }) {
                    members[i].value = replace(members[i].value, rest.dropFirst())
                }
                return .object(members)
            default:
                return value
            }
        }
        return JSONWriter.string(replace(root, path[...]), style: .pretty)
            .replacingOccurrences(of: "\"\(marker)\"", with: raw)
    }
}

/// Random bytes and JSON-like token soup through both loaders, with the checks of
/// `HostileFileTests`. `TABNAV_FUZZ_STEPS` sets the number of inputs of each kind (at most 100,000).
final class HostileFileFuzzTests: XCTestCase {
    static var count: Int { min(FuzzSettings.steps(150), 100_000) }

    func testRandomBytes() throws {
        var rng = SplitMix64(seed: 0xB17E5)
        var inputs: [HostileFileTests.Input] = []
        for i in 0..<Self.count {
            let length = rng.pick([0, 1, 2, 7, 64, 500, 4096])
            inputs.append(HostileFileTests.Input(name: "random bytes #\(i) (\(length))", bytes: (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }))
        }
        // JSON-looking token soup reaches further into the parsers than uniform bytes.
        let tokens = ["{", "}", "[", "]", ":", ",", "\"", "\"id\"", "\"tabs\"", "\"version\"", "1", "-0", "1e400",
                      "true", "null", "\"x\"", " ", "\n", "\\", "\\u", "\\ud800", "0.", "-", "e", "\u{FEFF}", "\u{0}"]
        for i in 0..<Self.count {
            let text = (0..<rng.int(in: 1...60)).map { _ in rng.pick(tokens) }.joined()
            inputs.append(HostileFileTests.Input(name: "token soup #\(i): \(text.debugDescription)", bytes: Array(text.utf8)))
        }
        try HostileFileTests.checkAll(inputs)
    }
}
