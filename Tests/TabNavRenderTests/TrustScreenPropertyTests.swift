import XCTest
import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// What the trust screen shows is what runs: for commands made of the characters that hid part
/// of a line before (stacked marks, Hangul vowels, skin-tone modifiers, prepended letters,
/// joiners, variation selectors, wide characters), every printable ASCII character of the
/// command — the shell's syntax and every word of it — is drawn, in order, on the lines of the
/// trust screen, and every line fits its row.
final class TrustScreenPropertyTests: XCTestCase {
    /// A small generator with a fixed seed: the same commands on every run.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    private static let pieces: [String] = [
        "\u{301}", "\u{1161}", "\u{11A8}", "\u{1100}", "\u{1F3FB}", "\u{1F44D}", "\u{D4E}", "\u{200D}", "\u{FE0F}",
        "\u{1171E}", "\u{0903}", "\u{094D}", "\u{0915}", "\u{4E00}", "\u{FF1B}", "\u{05D0}", "\u{0644}", "e",
        ";", "&", "|", " ", "'", "\"", "$", "touch", "x",
    ]

    func testEveryPrintableASCIICharacterOfACommandIsDrawn() {
        var generator = Generator(state: 0x7A61_6E61_76)
        for round in 0..<400 {
            var command = "echo "
            let count = 10 + generator.next(140)
            for _ in 0..<count {
                let piece = Self.pieces[generator.next(Self.pieces.count)]
                // Runs of one piece are what ended lines: repeat some.
                command += String(repeating: piece, count: generator.next(4) == 0 ? 1 + generator.next(60) : 1)
            }
            command += "; touch PWN"
            let shown = LayoutSummary.shown(command, ContentOptions(), folder: nil)
            let width = 30 + generator.next(90)
            let lines = CommandPage.trustLines([shown], width: width, ascii: false)
            var drawn = ""
            for line in lines {
                XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "round \(round): a line wider than its row")
                var grid = CellGrid(columns: width, rows: 1)
                grid.draw(line, column: 0, row: 0, style: .plain, ascii: false)
                drawn += grid.plainText()
            }
            let asciiOf = { (text: String) in String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F })) }
            let expected = asciiOf("$ " + shown)
            XCTAssertEqual(asciiOf(drawn), expected, "round \(round), width \(width): \(command.unicodeScalars.map { String($0.value, radix: 16) })")
            if asciiOf(drawn) != expected { return }
        }
    }
}
