import Foundation
import XCTest
@testable import TabNavCore

/// Two programs on one state file lose nothing (docs/behaviour.md, "Persistence"): one that
/// changed nothing writes nothing, and one that changed something writes only its changes over
/// what the other saved meanwhile.
final class StateMergeTests: XCTestCase {
    private func inode(_ path: String) throws -> UInt64 {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    private func state(bar: [String], hidden: Set<String> = [], selected: String? = nil) -> SavedState {
        SavedState(customization: Customization(tabBar: bar, hidden: hidden, selected: selected, knownIDs: KnownIDs(["a", "b", "c"])))
    }

    /// Before, the untouched program wrote its old bar back on quit over the other's change.
    func testAProgramThatChangedNothingDoesNotWriteBack() throws {
        let folder = try TemporaryFolder()
        let original = state(bar: ["a", "b", "c"])
        try StateStore(directory: folder.path, layoutID: "ops").save(original)

        let first = StateStore(directory: folder.path, layoutID: "ops")
        guard case .loaded(let loaded) = first.load() else { return XCTFail("the file loads") }
        first.baseline = loaded
        let second = StateStore(directory: folder.path, layoutID: "ops")
        guard case .loaded(let alsoLoaded) = second.load() else { return XCTFail("the file loads") }
        second.baseline = alsoLoaded
        let changed = state(bar: ["a", "c"])
        try second.save(changed)
        let written = try inode(first.path)

        try first.save(loaded)  // quitting, nothing changed
        XCTAssertEqual(try inode(first.path), written, "nothing was written")
        XCTAssertEqual(StateStore.read(path: first.path), .loaded(changed), "the other program's change stays")
    }

    func testChangesOfBothProgramsAreKept() throws {
        let folder = try TemporaryFolder()
        let original = state(bar: ["a", "b", "c"])
        try StateStore(directory: folder.path, layoutID: "ops").save(original)
        let first = StateStore(directory: folder.path, layoutID: "ops")
        first.baseline = original
        let second = StateStore(directory: folder.path, layoutID: "ops")
        second.baseline = original

        try second.save(state(bar: ["c", "b", "a"]))                         // the other reorders the bar
        try first.save(state(bar: ["a", "b", "c"], hidden: ["b"], selected: "c"))  // this one hides b, selects c
        XCTAssertEqual(StateStore.read(path: first.path), .loaded(state(bar: ["c", "b", "a"], hidden: ["b"], selected: "c")))

        // This program changes the bar too, later: its change wins for the bar, the rest stays.
        try first.save(state(bar: ["b"], hidden: ["b"], selected: "c"))
        XCTAssertEqual(StateStore.read(path: first.path), .loaded(state(bar: ["b"], hidden: ["b"], selected: "c")))
    }

    func testSetsMapsAndAddedTabsMergeItemByItem() {
        let base = SavedState(
            customization: Customization(hidden: ["x"], sectionOrder: ["s": ["1", "2"], "t": ["a", "b"]], collapsed: []),
            addedTabs: [AddedTab(section: "s", id: "n1", title: "One")], drops: ["l": ["v1"]])
        var ours = base
        ours.customization.hidden = ["x", "y"]           // hides y
        ours.customization.sectionOrder["s"] = ["2", "1"]
        ours.addedTabs.append(AddedTab(section: "s", id: "n2", title: "Two"))
        ours.drops["m"] = ["v2"]
        var theirs = base
        theirs.customization.hidden = []                  // unhides x
        theirs.customization.sectionOrder["t"] = ["b", "a"]
        theirs.customization.collapsed = ["s"]
        theirs.addedTabs.append(AddedTab(section: "s", id: "n3", title: "Three"))
        theirs.drops["l"] = ["v1", "v3"]

        let merged = SavedStateMerge.merge(base: base, ours: ours, theirs: theirs)
        XCTAssertEqual(merged.customization.hidden, ["y"])
        XCTAssertEqual(merged.customization.sectionOrder, ["s": ["2", "1"], "t": ["b", "a"]])
        XCTAssertEqual(merged.customization.collapsed, ["s"])
        XCTAssertEqual(merged.addedTabs.map(\.id), ["n1", "n3", "n2"])
        XCTAssertEqual(merged.drops, ["l": ["v1", "v3"], "m": ["v2"]])

        // Ours removed n1: it stays removed; an unchanged ours gives theirs as it is.
        var removing = base
        removing.addedTabs = []
        XCTAssertEqual(SavedStateMerge.merge(base: base, ours: removing, theirs: theirs).addedTabs.map(\.id), ["n3"])
        XCTAssertEqual(SavedStateMerge.merge(base: base, ours: base, theirs: theirs), theirs)
    }
}
