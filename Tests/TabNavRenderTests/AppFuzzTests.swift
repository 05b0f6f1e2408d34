import Foundation
import TestSupport
import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavDrawing
@testable import TabNavInteraction
@testable import TabNavRender
import TabNavDemo

/// docs/behaviour.md, "Quality bars": random action sequences never break an invariant, and any resize never crashes —
/// checked through the real reducer *and* the real renderer, as the program runs them.
///
/// Each walk takes the demo or a random hierarchy (hostile titles, badges, content; random
/// placements valid for their level), random options (mode, right-to-left, ASCII, theme) and a
/// random size, then applies random keys from the whole key set, mouse reports aimed at what the
/// last frame's hit map shows (or at random cells, some outside the screen), resizes from 0×0 to
/// 400×150, content arriving for tabs, and relaunches from the saved state after a quit. After
/// every step the state and a freshly rendered frame are checked (see `AppChecker`).
///
/// `TABNAV_FUZZ_STEPS` sets the number of steps (default `defaultSteps`, a few seconds in debug;
/// `make fuzz` runs a million in release), `TABNAV_FUZZ_SEED` the first seed. A failure names the
/// seed and the walk's last steps.
final class AppFuzzTests: XCTestCase {
    static let defaultSteps = 12_000
    static let stepsPerWalk = 300
    static let defaultSeed: UInt64 = 0xA99_F022

    func testRandomInputKeepsStateAndFrameInvariants() throws {
        let environment = ProcessInfo.processInfo.environment
        let totalSteps = environment["TABNAV_FUZZ_STEPS"].flatMap { Int($0) } ?? Self.defaultSteps
        let baseSeed = environment["TABNAV_FUZZ_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed
        var done = 0
        var run: UInt64 = 0
        var stats = AppWalk.Stats()
        while done < totalSteps {
            let seed = baseSeed &+ run
            let steps = min(Self.stepsPerWalk, totalSteps - done)
            var walk = AppWalk(seed: seed)
            do {
                try walk.run(steps: steps)
            } catch let violation as AppChecker.Violation {
                XCTFail("""
                    app invariant broken — seed \(seed) (walk \(run) from base \(baseSeed)); reproduce with \
                    TABNAV_FUZZ_SEED=\(seed) TABNAV_FUZZ_STEPS=\(Self.stepsPerWalk) swift test --filter AppFuzzTests
                    \(violation.message)
                    \(walk.describe())
                    """)
                return
            }
            stats.add(walk.stats)
            done += steps
            run += 1
        }
        XCTAssertGreaterThanOrEqual(done, totalSteps)
        print("AppFuzzTests: \(done) steps in \(run) walks from seed \(baseSeed): \(stats)")
        // The mix must reach the interesting places, or the walk proves little.
        if totalSteps >= Self.defaultSteps {
            XCTAssertGreaterThan(stats.modes[.edit, default: 0], totalSteps / 50, "edit mode rarely reached: \(stats)")
            XCTAssertGreaterThan(stats.modes[.grab, default: 0], totalSteps / 200, "grab rarely reached: \(stats)")
            XCTAssertGreaterThan(stats.modes[.search, default: 0], totalSteps / 200, "search rarely reached: \(stats)")
            XCTAssertGreaterThan(stats.saves, totalSteps / 100, "few committed changes: \(stats)")
            XCTAssertGreaterThan(stats.relaunches, 3, "no relaunch from a saved state: \(stats)")
            XCTAssertGreaterThan(stats.hitClicks, totalSteps / 20, "few clicks on hit targets: \(stats)")
            XCTAssertGreaterThan(stats.tooSmall, 10, "the too-small screen was rarely drawn: \(stats)")
            XCTAssertGreaterThan(stats.largeFrames, 10, "large screens were rarely drawn: \(stats)")
            // The memo must serve often, or comparing with it proves little.
            XCTAssertGreaterThan(stats.labelsReused, totalSteps, "the memo's bar labels rarely served: \(stats)")
            XCTAssertGreaterThan(stats.hintsReused, totalSteps / 10, "the memo's footers rarely served: \(stats)")
            XCTAssertGreaterThan(stats.rowsReused, totalSteps / 2, "the memo's sidebar rows rarely served: \(stats)")
        }
    }

    /// The checker is itself checked: frames and states broken by hand are caught.
    func testCheckerCatchesBrokenFramesAndStates() throws {
        let hierarchy = try TabHierarchy(DemoCatalogue.layout)
        let state = AppState(hierarchy: hierarchy, saved: nil, options: AppOptions(), size: TerminalSize(columns: 100, rows: 30))
        let style = RenderStyle(glyphs: .unicode, theme: .monochrome)
        let good = render(state, style: style)
        XCTAssertNoThrow(try AppChecker.check(state, good, style: style))

        func breaks(_ name: String, _ change: (inout Frame) -> Void) {
            var frame = good
            change(&frame)
            XCTAssertThrowsError(try AppChecker.check(state, frame, style: style), name)
        }
        breaks("control character") { $0.grid.cells[5] = Cell(text: "\u{1B}", width: 1) }
        breaks("C1 control") { $0.grid.cells[7] = Cell(text: "\u{9B}", width: 1) }
        breaks("DEL") { $0.grid.cells[7] = Cell(text: "\u{7F}", width: 1) }
        breaks("half wide character") { $0.grid.cells[3] = Cell(text: "日", width: 2) }
        breaks("dangling continuation") { $0.grid.cells[3] = .continuation(.plain) }
        breaks("wide character at the edge") {
            $0.grid.cells[$0.grid.columns - 1] = Cell(text: "日", width: 2)
        }
        breaks("width not the text's") { $0.grid.cells[3] = Cell(text: "ab", width: 1) }
        breaks("empty cell text") { $0.grid.cells[3] = Cell(text: "", width: 1) }
        breaks("wrong size") { $0.grid = CellGrid(columns: 99, rows: 30) }
        breaks("hit outside") { $0.hits.add(Rect(column: 95, row: 0, width: 10, height: 1), .contentArea) }
        breaks("hit at a negative column") { $0.hits.add(Rect(column: -1, row: 0, width: 2, height: 1), .contentArea) }
        breaks("hit on a row that does not exist") { $0.hits.add(Rect(column: 0, row: 0, width: 1, height: 1), .sidebarRow(999)) }
        breaks("hit on a tab not in the bar") { $0.hits.add(Rect(column: 0, row: 0, width: 1, height: 1), .tabBarItem("nope")) }

        var ascii = state
        ascii.options.ascii = true
        let asciiStyle = RenderStyle(glyphs: .ascii, theme: .monochrome)
        var frame = render(ascii, style: asciiStyle)
        XCTAssertNoThrow(try AppChecker.check(ascii, frame, style: asciiStyle))
        frame.grid.cells[2] = Cell(text: "é", width: 1)
        XCTAssertThrowsError(try AppChecker.check(ascii, frame, style: asciiStyle), "non-ASCII in ASCII mode")

        var wrongCursor = state
        wrongCursor.sidebarCursor = state.sidebarRows.count
        XCTAssertThrowsError(try AppChecker.check(wrongCursor, render(wrongCursor, style: style), style: style), "cursor past the rows")
        var badBar = state
        badBar.model.customization.tabBar.append(badBar.model.tabBar.first!.id)
        badBar.model.rebuild()
        XCTAssertThrowsError(try AppChecker.check(badBar, render(badBar, style: style), style: style), "duplicate bar item")
        var hiddenSelection = state
        let selected = state.model.selectedID!
        hiddenSelection.model.customization.hidden.insert(selected)
        hiddenSelection.model.rebuildSidebar()
        XCTAssertThrowsError(try AppChecker.check(hiddenSelection, render(hiddenSelection, style: style), style: style), "hidden selection")
    }

    func testWalksAreReproducible() throws {
        var first = AppWalk(seed: 99)
        var again = AppWalk(seed: 99)
        try first.run(steps: 200)
        try again.run(steps: 200)
        XCTAssertEqual(first.log, again.log)
        XCTAssertEqual(first.state.savedState, again.state.savedState)
        XCTAssertEqual(first.frame, again.frame)
    }
}

// MARK: - The checker

/// Invariants of a state and the frame rendered from it.
enum AppChecker {
    struct Violation: Error { var message: String }

    static func check(_ state: AppState, _ frame: Frame, style: RenderStyle) throws {
        try checkModel(state)
        try checkInteraction(state)
        try checkGrid(frame.grid, size: state.size, ascii: style.glyphs.isASCII)
        try checkHits(frame.hits, grid: frame.grid, state: state)
        try checkTargetsOnGlyphs(frame, state: state, glyphs: style.glyphs)
        try checkBarShowsSelection(frame, state: state, ascii: style.glyphs.isASCII)
    }

    /// docs/behaviour.md, "Adaptive layout": when the bar is drawn, the toggle never scrolls away and the selected item is
    /// always shown (whole unless it alone is wider than the bar), wherever the bar scrolled.
    static func checkBarShowsSelection(_ frame: Frame, state: AppState, ascii: Bool) throws {
        let bar = state.geometry.tabBar
        guard !bar.isEmpty, state.mode.keymapMode == .normal || state.mode == .searching else { return }
        let targets = frame.hits.regions.filter { $0.rect.row == bar.row }.map(\.target)
        if state.sidebarAvailable, !targets.contains(.sidebarToggle) {
            throw fail("the sidebar toggle is missing from the bar")
        }
        // Scrolled by hand (the wheel, ‹ ›), the bar may leave the selection until the next key.
        guard state.barFirstShown == nil else { return }
        guard let selected = state.model.selectedID, state.model.isInTabBar(selected) else { return }
        guard let region = frame.hits.regions.first(where: { $0.rect.row == bar.row && $0.target == .tabBarItem(selected) }) else {
            throw fail("the selected \(selected) is not shown in the bar \(targets)")
        }
        let drawn = (region.rect.column..<(region.rect.column + region.rect.width)).map { frame.grid[$0, bar.row].text }.joined()
        if let item = state.model.hierarchy.item(selected), drawn.trimmingCharacters(in: .whitespaces).isEmpty,
           !item.icon.isEmpty || DisplayWidth.of(item.title.trimmingCharacters(in: .whitespaces), ascii: ascii) > 0 {
            throw fail("the selected \(selected) has a place in the bar (\(region.rect)) but nothing of it is drawn: \(drawn.debugDescription), title \(item.title.debugDescription)")
        }
    }

    private static func fail(_ message: String) -> Violation { Violation(message: message) }

    /// The bar holds existing, visible, allowed items, each once, fixed ones leading and pinned
    /// ones trailing; every visible fixed or pinned root is there; the selection is visible.
    static func checkModel(_ state: AppState) throws {
        let model = state.model
        let hierarchy = model.hierarchy
        var seen = Set<String>()
        var phase = 0
        for entry in model.tabBar {
            guard let node = hierarchy.node(entry.id) else { throw fail("bar item \(entry.id) does not exist") }
            guard seen.insert(entry.id).inserted else { throw fail("\(entry.id) twice in the bar \(model.tabBarIDs)") }
            guard !model.isEffectivelyHidden(entry.id) else { throw fail("hidden \(entry.id) in the bar") }
            let placement = node.item.placement
            let region: Int
            switch entry.region {
            case .fixed:
                region = 0
                guard placement == .fixed, node.parent == nil else { throw fail("\(entry.id) (\(placement)) in the fixed region") }
            case .customizable:
                region = 1
                guard placement.isCustomizable else { throw fail("\(entry.id) (\(placement)) in the customizable region") }
            case .pinned:
                region = 2
                guard placement == .pinned, node.parent == nil else { throw fail("\(entry.id) (\(placement)) in the pinned region") }
            }
            guard region >= phase else { throw fail("bar regions out of order: \(model.tabBar)") }
            phase = region
        }
        for root in hierarchy.roots {
            let item = hierarchy.nodes[root].item
            guard item.placement == .fixed || item.placement == .pinned, !model.isEffectivelyHidden(item.id) else { continue }
            guard seen.contains(item.id) else { throw fail("visible \(item.placement) \(item.id) missing from the bar") }
        }
        let anyVisible = hierarchy.nodes.contains { !model.isEffectivelyHidden($0.item.id) }
        if anyVisible {
            guard let selected = model.selectedID, model.isVisible(selected) else {
                throw fail("selection \(String(describing: model.selectedID)) is not a visible item")
            }
        } else if let selected = model.selectedID {
            throw fail("selection \(selected) while nothing is visible")
        }
    }

    /// Cursors lie on rows that exist, and sessions refer to items that exist.
    static func checkInteraction(_ state: AppState) throws {
        let rows = state.sidebarRows
        if rows.isEmpty {
            guard state.sidebarCursor == 0 else { throw fail("sidebar cursor \(state.sidebarCursor) with no rows") }
        } else {
            guard rows.indices.contains(state.sidebarCursor) else {
                throw fail("sidebar cursor \(state.sidebarCursor) outside \(rows.count) rows")
            }
        }
        guard state.sidebarScroll >= 0, state.sidebarScroll <= max(0, rows.count - 1) else {
            throw fail("sidebar scroll \(state.sidebarScroll) outside \(rows.count) rows")
        }
        let listRows = state.geometry.sidebarListRows
        if state.sidebarShowing, listRows > 0, !rows.isEmpty,
           !(state.sidebarScroll..<(state.sidebarScroll + listRows)).contains(state.sidebarCursor) {
            throw fail("sidebar cursor \(state.sidebarCursor) out of view (scroll \(state.sidebarScroll), \(listRows) rows shown)")
        }
        if state.focus == .sidebar, !state.sidebarShowing {
            throw fail("focus on a sidebar that is not showing")
        }
        if let edit = state.edit {
            let count = state.model.tabBar.count
            guard edit.barCursor >= 0, edit.barCursor < max(1, count) else {
                throw fail("edit cursor \(edit.barCursor) outside a bar of \(count)")
            }
            if let grab = state.mode.grab {
                guard state.model.hierarchy.contains(grab.itemID) else { throw fail("grabbed \(grab.itemID) does not exist") }
                guard grab.previewRows.count == rows.count else {
                    throw fail("grab preview has \(grab.previewRows.count) rows, the sidebar \(rows.count)")
                }
            }
        }
        if let carry = state.mode.carry, let target = carry.targetID, !state.model.hierarchy.contains(target) {
            throw fail("carry target \(target) does not exist")
        }
        if let id = state.model.selectedID {
            guard !state.pages(of: id).isEmpty else { throw fail("empty navigation stack for \(id)") }
        }
        for (id, stack) in state.stacks {
            guard !stack.isEmpty else { throw fail("empty navigation stack kept for \(id)") }
            guard state.model.hierarchy.contains(id) else { throw fail("a stack kept for \(id), which does not exist") }
        }
    }

    /// Exactly columns × rows cells; no control character anywhere; every wide character whole
    /// (a width-2 cell followed by its continuation in the same row); each cell's text as wide as
    /// its width says; ASCII only in ASCII mode.
    static func checkGrid(_ grid: CellGrid, size: TerminalSize, ascii: Bool) throws {
        guard grid.columns == size.columns, grid.rows == size.rows, grid.cells.count == size.columns * size.rows else {
            throw fail("grid \(grid.columns)×\(grid.rows) with \(grid.cells.count) cells for a \(size.columns)×\(size.rows) screen")
        }
        for row in 0..<grid.rows {
            var column = 0
            while column < grid.columns {
                let cell = grid.cells[row * grid.columns + column]
                func where_() -> String { "cell (\(column), \(row)) \(cell.text.unicodeScalars.map { String($0.value, radix: 16) })" }
                for scalar in cell.text.unicodeScalars {
                    let v = scalar.value
                    if v < 0x20 || (0x7F...0x9F).contains(v) { throw fail("control character in \(where_())") }
                    if ascii, v > 0x7E { throw fail("non-ASCII character in ASCII mode in \(where_())") }
                }
                switch cell.width {
                case 0:
                    throw fail("continuation without a wide character before it at \(where_())")
                case 1, 2:
                    guard !cell.text.isEmpty else { throw fail("empty text in \(where_())") }
                    let measured = DisplayWidth.of(cell.text, ascii: ascii)
                    guard measured == Int(cell.width) else {
                        throw fail("width \(cell.width) but the text measures \(measured) in \(where_())")
                    }
                    if cell.width == 2 {
                        guard column + 1 < grid.columns else { throw fail("wide character cut by the right edge at \(where_())") }
                        guard grid.cells[row * grid.columns + column + 1].width == 0 else {
                            throw fail("wide character without its continuation at \(where_())")
                        }
                        column += 1
                    }
                default:
                    throw fail("width \(cell.width) in \(where_())")
                }
                column += 1
            }
        }
    }

    /// Every hit region lies inside the grid and names something that exists now.
    static func checkHits(_ hits: HitMap, grid: CellGrid, state: AppState) throws {
        let rows = state.mode.grab?.previewRows ?? state.sidebarRows
        let bar = (state.mode.grab?.previewTabBar ?? state.model.tabBar).map(\.id)
        // A content row is a row of the page's rectangle, below the title and its rule.
        let contentCount = state.geometry.contentListRows
        for (rect, target) in hits.regions {
            guard rect.width > 0, rect.height > 0, rect.column >= 0, rect.row >= 0,
                  rect.column + rect.width <= grid.columns, rect.row + rect.height <= grid.rows
            else { throw fail("hit region \(rect) for \(target) outside the \(grid.columns)×\(grid.rows) grid") }
            switch target {
            case .sidebarRow(let i), .sidebarCheckbox(let i):
                guard rows.indices.contains(i) else { throw fail("hit \(target) but only \(rows.count) rows") }
            case .tabBarItem(let id):
                guard bar.contains(id) else { throw fail("hit \(target) not in the bar \(bar)") }
            case .contentRow(let i):
                guard i >= 0, i < contentCount else { throw fail("hit \(target) but only \(contentCount) content rows") }
            case .sectionCollapse(let id):
                guard state.model.hierarchy.item(id)?.isSection == true else { throw fail("hit \(target) is not a section") }
            case .sectionAction(let section, let action):
                guard state.model.hierarchy.item(section)?.actions.contains(where: { $0.id == action }) == true else {
                    throw fail("hit \(target): no such action")
                }
            case .sidebarToggle:
                guard state.sidebarAvailable else { throw fail("a sidebar toggle without a sidebar") }
            case .footerHint(let command):
                // A hint's command must have a key in this mode, or clicking it would do nothing.
                guard !state.keymap.keys(for: command, in: state.mode.keymapMode).isEmpty else {
                    throw fail("hit \(target): \(command) has no key in \(state.mode.keymapMode) mode")
                }
            case .pickerRow(let i):
                guard case .picking(let picker, _) = state.mode, picker.entries.indices.contains(i) else {
                    throw fail("hit \(target) without such an entry in an open list")
                }
            case .tabBarOverflow, .tabBarEnd, .contentArea, .sidebarArea, .footerMode:
                break
            }
        }
    }
}

extension AppChecker {
    /// The small click targets sit exactly on what is drawn for them: a checkbox on a checkbox,
    /// a fold marker on a fold marker, a section action on its icon or title, the toggle on `☰`.
    static func checkTargetsOnGlyphs(_ frame: Frame, state: AppState, glyphs: GlyphSet) throws {
        // A grabbed bar item dragged out is drawn floating over the row below the bar.
        if state.mode.grab?.target == .outOfTabBar { return }
        let ascii = glyphs.isASCII
        func drawn(_ rect: Rect) -> String {
            (rect.column..<(rect.column + rect.width)).map { frame.grid[$0, rect.row].text }.joined()
        }
        func shown(_ text: String) -> String { TextCells(text, ascii: ascii).map(\.text).joined() }
        for (rect, target) in frame.hits.regions {
            let expected: [String]
            switch target {
            case .sidebarCheckbox: expected = [glyphs.checkboxChecked, glyphs.checkboxUnchecked]
            case .sectionCollapse: expected = [glyphs.sectionCollapsed, glyphs.sectionExpanded]
            case .sectionAction(let section, let actionID):
                guard let action = state.model.hierarchy.item(section)?.actions.first(where: { $0.id == actionID }) else { continue }
                // In ASCII an icon has no stand-in: the action is its title.
                let icon = action.icon.isEmpty ? "" : glyphs.icon(action.icon).outline
                let glyph = icon.isEmpty ? action.title : icon
                // Titled where the sidebar is wide enough (`⊕ New Collection`).
                expected = [glyph, icon.isEmpty ? action.title : glyph + " " + action.title]
            default: continue
            }
            let text = drawn(rect)
            guard expected.map(shown).contains(text) else {
                throw fail("hit \(target) at \(rect) covers \"\(text)\", not \(expected.map(shown))")
            }
        }
    }
}

// MARK: - One random walk

/// A seeded sequence of inputs through the reducer and the renderer, checked after each step.
struct AppWalk {
    struct Stats: CustomStringConvertible {
        var modes: [Keymap.Mode: Int] = [:]
        var saves = 0
        var relaunches = 0
        var hitClicks = 0
        var tooSmall = 0
        var largeFrames = 0
        var labelsReused = 0
        var hintsReused = 0
        var rowsReused = 0

        mutating func add(_ other: Stats) {
            modes.merge(other.modes, uniquingKeysWith: +)
            saves += other.saves
            relaunches += other.relaunches
            hitClicks += other.hitClicks
            tooSmall += other.tooSmall
            largeFrames += other.largeFrames
            labelsReused += other.labelsReused
            hintsReused += other.hintsReused
            rowsReused += other.rowsReused
        }

        var description: String {
            "modes \(modes.map { "\($0.key.rawValue): \($0.value)" }.sorted()), saves \(saves), relaunches \(relaunches), "
                + "clicks on targets \(hitClicks), too-small frames \(tooSmall), large frames \(largeFrames), "
                + "memo: labels \(labelsReused), footers \(hintsReused), sidebar rows \(rowsReused)"
        }
    }

    var rng: SplitMix64
    let hierarchy: TabHierarchy
    let style: RenderStyle
    var state: AppState
    var frame: Frame
    var log: [String] = []
    var stats = Stats()
    /// Loads asked for by the reducer and not yet delivered (the program runs them in the background).
    var pendingLoads: [LoadRequest] = []
    /// How many requests of the embedding program were made (fresh ids for the tabs it adds).
    var requestCount = 0
    /// The rest of a press–drag–release gesture being played.
    var gesture: [MouseEvent.Kind] = []
    /// Set when a quit's saved state did not read back, or a paste acted as keys (reported after the step).
    var brokenSave: String?

    /// The memo the walk's frames share, as the program's do (`RenderMemo`).
    let memo = RenderMemo()

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        let useDemo = rng.percent(20)
        if useDemo {
            hierarchy = try! TabHierarchy(DemoCatalogue.layout)
        } else {
            hierarchy = RandomHierarchy.make(rng: &rng)
        }
        let options = AppOptions(
            mode: rng.pick([.auto, .auto, .tabbar, .sidebar]), rightToLeft: rng.percent(25), ascii: rng.percent(20))
        let theme: Theme = rng.pick([.monochrome, .color256, .color8])
        style = RenderStyle(glyphs: .for(ascii: options.ascii), theme: theme)
        let size = Self.randomSize(rng: &rng)
        state = AppState(hierarchy: hierarchy, saved: nil, options: options, size: size)
        frame = render(state, style: style)
        log.append("launch \(useDemo ? "demo" : "random hierarchy") \(size.columns)x\(size.rows) \(options)")
        perform(state.apply(.launched))
    }

    static func randomSize(rng: inout SplitMix64) -> TerminalSize {
        switch rng.below(100) {
        case 0..<15: return TerminalSize(columns: rng.int(in: 0...24), rows: rng.int(in: 0...7))
        case 15..<25: return TerminalSize(columns: rng.int(in: 18...62), rows: rng.int(in: 3...8))
        case 25..<92: return TerminalSize(columns: rng.int(in: 20...160), rows: rng.int(in: 5...60))
        default: return TerminalSize(columns: rng.int(in: 160...400), rows: rng.int(in: 40...150))
        }
    }

    mutating func run(steps: Int) throws {
        try AppChecker.check(state, frame, style: style)
        for _ in 0..<steps {
            step()
            if let brokenSave { throw AppChecker.Violation(message: "after \(log.last ?? ""): \(brokenSave)") }
            frame = render(state, style: style)
            // What was kept of the page shown is what reading it again gives.
            var reread = state
            reread.shownSource = nil
            reread.overviewSources = [:]
            reread.shownPages = [:]
            reread.refreshShownPage()
            guard reread.shown == state.shown, render(reread, style: style) == frame else {
                throw AppChecker.Violation(message: "after \(log.last ?? ""): the page shown was not read again after it changed")
            }
            // What the last frames kept for the next changes nothing of it.
            guard render(state, style: style, memo: memo) == frame else {
                throw AppChecker.Violation(message: "after \(log.last ?? ""): the frame drawn with the last frames' memo differed")
            }
            if log.count % 64 == 0 {
                // Rendering is pure: the same state gives the same frame.
                guard render(state, style: style) == frame else {
                    throw AppChecker.Violation(message: "after \(log.last ?? ""): rendering the same state twice differed")
                }
            }
            do {
                try AppChecker.check(state, frame, style: style)
            } catch let violation as AppChecker.Violation {
                throw AppChecker.Violation(message: "after \(log.last ?? "launch"): \(violation.message)")
            }
            stats.modes[state.mode.keymapMode, default: 0] += 1
            if state.layoutClass == .tooSmall { stats.tooSmall += 1 }
            if state.size.columns * state.size.rows >= 160 * 40 { stats.largeFrames += 1 }
        }
        stats.labelsReused = memo.labelsReused
        stats.hintsReused = memo.hintsReused
        stats.rowsReused = memo.rowsReused
    }

    // MARK: Steps

    mutating func step() {
        if !gesture.isEmpty {
            let kind = gesture.removeFirst()
            mouse(kind)
            return
        }
        switch rng.below(100) {
        case 0..<5:
            let size = Self.randomSize(rng: &rng)
            apply(.resize(size), "resize \(size.columns)x\(size.rows)")
        case 5..<60:
            if rng.percent(3) {
                // Bracketed paste: text that must go into a field or nowhere, never run as keys.
                let text = rng.percent(50) ? String(Self.commandCharacters.shuffledPrefix(rng: &rng))
                    : RandomHierarchy.text(rng: &rng, maxLength: 40)
                apply(.paste(text), "paste \(text.debugDescription)")
            } else {
                let key = randomKey()
                apply(.key(key), "key \(key)")
            }
        case 60..<72:
            mouse(rng.pick([.press, .press, .release, .drag, .wheelUp, .wheelDown]))
        case 72..<90:
            // A press–drag–release gesture (a click when there are no drags).
            gesture = Array(repeating: .drag, count: rng.int(in: 0...4)) + [.release]
            mouse(.press)
        case 90..<94:
            deliverLoad()
        case 94:
            request()
        default:
            // A burst of one meaningful key, so modes are entered and left often.
            let key: KeyEvent = rng.pick([
                .character("e"), .character("e"), .enter, .enter, .escape, .character("s"), .character("/"),
                .character("m"), .character("a"), .character("u"), .character("R"), .character("?"),
            ])
            apply(.key(key), "key \(key)")
        }
    }

    mutating func apply(_ action: AppAction, _ description: String) {
        log.append(description)
        let before = state
        let effects = state.apply(action)
        if case .paste = action, before.mode != .searching, before.mode.keymapMode != .prompt, before.mode.keymapMode != .find,
           effects != [] || state.mode != before.mode || state.savedState != before.savedState
            || state.model.selectedID != before.model.selectedID {
            // Pasted text goes into a field or nowhere: it never runs as keys.
            brokenSave = "a paste outside a field changed something (mode \(before.mode) → \(state.mode), effects \(effects))"
        }
        perform(effects)
    }

    /// Does what the program does with the effects; a quit relaunches from the saved state as a
    /// new run of the program would (through the state file's JSON).
    mutating func perform(_ effects: [AppEffect]) {
        var quit = false
        for effect in effects {
            switch effect {
            case .save: stats.saves += 1
            case .emit: break
            case .startLoad(let request): pendingLoads.append(request)
            case .cancelLoad(let id):
                // The program may still deliver a cancelled load's result; keep it to test that.
                if rng.percent(50) { pendingLoads.removeAll { $0.id == id } }
            case .quit: quit = true
            case .suspend:
                apply(.resize(state.size), "resumed")
            case .redraw: break
            case .trustLayout: apply(.trustRecorded(failure: nil, short: nil), "trusted")
            case .refuse: break
            case .terminal: break
            }
        }
        if quit { relaunch() }
    }

    mutating func relaunch() {
        let text = SavedStateCoding.encodedText(state.savedState)
        let saved: SavedState
        do {
            saved = try SavedStateCoding.decode(JSONParser.parse(Array(text.utf8)))
        } catch {
            brokenSave = "the saved state does not read back: \(error)\n\(text)"
            return
        }
        let size = rng.percent(70) ? state.size : Self.randomSize(rng: &rng)
        state = AppState(hierarchy: hierarchy, saved: saved, options: state.options, size: size)
        pendingLoads.removeAll()
        log.append("relaunch \(size.columns)x\(size.rows) from the saved state")
        stats.relaunches += 1
        perform(state.apply(.launched))
    }

    /// A request of the embedding program (`TabNavProxy`), sometimes about an id that is gone.
    mutating func request() {
        let now = state.model.hierarchy
        let id = now.count > 0 && rng.percent(90) ? now.nodes[rng.below(now.count)].item.id : "gone"
        let sections = now.nodes.filter(\.item.isSection).map(\.item.id)
        requestCount += 1
        let request: TabNavRequest
        switch rng.below(8) {
        case 0: request = .setBadge(rng.percent(30) ? nil : .count(rng.int(in: 0...120)), tab: id)
        case 1: request = .setTitle(rng.percent(10) ? "" : RandomHierarchy.text(rng: &rng, maxLength: 20), tab: id)
        case 2: request = .setSystemImage(rng.pick(["play", "tray", "", "nonsense.symbol"]), tab: id)
        case 3:
            let fresh = rng.percent(80) ? "code-\(requestCount)" : id
            let item = TabItem(id: fresh, title: "Code \(requestCount)", placement: rng.pick([.default, .optional, .sidebarOnly]),
                               allowsHiding: rng.percent(50), content: rng.percent(50) ? .text("from code") : .list([]))
            request = .addTab(item, section: rng.percent(60) ? sections.isEmpty ? nil : rng.pick(sections) : nil)
        case 4: request = .removeTab(id)
        case 5: request = .select(id)
        case 6: request = .message("hello", tab: id)
        default: request = .showMessage(RandomHierarchy.text(rng: &rng, maxLength: 60), isError: rng.percent(50))
        }
        apply(.request(request), "request \(request)")
    }

    mutating func deliverLoad() {
        let tab: String
        let id: LoadID
        if !pendingLoads.isEmpty, rng.percent(80) {
            let request = pendingLoads.remove(at: rng.below(pendingLoads.count))
            tab = request.tab
            id = request.id
        } else {
            // Results for tabs that never asked (a stale load, an id that went away).
            tab = rng.percent(80) ? hierarchy.nodes[rng.below(hierarchy.count)].item.id : "gone"
            id = LoadID(rng.int(in: 0...50))
        }
        var lines: [String] = []
        for _ in 0..<rng.pick([0, 1, 3, 20, 200]) { lines.append(RandomHierarchy.text(rng: &rng, maxLength: 120)) }
        let load: ContentLoad = rng.percent(80) ? .loaded(lines) : .failed(["exit status 1"] + lines.prefix(3))
        if rng.percent(40) {
            // Progress of a command or followed file: bytes with escapes, either stream, maybe the end.
            let bytes = Array(lines.joined(separator: rng.percent(50) ? "\n" : "\u{1B}[3\(rng.below(9))m").utf8)
            let exit: [ChildEvent] = rng.percent(30) ? [.exited(.status(Int32(rng.below(3))), milliseconds: rng.below(5000))] : []
            let progress = ChildProgress(events: [.output(bytes, stderr: rng.percent(30))] + (rng.percent(10) ? [.cut(limit: 1024)] : []) + exit,
                                         isFinal: !exit.isEmpty)
            apply(.loadFinished(id, tab: tab, result: progress), "progress \(id) for \(tab): \(bytes.count) bytes")
        } else if rng.percent(10) {
            // A result no page expects (another page's work, a program's own type).
            apply(.loadFinished(id, tab: tab, result: lines), "foreign result \(id) for \(tab)")
        } else {
            apply(.loadFinished(id, tab: tab, result: load), "content \(id) for \(tab): \(lines.count) lines")
        }
    }

    mutating func mouse(_ kind: MouseEvent.Kind) {
        let (column, row) = mousePosition()
        let target = frame.hits.target(column: column, row: row)
        if target != nil, kind == .press { stats.hitClicks += 1 }
        apply(.mouse(MouseEvent(kind, column: column, row: row), target),
              "mouse \(kind) at (\(column), \(row)) on \(target.map { "\($0)" } ?? "nothing")")
    }

    /// Mostly a cell of a random hit region of the last frame, else any cell, now and then one
    /// outside the screen (a report for the old size, arriving just before a resize).
    mutating func mousePosition() -> (Int, Int) {
        let regions = frame.hits.regions
        let columns = max(1, state.size.columns)
        let rows = max(1, state.size.rows)
        switch rng.below(100) {
        case 0..<80 where !regions.isEmpty:
            let rect = regions[rng.below(regions.count)].rect
            return (rect.column + rng.below(max(1, rect.width)), rect.row + rng.below(max(1, rect.height)))
        case 80..<97:
            return (rng.below(columns), rng.below(rows))
        default:
            return (rng.int(in: -3...(columns + 300)), rng.int(in: -3...(rows + 100)))
        }
    }

    static let namedKeys: [KeyEvent] = [
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
        .enter, .escape, .tab, .backTab, .backspace, .delete, .insert,
    ]
    static let commandCharacters = Array("hjklseamrq/?uRyYnNx+- 0123456789")
    static let controlCharacters = Array("abcdefghijklmnopqrstuvwxyz@[\\]^_")

    /// Any key the terminal can deliver, weighted towards the ones that do something.
    mutating func randomKey() -> KeyEvent {
        switch rng.below(100) {
        case 0..<38: return Self.namedKeys[rng.below(Self.namedKeys.count)]
        case 38..<78: return .character(Self.commandCharacters[rng.below(Self.commandCharacters.count)])
        case 78..<88:
            let text = RandomHierarchy.text(rng: &rng, maxLength: 1)
            return .character(text.first ?? "x")
        case 88..<91:
            // Ctrl-C and Ctrl-Z are rare: each quits (relaunch) or suspends.
            let c = Self.controlCharacters[rng.below(Self.controlCharacters.count)]
            return .control(c)
        case 91..<96: return .function(rng.int(in: 0...13))
        default:
            // Keys a layout never binds (mouse reports are actions of their own now, see `mouse`).
            return .character(rng.pick(["€", "日", "\u{301}", "~", "`", "é"]))
        }
    }

    func describe() -> String {
        """
        hierarchy \(hierarchy.id) (\(hierarchy.count) items), size \(state.size.columns)x\(state.size.rows), \
        mode \(state.mode), focus \(state.focus), options \(state.options)
        bar: \(state.model.tabBarIDs)
        sidebar rows: \(state.sidebarRows.count), cursor \(state.sidebarCursor), scroll \(state.sidebarScroll)
        last steps:
        \(log.suffix(20).map { "  \($0)" }.joined(separator: "\n"))
        screen:
        \(state.size.columns <= 200 && state.size.rows <= 80 ? frame.grid.plainText() : "(too large to show)")
        """
    }
}

// MARK: - Random hierarchies

/// Valid hierarchies of up to three levels with hostile titles, badges and content.
enum RandomHierarchy {
    static let icons = [
        "", "", "play", "books.vertical", "magnifyingglass", "house", "star", "tv", "folder", "no.such.icon", "\u{1B}[31m",
    ]

    static func make(rng: inout SplitMix64) -> TabHierarchy {
        var counter = 0
        var budget = rng.pick([3, 6, 10, 16, 30, 60])
        // Now and then a crowd of pinned tabs, which compete with the selection for a narrow bar.
        let pinnedShare = rng.percent(12) ? 60 : 10
        var items = randomItems(rng: &rng, depth: 1, budget: &budget, counter: &counter, pinnedShare: pinnedShare)
        if rng.percent(30) {
            var search = TabItem(id: "search", title: rng.percent(50) ? "Search" : nonEmptyText(rng: &rng, maxLength: 12),
                                 icon: "magnifyingglass", placement: .pinned, role: .search)
            if rng.percent(30) { search.content = .text(text(rng: &rng, maxLength: 40)) }
            items.insert(search, at: rng.below(items.count + 1))
        }
        if items.isEmpty { items = [TabItem(id: "only", title: "Only")] }
        let title = rng.percent(50) ? "Fuzz" : text(rng: &rng, maxLength: 30)
        do {
            return try TabHierarchy(TabLayout(id: "fuzz", title: title, items: items))
        } catch {
            preconditionFailure("the generator made an invalid hierarchy: \(error)")
        }
    }

    static func randomItems(rng: inout SplitMix64, depth: Int, budget: inout Int, counter: inout Int,
                            pinnedShare: Int = 10) -> [TabItem] {
        let count = depth == 1 ? rng.int(in: 1...12) : rng.int(in: 0...6)
        var items: [TabItem] = []
        for _ in 0..<count where budget > 0 {
            budget -= 1
            counter += 1
            // A section at the deepest level could hold nothing, and is refused: only tabs there.
            let isSection = depth < TabHierarchy.maximumDepth && rng.percent(30)
            let placements: [TabPlacement] = depth == 1
                ? (rng.percent(pinnedShare) ? [.pinned] : [.fixed, .default, .default, .default, .movable, .movable, .optional, .optional, .sidebarOnly])
                : [.default, .default, .movable, .optional, .sidebarOnly]
            var item = TabItem(
                kind: isSection ? .section : .tab,
                id: rng.percent(10) ? "t\(counter)-\(text(rng: &rng, maxLength: 4))" : "t\(counter)",
                title: rng.percent(45) ? "T\(counter)" : nonEmptyText(rng: &rng, maxLength: rng.percent(10) ? 200 : 24),
                icon: rng.pick(icons),
                placement: rng.pick(placements), allowsHiding: rng.percent(70),
                isHiddenByDefault: rng.percent(10),
                sidebarCustomization: rng.percent(10) ? .disabled : .enabled,
                tabBarCustomization: rng.percent(10) ? .disabled : .enabled,
                defaultTabBarVisibility: rng.pick([.automatic, .automatic, .automatic, .visible, .hidden])
            )
            switch rng.below(10) {
            case 0: item.badge = .count(rng.pick([0, 1, 7, 99_999, -3, Int.max]))
            case 1: item.badge = .text(text(rng: &rng, maxLength: 8))
            default: break
            }
            if isSection {
                item.allowsReordering = rng.percent(70)
                item.childrenTabBarVisibility = rng.pick([.visible, .visible, .automatic, .hidden])
                for a in 0..<rng.pick([0, 0, 1, 2, 3]) {
                    item.actions.append(SectionAction(
                        id: "a\(a)", title: nonEmptyText(rng: &rng, maxLength: 24), icon: rng.percent(50) ? "" : rng.pick(icons),
                        newTabContent: rng.percent(50) ? nil : randomNewTabContent(rng: &rng)))
                }
                if depth < TabHierarchy.maximumDepth {
                    item.children = randomItems(rng: &rng, depth: depth + 1, budget: &budget, counter: &counter)
                }
            } else {
                item.content = randomContent(rng: &rng, counter: counter)
                // Drops need a list (`.acceptsDrops()` turns no content into an empty one).
                if rng.percent(15) {
                    switch item.content {
                    case .none: item.content = .list([], acceptsDrops: true)
                    case .list(let entries, _): item.content = .list(entries, acceptsDrops: true)
                    default: break
                    }
                }
            }
            items.append(item)
        }
        return items
    }

    /// What a tab added by a section action shows: mostly a list that takes drops, now and then
    /// something else (a text, nothing, a page of the program's own).
    static func randomNewTabContent(rng: inout SplitMix64) -> TabContent {
        switch rng.below(10) {
        case 0..<6: return .list([], acceptsDrops: true)
        case 6: return .none
        case 7: return .text(text(rng: &rng, maxLength: 40))
        case 8: return .page(ListPage([], acceptsDrops: true))
        default: return .list([ContentEntry(id: "seed", title: nonEmptyText(rng: &rng, maxLength: 20))], acceptsDrops: rng.percent(50))
        }
    }

    static func randomContent(rng: inout SplitMix64, counter: Int) -> TabContent {
        switch rng.below(10) {
        case 0..<2: return .none
        case 2..<4:
            let lines = (0..<rng.pick([1, 2, 10, 80])).map { _ in text(rng: &rng, maxLength: 90) }
            return .text(lines.joined(separator: rng.percent(80) ? "\n" : "\r\n"))
        case 4: return .file("/nonexistent/\(counter)")
        case 5: return .command("echo \(counter)")
        default:
            let count = rng.pick([0, 1, 3, 12, 60])
            let entries = (0..<count).map { v in
                // Some ids repeat across tabs, as an entry listed in two places would.
                ContentEntry(id: rng.percent(10) ? "shared\(v)" : "v\(counter)-\(v)", title: nonEmptyText(rng: &rng, maxLength: 50),
                             detail: rng.percent(50) ? "1:2\(v % 10)" : text(rng: &rng, maxLength: 6),
                             body: text(rng: &rng, maxLength: 300), icon: rng.percent(20) ? rng.pick(icons) : "")
            }
            return rng.percent(20) ? .page(ListPage(entries, icon: rng.pick(icons), acceptsDrops: rng.percent(30)))
                                   : .list(entries, acceptsDrops: false)
        }
    }

    /// Mostly readable text, often with the hard cases: controls, wide and combining characters.
    static func text(rng: inout SplitMix64, maxLength: Int) -> String {
        let length = rng.int(in: 0...max(0, maxLength))
        if rng.percent(40) {
            let alphabet = Array("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789.-/")
            return String((0..<length).map { _ in alphabet[rng.below(alphabet.count)] })
        }
        return HostileText.string(length: length, using: &rng)
    }

    static func nonEmptyText(rng: inout SplitMix64, maxLength: Int) -> String {
        let t = text(rng: &rng, maxLength: maxLength)
        return t.isEmpty ? "x" : t
    }
}

extension Array where Element == Character {
    /// A few of the characters, in a random order (a pasted run of command keys).
    fileprivate func shuffledPrefix(rng: inout SplitMix64) -> [Character] {
        (0..<rng.int(in: 1...8)).map { _ in rng.pick(self) }
    }
}

extension SplitMix64 {
    /// A number in `0..<bound` (`bound` > 0).
    fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    fileprivate mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }
    fileprivate mutating func percent(_ percent: Int) -> Bool { below(100) < percent }
    fileprivate mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
