import Foundation
import XCTest
import TabNavCore
import TabNavInteraction
import TabNavRender

/// The compact full-screen sidebar and footer (docs/behaviour.md, "Adaptive layout").
final class CompactSidebarTests: XCTestCase {
    func testEscAndBackspaceCloseTheFullScreenSidebar() throws {
        for key in ["esc", "backspace"] {
            let state = try Scene(50, 20, keys: "s,\(key)").state()
            XCTAssertFalse(state.sidebarShowing, "\(key) closes it")
            XCTAssertEqual(state.focus, .tabBar)
        }
    }

    func testTheFooterSaysHowToCloseIt() throws {
        try assertSnapshot(Scene(50, 20, keys: "s"), named: "compact-50x20-sidebar-close")
        let footer = try Scene(50, 20, keys: "s").plainText().split(separator: "\n").last ?? ""
        XCTAssertTrue(footer.contains("Backspace: close"), String(footer))
    }

    func testShrinkingWithTheSidebarOpenAndGrowingBackGivesAColumn() throws {
        let state = try Scene(100, 20, keys: "s,resize:50x20,resize:100x20").state()
        XCTAssertTrue(state.sidebarShowing)
        XCTAssertEqual(state.layoutClass, .regular)
        XCTAssertLessThan(state.geometry.sidebar.width, 100)
        XCTAssertGreaterThan(state.geometry.content.width, 0)
    }

    func testCompactFooterMessagesAreNeverCutMidWord() throws {
        for keys in ["e,down", "e,right,enter"] {
            for columns in [40, 50] {
                let footer = String(try Scene(columns, 20, keys: keys).plainText().split(separator: "\n").last ?? "")
                guard let cut = footer.range(of: "…") else { continue }
                let before = footer[footer.startIndex..<cut.lowerBound]
                let message = try Scene(columns, 20, keys: keys).state().message?.text ?? ""
                let kept = String(before.drop { $0 == " " }.drop { $0 != " " }).trimmingCharacters(in: .whitespaces)
                XCTAssertFalse(kept.isEmpty, footer)
                XCTAssertTrue(message.hasPrefix(kept), "\(footer) vs \(message)")
                let next = message.dropFirst(kept.count).first
                XCTAssertTrue(next == " " || next == "," || next == ":", "\(footer) cuts a word of \(message)")
            }
        }
    }
}
