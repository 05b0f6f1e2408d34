import TabNavCore
import TabNavDemo
import TabNavInteraction
import XCTest

/// The overlays' reducers and the terminal's keys are functions of their own state and what they
/// are given (docs/state-and-events.md, "The running state"): each answer is data — the next
/// state, or closed with an intent or a message — and nothing else can change.
final class ModeReducerTests: XCTestCase {
    func testHelpScrollsWithinItsLengthAndOtherKeysCloseIt() {
        let long = HelpOverlay.Context(lineCount: 50, pageRows: 20, fits: false)
        XCTAssertEqual(HelpOverlay.reduce(0, .down, long).next, 1)
        XCTAssertEqual(HelpOverlay.reduce(0, .up, long).next, 0)
        XCTAssertEqual(HelpOverlay.reduce(25, .last, long).next, 30, "no further than its last page")
        XCTAssertEqual(HelpOverlay.reduce(5, .pageDown, long).next, 25)
        let closed = HelpOverlay.reduce(3, .open, long)
        XCTAssertNil(closed.next)
        XCTAssertNil(closed.intent)
        let fits = HelpOverlay.Context(lineCount: 5, pageRows: 20, fits: true)
        XCTAssertNil(HelpOverlay.reduce(0, .down, fits).next, "a help that fits closes on any key")
    }

    func testAConfirmationGoesAheadOnlyOnConfirm() {
        XCTAssertEqual(Confirmation.reduce(.reset, .confirm).intent, .resetCustomization)
        let kept = Confirmation.reduce(.reset, .cancel)
        XCTAssertNil(kept.intent)
        XCTAssertEqual(kept.message?.text, "Reset cancelled")
        XCTAssertEqual(Confirmation.reduce(.delete("t", title: "Trip"), .confirm).intent, .deleteTab("t"))
        XCTAssertEqual(Confirmation.reduce(.delete("t", title: nil), .confirm).message?.text, "Kept", "a tab gone meanwhile is not deleted")
        XCTAssertEqual(Confirmation.reduce(.quit, .confirm).intent, .quit)
        XCTAssertEqual(Confirmation.reduce(.quit, .up).message?.text, "Not quitting")
    }

    func testTheActionMenuRunsTheActionOfTheDigit() {
        XCTAssertEqual(ActionMenu.reduce(section: "s", .choose2, actions: ["new", "refresh"]).intent,
                       .invokeAction(section: "s", action: "refresh"))
        let none = ActionMenu.reduce(section: "s", .choose3, actions: ["new", "refresh"])
        XCTAssertNil(none.intent)
        XCTAssertEqual(none.message?.text, "Cancelled")
    }

    func testTheNamePromptAddsRenamesOrAsksForAName() {
        var prompt = NamePrompt(section: "collections", action: "new")
        prompt = NamePrompt.reduce(prompt, nil, key: .character("A"), cancelKey: "Esc").next ?? prompt
        prompt = NamePrompt.reduce(prompt, nil, key: .character("b"), cancelKey: "Esc").next ?? prompt
        XCTAssertEqual(prompt.field.text, "Ab")
        XCTAssertEqual(NamePrompt.reduce(prompt, .confirm, key: .enter, cancelKey: "Esc").intent,
                       .addTab(named: "Ab", section: "collections", action: "new"))
        var renaming = prompt
        renaming.renaming = "tab-1"
        XCTAssertEqual(NamePrompt.reduce(renaming, .confirm, key: .enter, cancelKey: "Esc").intent, .rename("tab-1", to: "Ab"))
        let empty = NamePrompt.reduce(NamePrompt(section: "c", action: "new"), .confirm, key: .enter, cancelKey: "Esc")
        XCTAssertNotNil(empty.next, "an empty name keeps the prompt open")
        XCTAssertEqual(empty.message, FooterMessage("Type a name, or Esc to cancel", isError: true))
    }

    func testAPickerChoosesOrSaysWhyAnEntryIsRefused() {
        let picker = Picker(purpose: .addToTabBar, title: "Add", entries: [
            PickerEntry("A", choice: .bring("a")), PickerEntry("B", refusal: "the bar is full", choice: .bring("b")),
        ])
        XCTAssertEqual(Picker.reduce(picker, .down).next?.cursor, 1)
        XCTAssertEqual(Picker.reduce(picker, .confirm).intent, .choose(.bring("a")))
        let refused = Picker.choosing(at: 1, in: picker)
        XCTAssertEqual(refused.next?.cursor, 1)
        XCTAssertNil(refused.intent)
        XCTAssertEqual(refused.message, FooterMessage("the bar is full", isError: true))
        XCTAssertNil(Picker.reduce(picker, .cancel).next)
    }

    func testATerminalsKeysGoToItsProgramButThePrefix() {
        let keymap = Keymap.standard
        XCTAssertEqual(TerminalKeys.reduce(prefixPending: false, .character("x"), keymap: keymap, rightToLeft: false).outcome,
                       .send(.character("x")))
        let prefix = TerminalKeys.reduce(prefixPending: false, .control("b"), keymap: keymap, rightToLeft: false)
        XCTAssertTrue(prefix.prefixPending)
        XCTAssertEqual(prefix.outcome, .nothing)
        XCTAssertEqual(TerminalKeys.reduce(prefixPending: true, .control("b"), keymap: keymap, rightToLeft: false).outcome,
                       .send(.control("b")), "the prefix twice sends it")
        XCTAssertEqual(TerminalKeys.reduce(prefixPending: true, .character("["), keymap: keymap, rightToLeft: false).outcome, .scrollback)
        XCTAssertEqual(TerminalKeys.reduce(prefixPending: true, .up, keymap: keymap, rightToLeft: false).outcome, .leaveToRegions)
        let after = TerminalKeys.reduce(prefixPending: true, .character("l"), keymap: keymap, rightToLeft: false)
        XCTAssertFalse(after.prefixPending)
        XCTAssertEqual(after.outcome, .run(.nextTab))
    }

    func testGrabModeMovesTheLandingPlaceSeeingOnlyTheGrabAndTheModel() throws {
        let model = TabNavModel(hierarchy: try TabHierarchy(DemoCatalogue.layout))
        let context = GrabMode.Context(model: model, dropKey: "Enter", cancelKey: "Esc")
        let index = try XCTUnwrap(model.customization.tabBar.firstIndex(of: "library"))
        let grab = GrabMode.previewed(GrabSession(itemID: "library", from: .tabBar, target: .tabBar(index)), in: model)
        let right = GrabMode.reduce(grab, .right, context)
        let moved = try XCTUnwrap(right.next)
        XCTAssertEqual(moved.target, .tabBar(index + 1))
        let bar = moved.previewTabBar.map(\.id)
        XCTAssertLessThan(try XCTUnwrap(bar.firstIndex(of: "new")), try XCTUnwrap(bar.firstIndex(of: "library")), "the preview follows")
        XCTAssertEqual(model.tabBar.map(\.id), model.tabBar.map(\.id), "the model is only read")
        let drop = GrabMode.reduce(moved, .drop, context)
        XCTAssertNil(drop.next)
        XCTAssertEqual(drop.intent, .dropGrabbed(moved))
        let put = GrabMode.reduce(moved, .cancel, context)
        XCTAssertNil(put.next)
        XCTAssertNil(put.intent)
        XCTAssertEqual(put.message?.text, "Put back Library")
        // A sidebar-only tab cannot go up into the bar: the refusal, the target kept.
        let settings = GrabSession(itemID: "settings", from: .sidebar, target: .origin)
        let up = GrabMode.reduce(settings, .up, context)
        XCTAssertEqual(up.next?.target, .origin)
        XCTAssertEqual(up.message?.text, "Settings is only in the sidebar")
        XCTAssertEqual(up.message?.isError, true)
        XCTAssertEqual(GrabMode.reduce(settings, .left, context).message?.text, "← → move items in the tab bar: ↑ takes Settings there")
    }

    func testCarryModeChoosesATabAndDropsOnlyWhereItIsAccepted() {
        let carry = Carry(item: ContentEntry(id: "v", title: "Video"), targetID: "a", returnFocus: .content)
        func context(sidebar: [String]? = nil, accepts: Bool = true) -> CarryMode.Context {
            CarryMode.Context(tabBar: ["a", "b"], sidebarRows: sidebar, sidebarCursor: 0, targetAccepts: accepts,
                              title: { $0.uppercased() }, dropKey: "Enter", cancelKey: "Esc")
        }
        XCTAssertEqual(CarryMode.reduce(carry, .right, context()).next?.targetID, "b")
        XCTAssertEqual(CarryMode.reduce(carry, .left, context()).message?.text, "Already at the start of the tab bar")
        let hidden = CarryMode.reduce(carry, .down, context())
        XCTAssertEqual(hidden.next?.targetID, "a")
        XCTAssertNil(hidden.intent, "no sidebar to move in")
        let down = CarryMode.reduce(carry, .down, context(sidebar: ["s", "a", "b"]))
        XCTAssertEqual(down.next?.targetID, "a")
        XCTAssertEqual(down.intent, .pointSidebar(at: 1))
        let refused = CarryMode.reduce(carry, .drop, context(accepts: false))
        XCTAssertEqual(refused.next, carry, "still carrying")
        XCTAssertEqual(refused.message?.text, "A doesn't accept Video")
        let dropped = CarryMode.reduce(carry, .drop, context())
        XCTAssertNil(dropped.next)
        XCTAssertEqual(dropped.intent, .dropCarried(carry, on: "a"))
        XCTAssertEqual(CarryMode.reduce(carry, .cancel, context()).message?.text, "Put back Video")
    }

    func testSearchModeEditsItsFieldAndAsksForTheRest() {
        let empty = SearchMode.Context(result: nil, isWaitingForIndex: false)
        let typed = SearchMode.reduce(TextField(), nil, key: .character("q"), empty)
        XCTAssertEqual(typed.next?.text, "q", "q is typed, not quit")
        XCTAssertEqual(typed.intent, .runSearch)
        let field = typed.next ?? TextField()
        XCTAssertEqual(SearchMode.reduce(field, .open, key: nil, empty).message?.text, "Nothing matches \"q\"")
        XCTAssertEqual(SearchMode.reduce(field, .open, key: nil, SearchMode.Context(result: nil, isWaitingForIndex: true)).message?.text,
                       "Still indexing the titles: the results come in a moment")
        XCTAssertEqual(SearchMode.reduce(field, .down, key: nil, empty).intent, .moveInResults(.down, key: nil))
        let left = SearchMode.reduce(TextField(), .fieldLeft, key: nil, empty)
        XCTAssertNil(left.next, "at the field's start ← leaves it")
        XCTAssertEqual(left.intent, .stepTab(-1, focusing: .tabBar))
        let leave = SearchMode.reduce(field, .leaveField, key: nil, empty)
        XCTAssertNil(leave.next)
        XCTAssertNil(leave.intent)
    }

    func testEditModeMovesItsCursorAndAsksForEverythingElse() {
        let bar = [TabBarEntry(id: "fixed", region: .fixed), TabBarEntry(id: "a", region: .customizable),
                   TabBarEntry(id: "b", region: .customizable), TabBarEntry(id: "search", region: .pinned)]
        func context(cursor: Int = 0, showing: Bool = true, item: String? = "a", hidden: Bool = false) -> EditMode.Context {
            EditMode.Context(tabBar: bar, sidebarRowCount: 5, sidebarCursor: cursor, sidebarShowing: showing, sidebarAvailable: true,
                             itemUnderCursor: item, itemIsHidden: hidden, keyName: { $0.rawValue })
        }
        let inBar = EditSession(region: .tabBar, barCursor: 1)
        XCTAssertEqual(EditMode.reduce(inBar, .right, context()).next?.barCursor, 2)
        XCTAssertEqual(EditMode.reduce(EditSession(region: .tabBar, barCursor: 3), .right, context()).message?.text, "Already at the end of the tab bar")
        let down = EditMode.reduce(inBar, .down, context())
        XCTAssertEqual(down.next?.region, .sidebar)
        XCTAssertEqual(down.intent, .pointSidebar(at: 0))
        XCTAssertNil(EditMode.reduce(inBar, .down, context(showing: false)).intent, "no sidebar shown: it says how to show it")
        // From the sidebar's top, ↑ lands on the bar's last movable tab (not the pinned search).
        let up = EditMode.reduce(EditSession(region: .sidebar), .up, context(cursor: 0))
        XCTAssertEqual(up.next, EditSession(region: .tabBar, barCursor: 2))
        XCTAssertEqual(EditMode.reduce(EditSession(region: .sidebar), .up, context(cursor: 3)).intent, .pointSidebar(at: 2))
        XCTAssertEqual(EditMode.reduce(inBar, .hide, context(hidden: true)).intent, .commitEdit(.setHidden("a", false)))
        XCTAssertEqual(EditMode.reduce(inBar, .remove, context()).intent, .commitEdit(.removeFromTabBar("a")))
        XCTAssertEqual(EditMode.reduce(inBar, .remove, context(item: nil)).message?.text, "No item under the cursor")
        XCTAssertEqual(EditMode.reduce(inBar, .done, context()).intent, .leaveEditMode)
        XCTAssertEqual(EditMode.reduce(inBar, nil, context()).message?.text, "Not a key of edit mode: help lists them, done leaves")
    }

    func testBrowseModeMovesTheFocusAndAsksForTheRest() {
        func context(showing: Bool = false, compact: Bool = false, cursor: Int = 2, item: String? = "b", section: Bool = false,
                     selected: String? = "a", depth: Int = 1, find: Bool = false) -> BrowseMode.Context {
            BrowseMode.Context(tabBar: ["a", "b", "c"], sidebarShowing: showing, compact: compact, sidebarCursor: cursor,
                               sidebarRowCount: 6, itemUnderSidebarCursor: item, sectionUnderSidebarCursor: section,
                               selectedID: selected, pageRows: 4, depth: depth, searchResult: nil, findShown: find,
                               keyName: { $0.rawValue })
        }
        XCTAssertEqual(BrowseMode.reduce(.tabBar, .down, context()).next, .content)
        XCTAssertEqual(BrowseMode.reduce(.content, .up, context()).next, .tabBar, "↑ on a root page's first row")
        XCTAssertEqual(BrowseMode.reduce(.content, .up, context(depth: 2)).next, .content)
        XCTAssertEqual(BrowseMode.reduce(.sidebar, .pageDown, context(showing: true)).intent, .pointSidebar(at: 5))
        XCTAssertEqual(BrowseMode.reduce(.sidebar, .first, context(showing: true)).intent, .pointSidebar(at: 0))
        XCTAssertEqual(BrowseMode.reduce(.content, .focusNext, context(showing: true)).next, .sidebar)
        XCTAssertEqual(BrowseMode.reduce(.sidebar, .focusNext, context(showing: true, compact: true)).next, .sidebar,
                       "the compact sidebar covers the screen and keeps the focus")
        XCTAssertEqual(BrowseMode.reduce(.tabBar, .selectTab3, context()).intent, .select("c"))
        XCTAssertEqual(BrowseMode.reduce(.tabBar, .selectTab4, context()).message?.text, "No tab 4 in the tab bar")
        XCTAssertEqual(BrowseMode.reduce(.sidebar, .open, context(showing: true, item: "a")).intent, .reselect("a", focusing: .content))
        XCTAssertEqual(BrowseMode.reduce(.sidebar, .open, context(showing: true, compact: true)).intent,
                       .selectFromSidebar("b", closingSidebar: true))
        XCTAssertEqual(BrowseMode.reduce(.sidebar, .fold, context(showing: true, section: true)).intent, .toggleFold(row: 2))
        XCTAssertEqual(BrowseMode.reduce(.tabBar, .fold, context()).message?.text, "fold folds a section: put the cursor on a section header")
        XCTAssertEqual(BrowseMode.reduce(.content, .back, context(find: true)).intent, .endFind)
        XCTAssertEqual(BrowseMode.reduce(.content, .back, context()).intent, .popContent)
        XCTAssertEqual(BrowseMode.reduce(.tabBar, .nextTab, context()).intent, .stepTab(1, focusing: nil))
        XCTAssertEqual(BrowseMode.reduce(.sidebar, .nextTab, context(showing: true)).intent, .unfoldOrGoToChild)
    }
}
