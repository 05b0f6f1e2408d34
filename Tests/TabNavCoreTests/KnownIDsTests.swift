import XCTest
@testable import TabNavCore

/// `Customization.knownIDs` (docs/behaviour.md, "Persistence"): the same set whatever form it is
/// kept in — the model's (its hierarchy's index), a state file's sorted list, or a set — and a
/// saved list that is not sorted (a file written by hand) merges exactly as a sorted one.
final class KnownIDsTests: XCTestCase {
    func testEveryFormAnswersTheSame() throws {
        let hierarchy = try makeHierarchy([tab("b"), section("s", [tab("a"), tab("c")]), tab("é")])
        let ids = ["b", "s", "a", "c", "é"]
        let forms: [(String, KnownIDs)] = [
            ("set", KnownIDs(ids)),
            ("hierarchy", KnownIDs(idsOf: hierarchy)),
            ("sorted list", KnownIDs(decoded: ids.sorted())),
            ("unsorted list", KnownIDs(decoded: ids)),
            ("list with a repeat", KnownIDs(decoded: ids + ["a"])),
        ]
        for (name, known) in forms {
            XCTAssertEqual(known.count, 5, name)
            XCTAssertEqual(known.sorted(), ids.sorted(), name)
            XCTAssertEqual(Set(known), Set(ids), name)
            XCTAssertEqual(known, KnownIDs(ids), name)
            for id in ids { XCTAssertTrue(known.contains(id), "\(name) has \(id)") }
            for id in ["", "d", "aa", "z", "s-", "e"] { XCTAssertFalse(known.contains(id), "\(name) lacks \(id)") }
            // Canonically equivalent text is the same id, as for a Set<String>.
            XCTAssertTrue(known.contains("e\u{301}"), "\(name): é written with a combining accent")
        }
        XCTAssertNotEqual(KnownIDs(idsOf: hierarchy), KnownIDs(decoded: ["a", "b", "c", "s"]))
        XCTAssertNotEqual(KnownIDs(decoded: ["a", "b", "c", "s", "x"]), KnownIDs(idsOf: hierarchy))
    }

    func testChangesKeepTheMeaning() throws {
        var known = KnownIDs(decoded: ["a", "b", "c"])
        XCTAssertTrue(known.insert("d"))
        XCTAssertFalse(known.insert("a"))
        XCTAssertEqual(known.remove("b"), "b")
        XCTAssertNil(known.remove("zz"))
        known.formUnion(["e", "a"])
        XCTAssertEqual(known, ["a", "c", "d", "e"])
        var model = KnownIDs(idsOf: try makeHierarchy([tab("x")]))
        model.insert("y")
        XCTAssertEqual(model.sorted(), ["x", "y"])
    }

    /// What the program writes, read back, is the sorted form; the file is the same bytes.
    func testStateFileRoundTripsByteForByte() throws {
        var state = SavedState()
        state.customization.knownIDs = KnownIDs(idsOf: try makeHierarchy([tab("zeta"), tab("alpha"), tab("mid")]))
        let text = SavedStateCoding.encodedText(state)
        XCTAssertTrue(text.contains("\"alpha\",\n    \"mid\",\n    \"zeta\""), text)
        let read = try SavedStateCoding.decode(JSONParser.tape(Array(text.utf8)))
        XCTAssertEqual(read, state)
        XCTAssertEqual(SavedStateCoding.encodedText(read), text)
    }

    /// A state file's list read every way the decoder can (as bytes when sorted ASCII written
    /// without escapes, as strings otherwise) means the same set.
    func testAStateFilesListMeansTheSameHoweverItIsRead() throws {
        func known(_ list: String) throws -> KnownIDs {
            let json = #"{"version": 1, "knownIDs": "# + list + "}"
            return try SavedStateCoding.decode(JSONParser.tape(Array(json.utf8))).customization.knownIDs
        }
        let lists = [
            #"["K", "a", "a-1", "b", "ba"]"#,           // sorted ASCII: kept as bytes
            #"["a", "K", "b", "ba", "a-1", "a"]"#,      // unsorted, with a repeat
            #"["K", "\u0061", "a-1", "b", "ba"]"#,      // an escape
        ]
        for list in lists {
            let ids = try known(list)
            XCTAssertEqual(ids, ["K", "a", "a-1", "b", "ba"], list)
            XCTAssertEqual(ids.count, 5, list)
            XCTAssertEqual(ids.sorted(), ["K", "a", "a-1", "b", "ba"], list)
            for absent in ["", "k", "A", "a-", "a-10", "bb", "c", "Z"] { XCTAssertFalse(ids.contains(absent), "\(list) lacks \(absent)") }
            XCTAssertTrue(ids.contains("\u{212A}"), "\(list): the Kelvin sign is canonically K")
        }
        let accented = try known("[\"a\", \"b\", \"\u{E9}\", \"z\u{301}\"]")  // not ASCII: read as strings
        XCTAssertTrue(accented.contains("e\u{301}"))
        XCTAssertTrue(accented.contains("\u{17A}"), "ź")
        XCTAssertFalse(accented.contains("e"))
        XCTAssertEqual(try known("[]"), [])
        XCTAssertThrowsError(try known(#"["a", 1]"#))
    }

    /// A saved list in any order (or with repeats) merges as the sorted one does: new tabs take
    /// their default places, tabs the person removed stay out.
    func testAnUnsortedSavedListMergesAsASortedOne() throws {
        let items = [
            tab("a"), tab("b"), tab("n1"), tab("h", hides: true, hiddenByDefault: true),
            tab("n2", hides: true, hiddenByDefault: true), tab("c"),
        ]
        let known = ["c", "a", "h", "b", "gone", "a"]
        func merged(_ list: [String]) throws -> TabNavModel {
            var json = #"{"version": 1, "tabBar": ["c", "a"], "hidden": [], "knownIDs": ["#
            json += list.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
            let saved = try SavedStateCoding.decode(JSONParser.tape(Array(json.utf8)))
            return try makeModel(items, saved: saved.customization)
        }
        let unsorted = try merged(known)
        let sorted = try merged(Array(Set(known)).sorted())
        XCTAssertEqual(unsorted.tabBarIDs, ["c", "a", "n1"], "b was taken out by the person; n1 is new")
        XCTAssertEqual(unsorted.customization.hidden, ["n2"], "h was shown by the person; n2 is new and hidden")
        XCTAssertEqual(unsorted.tabBarIDs, sorted.tabBarIDs)
        XCTAssertEqual(unsorted.customization, sorted.customization)
        XCTAssertEqual(unsorted.customization.knownIDs, KnownIDs(unsorted.hierarchy.allIDs))
    }

    /// The model's known ids follow the hierarchy through additions, deletions and their undo.
    func testTheModelsKnownIDsFollowItsHierarchy() throws {
        var model = try makeModel([tab("a"), section("s", [tab("c1")])])
        func check(_ step: String) {
            XCTAssertEqual(model.customization.knownIDs, KnownIDs(model.hierarchy.allIDs), step)
        }
        check("start")
        try model.appendTab(tab("c2"), to: "s")
        check("added")
        model.mustApply(.deleteTab("c2"))
        check("deleted")
        XCTAssertFalse(model.customization.knownIDs.contains("c2"))
        _ = model.undo()
        check("undone")
        XCTAssertTrue(model.customization.knownIDs.contains("c2"))
        XCTAssertThrowsError(try model.appendTab(tab("a"), to: "s"), "a duplicate id")
        check("refused")
    }
}
