import TabNavCore
import XCTest
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender

final class ThemeTests: XCTestCase {
    private let themes: [Theme] = [.monochrome, .color8, .color256]

    /// Selection, focus, cursor, edit cursor, grabbed item, drop position and drop verdicts must be
    /// told apart by attributes alone (docs/behaviour.md, "Drawing"), on every theme.
    func testStatesAreDistinguishableWithoutColour() {
        for theme in themes {
            let states: [(String, CellStyle)] = [
                ("barItem", theme.barItem), ("barSelected", theme.barSelected), ("barFocused", theme.barFocused),
                ("cursor", theme.cursor), ("editCursor", theme.editCursor), ("grabbed", theme.grabbed),
                ("dropPosition", theme.dropPosition), ("dropAccepts", theme.dropAccepts),
                ("dropRefuses", theme.dropRefuses), ("hiddenItem", theme.hiddenItem),
            ]
            for i in states.indices {
                for j in states.indices where j > i {
                    XCTAssertNotEqual(states[i].1.attributes, states[j].1.attributes,
                                      "\(theme.depth): \(states[i].0) vs \(states[j].0)")
                }
            }
            XCTAssertNotEqual(theme.sidebarSelected.attributes, theme.sidebarRow.attributes)
            XCTAssertNotEqual(theme.sidebarSelected.attributes, theme.cursor.attributes)
        }
    }

    func testMonochromeHasNoColour() {
        for (name, style) in Theme.monochrome.allRoles {
            XCTAssertNil(style.foreground, name)
            XCTAssertNil(style.background, name)
        }
    }

    func testColourThemesOnlyAddColourToTheMonochromeAttributes() {
        let plain = Dictionary(uniqueKeysWithValues: Theme.monochrome.allRoles.map { ($0.name, $0.style.attributes) })
        for theme in [Theme.color8, Theme.color256] {
            XCTAssertEqual(theme.allRoles.count, plain.count)
            for (name, style) in theme.allRoles { XCTAssertEqual(style.attributes, plain[name], name) }
        }
    }

    func testColourThemesUseTheirPalette() {
        for (name, style) in Theme.color8.allRoles {
            XCTAssertLessThan(style.foreground ?? 0, 8, name)
            XCTAssertLessThan(style.background ?? 0, 8, name)
        }
        XCTAssertNotEqual(Theme.color256.barSelected.foreground, Theme.color256.barItem.foreground)
        // Every mode in its own colour, but find, which types into a field as search does.
        let modes = Set(InteractionMode.allCases.map { Theme.color256.footerMode($0) })
        XCTAssertEqual(modes.count, InteractionMode.allCases.count - 1)
        XCTAssertEqual(Theme.color256.footerMode(.find), Theme.color256.footerMode(.search))
    }

    func testThemeForDepth() {
        XCTAssertEqual(Theme.for(depth: .full256, noColor: false), .color256)
        XCTAssertEqual(Theme.for(depth: .eight, noColor: false), .color8)
        XCTAssertEqual(Theme.for(depth: .none, noColor: false), .monochrome)
        XCTAssertEqual(Theme.for(depth: .full256, noColor: true), .monochrome)
        XCTAssertEqual(Theme.color256.depth, .full256)
        XCTAssertEqual(Theme.color8.depth, .eight)
        XCTAssertEqual(Theme.monochrome.depth, ColorDepth.none)
    }

    func testNoColorConvention() {
        XCTAssertTrue(Theme.colorAllowed(environment: [:], flag: false))
        XCTAssertTrue(Theme.colorAllowed(environment: ["NO_COLOR": ""], flag: false))
        XCTAssertFalse(Theme.colorAllowed(environment: ["NO_COLOR": "1"], flag: false))
        XCTAssertFalse(Theme.colorAllowed(environment: ["NO_COLOR": "0"], flag: false))
        XCTAssertFalse(Theme.colorAllowed(environment: [:], flag: true))
    }

    func testInteractionModeLabels() {
        XCTAssertEqual(InteractionMode.allCases.map(\.label), ["NORMAL", "EDIT", "GRAB", "SEARCH", "FIND"])
        XCTAssertTrue(Theme.monochrome.footerMode(.grab).attributes.contains(.reverse))
    }

    func testLayeringStyles() {
        let row = CellStyle([.dim], foreground: 7, background: 4)
        let layered = row.adding(CellStyle([.reverse], foreground: 3))
        XCTAssertEqual(layered, CellStyle([.dim, .reverse], foreground: 3, background: 4))
        XCTAssertEqual(row.with(.bold), CellStyle([.dim, .bold], foreground: 7, background: 4))
    }
}
