import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// The customization rules of docs/behaviour.md, "Model and customization" as one table: every placement × every edit, at the top
/// level and inside a reorderable section, plus the per-item switches (customization behaviour
/// per bar, `allowsHiding`, hidden items, reordering).
///
/// Each row builds a small hierarchy around one item, `subj` titled "Subject":
///
/// - top level:  `home`(fixed) `one` **`subj`** `two` `search`(pinned)
/// - in a section: `home`(fixed) `one` `shelf`{ `c1` **`subj`** `c2` } `search`(pinned), where the
///   section "Shelf" allows reordering and its children start in the bar.
final class ModelEditTableTests: XCTestCase {
    enum Where { case top, shelf }

    struct Subject {
        var placement: TabPlacement
        var location: Where
        var hides = true
        var hiddenByDefault = false
        var sidebar: CustomizationBehavior = .enabled
        var tabBar: CustomizationBehavior = .enabled
        var shelfReorders = true
        var shelfHidden = false

        var startsHidden: Subject { var s = self; s.hiddenByDefault = true; return s }
        var cannotHide: Subject { var s = self; s.hides = false; return s }
        var tabBarDisabled: Subject { var s = self; s.tabBar = .disabled; return s }
        var sidebarDisabled: Subject { var s = self; s.sidebar = .disabled; return s }
        var fixedOrderShelf: Subject { var s = self; s.shelfReorders = false; return s }
        var hiddenShelf: Subject { var s = self; s.shelfHidden = true; return s }

        var items: [TabItem] {
            let subject = tab("subj", "Subject", placement, hides: hides, hiddenByDefault: hiddenByDefault,
                              sidebar: sidebar, tabBar: tabBar)
            switch location {
            case .top:
                return [tab("home", "Home", .fixed), tab("one"), subject, tab("two"), tab("search", "Search", .pinned)]
            case .shelf:
                return [
                    tab("home", "Home", .fixed), tab("one"),
                    section("shelf", title: "Shelf", reorders: shelfReorders, childrenInBar: true, hides: true,
                            hiddenByDefault: shelfHidden, [tab("c1", "Cee"), subject, tab("c2", "Dee")]),
                    tab("search", "Search", .pinned),
                ]
            }
        }
    }

    static func top(_ placement: TabPlacement) -> Subject { Subject(placement: placement, location: .top) }
    static func shelf(_ placement: TabPlacement) -> Subject { Subject(placement: placement, location: .shelf) }

    enum Edit {
        case move(to: Int), remove, add(at: Int?), reorder(to: Int), hide, unhide
        case other(TabEdit)

        var tabEdit: TabEdit {
            switch self {
            case .move(let to): return .moveInTabBar("subj", to: to)
            case .remove: return .removeFromTabBar("subj")
            case .add(let at): return .addToTabBar("subj", at: at)
            case .reorder(let to): return .moveInSection("subj", to: to)
            case .hide: return .setHidden("subj", true)
            case .unhide: return .setHidden("subj", false)
            case .other(let edit): return edit
            }
        }
    }

    enum Outcome {
        case refused(String)
        /// Applied: the whole composed bar, the hidden set and (for the shelf) its display order,
        /// `nil` meaning the declared `c1 subj c2`.
        case applied(bar: [String], hidden: Set<String> = [], order: [String]? = nil)
    }

    struct Row {
        var subject: Subject
        var setup: [TabEdit]
        var edit: Edit
        var outcome: Outcome
        var line: UInt
    }

    static func row(_ subject: Subject, _ setup: [TabEdit], _ edit: Edit, _ outcome: Outcome,
                    line: UInt = #line) -> Row {
        Row(subject: subject, setup: setup, edit: edit, outcome: outcome, line: line)
    }

    static func row(_ subject: Subject, _ edit: Edit, _ outcome: Outcome, line: UInt = #line) -> Row {
        Row(subject: subject, setup: [], edit: edit, outcome: outcome, line: line)
    }

    // swiftlint:disable function_body_length
    static let rows: [Row] = {
        let h = "home", s = "search", x = "subj"
        // Bars before any edit, for reading the rows below.
        let topOut = [h, "one", "two", s]              // subject not in the bar
        let moved = [h, x, "one", "two", s]            // subject first in the customizable region
        let shelfIn = [h, "one", "shelf", "c1", x, "c2", s]
        let shelfOut = [h, "one", "shelf", "c1", "c2", s]
        let shelfMoved = [h, x, "one", "shelf", "c1", "c2", s]
        let notInSection = Outcome.refused("Subject is not in a section")
        let notInBar = Outcome.refused("Subject is not in the tab bar")
        let already = Outcome.refused("Subject is already in the tab bar")
        let reordered: [String] = [x, "c1", "c2"]

        return [
            // fixed: leading region, never moves, never leaves, never hides.
            row(top(.fixed), .move(to: 0), .refused("Subject is fixed")),
            row(top(.fixed), .remove, .refused("Subject is fixed")),
            row(top(.fixed), .add(at: 0), .refused("Subject is fixed")),
            row(top(.fixed), .reorder(to: 0), notInSection),
            row(top(.fixed), .hide, .refused("Subject is fixed")),
            row(top(.fixed).startsHidden, .unhide, .refused("Subject is fixed")),

            // default: in the bar at the top level, movable, removable.
            row(top(.default), .move(to: 0), .applied(bar: moved)),
            row(top(.default), .move(to: 99), .applied(bar: [h, "one", "two", x, s])),
            row(top(.default), .move(to: -3), .applied(bar: moved)),
            row(top(.default), .remove, .applied(bar: topOut)),
            row(top(.default), .add(at: 0), already),
            row(top(.default), [.removeFromTabBar(x)], .add(at: 0), .applied(bar: moved)),
            row(top(.default), [.removeFromTabBar(x)], .add(at: nil), .applied(bar: [h, "one", "two", x, s])),
            row(top(.default), .reorder(to: 0), notInSection),
            row(top(.default), .hide, .applied(bar: topOut, hidden: [x])),
            row(top(.default).startsHidden, .unhide, .applied(bar: topOut)),

            // movable: in the bar, moves, cannot be removed; comes back to the bar when unhidden.
            row(top(.movable), .move(to: 0), .applied(bar: moved)),
            row(top(.movable), .remove, .refused("Subject can't be removed from the tab bar")),
            row(top(.movable), .add(at: 0), already),
            row(top(.movable), .reorder(to: 0), notInSection),
            row(top(.movable), .hide, .applied(bar: topOut, hidden: [x])),
            row(top(.movable).startsHidden, .unhide, .applied(bar: [h, "one", "two", x, s])),
            row(top(.movable), [.setHidden(x, true)], .unhide, .applied(bar: [h, "one", "two", x, s])),

            // optional: out of the bar until added; then moves and leaves.
            row(top(.optional), .move(to: 0), notInBar),
            row(top(.optional), [.addToTabBar(x, at: nil)], .move(to: 0), .applied(bar: moved)),
            row(top(.optional), .remove, notInBar),
            row(top(.optional), [.addToTabBar(x, at: nil)], .remove, .applied(bar: topOut)),
            row(top(.optional), .add(at: 0), .applied(bar: moved)),
            row(top(.optional), .add(at: 1), .applied(bar: [h, "one", x, "two", s])),
            row(top(.optional), .add(at: 99), .applied(bar: [h, "one", "two", x, s])),
            row(top(.optional), .reorder(to: 0), notInSection),
            row(top(.optional), .hide, .applied(bar: topOut, hidden: [x])),
            row(top(.optional), [.addToTabBar(x, at: nil)], .hide, .applied(bar: topOut, hidden: [x])),
            row(top(.optional).startsHidden, .unhide, .applied(bar: topOut)),

            // pinned: trailing region, never moves, never leaves, never hides.
            row(top(.pinned), .move(to: 0), .refused("Subject is pinned")),
            row(top(.pinned), .remove, .refused("Subject is pinned")),
            row(top(.pinned), .add(at: 0), .refused("Subject is pinned")),
            row(top(.pinned), .reorder(to: 0), notInSection),
            row(top(.pinned), .hide, .refused("Subject is pinned")),
            row(top(.pinned).startsHidden, .unhide, .refused("Subject is pinned")),

            // sidebarOnly: never in the bar, cannot be added; hides like anything else.
            row(top(.sidebarOnly), .move(to: 0), notInBar),
            row(top(.sidebarOnly), .remove, notInBar),
            row(top(.sidebarOnly), .add(at: 0), .refused("Subject is only in the sidebar")),
            row(top(.sidebarOnly), .reorder(to: 0), notInSection),
            row(top(.sidebarOnly), .hide, .applied(bar: topOut, hidden: [x])),
            row(top(.sidebarOnly).startsHidden, .unhide, .applied(bar: topOut)),

            // Inside a reorderable section whose children start in the bar.
            row(shelf(.default), .move(to: 0), .applied(bar: shelfMoved)),
            row(shelf(.default), .remove, .applied(bar: shelfOut)),
            row(shelf(.default), .add(at: 0), already),
            row(shelf(.default), [.removeFromTabBar(x)], .add(at: 0), .applied(bar: shelfMoved)),
            row(shelf(.default), .reorder(to: 0), .applied(bar: shelfIn, order: reordered)),
            row(shelf(.default), .reorder(to: 99), .applied(bar: shelfIn, order: ["c1", "c2", x])),
            row(shelf(.default), [.moveInSection(x, to: 0)], .reorder(to: 1), .applied(bar: shelfIn)),
            row(shelf(.default), .hide, .applied(bar: shelfOut, hidden: [x])),
            row(shelf(.default).startsHidden, .unhide, .applied(bar: shelfOut)),

            row(shelf(.movable), .move(to: 0), .applied(bar: shelfMoved)),
            row(shelf(.movable), .remove, .refused("Subject can't be removed from the tab bar")),
            row(shelf(.movable), .add(at: 0), already),
            row(shelf(.movable), .reorder(to: 0), .applied(bar: shelfIn, order: reordered)),
            row(shelf(.movable), .hide, .applied(bar: shelfOut, hidden: [x])),
            row(shelf(.movable).startsHidden, .unhide, .applied(bar: [h, "one", "shelf", "c1", "c2", x, s])),

            row(shelf(.optional), .move(to: 0), notInBar),
            row(shelf(.optional), .remove, notInBar),
            row(shelf(.optional), .add(at: 0), .applied(bar: shelfMoved)),
            row(shelf(.optional), .reorder(to: 0), .applied(bar: shelfOut, order: reordered)),
            row(shelf(.optional), .hide, .applied(bar: shelfOut, hidden: [x])),
            row(shelf(.optional).startsHidden, .unhide, .applied(bar: shelfOut)),

            row(shelf(.sidebarOnly), .move(to: 0), notInBar),
            row(shelf(.sidebarOnly), .remove, notInBar),
            row(shelf(.sidebarOnly), .add(at: 0), .refused("Subject is only in the sidebar")),
            row(shelf(.sidebarOnly), .reorder(to: 0), .applied(bar: shelfOut, order: reordered)),
            row(shelf(.sidebarOnly), .hide, .applied(bar: shelfOut, hidden: [x])),
            row(shelf(.sidebarOnly).startsHidden, .unhide, .applied(bar: shelfOut)),

            // Customization behaviour disabled for one bar: only that bar's edits are refused.
            row(top(.default).tabBarDisabled, .move(to: 0), .refused("Subject can't be changed in the tab bar")),
            row(top(.default).tabBarDisabled, .remove, .refused("Subject can't be changed in the tab bar")),
            row(top(.optional).tabBarDisabled, .add(at: 0), .refused("Subject can't be changed in the tab bar")),
            row(top(.default).tabBarDisabled, .hide, .applied(bar: topOut, hidden: [x])),
            row(shelf(.default).tabBarDisabled, .reorder(to: 0), .applied(bar: shelfIn, order: reordered)),
            row(shelf(.default).sidebarDisabled, .reorder(to: 0), .refused("Subject can't be changed in the sidebar")),
            row(shelf(.default).sidebarDisabled, .hide, .refused("Subject can't be changed in the sidebar")),
            row(shelf(.default).sidebarDisabled.startsHidden, .unhide,
                .refused("Subject can't be changed in the sidebar")),
            row(shelf(.default).sidebarDisabled, .move(to: 0), .applied(bar: shelfMoved)),
            row(shelf(.default).sidebarDisabled, .remove, .applied(bar: shelfOut)),

            // allowsHiding false: neither hidden nor, when it starts hidden, shown.
            row(top(.default).cannotHide, .hide, .refused("Subject can't be hidden")),
            row(top(.default).cannotHide.startsHidden, .unhide, .refused("Subject can't be hidden")),

            // A section that keeps its order.
            row(shelf(.default).fixedOrderShelf, .reorder(to: 0), .refused("Shelf doesn't allow reordering")),

            // Hidden items cannot be added, whether hidden themselves or inside a hidden section.
            row(top(.optional).startsHidden, .add(at: 0), .refused("Subject is hidden")),
            row(shelf(.optional).hiddenShelf, .add(at: 0), .refused("Subject is hidden")),
            row(shelf(.default).hiddenShelf, .hide,
                .applied(bar: [h, "one", s], hidden: ["shelf", x])),
            row(shelf(.default).hiddenShelf, .reorder(to: 0), .applied(bar: [h, "one", s], hidden: ["shelf"], order: reordered)),

            // Hiding the section takes its children out of the bar with it.
            row(shelf(.default), .other(.setHidden("shelf", true)), .applied(bar: [h, "one", s], hidden: ["shelf"])),
            row(shelf(.optional), [.addToTabBar(x, at: 0)], .other(.setHidden("shelf", true)),
                .applied(bar: [h, "one", s], hidden: ["shelf"])),

            // Unhiding the section brings back the movable child (it could not leave otherwise),
            // not the removable section and siblings.
            row(shelf(.movable), [.setHidden("shelf", true)], .other(.setHidden("shelf", false)),
                .applied(bar: [h, "one", x, s])),

            // Edits naming other items.
            row(top(.default), .other(.removeFromTabBar("nope")), .refused("No item \"nope\"")),
            row(top(.default), .other(.moveInTabBar("home", to: 3)), .refused("Home is fixed")),
            row(top(.default), .other(.setHidden("search", true)), .refused("Search is pinned")),
            row(shelf(.default), .other(.moveInSection("shelf", to: 0)), .refused("Shelf is not in a section")),
            row(shelf(.default), .other(.removeFromTabBar("shelf")), .applied(bar: [h, "one", "c1", x, "c2", s])),
        ]
    }()
    // swiftlint:enable function_body_length

    func testEveryPlacementTimesEveryEdit() throws {
        for (number, row) in Self.rows.enumerated() {
            let edit = row.edit.tabEdit
            let label = "row \(number) (\(row.subject.placement) \(row.subject.location), \(edit))"
            var model = try makeModel(row.subject.items)
            for step in row.setup {
                model.mustApply(step, line: row.line)
            }
            let before = model.customization
            let undoDepth = model.undoStack.count
            let checked = model.check(edit)
            let result = model.apply(edit)

            switch (row.outcome, result) {
            case (.refused(let expected), .failure(let refusal)):
                XCTAssertEqual(refusal.message, expected, label, line: row.line)
                XCTAssertEqual(checked.refusalMessage, refusal.message, "check() agrees with apply() — \(label)", line: row.line)
                XCTAssertEqual(model.customization, before, "a refusal changes nothing — \(label)", line: row.line)
                XCTAssertEqual(model.undoStack.count, undoDepth, "a refusal is not recorded — \(label)", line: row.line)

            case (.applied(let bar, let hidden, let order), .success(let events)):
                XCTAssertEqual(model.tabBarIDs, bar, "bar — \(label)", line: row.line)
                XCTAssertEqual(model.customization.hidden, hidden, "hidden — \(label)", line: row.line)
                if row.subject.location == .shelf {
                    XCTAssertEqual(model.displayOrder(of: "shelf"), order ?? ["c1", "subj", "c2"],
                                   "shelf order — \(label)", line: row.line)
                } else {
                    XCTAssertNil(order, "row gives an order without a section — \(label)", line: row.line)
                }
                XCTAssertTrue(checked.isSuccess, "check() agrees with apply() — \(label)", line: row.line)
                XCTAssertFalse(events.isEmpty, "a change reports events — \(label)", line: row.line)
                XCTAssertEqual(model.undoStack.count, undoDepth + 1, "recorded for undo — \(label)", line: row.line)
                XCTAssertEqual(model.selectedID, "home", "selection stays on the fixed tab — \(label)", line: row.line)

            case (.refused(let expected), .success):
                XCTFail("expected refusal \"\(expected)\", but it applied: bar \(model.tabBarIDs) — \(label)",
                        line: row.line)
            case (.applied, .failure(let refusal)):
                XCTFail("expected it to apply, but refused: \"\(refusal.message)\" — \(label)", line: row.line)
            }
        }
    }

    /// Every placement × every edit kind has at least one row, at the top level and (for the
    /// placements a section may hold) inside the section.
    func testTableCoversEveryPlacementAndEdit() {
        func kind(_ edit: Edit) -> Int? {
            switch edit {
            case .move: return 0
            case .remove: return 1
            case .add: return 2
            case .reorder: return 3
            case .hide: return 4
            case .unhide: return 5
            case .other: return nil
            }
        }
        let covered = Set(Self.rows.compactMap { row -> String? in
            kind(row.edit).map { "\(row.subject.placement) \(row.subject.location) \($0)" }
        })
        for placement in TabPlacement.allCases {
            let locations: [Where] = placement == .fixed || placement == .pinned ? [.top] : [.top, .shelf]
            for location in locations {
                for edit in 0..<6 {
                    XCTAssertTrue(covered.contains("\(placement) \(location) \(edit)"),
                                  "no row for \(placement) \(location) edit #\(edit)")
                }
            }
        }
    }

    // MARK: Rules that take more than one step

    func testHidingASectionTakesItAndItsChildrenOutOfTheBar() throws {
        var model = try makeModel([
            tab("a"),
            section("sec", hides: true, [
                tab("c1", barVisibility: .visible),
                section("inner", childrenInBar: true, [tab("d1"), tab("d2", "D2", .optional)]),
            ]),
        ])
        model.mustApply(.addToTabBar("inner", at: nil))
        model.mustApply(.addToTabBar("d2", at: 0))
        XCTAssertEqual(model.tabBarIDs, ["d2", "a", "sec", "c1", "d1", "inner"])
        let events = model.mustApply(.setHidden("sec", true))
        XCTAssertEqual(model.tabBarIDs, ["a"])
        XCTAssertEqual(model.customization.tabBar, ["a"])
        XCTAssertEqual(model.customization.hidden, ["sec"], "children are hidden through their section only")
        XCTAssertEqual(model.sidebarIDs, ["a"])
        XCTAssertTrue(model.isEffectivelyHidden("d2"))
        XCTAssertEqual(events.first, .tabBarDidChange(items: ["a"]))
        XCTAssertTrue(events.contains(.visibilityDidChange(tabs: ["sec"], hidden: true)))
        XCTAssertEqual(model.refusal(of: .addToTabBar("c1", at: nil)), "C1 is hidden")
    }

    func testUnhidingReturnsMovableItemsThatBelongInTheBar() throws {
        var model = try makeModel([
            tab("a"),
            section("open", childrenInBar: true, hides: true, [tab("m1", "M1", .movable, hides: true), tab("d1")]),
            section("closed", hides: true, [tab("m2", "M2", .movable, hides: true)]),
            tab("m3", "M3", .movable, hides: true, hiddenByDefault: true),
        ])
        XCTAssertEqual(model.tabBarIDs, ["a", "open", "m1", "d1", "closed"])
        model.mustApply(.addToTabBar("m2", at: 0))
        model.mustApply(.setHidden("open", true))
        model.mustApply(.setHidden("closed", true))
        XCTAssertEqual(model.tabBarIDs, ["a"])
        model.mustApply(.setHidden("open", false))
        XCTAssertEqual(model.tabBarIDs, ["a", "m1"], "m1 belongs in the bar and cannot be removed: it returns")
        model.mustApply(.setHidden("closed", false))
        XCTAssertEqual(model.tabBarIDs, ["a", "m1"], "m2 only was in the bar because the person added it")
        model.mustApply(.setHidden("m1", true))
        model.mustApply(.setHidden("m1", false))
        XCTAssertEqual(model.tabBarIDs, ["a", "m1"])
        model.mustApply(.setHidden("m2", true))
        model.mustApply(.setHidden("m2", false))
        XCTAssertEqual(model.tabBarIDs, ["a", "m1"])
        model.mustApply(.setHidden("m3", false))
        XCTAssertEqual(model.tabBarIDs, ["a", "m1", "m3"], "a movable tab hidden by default joins the bar when shown")
    }

    func testSelectionMovesToFirstBarItemWhenSelectedIsHidden() throws {
        var model = try makeModel([
            tab("a"), tab("b", hides: true),
            section("sec", childrenInBar: true, hides: true, [tab("c1", hides: true), tab("c2")]),
        ])
        XCTAssertEqual(model.tabBarIDs, ["a", "b", "sec", "c1", "c2"])
        model.select("b")
        var events = model.mustApply(.setHidden("b", true))
        XCTAssertEqual(model.selectedID, "a")
        XCTAssertTrue(events.contains(.selectionDidChange(tab: "a")))

        model.select("c2")
        model.mustApply(.setHidden("c1", true))
        XCTAssertEqual(model.selectedID, "c2", "hiding another item leaves the selection alone")
        model.mustApply(.moveInTabBar("c2", to: 0))
        model.mustApply(.setHidden("sec", true))
        XCTAssertEqual(model.selectedID, "a", "a tab inside a hidden section loses the selection")
        XCTAssertEqual(model.tabBarIDs, ["a"])

        // Everything in the bar gone: the first visible sidebar row takes the selection.
        var only = try makeModel([tab("a", "A", .optional), tab("b", "B", .optional, hides: true)])
        XCTAssertEqual(only.tabBarIDs, [])
        XCTAssertEqual(only.selectedID, "a", "no bar: the first sidebar row is selected")
        only.select("b")
        events = only.mustApply(.setHidden("b", true))
        XCTAssertEqual(only.selectedID, "a")
        XCTAssertTrue(events.contains(.selectionDidChange(tab: "a")))
    }

    func testSelectionMovesToFirstBarItemWhenSelectedIsRemovedFromBar() throws {
        var model = try makeModel([
            tab("a"), tab("b"), tab("c"), tab("s", "S", .sidebarOnly), tab("p", "P", .pinned),
        ])
        model.select("b")
        model.mustApply(.removeFromTabBar("c"))
        XCTAssertEqual(model.selectedID, "b", "removing another item leaves the selection alone")
        let events = model.mustApply(.removeFromTabBar("b"))
        XCTAssertEqual(model.selectedID, "a")
        XCTAssertEqual(events, [.tabBarDidChange(items: ["a", "p"]), .selectionDidChange(tab: "a")])
        model.select("a")
        model.mustApply(.removeFromTabBar("a"))
        XCTAssertEqual(model.selectedID, "p", "the first bar item, even when pinned")

        model.select("s")
        model.mustApply(.addToTabBar("c", at: nil))
        XCTAssertEqual(model.selectedID, "s", "a selected sidebar-only tab stays selected")
    }

    func testHidingTheLastVisibleItemIsRefused() throws {
        var model = try makeModel([
            tab("a", hides: true),
            section("sec", title: "Sec", hides: true, [tab("c", hides: true)]),
        ])
        model.mustApply(.setHidden("c", true))
        model.mustApply(.setHidden("a", true))
        XCTAssertEqual(model.refusal(of: .setHidden("sec", true)), "Sec is the last visible item")
        XCTAssertEqual(model.selectedID, "sec")
        model.mustApply(.setHidden("c", false))
        XCTAssertEqual(model.refusal(of: .setHidden("sec", true)), "Sec is the last visible item",
                       "its own children do not count: they would go with it")
        model.mustApply(.setHidden("a", false))
        model.mustApply(.setHidden("sec", true))
        XCTAssertEqual(model.refusal(of: .setHidden("a", true)), "A is the last visible item")
        XCTAssertEqual(model.sidebarIDs, ["a"])
        XCTAssertEqual(model.selectedID, "a")
        XCTAssertEqual(model.mustApply(.setHidden("sec", true)), [], "hiding a hidden item again is a no-op")
    }
}

extension Result where Failure == EditRefusal {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    var refusalMessage: String? {
        if case .failure(let refusal) = self { return refusal.message }
        return nil
    }
}
