import Foundation
import XCTest
import TabNavCore
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

/// Every glyph drawn by default is in DejaVu Sans Mono, the usual monospace font of Linux
/// desktops (docs/themes.md, "Glyphs"): no missing-glyph boxes. The font's coverage is read with
/// fontconfig's `fc-query` from Debian's fonts-dejavu-core (`make setup` installs both).
final class GlyphCoverageTests: XCTestCase {
    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    /// The font's character set as ranges of code points (`fc-query --format=%{charset}`).
    static func coverage() throws -> [ClosedRange<UInt32>] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-query")
        process.arguments = ["--format=%{charset}", fontPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: " ").compactMap { part in
            let bounds = part.split(separator: "-").compactMap { UInt32($0, radix: 16) }
            guard let first = bounds.first else { return nil }
            return first...(bounds.last ?? first)
        }
    }

    private var ranges: [ClosedRange<UInt32>] = []

    override func setUpWithError() throws {
        XCTAssertTrue(FileManager.default.fileExists(atPath: Self.fontPath),
                      "\(Self.fontPath) is missing: make setup installs fonts-dejavu-core")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/bin/fc-query"),
                      "fc-query is missing: make setup installs fontconfig")
        ranges = try Self.coverage()
        XCTAssertGreaterThan(ranges.count, 100, "fc-query read the font's coverage")
    }

    private func missing(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            scalar.value > 0x7E && !ranges.contains { $0.contains(scalar.value) }
        }.map { "\($0) U+\(String($0.value, radix: 16, uppercase: true))" }
    }

    func testTheCoverageIsRead() {
        XCTAssertTrue(missing("▶").isEmpty, "a glyph the font has")
        XCTAssertEqual(missing("☰"), ["☰ U+2630"], "the old sidebar toggle, which it lacks")
        XCTAssertEqual(missing("⛭"), ["⛭ U+26ED"])
    }

    func testEveryGlyphOfTheSetAndEveryIconIsInTheFont() {
        var failures: [String] = []
        for (name, glyph) in GlyphSet.unicode.allSymbols {
            failures += missing(glyph).map { "\(name): \($0)" }
        }
        for (name, entry) in IconMap.table {
            failures += missing(entry.outline + entry.filled).map { "icon \(name): \($0)" }
        }
        failures += missing(IconMap.fallback.outline + IconMap.fallback.filled).map { "fallback icon: \($0)" }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n"))
    }

    /// Everything the screens draw, footers and frames included.
    func testEveryCharacterDrawnByDefaultIsInTheFont() throws {
        let ops = try Scene.layoutFile("ops")
        let overflow = try Scene.layoutFile("overflow")
        let scenes: [Scene] = [
            Scene(100, 30), Scene(100, 30, keys: "s"), Scene(100, 30, keys: "e,right"), Scene(100, 30, keys: "s,e,down,space"),
            Scene(100, 30, keys: "e,right,enter,right"), Scene(100, 30, keys: "/,o"), Scene(100, 30, keys: "?"),
            Scene(100, 30, keys: "s,down,."), Scene(100, 30, keys: "e,+"), Scene(100, 30, keys: "tab,m,right"),
            Scene(100, 30, keys: "6,tab,enter"), Scene(50, 20), Scene(50, 20, keys: "s"), Scene(60, 10),
            Scene(layout: ops, 100, 30, keys: "s"), Scene(layout: ops, 100, 30, keys: "s,down,down,tab"),
            Scene(layout: overflow, 60, 10), Scene(layout: overflow, 120, 40, keys: "s"),
        ]
        var failures = Set<String>()
        for scene in scenes {
            let grid = render(try scene.state(), style: RenderStyle(glyphs: .unicode, theme: .color256)).grid
            for row in 0..<grid.rows {
                for cell in grid.cells(inRow: row) { failures.formUnion(missing(cell.text)) }
            }
        }
        XCTAssertEqual(failures.sorted(), [])
    }

    /// A tab shows the same icon in the bar (filled) and the sidebar (outline): the same glyph,
    /// or one of the outline/filled pairs of one shape.
    func testEveryTabHasOneIconInBarAndSidebar() {
        let pairs: Set<String> = ["▷▶", "☆★", "♡♥", "▭▬", "▱▰", "▧▨", "❦❧", "☼☀", "♙♟", "❏❐", "✓✔", "✗✘", "⚐⚑", "⚇⚉", "◇◆"]
        for (name, entry) in IconMap.table where entry.outline != entry.filled {
            XCTAssertTrue(pairs.contains(entry.outline + entry.filled), "\(name): \(entry.outline) and \(entry.filled)")
        }
    }

    /// ASCII: no letter stands in for an icon, and no stand-in means two things.
    func testASCIIHasNoLetterIconsAndOneMeaningPerStandIn() {
        for (name, entry) in IconMap.table { XCTAssertEqual(entry.ascii, "", name) }
        XCTAssertEqual(GlyphSet.ascii.icon("play"), IconGlyph(outline: "", filled: ""))
        XCTAssertEqual(GlyphSet.ascii.icon("no.such.icon"), IconGlyph(outline: "", filled: ""))
        let symbols = GlyphSet.ascii.allSymbols
        var seen: [String: String] = [:]
        for (name, glyph) in symbols {
            if let other = seen[glyph] { XCTFail("\(glyph) means both \(other) and \(name)") }
            seen[glyph] = name
        }
    }
}
