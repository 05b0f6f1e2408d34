import Foundation
import TestSupport
import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// docs/behaviour.md, "Quality bars": random action sequences never break an invariant of the model.
///
/// Random hierarchies (up to three levels, random placements valid for their level, random
/// switches) each get a random walk of edits, selections, folds, undos, resets and run-time
/// additions; every invariant is checked after every action, and every edit that applies is
/// undone and redone to prove the undo exact. `TABNAV_FUZZ_STEPS` sets the number of actions
/// (default 100,000; `make fuzz` runs a million) and `TABNAV_FUZZ_SEED` the first seed.
final class ModelFuzzTests: XCTestCase {
    static let defaultSteps = 100_000
    static let stepsPerHierarchy = 250
    static let defaultSeed: UInt64 = 0x7AB_2024_0611

    enum Action: CustomStringConvertible {
        case edit(TabEdit)
        case select(String)
        case collapse(String, Bool)
        case sidebar(Bool)
        case undo
        case reset
        case append(TabItem, to: String)

        var description: String {
            switch self {
            case .edit(let edit): return "apply(\(edit))"
            case .select(let id): return "select(\(id))"
            case .collapse(let id, let collapsed): return "setCollapsed(\(id), \(collapsed))"
            case .sidebar(let visible): return "setSidebarVisible(\(visible))"
            case .undo: return "undo()"
            case .reset: return "reset()"
            case .append(let item, let section):
                return "appendTab(\(item.id)\(item.children.isEmpty ? "" : " +\(item.children.count) children"), to: \(section))"
            }
        }
    }

    /// Stops the walk with a message naming everything needed to reproduce it.
    struct Violation: Error { var message: String }

    func testRandomActionsKeepEveryInvariant() throws {
        let environment = ProcessInfo.processInfo.environment
        let totalSteps = environment["TABNAV_FUZZ_STEPS"].flatMap { Int($0) } ?? Self.defaultSteps
        let baseSeed = environment["TABNAV_FUZZ_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed
        var done = 0
        var run: UInt64 = 0
        var applied = 0
        var refused = 0
        var withSearchTabs = 0
        while done < totalSteps {
            let seed = baseSeed &+ run
            let steps = min(Self.stepsPerHierarchy, totalSteps - done)
            var walk = try Walk(seed: seed)
            do {
                try walk.run(steps: steps)
            } catch let violation as Violation {
                XCTFail("""
                    model invariant broken — seed \(seed) (run \(run) from base \(baseSeed)); \
                    reproduce with TABNAV_FUZZ_SEED=\(seed) TABNAV_FUZZ_STEPS=\(Self.stepsPerHierarchy)
                    \(violation.message)
                    hierarchy:
                    \(walk.describeHierarchy())
                    last actions:
                    \(walk.log.suffix(15).map { "  \($0)" }.joined(separator: "\n"))
                    """)
                return
            }
            done += steps
            if !walk.model.hierarchy.searchNodes.isEmpty { withSearchTabs += 1 }
            applied += walk.applied
            refused += walk.refused
            run += 1
        }
        XCTAssertGreaterThanOrEqual(done, totalSteps)
        // The mix must actually exercise both outcomes, or the walk proves little.
        XCTAssertGreaterThan(applied, totalSteps / 10, "too few edits applied")
        XCTAssertGreaterThan(refused, totalSteps / 20, "too few edits refused")
        XCTAssertGreaterThan(withSearchTabs, Int(run) / 5, "too few hierarchies with search tabs")
    }

    /// The checker is itself checked: a model put into a broken state is caught.
    func testCheckerCatchesBrokenStates() throws {
        var walk = try Walk(seed: 1)
        walk.model = try makeModel([
            tab("f", "F", .fixed), tab("a", hides: true), tab("s", "S", .sidebarOnly),
            section("sec", reorders: true, [tab("c1"), tab("c2")]),
        ])
        XCTAssertNoThrow(try walk.checkInvariants())
        let good = walk.model

        let breakages: [(String, (inout TabNavModel) -> Void)] = [
            ("sidebar-only in bar", { $0.customization.tabBar.append("s"); $0.rebuild() }),
            ("duplicate in bar", { $0.customization.tabBar.append("a"); $0.rebuild() }),
            ("hidden in bar", { $0.customization.hidden.insert("a"); $0.rebuild() }),
            ("fixed in middle", { $0.customization.tabBar.append("f"); $0.rebuild() }),
            ("order not a permutation", { $0.customization.sectionOrder["sec"] = ["c1"]; $0.rebuild() }),
            ("selection hidden", { $0.customization.hidden.insert("a"); $0.customization.selected = "a" }),
            ("unknown hidden id", { $0.customization.hidden.insert("zzz"); $0.rebuild() }),
        ]
        for (name, breakIt) in breakages {
            walk.model = good
            breakIt(&walk.model)
            XCTAssertThrowsError(try walk.checkInvariants(), name)
        }
    }

    func testGeneratorIsReproducibleAndVaried() throws {
        var first = try Walk(seed: 42)
        var again = try Walk(seed: 42)
        XCTAssertEqual(first.model.hierarchy.allIDs, again.model.hierarchy.allIDs)
        XCTAssertNoThrow(try first.run(steps: 300))
        XCTAssertNoThrow(try again.run(steps: 300))
        XCTAssertEqual(first.model.customization, again.model.customization)
        XCTAssertEqual(first.log.map(\.description), again.log.map(\.description))

        var placements: Set<TabPlacement> = []
        var depths: Set<Int> = []
        for seed in 0..<200 as Range<UInt64> {
            let walk = try Walk(seed: seed)
            for node in walk.model.hierarchy.nodes {
                placements.insert(node.item.placement)
                depths.insert(node.depth)
            }
        }
        XCTAssertEqual(placements, Set(TabPlacement.allCases))
        XCTAssertEqual(depths, [1, 2, 3])
    }
}

// MARK: - One random walk

extension ModelFuzzTests {
    struct Walk {
        var rng: SplitMix64
        var model: TabNavModel
        var log: [Action] = []
        var applied = 0
        var refused = 0
        private var nextID = 0

        /// Throws only if the generator made an invalid hierarchy, which is a bug of the test.
        init(seed: UInt64) throws {
            rng = SplitMix64(seed: seed)
            var counter = 0
            var budget = rng.int(in: 3...11)
            let items = Self.randomItems(rng: &rng, depth: 1, budget: &budget, counter: &counter)
            nextID = counter + 1
            model = TabNavModel(hierarchy: try makeHierarchy(items))
        }

        static func randomItems(rng: inout SplitMix64, depth: Int, budget: inout Int, counter: inout Int) -> [TabItem] {
            let count = depth == 1 ? rng.int(in: 1...7) : rng.int(in: 0...4)   // at least one item in all
            var items: [TabItem] = []
            for _ in 0..<count where budget > 0 {
                budget -= 1
                counter += 1
                let id = "t\(counter)"
                // A section at the deepest level could hold nothing, and is refused: only tabs there.
                let isSection = depth < TabHierarchy.maximumDepth && rng.percent(35)
                let placements: [TabPlacement] = depth == 1
                    ? [.fixed, .pinned, .default, .default, .default, .movable, .movable, .optional, .optional, .sidebarOnly]
                    : [.default, .default, .movable, .optional, .sidebarOnly]
                var item = TabItem(
                    kind: isSection ? .section : .tab, id: id, title: "T\(counter)",
                    placement: rng.pick(placements), allowsHiding: rng.percent(70),
                    isHiddenByDefault: rng.percent(12),
                    sidebarCustomization: rng.percent(10) ? .disabled : .enabled,
                    tabBarCustomization: rng.percent(10) ? .disabled : .enabled,
                    defaultTabBarVisibility: rng.pick([.automatic, .automatic, .automatic, .automatic, .visible, .hidden])
                )
                if !isSection, rng.percent(6) { item.role = .search }  // the model keeps an index of these
                if isSection {
                    item.allowsReordering = rng.percent(70)
                    item.childrenTabBarVisibility = rng.pick([.visible, .visible, .automatic, .hidden])
                    if depth < TabHierarchy.maximumDepth {
                        item.children = randomItems(rng: &rng, depth: depth + 1, budget: &budget, counter: &counter)
                    }
                }
                items.append(item)
            }
            return items
        }

        var allIDs: [String] { model.hierarchy.nodes.map(\.item.id) }

        /// An id of the hierarchy, now and then one that does not exist.
        mutating func randomID() -> String {
            rng.percent(2) ? "missing" : model.hierarchy.nodes[rng.below(model.hierarchy.count)].item.id
        }

        mutating func randomEdit() -> TabEdit {
            let id = randomID()
            let barCount = model.customization.tabBar.count
            switch rng.below(7) {
            case 0: return .moveInTabBar(id, to: rng.int(in: -2...(barCount + 2)))
            case 1: return .removeFromTabBar(id)
            case 2: return .addToTabBar(id, at: rng.percent(25) ? nil : rng.int(in: -2...(barCount + 2)))
            case 3:
                let siblings = model.hierarchy.parentID(of: id).map { model.hierarchy.declaredChildren(of: $0).count } ?? 3
                return .moveInSection(id, to: rng.int(in: -2...(siblings + 2)))
            case 6:
                return rng.percent(50) ? .deleteTab(id) : .renameTab(id, to: rng.percent(10) ? "" : "R\(rng.below(4))")
            default: return .setHidden(id, rng.percent(55))
            }
        }

        /// What an edit may change: the customization, and the run-time tabs (which exist, where,
        /// under which title).
        struct Shape: Equatable, CustomStringConvertible {
            var customization: Customization
            var ids: [String]
            var titles: [String]
            var runTimeTabs: [String]
            var description: String { "\(customization) ids \(ids) titles \(titles) run-time \(runTimeTabs)" }
        }

        var shape: Shape {
            let ids = model.hierarchy.allIDs
            return Shape(customization: model.customization, ids: ids,
                         titles: ids.map { model.hierarchy.item($0)?.title ?? "" }, runTimeTabs: model.runTimeTabs)
        }

        mutating func randomAppend() -> Action? {
            let sections = model.hierarchy.nodes.filter { $0.item.isSection }.map(\.item.id)
            guard !sections.isEmpty else { return nil }
            nextID += 1
            var item = TabItem(
                id: rng.percent(5) ? randomID() : "n\(nextID)", title: "N\(nextID)",
                placement: rng.pick([.default, .movable, .optional, .sidebarOnly, .pinned]),
                allowsHiding: rng.percent(70), isHiddenByDefault: rng.percent(15),
                defaultTabBarVisibility: rng.pick([.automatic, .automatic, .visible, .hidden])
            )
            if rng.percent(5) { item.role = .search }
            if rng.percent(20) {
                item.kind = .section
                item.allowsReordering = rng.percent(50)
                item.childrenTabBarVisibility = rng.pick([.visible, .automatic])
                nextID += 1
                item.children = [TabItem(id: "n\(nextID)", title: "N\(nextID)", allowsHiding: true)]
            }
            return .append(item, to: rng.pick(sections))
        }

        mutating func run(steps: Int) throws {
            try checkInvariants()
            for _ in 0..<steps {
                let roll = rng.below(100)
                let action: Action
                switch roll {
                case 0..<62: action = .edit(randomEdit())
                case 62..<72: action = .select(randomID())
                case 72..<79: action = .collapse(randomID(), rng.percent(50))
                case 79..<81: action = .sidebar(rng.percent(50))
                case 81..<93: action = .undo
                case 93..<96: action = .reset
                default:
                    guard model.hierarchy.count < 24, let append = randomAppend() else {
                        action = .undo
                        break
                    }
                    action = append
                }
                log.append(action)
                try perform(action)
                try checkInvariants()
            }
        }

        private func fail(_ message: String) -> Violation {
            Violation(message: "after \(log.last.map(\.description) ?? "creation"): \(message)")
        }

        mutating func perform(_ action: Action) throws {
            switch action {
            case .edit(let edit):
                try performEdit(edit)
            case .select(let id):
                let wasVisible = model.isVisible(id)
                let before = model.selectedID
                let event = model.select(id)
                if wasVisible {
                    guard model.selectedID == id else { throw fail("selecting visible \(id) did not select it") }
                    guard (event != nil) == (before != id) else { throw fail("select event \(String(describing: event))") }
                } else {
                    guard model.selectedID == before, event == nil else { throw fail("selected a hidden or missing item") }
                }
            case .collapse(let id, let collapsed):
                model.setCollapsed(id, collapsed)
                if model.hierarchy.item(id)?.isSection == true, model.isCollapsed(id) != collapsed {
                    throw fail("setCollapsed did not take")
                }
            case .sidebar(let visible):
                model.setSidebarVisible(visible)
                guard model.customization.sidebarVisible == visible else { throw fail("sidebar visibility not kept") }
            case .undo:
                let expected = model.undoStack.last
                let depth = model.undoStack.count
                let events = model.undo()
                if let expected {
                    guard events != nil, model.undoStack.count == depth - 1 else { throw fail("undo did not pop") }
                    let now = model.customization
                    guard now.tabBar == expected.tabBar, now.hidden == expected.hidden,
                          now.sectionOrder == expected.sectionOrder, now.selected == expected.selected,
                          expected.collapsed.map({ $0 == now.collapsed }) ?? true
                    else { throw fail("undo did not restore the snapshot \(expected), got \(now)") }
                } else if events != nil {
                    throw fail("undo with an empty history reported events")
                }
            case .reset:
                let before = model.customization
                let depth = model.undoStack.count
                let events = model.reset()
                let defaults = TabNavModel.defaultCustomization(for: model.hierarchy)
                let now = model.customization
                guard now.tabBar == defaults.tabBar, now.hidden == defaults.hidden, now.sectionOrder.isEmpty,
                      now.collapsed.isEmpty else { throw fail("reset did not return to the defaults: \(now)") }
                let changed = now != before
                if changed {
                    guard model.undoStack.count == min(depth + 1, TabNavModel.undoLimit) else {
                        throw fail("a reset that changed something was not recorded")
                    }
                    guard model.undo() != nil, model.customization == before else {
                        throw fail("undoing the reset did not restore \(before), got \(model.customization)")
                    }
                    _ = model.reset()
                } else {
                    guard events.isEmpty, model.undoStack.count == depth else { throw fail("a no-op reset was recorded") }
                }
            case .append(let item, let section):
                let before = model.customization
                let count = model.hierarchy.count
                let undoDepth = model.undoStack.count
                do {
                    try model.appendTab(item, to: section)
                    guard model.hierarchy.count == count + 1 + item.children.count,
                          model.displayOrder(of: section).last == item.id,
                          model.customization.knownIDs.contains(item.id),
                          model.undoStack.count == undoDepth
                    else { throw fail("appendTab did not add \(item.id) to \(section)") }
                } catch is HierarchyError {
                    guard model.hierarchy.count == count, model.customization == before else {
                        throw fail("a rejected appendTab changed the model")
                    }
                }
            }
        }

        mutating func performEdit(_ edit: TabEdit) throws {
            let before = shape
            let barBefore = model.tabBarIDs
            let depth = model.undoStack.count
            let checked = model.check(edit)
            switch model.apply(edit) {
            case .failure(let refusal):
                refused += 1
                guard case .failure(let checkedRefusal) = checked, checkedRefusal == refusal else {
                    throw fail("check() said \(checked) but apply() refused: \(refusal.message)")
                }
                guard shape == before, model.undoStack.count == depth else {
                    throw fail("refusal \"\(refusal.message)\" changed the model")
                }
            case .success(let events):
                guard case .success = checked else { throw fail("check() refused what apply() applied") }
                let after = shape
                guard after != before else {
                    guard events.isEmpty, model.undoStack.count == depth else { throw fail("a no-op edit was recorded") }
                    return
                }
                applied += 1
                // A new title has no event of its own (docs/state-and-events.md lists them all).
                if case .renameTab = edit {} else if events.isEmpty { throw fail("a change reported no events") }
                if model.tabBarIDs != barBefore, !events.contains(.tabBarDidChange(items: model.tabBarIDs)) {
                    throw fail("the bar changed without tabBarDidChange: \(events)")
                }
                if barBefore == model.tabBarIDs, events.contains(where: { if case .tabBarDidChange = $0 { return true }; return false }) {
                    throw fail("tabBarDidChange without a change of the bar")
                }
                guard model.undoStack.count == min(depth + 1, TabNavModel.undoLimit) else {
                    throw fail("the edit was not recorded")
                }
                guard model.undo() != nil, shape == before else {
                    throw fail("undo right after the edit did not restore \(before); got \(shape)")
                }
                guard case .success = model.apply(edit), shape == after else {
                    throw fail("redoing the edit did not give the same result")
                }
            }
        }

        // MARK: Invariants

        func checkInvariants() throws {
            let hierarchy = model.hierarchy
            let nodes = hierarchy.nodes
            let customization = model.customization

            // Per node, in one pass (a parent always precedes its children in `nodes`): hidden
            // itself or by a section above it, and folded away under a collapsed section.
            var hiddenFlags = [Bool](repeating: false, count: nodes.count)
            var foldedFlags = [Bool](repeating: false, count: nodes.count)
            for index in nodes.indices {
                let node = nodes[index]
                var hidden = customization.hidden.contains(node.item.id)
                if let parent = node.parent {
                    guard parent < index else { throw fail("\(node.item.id) stored before its section") }
                    hidden = hidden || hiddenFlags[parent]
                    foldedFlags[index] = foldedFlags[parent] || customization.collapsed.contains(nodes[parent].item.id)
                }
                hiddenFlags[index] = hidden
            }
            func isHidden(_ id: String) -> Bool {
                guard let index = hierarchy.index(of: id) else { return true }
                return hiddenFlags[index]
            }

            // The bar's index agrees with the bar, for every node.
            for (index, node) in nodes.enumerated() {
                let position = model.tabBarPosition(of: node.item.id)
                let actual = model.tabBar.firstIndex { $0.id == node.item.id }
                guard position == actual else {
                    throw fail("\(node.item.id) (node \(index)) is at \(String(describing: actual)) in the bar, the index says \(String(describing: position))")
                }
            }
            guard hierarchy.searchNodes == nodes.indices.filter({ nodes[$0].item.isSearch }) else {
                throw fail("the search tabs' index \(hierarchy.searchNodes) disagrees with the nodes")
            }
            guard model.pinnedCount == model.tabBar.filter({ $0.region == .pinned }).count else {
                throw fail("pinned count \(model.pinnedCount) disagrees with the bar")
            }

            // The bar: fixed roots lead, pinned roots trail, both in declared order; the middle is
            // the customizable region; nothing hidden, sidebar-only, missing or repeated.
            var fixed: [TabBarEntry] = []
            var pinned: [TabBarEntry] = []
            for root in hierarchy.roots where !hiddenFlags[root] {
                let item = nodes[root].item
                if item.placement == .fixed { fixed.append(TabBarEntry(id: item.id, region: .fixed)) }
                if item.placement == .pinned { pinned.append(TabBarEntry(id: item.id, region: .pinned)) }
            }
            let expectedBar = fixed + customization.tabBar.map { TabBarEntry(id: $0, region: .customizable) } + pinned
            guard model.tabBar == expectedBar else { throw fail("bar \(model.tabBar) is not \(expectedBar)") }
            guard Set(model.tabBarIDs).count == model.tabBarIDs.count else { throw fail("duplicate in bar \(model.tabBarIDs)") }
            for id in customization.tabBar {
                guard let index = hierarchy.index(of: id) else { throw fail("bar item \(id) does not exist") }
                let placement = nodes[index].item.placement
                guard placement.isCustomizable else { throw fail("\(placement) \(id) in the customizable region") }
                guard placement != .sidebarOnly else { throw fail("sidebar-only \(id) in the bar") }
                guard !hiddenFlags[index], !model.isEffectivelyHidden(id) else { throw fail("hidden \(id) in the bar") }
            }

            // Section orders: each a permutation of the children, stored only when not declared.
            for node in nodes where node.item.isSection {
                let declared = node.children.map { nodes[$0].item.id }
                let order = model.displayOrder(of: node.item.id)
                guard order.count == declared.count, Set(order) == Set(declared) else {
                    throw fail("order of \(node.item.id) \(order) is not a permutation of \(declared)")
                }
                if let stored = customization.sectionOrder[node.item.id], stored == declared {
                    throw fail("declared order of \(node.item.id) stored")
                }
            }
            for key in customization.sectionOrder.keys where hierarchy.item(key)?.isSection != true {
                throw fail("order stored for \(key), not a section")
            }

            // Hidden, folded and known ids.
            for id in customization.hidden {
                guard let item = hierarchy.item(id) else { throw fail("hidden id \(id) does not exist") }
                guard item.allowsHiding || item.isHiddenByDefault else { throw fail("\(id) hidden but may not hide") }
            }
            for id in customization.collapsed where hierarchy.item(id)?.isSection != true {
                throw fail("collapsed \(id) is not a section")
            }
            guard customization.knownIDs.count == nodes.count,
                  nodes.allSatisfy({ customization.knownIDs.contains($0.item.id) })
            else { throw fail("knownIDs \(customization.knownIDs) are not the hierarchy's ids") }

            // The selection is visible whenever anything is.
            if hiddenFlags.contains(false) {
                guard let selected = model.selectedID, !isHidden(selected), model.isVisible(selected) else {
                    throw fail("selection \(String(describing: model.selectedID)) is not visible")
                }
            } else if model.selectedID != nil {
                throw fail("a selection with nothing visible")
            }

            // Sidebar rows: visible items only, each once, everything not folded away listed,
            // top-level tabs before sections, and the same as the edit rows without hidden ones.
            let rows = model.sidebarRows
            var listed = [Bool](repeating: false, count: nodes.count)
            var sectionSeen = false
            for row in rows {
                let node = nodes[row.node]
                let id = node.item.id
                guard !hiddenFlags[row.node] else { throw fail("hidden \(id) in the sidebar") }
                guard !listed[row.node] else { throw fail("\(id) twice in the sidebar") }
                listed[row.node] = true
                guard row.depth == node.depth - 1 else { throw fail("depth of \(id)") }
                guard row.isSectionHeader == node.item.isSection else { throw fail("header \(id)") }
                if row.depth == 0 {
                    if node.item.isSection { sectionSeen = true } else if sectionSeen {
                        throw fail("top-level tab \(id) after a section in the sidebar")
                    }
                }
            }
            for index in nodes.indices where !hiddenFlags[index] && !foldedFlags[index] && !listed[index] {
                throw fail("visible \(nodes[index].item.id) missing from the sidebar")
            }
            let editRows = model.editSidebarRows
            var editListed = [Bool](repeating: false, count: nodes.count)
            var shown: [Int] = []
            for row in editRows {
                guard !editListed[row.node] else { throw fail("\(nodes[row.node].item.id) twice in the edit rows") }
                editListed[row.node] = true
                guard row.isHidden == customization.hidden.contains(nodes[row.node].item.id) else {
                    throw fail("edit row of \(nodes[row.node].item.id) not marked as hidden")
                }
                if !hiddenFlags[row.node] { shown.append(row.node) }
            }
            guard shown == rows.map(\.node) else { throw fail("edit rows without hidden items differ from rows") }

            // Saving and loading gives the same customization back (docs/behaviour.md, "Persistence"). The most costly
            // check, so after every fourth action only (and after every reset and addition).
            switch log.last {
            case .reset?, .append?: break
            default: guard log.count % 4 == 0 else { return }
            }
            let reloaded = TabNavModel(hierarchy: hierarchy, saved: customization)
            guard reloaded.customization == customization else {
                throw fail("reloading changed \(customization) into \(reloaded.customization)")
            }
        }

        func describeHierarchy() -> String {
            let hierarchy = model.hierarchy
            return hierarchy.depthFirstIndices.map { index in
                let node = hierarchy.nodes[index]
                let item = node.item
                var flags: [String] = [item.placement.rawValue]
                if item.isSection {
                    flags.append("section")
                    if item.allowsReordering { flags.append("reorders") }
                    flags.append("children:\(item.childrenTabBarVisibility.rawValue)")
                }
                if item.allowsHiding { flags.append("hides") }
                if item.isHiddenByDefault { flags.append("hiddenByDefault") }
                if item.sidebarCustomization == .disabled { flags.append("sidebar:disabled") }
                if item.tabBarCustomization == .disabled { flags.append("tabBar:disabled") }
                if item.defaultTabBarVisibility != .automatic { flags.append("bar:\(item.defaultTabBarVisibility.rawValue)") }
                let indent = String(repeating: "  ", count: node.depth)
                return "\(indent)\(item.id) [\(flags.joined(separator: " "))]"
            }.joined(separator: "\n") + "\ncustomization: \(model.customization)"
        }
    }
}
