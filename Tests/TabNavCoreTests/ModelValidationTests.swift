import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// docs/behaviour.md, "Model and customization": invalid hierarchies are rejected with a clear message naming the item.
final class ModelValidationTests: XCTestCase {
    private func rejection(_ items: [TabItem], file: StaticString = #filePath, line: UInt = #line) -> HierarchyError? {
        do {
            _ = try makeHierarchy(items)
            XCTFail("accepted an invalid hierarchy", file: file, line: line)
            return nil
        } catch {
            return error as? HierarchyError
        }
    }

    func testEveryReason() {
        let deep = section("s1", [section("s2", [section("s3", [tab("t4", "Four")])])])
        var tabWithChildren = tab("t", "T")
        tabWithChildren.children = [tab("c")]
        let cases: [(items: [TabItem], path: [Int], id: String, reason: HierarchyError.Reason, text: String, line: UInt)] = [
            ([tab("a"), tab("", "Nameless")], [1], "", .emptyID, "\"Nameless\": empty id", #line),
            ([section("s", [tab("x", "")])], [0, 0], "x", .emptyTitle, "\"x\": empty title", #line),
            ([tab("a"), section("s", [tab("b"), tab("a", "Again")])], [1, 1], "a", .duplicateID(firstPath: [0]),
             "\"a\": duplicate id \"a\"", #line),
            ([section("a", []), tab("a")], [1], "a", .duplicateID(firstPath: [0]), "\"a\": duplicate id \"a\"", #line),
            // Depth is counted one way: the top level is level 1, so s3 is at level 3 and is refused
            // itself (a section there could hold nothing), empty or not.
            ([tab("x"), deep], [1, 0, 0], "s3", .tooDeep(maximum: 3),
             "\"s3\": a section at level 3 could hold nothing (items nest at most 3 levels deep; a top-level item is level 1)", #line),
            ([section("e1", [section("e2", [section("e3", [])])])], [0, 0, 0], "e3", .tooDeep(maximum: 3),
             "\"e3\": a section at level 3 could hold nothing (items nest at most 3 levels deep; a top-level item is level 1)", #line),
            ([section("s", [tab("p", "P", .pinned)])], [0, 0], "p", .placementInSection(.pinned),
             "\"p\": a pinned tab cannot be inside a section", #line),
            ([section("s", [section("i", [tab("f", "F", .fixed)])])], [0, 0, 0], "f", .placementInSection(.fixed),
             "\"f\": a fixed tab cannot be inside a section", #line),
            ([section("s", [section("i", placement: .pinned, [])])], [0, 0], "i", .placementInSection(.pinned),
             "\"i\": a pinned tab cannot be inside a section", #line),
            ([tabWithChildren], [0], "t", .childrenOnTab, "\"t\": a tab cannot have children (use a section)", #line),
            ([tab("", "")], [0], "", .emptyID, "item at [0]: empty id", #line),
        ]
        for c in cases {
            guard let error = rejection(c.items, line: c.line) else { continue }
            XCTAssertEqual(error.path, c.path, line: c.line)
            XCTAssertEqual(error.id, c.id, line: c.line)
            XCTAssertEqual(error.reason, c.reason, line: c.line)
            XCTAssertEqual(error.description, c.text, line: c.line)
        }
    }

    func testTheFirstProblemInDeclaredOrderIsReported() {
        let error = rejection([tab("a"), section("s", [tab("b", ""), tab("a")]), tab("")])
        XCTAssertEqual(error?.reason, .emptyTitle)
        XCTAssertEqual(error?.path, [1, 0])
    }

    func testLimitsThatAreAllowed() throws {
        let hierarchy = try makeHierarchy([
            tab("f", "F", .fixed), tab("p", "P", .pinned),
            section("s1", [section("s2", [tab("s3"), tab("t3", "T3", .sidebarOnly)]), tab("o", "O", .optional)]),
        ])
        XCTAssertEqual(hierarchy.node("s3")?.depth, 3)
        XCTAssertEqual(hierarchy.node("t3")?.depth, 3)
        XCTAssertEqual(hierarchy.allIDs, ["f", "p", "s1", "s2", "s3", "t3", "o"])
        XCTAssertEqual(hierarchy.parentID(of: "t3"), "s2")
        XCTAssertNil(hierarchy.parentID(of: "s1"))
        XCTAssertEqual(hierarchy.path(of: hierarchy.index(of: "t3") ?? -1), [2, 0, 1])
    }

    func testBuilderDeclarationsAreValidatedToo() {
        let layout = TabLayout(id: "x", title: "X") {
            Tab("Home")
            TabSection("Tools") { Tab(role: .search) }
        }
        XCTAssertThrowsError(try TabHierarchy(layout)) { error in
            XCTAssertEqual(error as? HierarchyError,
                           HierarchyError(path: [1, 0], id: "search", title: "Search", reason: .placementInSection(.pinned)))
        }
    }

    func testRunTimeAdditionsAreValidatedLikeDeclaredOnes() throws {
        var hierarchy = try makeHierarchy([tab("a"), section("s", [tab("b")]), section("t", [section("u", [])])])
        func reason(_ item: TabItem, to section: String) -> HierarchyError? {
            do {
                try hierarchy.appendChild(item, to: section)
                XCTFail("accepted \(item.id)")
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(reason(tab("c"), to: "a")?.reason, .childrenOnTab)
        XCTAssertEqual(reason(tab("c"), to: "nope")?.reason, .childrenOnTab)
        XCTAssertEqual(reason(tab("", "C"), to: "s"), HierarchyError(path: [1, 1], id: "", title: "C", reason: .emptyID))
        XCTAssertEqual(reason(tab("c", ""), to: "s")?.reason, .emptyTitle)
        XCTAssertEqual(reason(tab("a"), to: "s"),
                       HierarchyError(path: [1, 1], id: "a", title: "A", reason: .duplicateID(firstPath: [0])))
        XCTAssertEqual(reason(section("n", [tab("b")]), to: "s"),
                       HierarchyError(path: [1, 1, 0], id: "b", title: "B", reason: .duplicateID(firstPath: [1, 0])))
        XCTAssertEqual(reason(section("n", [tab("x"), tab("x")]), to: "s")?.reason, .duplicateID(firstPath: [1, 1, 0]))
        XCTAssertEqual(reason(section("n", [tab("deep")]), to: "u"),
                       HierarchyError(path: [2, 0, 0], id: "n", title: "N", reason: .tooDeep(maximum: 3)))
        XCTAssertEqual(reason(section("n", []), to: "u"),
                       HierarchyError(path: [2, 0, 0], id: "n", title: "N", reason: .tooDeep(maximum: 3)), "empty too")
        XCTAssertEqual(reason(tab("f", "F", .fixed), to: "s")?.reason, .placementInSection(.fixed))
        XCTAssertEqual(hierarchy.count, 5, "nothing was added")

        try hierarchy.appendChild(section("n", [tab("c")]), to: "s")
        try hierarchy.appendChild(tab("d"), to: "u")
        XCTAssertEqual(hierarchy.allIDs, ["a", "s", "b", "n", "c", "t", "u", "d"], "appended items follow their siblings")
        XCTAssertEqual(hierarchy.node("d")?.depth, 3)
        XCTAssertEqual(hierarchy.declaredChildren(of: "s"), ["b", "n"])
    }
}
