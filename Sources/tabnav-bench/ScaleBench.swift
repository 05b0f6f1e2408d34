import Glibc
import TabNavCore
import TabNavDrawing
import TabNavInteraction

/// The scale bars of docs/behaviour.md, "Quality bars" that are about the work one action does:
/// a search keystroke over many tabs, a 1 MB paste into the search field, and a state file
/// with 100,000 run-time tabs (`addedTabs`).
struct ScaleResult {
    /// CPU seconds per search keystroke (typing one character, then deleting it).
    var searchKeystroke: Samples?
    /// CPU seconds to paste 1 MB of text into the search field (the reducer's share).
    var paste: Samples?
    /// Each key of `typedQuery` typed into the empty field (the search index already built), then
    /// each `Backspace` back to empty: the key and its CPU seconds.
    var typing: [(key: String, samples: Samples)] = []
    var deleting: [(key: String, samples: Samples)] = []
    /// `/` after a launch: the field opens and the search index is asked for as slow work.
    var openField: Samples?
    /// Making that index (off the UI thread in the program; timed here on this thread).
    var indexBuild: Samples?
    /// The first key typed after a launch, once the index made when the field opened arrived.
    var firstKeystroke: Samples?
}

enum ScaleBench {
    static let size = TerminalSize(columns: 120, rows: 40)
    static let pasteBytes = 1 << 20
    /// Typed letter by letter: "i" matches every generated tab, each key after narrows.
    static let typedQuery = "Item 51"

    static func run(_ hierarchy: TabHierarchy) -> ScaleResult {
        var result = ScaleResult()
        var searching = BenchStates.launched(hierarchy, size: size)
        openField(&searching)
        guard case .searching = searching.mode else { return result }
        // "Item 5" matches about a tenth of the generated tabs; one more digit narrows it.
        for character in "Item 5" { _ = searching.apply(.key(.character(character))) }
        // A query still waiting for the index would time keys that search nothing.
        guard !searching.search.isWaitingForIndex, !searching.search.results.isEmpty else { return result }
        let pair = Measure.perCall(budget: 2) {
            consume(searching.apply(.key(.character("1"))))
            consume(searching.apply(.key(.backspace)))
        }
        result.searchKeystroke = Samples(pair.values.map { $0 / 2 })

        measureTyping(hierarchy, into: &result)

        var empty = BenchStates.launched(hierarchy, size: size)
        openField(&empty)
        // A search and a cleared field first: the paste is timed, not the search index's one-off
        // build (the first keystroke's figure above).
        _ = empty.apply(.key(.character("x")))
        _ = empty.apply(.key(.backspace))
        let text = String(repeating: "pasted text ", count: pasteBytes / 12)
        result.paste = Measure.perCall(samples: 5, budget: 2) {
            var state = empty
            consume(state.apply(.paste(text)))
        }
        return result
    }

    /// `/`, and the search index it asks for made and handed back as the run loop does: without
    /// it, every query typed would wait for the index and search nothing.
    private static func openField(_ state: inout AppState) {
        let effects = state.apply(.key(.character("/")))
        for case .startLoad(let request) in effects where state.isSearchIndexRequest(request) {
            _ = state.apply(.loadFinished(request.id, tab: request.tab, result: request.work.runNow([:])!))
        }
    }

    /// Times each key of `typedQuery` typed into the empty field, each `Backspace` back, and the
    /// first key after a launch. Every sample applies one key to the same state (a copy), so it
    /// does the same work each time.
    private static func measureTyping(_ hierarchy: TabHierarchy, into result: inout ScaleResult) {
        let fresh = BenchStates.launched(hierarchy, size: size)
        result.openField = Measure.perCall(samples: 5, budget: 1) {
            var state = fresh
            consume(state.apply(.key(.character("/"))))
        }
        var launched = fresh
        let effects = launched.apply(.key(.character("/")))
        guard case .searching = launched.mode, let first = typedQuery.first else { return }
        // The index the field asked for, made and handed back as the run loop does.
        for case .startLoad(let request) in effects where launched.isSearchIndexRequest(request) {
            result.indexBuild = Measure.perCall(samples: 3, budget: 1) { consume(request.work.runNow([:])!) }
            _ = launched.apply(.loadFinished(request.id, tab: request.tab, result: request.work.runNow([:])!))
        }
        result.firstKeystroke = Measure.perCall(samples: 5, budget: 2) {
            var state = launched
            consume(state.apply(.key(.character(first))))
        }
        // A search and a cleared field: the index is built, the field empty.
        var state = launched
        _ = state.apply(.key(.character(first)))
        _ = state.apply(.key(.backspace))
        func time(_ key: KeyEvent) -> Samples {
            let before = state
            return Measure.perCall(samples: 5, budget: 1) {
                var after = before
                consume(after.apply(.key(key)))
            }
        }
        for character in typedQuery {
            result.typing.append((String(character), time(.character(character))))
            _ = state.apply(.key(.character(character)))
        }
        for character in typedQuery.reversed() {
            result.deleting.append(("⌫" + String(character), time(.backspace)))
            _ = state.apply(.key(.backspace))
        }
    }

    /// CPU seconds to read a state file of `count` run-time tabs and merge it into the demo's
    /// hierarchy, as a launch does.
    static func addedTabsLoad(count: Int, hierarchy: TabHierarchy, scratch: String) -> Samples? {
        var saved = SavedState()
        let section = hierarchy.allIDs.first { hierarchy.item($0)?.kind == .section } ?? ""
        saved.addedTabs = (0..<count).map { AddedTab(section: section, id: "added-\($0)", title: "Added \($0)", icon: "") }
        let store = StateStore(directory: scratch + "/added-state", layoutID: hierarchy.id)
        do { try store.save(saved) } catch { return nil }
        return Measure.perCall(samples: 3, budget: 3) {
            guard case .loaded(let state) = store.load() else { return }
            consume(AppState(hierarchy: hierarchy, saved: state, options: BenchStates.options, size: size))
        }
    }
}
