import Glibc
import TabNavCore
import TabNavDrawing
import TabNavInteraction
import TabNavRender

/// A hierarchy the in-process measurements run on: the built-in demo or a generated layout file.
struct Subject {
    var name: String
    var tabs: Int
    /// The layout file (generated layouts only; the demo is built in code).
    var path: String?
    var layout: TabLayout
}

/// The in-process figures of one subject (CPU seconds per operation).
struct InProcessResult {
    var subject: String
    var tabs: Int
    var fileBytes: Int?
    /// `LayoutLoader.loadHierarchy(path:)`: read, parse, validate, index — what the program does.
    var loadLayout: Samples?
    /// State file read + `AppState` merged with the saved customization.
    var buildState: Samples?
    /// `StateStore.save` of that state (atomic write with fsync; wall time, it waits for the disk).
    var saveState: Samples?
    var actions: [(name: String, samples: Samples?)] = []
    var renders: [(size: TerminalSize, samples: Samples)] = []
    /// A frame with the tab bar instead of the sidebar, at the terminal measurements' 100×30.
    var barRender: Samples?
    /// Peak resident set of a process that loads, builds and draws this subject (kB).
    var peakKB: Int?
}

/// Times loading, building, actions and rendering inside this process, through the same calls the
/// program makes (`LayoutLoader`, `StateStore`, `AppState.apply`, `render`).
struct InProcessBench {
    static let renderSizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 120, rows: 40),
                              TerminalSize(columns: 300, rows: 80)]
    static let actionSize = TerminalSize(columns: 120, rows: 40)
    static let barSize = TerminalSize(columns: 100, rows: 30)

    let scratch: String
    let style = RenderStyle.forTerminal(ascii: false, noColor: false, depth: .full256)

    func run(_ subject: Subject) -> InProcessResult {
        var result = InProcessResult(subject: subject.name, tabs: subject.tabs)
        let hierarchy: TabHierarchy
        do { hierarchy = try TabHierarchy(subject.layout) } catch { fatalError("tabnav-bench: \(subject.name): \(error)") }
        if let path = subject.path {
            result.fileBytes = FileSize.of(path)
            // On the wall clock: a large file is parsed on a second thread while this one decodes
            // it (and waits for it at the start and the end), which this thread's CPU leaves out.
            result.loadLayout = Self.wallTimes(count: 7) {
                do { consume(try LayoutLoader.loadHierarchy(path: path)) } catch { fatalError("tabnav-bench: \(error)") }
            }
        }
        measureStateRoundTrip(subject, hierarchy, into: &result)
        result.actions = measureActions(hierarchy)
        for size in Self.renderSizes {
            let state = BenchStates.sidebarInTheMiddle(hierarchy, size: size)
            result.renders.append((size, Measure.perCall { consume(render(state, style: style)) }))
        }
        let barState = BenchStates.launched(hierarchy, size: Self.barSize)
        if !barState.sidebarShowing {
            result.barRender = Measure.perCall { consume(render(barState, style: style)) }
        }
        return result
    }

    /// Saves a customized state, then times reading the state back and merging it with the
    /// hierarchy into the launch state, as a launch does once it has read the layout. (The demo,
    /// built in code, has no file to load: its hierarchy is built here too.)
    private func measureStateRoundTrip(_ subject: Subject, _ hierarchy: TabHierarchy, into result: inout InProcessResult) {
        let saved = Self.customizedState(hierarchy).savedState
        let store = StateStore(directory: scratch + "/state", layoutID: hierarchy.id)
        // The store skips a save that would write what the file holds: alternate two states so
        // every timed save really writes.
        var other = saved
        other.customization.sidebarVisible = !(saved.customization.sidebarVisible ?? false)
        var flip = false
        result.saveState = Self.wallTimes(count: 6) {
            flip.toggle()
            do { try store.save(flip ? other : saved) } catch { fatalError("tabnav-bench: \(error)") }
        }
        // What a launch does after reading the layout: the state file, the merge.
        result.buildState = Measure.perCall(samples: 5, budget: 3) {
            guard case .loaded(let state) = store.load() else { fatalError("tabnav-bench: the saved state did not load") }
            do {
                let built = subject.path == nil ? try TabHierarchy(subject.layout) : hierarchy
                consume(AppState(hierarchy: built, saved: state, options: BenchStates.options, size: Self.actionSize))
            } catch {
                fatalError("tabnav-bench: \(error)")
            }
        }
    }

    /// A state someone has used: one tab hidden, one moved, the sidebar open.
    static func customizedState(_ hierarchy: TabHierarchy) -> AppState {
        var state = BenchStates.sidebarInTheMiddle(hierarchy, size: actionSize)
        for key: KeyEvent in [.character("e"), .character(" "), .down, .enter, .down, .enter, .character("e")] {
            _ = state.apply(.key(key))
        }
        return state
    }

    /// Wall seconds of `count` calls (for disk writes, where the waiting is the cost).
    static func wallTimes(count: Int, _ operation: () -> Void) -> Samples {
        Samples((0..<count).map { _ in
            let start = Clock.monotonic()
            operation()
            return Clock.monotonic() - start
        })
    }

    // MARK: Actions

    /// CPU time per action. Each action is timed as a pair that returns to the starting state
    /// (next tab and back, hide and unhide, move down and back up), so every repetition does the
    /// same work; a pair that changes nothing is reported as not measured rather than timed.
    private func measureActions(_ hierarchy: TabHierarchy) -> [(name: String, samples: Samples?)] {
        // Each group starts afresh: selecting a tab moves the sidebar cursor to it.
        func fresh() -> AppState { BenchStates.sidebarInTheMiddle(hierarchy, size: Self.actionSize) }
        var results: [(name: String, samples: Samples?)] = []
        // A tab switch is timed where → switches tabs: the bar showing, as at 100×30 (with the
        // sidebar showing, → moves into the content instead and nothing changes).
        var bar = BenchStates.launched(hierarchy, size: Self.barSize)
        results.append(("select next tab", timePair(&bar, [.right], [.left], changes: { $0.model.selectedID })))
        var normal = fresh()
        results.append(("sidebar move", timePair(&normal, [.down], [.up], changes: { "\($0.sidebarCursor)" })))
        results.append(("toggle sidebar", timePair(&normal, [.character("s")], [.character("s")],
                                                   changes: { "\($0.sidebarShowing)" })))
        var editing = fresh()
        _ = editing.apply(.key(.character("e")))
        let movedSection = editing.editCursorItemID.flatMap { editing.model.hierarchy.parentID(of: $0) } ?? ""
        // While an item is grabbed every arrow recomputes the preview of the bar and the sidebar.
        var grabbing = editing
        _ = grabbing.apply(.key(.enter))
        results.append(("move while grabbing", timePair(&grabbing, [.down], [.up],
                                                        changes: { $0.pendingGrabEdit.map { "\($0)" } })))
        results.append(("grab-move-drop", timePair(&editing, [.enter, .down, .enter], [.enter, .up, .enter],
                                                   changes: { $0.model.displayOrder(of: movedSection).joined(separator: ",") })))
        results.append(("hide", timePair(&editing, [.character(" ")], [.character(" ")],
                                         changes: { $0.model.customization.hidden.sorted().joined(separator: ",") })))
        return results
    }

    /// Times `forward` then `back` on `state`; the result is CPU seconds per half (one action).
    private func timePair(
        _ state: inout AppState, _ forward: [KeyEvent], _ back: [KeyEvent], changes: (AppState) -> String?
    ) -> Samples? {
        let before = changes(state)
        for key in forward { _ = state.apply(.key(key)) }
        let after = changes(state)
        for key in back { _ = state.apply(.key(key)) }
        guard before != after, changes(state) == before else { return nil }
        let pair = Measure.perCall(budget: 2) {
            for key in forward { consume(state.apply(.key(key))) }
            for key in back { consume(state.apply(.key(key))) }
        }
        return Samples(pair.values.map { $0 / 2 })
    }
}

/// The size of a file in bytes.
enum FileSize {
    static func of(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}
