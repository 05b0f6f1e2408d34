import TabNavDrawing
@testable import TabNavTerminal
import TestSupport
import XCTest

/// The frame encoder on its own: which bytes a change costs, and — through a small terminal model
/// that understands exactly the sequences of the capabilities below — that the screen always ends
/// up showing the frame.
final class FrameEncoderTests: XCTestCase {
    /// xterm-256color's capabilities as terminfo gives them.
    static let xterm: [String: String] = [
        "cup": "\u{1B}[%i%p1%d;%p2%dH", "hpa": "\u{1B}[%i%p1%dG", "sgr0": "\u{1B}(B\u{1B}[m",
        "op": "\u{1B}[39;49m", "bold": "\u{1B}[1m", "dim": "\u{1B}[2m", "smul": "\u{1B}[4m", "rev": "\u{1B}[7m",
        "sitm": "\u{1B}[3m", "el": "\u{1B}[K", "clear": "\u{1B}[H\u{1B}[2J",
        "setaf": "\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m",
        "setab": "\u{1B}[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m",
    ]

    override func setUp() {
        super.setUp()
        XCTAssertTrue(TerminalScreen.adoptEnvironmentLocale(), "run the tests with LANG=C.UTF-8 (widths come from wcwidth)")
    }

    private func encoder(wrapsEarly: Bool = false, without missing: Set<String> = [], depth: ColorDepth = .full256,
                         ncv: Int = -1, movesInStyle: Bool = true) -> FrameEncoder {
        let capabilities = TerminalCapabilities(
            lookup: { missing.contains($0) ? nil : Self.xterm[$0].map { Array($0.utf8) } },
            flag: { name in name == "am" || (name == "xenl" && !wrapsEarly) || (name == "msgr" && movesInStyle) },
            number: { $0 == "ncv" ? ncv : -1 })
        return FrameEncoder(capabilities: capabilities, colorDepth: depth, isUTF8: true)
    }

    private func row(_ text: String, style: CellStyle = .plain) -> [Cell] {
        text.map { Cell(text: String($0), style: style) }
    }

    private func encode(_ encoder: inout FrameEncoder, _ previous: [Cell]?, _ current: [Cell], columns: Int) -> String {
        var bytes: [UInt8] = []
        encoder.encode(previous: previous, current: current, columns: columns, visibleColumns: columns,
                       visibleRows: current.count / columns, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func testAnUnchangedFrameCostsNothing() {
        var encoder = encoder()
        let frame = row("abcdef")
        XCTAssertEqual(encode(&encoder, frame, frame, columns: 3), "")
    }

    func testOneChangedCellIsAMoveAndACharacter() {
        var encoder = encoder()
        let old = row("abcdef")
        var new = old
        new[4] = Cell(text: "X")
        XCTAssertEqual(encode(&encoder, old, new, columns: 3), "\u{1B}[2;2H\u{1B}(B\u{1B}[m\u{1B}[39;49mX",
                       "style unknown at first: reset once; then the address and the character")
        var newer = new
        newer[1] = Cell(text: "Y")
        XCTAssertEqual(encode(&encoder, new, newer, columns: 3), "\u{1B}[1;2HY", "style known now: no reset")
    }

    func testSmallGapsAreRewrittenAndLargeOnesSkipped() {
        var encoder = encoder()
        let old = row("abcdefghijkl")
        var new = old
        new[0] = Cell(text: "A")
        new[3] = Cell(text: "D") // two unchanged between: rewritten, cheaper than a move
        new[10] = Cell(text: "K") // six unchanged between: a column move
        let output = encode(&encoder, old, new, columns: 12)
        XCTAssertTrue(output.hasSuffix("AbcD\u{1B}[11GK"), output)
    }

    func testStylesAreAddedOrResetOnlyWhenTheyChange() {
        var encoder = encoder()
        let bold = CellStyle(.bold, foreground: 117)
        let boldReverse = CellStyle([.bold, .reverse], foreground: 117, background: 236)
        let frame = row("ab", style: bold) + row("cd", style: boldReverse) + row("ef")
        let output = encode(&encoder, nil, frame, columns: 6)
        XCTAssertEqual(output, "\u{1B}[1;1H\u{1B}(B\u{1B}[m\u{1B}[39;49m\u{1B}[1m\u{1B}[38;5;117mab"
            + "\u{1B}[7m\u{1B}[48;5;236mcd" + "\u{1B}(B\u{1B}[m\u{1B}[39;49mef")
    }

    /// A run of changed characters in the style just set is written as bytes alone; the run stops
    /// at an unchanged cell, a cell of another style and the row's blank tail.
    func testARunOfChangedCharactersIsJustTheirBytes() {
        var encoder = encoder()
        let old = row("abcdefghij") + row("klmnopqrst")
        var new = row("aXYZeVghij") + row("kl12opqrst")
        new[13] = Cell(text: "3", style: CellStyle(.bold))
        for index in 16..<20 { new[index] = .blank }
        XCTAssertEqual(encode(&encoder, old, new, columns: 10),
                       "\u{1B}[1;2H\u{1B}(B\u{1B}[m\u{1B}[39;49mXYZ" + "e" + "V" // one unchanged letter rewritten
                       + "\u{1B}[2;3H1" + "\u{1B}[1m3" + "\u{1B}[7G\u{1B}(B\u{1B}[m\u{1B}[K")
        var newer = new
        newer[0] = Cell(text: "A")
        XCTAssertEqual(encode(&encoder, new, newer, columns: 10), "\u{1B}[1;1HA", "the style is still known")
    }

    func testARowThatEndsInBlanksIsErased() {
        var encoder = encoder()
        let old = row("abcdefgh")
        let new = row("ab      ")
        let output = encode(&encoder, old, new, columns: 8)
        XCTAssertTrue(output.hasSuffix("\u{1B}[1;3H\u{1B}(B\u{1B}[m\u{1B}[39;49m\u{1B}[K"), output.debugDescription)
    }

    func testAChangedContinuationRedrawsItsWideCharacter() {
        var encoder = encoder()
        let wide = [Cell(text: "日", width: 2), .continuation(.plain)]
        let old = row("a") + wide + row("b")
        var new = old
        new[2] = .continuation(CellStyle(.reverse))
        let output = encode(&encoder, old, new, columns: 4)
        XCTAssertTrue(output.hasSuffix("\u{1B}[1;2H\u{1B}(B\u{1B}[m\u{1B}[39;49m日"), output.debugDescription)
    }

    func testAWideCharacterOfTheWrongWidthBecomesAStandIn() {
        var encoder = encoder()
        let frame = [Cell(text: "a", width: 2), .continuation(.plain), Cell(text: "\u{7}")] + row("b")
        let output = encode(&encoder, nil, frame, columns: 4)
        XCTAssertTrue(output.hasSuffix("?  b"), "an ASCII letter claimed wide, then a control: stand-ins keep columns: \(output.debugDescription)")
    }

    func testTheBottomRightCellIsLeftAloneWhereWritingItScrolls() {
        var early = encoder(wrapsEarly: true)
        XCTAssertFalse(encode(&early, nil, row("abcd"), columns: 2).contains("d"))
        var normal = encoder()
        XCTAssertTrue(encode(&normal, nil, row("abcd"), columns: 2).hasSuffix("d"))
    }

    func testWithoutClearEveryCellIsWrittenAgain() {
        var encoder = encoder(without: ["clear"])
        var bytes: [UInt8] = []
        encoder.clear(into: &bytes)
        encoder.encode(previous: nil, current: row("a b "), columns: 4, visibleColumns: 4, visibleRows: 1, into: &bytes)
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).hasSuffix("a b "), "the blanks are written too")
    }

    func testAttributesTheTerminalCannotShowWithColourAreLeftOut() {
        var encoder = encoder(ncv: 18) // the Linux console: underline and dim
        let output = encode(&encoder, nil, row("a", style: CellStyle([.underline, .bold], foreground: 1)) + row("b", style: CellStyle(.underline)), columns: 2)
        XCTAssertFalse(output.contains("\u{1B}[4m\u{1B}[31m"), output.debugDescription)
        XCTAssertTrue(output.contains("\u{1B}[1m\u{1B}[31ma"), output.debugDescription)
        XCTAssertTrue(output.contains("\u{1B}[4mb"), "without colour, underline is shown: \(output.debugDescription)")
    }

    func testWithoutMsgrTheStyleIsResetBeforeAMove() {
        var encoder = encoder(movesInStyle: false)
        var frame = row("ab      cd", style: CellStyle(.reverse))
        for index in 2..<8 { frame[index] = .blank }
        let output = encode(&encoder, row("          "), frame, columns: 10)
        XCTAssertTrue(output.contains("ab\u{1B}(B\u{1B}[m\u{1B}[9G\u{1B}[7mcd"), output.debugDescription)
    }

    /// The random walk below on terminals of other kinds: fewer colours, no colour, no `hpa`, no
    /// `el`, no `op`, no `clear`, `ncv`, no `msgr`, a bottom-right cell that scrolls.
    func testTheScreenShowsTheFrameOnOtherTerminals() throws {
        let variants: [(String, FrameEncoder)] = [
            ("8 colours", encoder(depth: .eight)), ("no colour", encoder(depth: .none)),
            ("no hpa, el, op", encoder(without: ["hpa", "el", "op"])), ("no clear", encoder(without: ["clear"])),
            ("ncv 18", encoder(ncv: 18)), ("no msgr", encoder(movesInStyle: false)),
            ("am without xenl", encoder(wrapsEarly: true)),
        ]
        for (name, variant) in variants {
            try walk(variant, name: name, seed: 5, steps: 150)
        }
    }

    /// Random frames, one after another: the modelled screen equals each frame.
    func testTheScreenAlwaysShowsTheFrame() throws {
        try walk(encoder(), name: "xterm-256color", seed: 11, steps: 400)
    }

    /// The same walk with words and runs of spaces drawn over each other: long runs of changed
    /// ASCII cells, some in the style the terminal already has and some not, the encoder's plain
    /// runs, cut by wide characters, unchanged cells, a blank tail and the row's end.
    func testTheScreenShowsFramesOfWords() throws {
        let variants: [(String, FrameEncoder)] = [
            ("xterm-256color", encoder()), ("no colour", encoder(depth: .none)), ("ncv 18", encoder(ncv: 18)),
            ("no hpa, el, op", encoder(without: ["hpa", "el", "op"])), ("no clear", encoder(without: ["clear"])),
            ("no msgr", encoder(movesInStyle: false)), ("am without xenl", encoder(wrapsEarly: true)),
        ]
        let words = ["hello", "ab cd", "     ", "x", "tab bar", "Zz~!", "日x日", "é", "                 "]
        for (name, variant) in variants {
            try walk(variant, name: name, seed: 23, steps: 300, texts: words)
        }
    }

    private func walk(_ start: FrameEncoder, name: String, seed: UInt64, steps: Int,
                      texts: [String] = ["a", "b", " ", "é", "e\u{301}", "─", "☰"]) throws {
        var random = SplitMix64(seed: seed)
        let columns = 17
        let rows = 6
        let styles = [CellStyle.plain, CellStyle(.bold), CellStyle(.reverse, foreground: 117),
                      CellStyle(.dim, background: 236), CellStyle([.underline, .italic], foreground: 3)]
        var encoder = start
        let capabilities = start.capabilities
        var screen = ScreenModel(columns: columns, rows: rows)
        var previous: [Cell]? = nil
        var grid = CellGrid(columns: columns, rows: rows)
        for step in 0..<steps {
            // Change a few cells (sometimes many), keeping wide characters whole.
            let changes = Int.random(in: 0...(step % 10 == 0 ? 60 : 6), using: &random)
            for _ in 0..<changes {
                let index = Int.random(in: 0..<(columns * rows), using: &random)
                let text = Bool.random(using: &random) ? "日" : texts.randomElement(using: &random)!
                grid.draw(text, column: index % columns, row: index / columns,
                          style: styles.randomElement(using: &random)!, ascii: false)
            }
            let frame = grid.cells
            var bytes: [UInt8] = []
            if previous == nil || step % 97 == 0 {
                encoder.clear(into: &bytes)
                previous = nil
            }
            encoder.encode(previous: previous, current: frame, columns: columns, visibleColumns: columns,
                           visibleRows: rows, into: &bytes)
            try screen.apply(bytes)
            var expected = frame.map { ScreenModel.Shown($0, depth: start.colorDepth, notWithColor: capabilities.attributesNotWithColor) }
            if capabilities.wrapsEarly {
                // The bottom-right cell is never written there (nor a wide character reaching it).
                for index in (expected.count - 2)..<expected.count { expected[index] = screen.cells[index] }
            }
            if screen.cells != expected {
                let index = expected.indices.first { screen.cells[$0] != expected[$0] } ?? 0
                XCTFail("\(name), step \(step): at row \(index / columns), column \(index % columns) the screen shows "
                        + "\(screen.cells[index]) instead of \(expected[index]); bytes: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                return
            }
            previous = frame
        }
    }
}

/// A terminal that understands the sequences of `FrameEncoderTests.xterm` and nothing else
/// (anything unknown fails the test): enough to check what the encoder's bytes show.
struct ScreenModel {
    struct Shown: Equatable, CustomStringConvertible {
        var text: String
        var style: CellStyle
        init(text: String, style: CellStyle) {
            self.text = text
            self.style = style
        }
        /// What a terminal of `depth` that cannot combine `notWithColor` with colour shows.
        init(_ cell: Cell, depth: ColorDepth = .full256, notWithColor: CellStyle.Attributes = []) {
            text = cell.isContinuation ? "" : cell.text
            style = cell.style
            style.foreground = depth.map(style.foreground)
            style.background = depth.map(style.background)
            if style.foreground != nil || style.background != nil { style.attributes.subtract(notWithColor) }
        }
        var description: String { "\(text.debugDescription)\(style)" }
    }

    struct Unknown: Error { let sequence: String }

    let columns: Int
    let rows: Int
    var cells: [Shown]
    var row = 0
    var column = 0
    var style = CellStyle.plain

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Shown(text: " ", style: .plain), count: columns * rows)
    }

    mutating func apply(_ bytes: [UInt8]) throws {
        var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "\u{1B}" {
                try escape(&scalars)
            } else if scalar.properties.generalCategory == .nonspacingMark {
                let previous = row * columns + column - 1
                cells[previous].text.unicodeScalars.append(scalar)
            } else {
                // The encoder never relies on wrapping: a character past the last column is an error.
                guard column < columns else { throw Unknown(sequence: "text after the last column") }
                let wide = scalar == "日"
                cells[row * columns + column] = Shown(text: String(scalar), style: style)
                if wide { cells[row * columns + column + 1] = Shown(text: "", style: style) }
                column += wide ? 2 : 1
            }
        }
    }

    private mutating func escape(_ scalars: inout Substring.UnicodeScalarView) throws {
        guard let kind = scalars.first else { throw Unknown(sequence: "ESC at end") }
        scalars = scalars.dropFirst()
        if kind == "(" {
            scalars = scalars.dropFirst() // charset designation
            return
        }
        guard kind == "[" else { throw Unknown(sequence: "ESC \(kind)") }
        var parameters = ""
        while let next = scalars.first, !(("@"..."~") ~= next) {
            parameters.unicodeScalars.append(next)
            scalars = scalars.dropFirst()
        }
        guard let final = scalars.first else { throw Unknown(sequence: "CSI \(parameters)") }
        scalars = scalars.dropFirst()
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case "H":
            row = max(1, numbers.first ?? 1) - 1
            column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
        case "G":
            column = max(1, numbers.first ?? 1) - 1
        case "K":
            for x in column..<columns { cells[row * columns + x] = Shown(text: " ", style: style) }
        case "J":
            cells = Array(repeating: Shown(text: " ", style: style), count: columns * rows)
        case "m":
            try graphicRendition(numbers)
        default:
            throw Unknown(sequence: "CSI \(parameters)\(final)")
        }
    }

    private mutating func graphicRendition(_ numbers: [Int]) throws {
        var index = 0
        while index < numbers.count {
            switch numbers[index] {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 30...37: style.foreground = UInt8(numbers[index] - 30)
            case 40...47: style.background = UInt8(numbers[index] - 40)
            case 39: style.foreground = nil
            case 49: style.background = nil
            case 38, 48:
                guard index + 2 < numbers.count, numbers[index + 1] == 5 else { throw Unknown(sequence: "SGR \(numbers)") }
                if numbers[index] == 38 { style.foreground = UInt8(numbers[index + 2]) } else { style.background = UInt8(numbers[index + 2]) }
                index += 2
            default:
                throw Unknown(sequence: "SGR \(numbers)")
            }
            index += 1
        }
    }
}
