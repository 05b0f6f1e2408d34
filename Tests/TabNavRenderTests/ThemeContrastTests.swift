#if canImport(Glibc)
import Glibc
#endif
import XCTest
import TabNavCore
import TabNavDemo
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

/// Every text of every built-in theme reads (docs/themes.md, "Contrast"): WCAG 2's contrast of the
/// colour a cell's text is drawn in against the colour behind it is at least 4.5:1 (7:1 for
/// `high-contrast` with 256 and 24-bit colours), in every colour depth, on the background the
/// theme is made for. Colours are xterm's standard ones (the eight ANSI colours, the 256-colour
/// cube and greys; a 24-bit terminal is given the theme's exact colours); where a cell takes the
/// terminal's own colours, those are the theme's background and default foreground.
final class ThemeContrastTests: XCTestCase {
    /// Each built-in theme on the background it is made for.
    static let backgrounds: [(name: ThemeName, background: RGBColor)] = [
        (.dark, .black), (.light, .white), (.highContrast, .black), (.highContrast, .white),
        (.mono, .black), (.mono, .white),
    ]
    static let depths: [ColorDepth] = [.eight, .full256, .direct]

    static func themes() -> [Theme] {
        backgrounds.flatMap { entry in depths.map { Theme.named(entry.name, background: entry.background, depth: $0) } }
    }

    /// The text's colour and the colour behind it, as a terminal of the theme's depth shows `style`.
    static func shownColors(_ style: CellStyle, in theme: Theme) -> (text: RGBColor, behind: RGBColor) {
        let depth = theme.depth
        func rgb(_ index: UInt8?) -> RGBColor? {
            guard let index = depth.map(index) else { return nil }
            return depth == .direct ? theme.directColor(index) : .xterm(index)
        }
        var text = rgb(style.foreground) ?? theme.defaultForeground
        var behind = rgb(style.background) ?? theme.background
        if style.attributes.contains(.reverse) { swap(&text, &behind) }
        return (text, behind)
    }

    static func required(for theme: Theme) -> Double {
        theme.name == .highContrast && theme.depth != .eight ? 7 : 4.5
    }

    func testEveryRoleOfEveryBuiltInThemeHasEnoughContrast() {
        var failures: [String] = []
        for theme in Self.themes() {
            for (name, style) in theme.allRoles {
                let (text, behind) = Self.shownColors(style, in: theme)
                let ratio = text.contrast(with: behind)
                if ratio < Self.required(for: theme) {
                    failures.append("\(theme.name.rawValue) on \(theme.background) (\(theme.depth)): \(name) "
                        + "\(text) on \(behind) is \(Self.rounded(ratio)):1")
                }
            }
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n"))
    }

    /// Every cell drawn with text, in scenes that show every kind of thing the program draws
    /// (styles layered at draw time included: a badge on a row, a reason in a menu).
    func testEveryDrawnTextHasEnoughContrast() throws {
        let ops = try Scene.layoutFile("ops")
        let scenes: [(String, Scene)] = [
            ("bar", Scene(100, 30)),
            ("sidebar", Scene(100, 30, keys: "s")),
            ("sidebar, content focused", Scene(100, 30, keys: "s,tab,down")),
            ("edit bar", Scene(100, 30, keys: "e,right")),
            ("edit sidebar", Scene(100, 30, keys: "s,e,down,down,space")),
            ("grab", Scene(100, 30, keys: "e,right,enter,right")),
            ("search", Scene(100, 30, keys: "/,o")),
            ("help", Scene(100, 30, keys: "?")),
            ("item menu", Scene(100, 30, keys: "s,down,.")),
            ("picker", Scene(100, 30, keys: "e,+")),
            ("refused", Scene(100, 30, keys: "e,left,left,enter")),
            ("carrying", Scene(100, 30, keys: "tab,m,right")),
            ("reset question", Scene(100, 30, keys: "e,R")),
            ("command tab", Scene(layout: ops, 100, 30, keys: "s")),
            ("compact", Scene(50, 20, keys: "s")),
        ]
        var failures: [String] = []
        for theme in Self.themes() {
            let style = RenderStyle(glyphs: .unicode, theme: theme)
            for (name, scene) in scenes {
                let grid = render(try scene.state(), style: style).grid
                var seen = Set<CellStyle>()
                for row in 0..<grid.rows {
                    for cell in grid.cells(inRow: row) where cell.text != " " && !cell.isContinuation {
                        guard seen.insert(cell.style).inserted else { continue }
                        let (text, behind) = Self.shownColors(cell.style, in: theme)
                        let ratio = text.contrast(with: behind)
                        if ratio < Self.required(for: theme) {
                            failures.append("\(theme.name.rawValue) on \(theme.background) (\(theme.depth)), \(name): "
                                + "\"\(cell.text)\" at row \(row) \(text) on \(behind) is \(Self.rounded(ratio)):1")
                        }
                    }
                }
            }
        }
        XCTAssertEqual(failures, [], failures.prefix(20).joined(separator: "\n"))
    }

    /// The attention marks (activity, a bell, an exit, a failure, a change) in every place they
    /// are drawn: on plain bar items, under the edit cursor's reversed chip, on the sidebar's
    /// rows and under its cursor, while carrying; every theme, every depth. The marks were in no
    /// scene before (no run happens in a test), so their colours over a reversed chip were never
    /// measured.
    func testAttentionMarksHaveEnoughContrastEverywhere() throws {
        let marks: [String: AttentionReason] = ["library": .activity, "new": .bell, "favorites": .exited,
                                                "collections": .failure, "animations": .change]
        let scenes: [(String, Scene)] = [
            ("bar", Scene(120, 30)),
            ("bar focused elsewhere", Scene(120, 30, keys: "down")),
            ("edit cursor on each", Scene(120, 30, keys: "e,right")),
            ("edit cursor on the next", Scene(120, 30, keys: "e,right,right")),
            ("edit cursor further", Scene(120, 30, keys: "e,right,right,right")),
            ("edit cursor on the last", Scene(120, 30, keys: "e,right,right,right,right")),
            ("sidebar", Scene(120, 30, keys: "s")),
            ("sidebar cursor on a marked row", Scene(120, 30, keys: "s,down")),
            ("sidebar edit", Scene(120, 30, keys: "s,e,down,down")),
            ("carrying over them", Scene(120, 30, keys: "down,m,right")),
            ("carrying further", Scene(120, 30, keys: "down,m,right,right,right")),
            // A group's child shown: the group's chip is the bar's selection, reversed while the
            // bar has the focus, and may carry a mark of its own.
            ("a group's chip selected", Scene(options: AppOptions(mode: .tabbar), 120, 30, keys: "6,down,enter,up,up")),
            ("a group's chip, content focused", Scene(options: AppOptions(mode: .tabbar), 120, 30, keys: "6,down,enter")),
        ]
        var failures: [String] = []
        var marked = 0, reversed = 0
        for theme in Self.themes() {
            let style = RenderStyle(glyphs: .unicode, theme: theme)
            for (name, scene) in scenes {
                var state = try scene.state()
                for (id, reason) in marks where id != state.model.selectedID { state.attention[id] = [reason] }
                let grid = render(state, style: style).grid
                for row in 0..<grid.rows {
                    for cell in grid.cells(inRow: row) where ["◦", "♪", "■", "✗", "●"].contains(cell.text) {
                        marked += 1
                        if cell.style.attributes.contains(.reverse) { reversed += 1 }
                        let (text, behind) = Self.shownColors(cell.style, in: theme)
                        let ratio = text.contrast(with: behind)
                        if ratio < Self.required(for: theme) {
                            failures.append("\(theme.name.rawValue) on \(theme.background) (\(theme.depth)), \(name): "
                                + "\"\(cell.text)\" at row \(row) \(text) on \(behind) is \(Self.rounded(ratio)):1")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(marked, 500, "the scenes draw the marks")
        XCTAssertGreaterThan(reversed, 30, "and some over a reversed chip")
        XCTAssertEqual(failures, [], failures.prefix(30).joined(separator: "\n"))
    }

    /// No pane paints a background of its own: the sidebar, the bar and the footer share the
    /// terminal's, so a light terminal shows no dark slabs beside a white content.
    func testPanesShareTheTerminalsBackground() throws {
        for theme in Self.themes() {
            let style = RenderStyle(glyphs: .unicode, theme: theme)
            for keys in ["", "s", "s,tab"] {
                let grid = render(try Scene(100, 30, keys: keys).state(), style: style).grid
                for row in 0..<grid.rows {
                    for cell in grid.cells(inRow: row) where cell.text == " " && cell.style.background != nil {
                        XCTFail("\(theme.name.rawValue) (\(theme.depth)) keys \"\(keys)\": a blank at row \(row) is painted")
                        return
                    }
                }
            }
        }
    }

    func testNoThemeUsesDim() {
        for theme in Self.themes() {
            for (name, style) in theme.allRoles {
                XCTAssertFalse(style.attributes.contains(.dim), "\(theme.name.rawValue): \(name) is dim")
            }
        }
    }

    func testContrastFormula() {
        XCTAssertEqual(RGBColor.black.contrast(with: .white), 21, accuracy: 0.001)
        XCTAssertEqual(RGBColor.white.contrast(with: .white), 1, accuracy: 0.001)
        // Colour 117 on white: the light terminal's content title before themes followed the background.
        XCTAssertEqual(RGBColor.xterm(117).contrast(with: .white), 1.59, accuracy: 0.01)
        XCTAssertEqual(RGBColor.xterm(7), RGBColor(hex: 0xE5E5E5))
        XCTAssertEqual(RGBColor.xterm(236), RGBColor(hex: 0x303030))
        XCTAssertTrue(RGBColor.black.isDark)
        XCTAssertFalse(RGBColor(hex: 0xFDF6E3).isDark)
    }

    static func rounded(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    /// The luminance's power, made without the C library, agrees with it for every level.
    func testThePowerOfTheLuminanceAgreesWithTheCLibrary() {
        for level in 11...255 {
            let x = (Double(level) / 255 + 0.055) / 1.055
            XCTAssertEqual(RGBColor.power2point4(x), pow(x, 2.4), accuracy: 1e-12, "level \(level)")
        }
        XCTAssertEqual(RGBColor.black.contrast(with: .white), 21, accuracy: 1e-9)
    }
}
