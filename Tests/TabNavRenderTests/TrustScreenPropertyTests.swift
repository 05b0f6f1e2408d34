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
        func tricky() -> String {
            var text = ""
            for _ in 0..<(5 + generator.next(70)) {
                let piece = Self.pieces[generator.next(Self.pieces.count)]
                // Runs of one piece are what ended lines: repeat some.
                text += String(repeating: piece, count: generator.next(4) == 0 ? 1 + generator.next(60) : 1)
            }
            return text
        }
        for round in 0..<400 {
            let command = "echo " + tricky() + tricky() + "; touch PWN"
            // Every other round with a value and a folder of the same characters, and in ASCII.
            var options = ContentOptions()
            if round % 2 == 1 {
                options.environment["V"] = tricky()
                options.cwd = "/srv/" + tricky()
            }
            let ascii = round % 3 == 2
            let shown = LayoutSummary.shown(command, options, folder: "/elsewhere")
            let width = 30 + generator.next(90)
            let lines = CommandPage.trustLines([shown], width: width, ascii: ascii)
            var drawn = ""
            for line in lines {
                XCTAssertLessThanOrEqual(DisplayWidth.of(line, ascii: ascii), width, "round \(round): a line wider than its row")
                var grid = CellGrid(columns: width, rows: 1)
                grid.draw(line, column: 0, row: 0, style: .plain, ascii: ascii)
                drawn += grid.plainText()
            }
            let asciiOf = { (text: String) in String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F })) }
            let expected = asciiOf("$ " + shown)
            // In ASCII every other character is drawn as `?`: the text's own characters still show.
            let drawnText = ascii ? asciiOf(drawn).replacing("?", with: "") : asciiOf(drawn)
            let expectedText = ascii ? expected.replacing("?", with: "") : expected
            XCTAssertEqual(drawnText, expectedText, "round \(round), width \(width), ascii \(ascii): \(shown.unicodeScalars.map { String($0.value, radix: 16) })")
            if drawnText != expectedText { return }
        }
    }
}
