import XCTest
import TabNavInteraction

/// `tabnav-tui keys`: one aligned table per mode, generated from the keymap.
final class KeymapListingTests: XCTestCase {
    func testTheConfirmTable() {
        XCTAssertEqual(KeymapListing.table(.standard, mode: .confirm), """
            confirm mode: confirmation
              KEYS    COMMAND  SUMMARY
              y Y     confirm  yes: reset everything, or delete the tab
              n Esc   cancel   no, keep it as it is (so does any other key)
              Ctrl-C  quit     quit, saving the customization

            """)
    }

    func testEveryModeInOrderWithEveryCommand() {
        let text = KeymapListing.text(.standard)
        let titles = text.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        XCTAssertEqual(titles, Keymap.Mode.allCases.map(KeymapListing.title(of:)))
        XCTAssertEqual(titles[1], "search mode: search field")
        for mode in Keymap.Mode.allCases {
            let table = KeymapListing.table(.standard, mode: mode)
            for (command, summary) in Keymap.commands(in: mode) {
                XCTAssertTrue(table.contains("  \(command.rawValue)  ") && table.contains(summary), "\(mode) \(command)")
            }
        }
    }

    func testARebindingAndAnUnboundCommand() {
        var keymap = Keymap.standard
        keymap.bind(.character("n"), to: .nextTab, in: .normal)
        keymap.unbind(.character("R"), in: .edit)
        XCTAssertTrue(KeymapListing.table(keymap, mode: .normal).contains("  n → l          next-tab        next tab; sidebar: unfold\n"))
        XCTAssertTrue(KeymapListing.table(keymap, mode: .edit, ascii: true).contains("  -  "), "reset has no key left")
        XCTAssertTrue(KeymapListing.table(keymap, mode: .normal, ascii: true).contains("  n Right l      next-tab"))
    }
}
