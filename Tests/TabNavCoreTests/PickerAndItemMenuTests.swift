import XCTest
import TabNavCore
import TabNavInteraction
import TabNavDemo

/// The `+` picker, the item menu, and redo (docs/behaviour.md, "Edit mode", "Item menu").
final class PickerAndItemMenuTests: XCTestCase {
    static func layout(_ json: String) throws -> TabLayout { try LayoutLoader.parse(text: json, source: "test.json") }

    /// A layout without sections: no sidebar, so before the picker a removed tab was lost.
    static let flat = """
    {"id": "flat", "title": "Flat", "tabs": [
      {"id": "a", "title": "Alpha"}, {"id": "b", "title": "Beta"},
      {"id": "c", "title": "Gamma", "placement": "optional"},
      {"id": "d", "title": "Delta", "hiddenByDefault": true, "allowsHiding": true}
    ]}
    """

    func testARemovedTabComesBackAfterARestartInALayoutWithoutASidebar() throws {
        let layout = try Self.layout(Self.flat)
        var app = try KeyDriver(100, 8, layout: layout)
        XCTAssertFalse(app.state.sidebarAvailable)
        try app.press("e,right,x,e")
        XCTAssertEqual(app.bar, ["a"])
        var again = try app.restarted(layout: layout)
        try again.press("e,+")
        guard case .picking(let picker, _) = again.state.mode else { return XCTFail("the picker opens") }
        XCTAssertEqual(picker.entries.map(\.title), ["Beta", "Gamma", "Delta"])
        XCTAssertEqual(picker.entries.map(\.detail), ["removed", "not in the bar by default", "hidden"])
        try again.press("enter")
        XCTAssertEqual(again.bar, ["a", "b"])
        XCTAssertEqual(again.state.mode.keymapMode, .edit)
        XCTAssertTrue(again.effects.contains(.save))
    }

    func testAHiddenTabIsShownAndAddedAsOneUndoableEdit() throws {
        var app = try KeyDriver(100, 8, layout: try Self.layout(Self.flat))
        try app.press("e,+,end,enter")
        XCTAssertEqual(app.bar, ["a", "b", "d"])
        XCTAssertFalse(app.model.isEffectivelyHidden("d"))
        try app.press("u")
        XCTAssertEqual(app.bar, ["a", "b"])
        XCTAssertTrue(app.model.isEffectivelyHidden("d"), "one undo takes both steps back")
        try app.press("U")
        XCTAssertEqual(app.bar, ["a", "b", "d"], "redo makes it again")
        XCTAssertEqual(app.footer, "Redone")
        try app.press("U")
        XCTAssertEqual(app.footer, "Nothing to redo")
    }

    func testANewEditForgetsWhatCouldBeRedone() throws {
        var app = try KeyDriver(100, 8, layout: try Self.layout(Self.flat))
        try app.press("e,right,x,u")
        XCTAssertTrue(app.model.canRedo)
        try app.press("+,enter")
        XCTAssertFalse(app.model.canRedo)
    }

    func testThePickerSaysWhenEverythingIsThere() throws {
        let layout = try Self.layout("""
        {"id": "two", "title": "Two", "tabs": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]}
        """)
        var app = try KeyDriver(100, 8, layout: layout)
        try app.press("e,+")
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
        XCTAssertEqual(app.footer, "Every item that can be in the tab bar is there")
    }

    func testPlusOnAnAddableSidebarItemStillAddsItAtOnce() throws {
        var app = try KeyDriver(120, 40)
        try app.press("e")
        try app.moveCursor(to: "downloads")
        try app.press("+")
        XCTAssertEqual(app.bar.suffix(2), ["downloads", "search"])
        try app.moveCursor(to: "settings")
        try app.press("+")
        XCTAssertEqual(app.footer, "Settings is only in the sidebar")
        XCTAssertEqual(app.state.mode.keymapMode, .picker, "the picker offers what can be added instead")
        try app.press("esc")
        XCTAssertEqual(app.state.mode.keymapMode, .edit)
    }

    // MARK: Item menu

    func testTheItemMenuDimsWhatTheRulesRefuseWithTheReason() throws {
        var app = try KeyDriver(120, 40)
        try app.press("e")
        try app.moveCursor(to: "cinematic-shots")
        try app.press(".")
        guard case .picking(let menu, _) = app.state.mode else { return XCTFail("the menu opens") }
        XCTAssertEqual(menu.title, "Cinematic Shots")
        let byTitle = Dictionary(uniqueKeysWithValues: menu.entries.map { ($0.title, $0) })
        XCTAssertNil(byTitle["Add to tab bar"]?.refusal)
        XCTAssertEqual(byTitle["Move up"]?.refusal, "Cinematic Shots is first in Collections")
        XCTAssertNil(byTitle["Move down"]?.refusal)
        XCTAssertEqual(byTitle["Delete…"]?.refusal, "only tabs added here can be renamed or deleted")
        XCTAssertEqual(byTitle["Reset the order of Collections"]?.refusal, "Collections is in its default order")
        XCTAssertNotNil(byTitle["New Collection…"])
        // Choosing a refused entry says why and keeps the menu open.
        try app.press("down,down,enter")
        XCTAssertEqual(app.footer, "Cinematic Shots is first in Collections")
        XCTAssertEqual(app.state.mode.keymapMode, .picker)
    }

    func testMoveDownThenResetTheSectionsOrderFromTheMenu() throws {
        var app = try KeyDriver(120, 40)
        try app.press("e")
        try app.moveCursor(to: "cinematic-shots")
        try app.press(".,down,down,down,enter")
        XCTAssertEqual(app.model.displayOrder(of: "collections").prefix(2), ["forest-life", "cinematic-shots"])
        XCTAssertTrue(app.effects.contains(.save))
        try app.press(".")
        guard case .picking(let menu, _) = app.state.mode,
              let reset = menu.entries.firstIndex(where: { $0.title == "Reset the order of Collections" }) else {
            return XCTFail("the menu offers the reset")
        }
        XCTAssertNil(menu.entries[reset].refusal)
        try app.press("home," + Array(repeating: "down", count: reset).joined(separator: ",") + ",enter")
        XCTAssertEqual(app.model.displayOrder(of: "collections").prefix(2), ["cinematic-shots", "forest-life"])
        try app.press("u")
        XCTAssertEqual(app.model.displayOrder(of: "collections").prefix(2), ["forest-life", "cinematic-shots"], "undoable")
    }

    func testARunTimeTabCanBeRenamedAndDeleted() throws {
        var app = try KeyDriver(120, 40)
        try app.moveCursor(to: "collections")
        try app.press("a")
        for c in "Trips" { _ = app.state.apply(.key(.character(c))) }
        try app.press("enter")
        XCTAssertTrue(app.model.hierarchy.contains("user-trips"))
        try app.moveCursor(to: "user-trips")
        try app.press(".")
        guard case .picking(let menu, _) = app.state.mode,
              let rename = menu.entries.firstIndex(where: { $0.title == "Rename…" }) else { return XCTFail() }
        XCTAssertNil(menu.entries[rename].refusal)
        try app.press(Array(repeating: "down", count: rename).joined(separator: ",") + ",enter")
        XCTAssertEqual(app.state.mode.keymapMode, .prompt)
        try app.press("C-u")
        for c in "Journeys" { _ = app.state.apply(.key(.character(c))) }
        try app.press("enter")
        XCTAssertEqual(app.model.hierarchy.item("user-trips")?.title, "Journeys")
        XCTAssertEqual(try app.restarted().model.hierarchy.item("user-trips")?.title, "Journeys", "kept with the state")

        try app.press(".," + Array(repeating: "down", count: rename + 1).joined(separator: ",") + ",enter")
        XCTAssertEqual(app.state.mode.keymapMode, .confirm, "Delete asks")
        try app.press("n")
        XCTAssertTrue(app.model.hierarchy.contains("user-trips"))
        try app.press(".," + Array(repeating: "down", count: rename + 1).joined(separator: ",") + ",enter,y")
        XCTAssertFalse(app.model.hierarchy.contains("user-trips"))
        XCTAssertEqual(app.footer, "Deleted Journeys (u undoes)")
        XCTAssertFalse(try app.restarted().model.hierarchy.contains("user-trips"), "gone after a restart too")
    }

    func testRightClickOpensTheMenuOfTheItemUnderThePointer() throws {
        var app = try KeyDriver(120, 40)
        app.click(.tabBarItem("library"), kind: .rightPress)
        guard case .picking(let menu, _) = app.state.mode else { return XCTFail("the menu opens") }
        XCTAssertEqual(menu.title, "Library")
    }

    func testALayoutWhoseOnlyTabIsHiddenCanShowIt() throws {
        let layout = try Self.layout("""
        {"id": "one", "title": "One", "tabs": [{"id": "a", "title": "Alone", "hiddenByDefault": true, "allowsHiding": true}]}
        """)
        var app = try KeyDriver(60, 8, layout: layout)
        XCTAssertNil(app.model.selectedID, "nothing is visible")
        try app.press("e,+,enter")
        XCTAssertEqual(app.bar, ["a"])
        XCTAssertEqual(app.model.selectedID, "a")
    }
}
