import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

/// A user-defined declaration, to show the builder accepts any conforming type.
private struct PlaylistTab: TabItemConvertible {
    var tabItem: TabItem
    init(name: String) {
        tabItem = Tab(name, systemImage: "music.note.list", id: "playlist-\(name.lowercased())")
            .allowsHiding().tabItem
    }
}

final class BuilderSyntaxTests: XCTestCase {
    private func ids(_ items: [TabItem]) -> [String] { items.map(\.id) }

    func testLayoutConvenienceInitializer() {
        let layout = TabLayout(id: "demo", title: "Demo") {
            Tab("One")
            Tab("Two")
            Tab(role: .search)
        }
        XCTAssertEqual(layout.id, "demo")
        XCTAssertEqual(layout.title, "Demo")
        XCTAssertEqual(ids(layout.items), ["one", "two", "search"])
        XCTAssertEqual(layout, TabLayout(id: "demo", title: "Demo", items: layout.items))
    }

    func testEmptyBuilder() {
        XCTAssertTrue(TabLayout(id: "x", title: "X") {}.items.isEmpty)
        XCTAssertTrue(TabSection("S") {}.tabItem.children.isEmpty)
    }

    func testForLoopAtTopLevelAndInSection() {
        let names = ["Alpha", "Beta", "Gamma"]
        let layout = TabLayout(id: "x", title: "X") {
            for name in names { Tab(name) }
            TabSection("S") {
                for n in 1...2 { Tab("Child \(n)") }
            }
        }
        XCTAssertEqual(ids(layout.items), ["alpha", "beta", "gamma", "s"])
        XCTAssertEqual(ids(layout.items[3].children), ["child-1", "child-2"])
    }

    func testIfWithoutElse() {
        func build(_ flag: Bool) -> [TabItem] {
            TabLayout(id: "x", title: "X") {
                Tab("A")
                if flag { Tab("B") }
                Tab("C")
            }.items
        }
        XCTAssertEqual(ids(build(true)), ["a", "b", "c"])
        XCTAssertEqual(ids(build(false)), ["a", "c"])
    }

    func testIfElseAndSwitch() {
        enum Mode { case one, two, three }
        func build(_ flag: Bool, _ mode: Mode) -> [TabItem] {
            TabLayout(id: "x", title: "X") {
                if flag { Tab("Yes") } else { Tab("No"); Tab("Never") }
                switch mode {
                case .one: Tab("One")
                case .two: TabSection("Two") { Tab("Inner") }
                case .three: Tab(role: .search)
                }
            }.items
        }
        XCTAssertEqual(ids(build(true, .one)), ["yes", "one"])
        XCTAssertEqual(ids(build(false, .two)), ["no", "never", "two"])
        XCTAssertEqual(build(false, .two)[2].kind, .section)
        XCTAssertEqual(ids(build(true, .three)), ["yes", "search"])
    }

    func testIfInsideSectionAndLoopWithCondition() {
        let section = TabSection("S") {
            for n in 1...5 where n % 2 == 1 {
                if n == 3 { Tab("Three").badge(3) } else { Tab("N\(n)") }
            }
        }
        XCTAssertEqual(ids(section.tabItem.children), ["n1", "three", "n5"])
        XCTAssertEqual(section.tabItem.children[1].badge, .count(3))
    }

    func testOptionalsAddNothingWhenNil() {
        let present: Tab? = Tab("Present")
        let absent: Tab? = nil
        let rawAbsent: TabItem? = nil
        let layout = TabLayout(id: "x", title: "X") {
            present
            absent
            rawAbsent
            Tab("End")
        }
        XCTAssertEqual(ids(layout.items), ["present", "end"])
    }

    func testArraysOfDeclarationsRawItemsAndMixedTypes() {
        let tabs = ["A", "B"].map { Tab($0) }
        let raw = [TabItem(id: "raw", title: "Raw")]
        let mixed: [any TabItemConvertible] = [Tab(role: .search), TabSection("Mixed") { Tab("M") }]
        let layout = TabLayout(id: "x", title: "X") {
            tabs
            raw
            TabItem(id: "single", title: "Single")
            mixed
        }
        XCTAssertEqual(ids(layout.items), ["a", "b", "raw", "single", "search", "mixed"])
        XCTAssertEqual(ids(layout.items[5].children), ["m"])
    }

    func testCustomConformingType() {
        let layout = TabLayout(id: "x", title: "X") {
            TabSection("Playlists") {
                PlaylistTab(name: "Road")
                PlaylistTab(name: "Rain").badge("new")
            }
        }
        let children = layout.items[0].children
        XCTAssertEqual(ids(children), ["playlist-road", "playlist-rain"])
        XCTAssertTrue(children.allSatisfy(\.allowsHiding))
        XCTAssertEqual(children[1].badge, .text("new"))
    }

    func testNestedSectionsKeepStructureAndValidate() throws {
        let layout = TabLayout(id: "x", title: "X") {
            Tab("Top")
            TabSection("Outer", systemImage: "folder") {
                Tab("First")
                TabSection("Inner") {
                    Tab("Deep").allowsHiding()
                }
                .allowsReordering()
            }
        }
        let outer = layout.items[1]
        XCTAssertEqual(outer.kind, .section)
        XCTAssertEqual(ids(outer.children), ["first", "inner"])
        XCTAssertEqual(outer.children[1].kind, .section)
        XCTAssertTrue(outer.children[1].allowsReordering)
        XCTAssertEqual(ids(outer.children[1].children), ["deep"])

        let hierarchy = try TabHierarchy(layout)
        XCTAssertEqual(hierarchy.parentID(of: "deep"), "inner")
        XCTAssertEqual(hierarchy.parentID(of: "inner"), "outer")
        XCTAssertEqual(hierarchy.node("deep")?.depth, 3)
    }

    func testBuilderOutputIsValidatedByHierarchy() {
        let tooDeep = TabLayout(id: "x", title: "X") {
            TabSection("L1") { TabSection("L2") { TabSection("L3") { Tab("L4") } } }
        }
        XCTAssertThrowsError(try TabHierarchy(tooDeep)) { error in
            // The section at level 3 is refused (it could hold nothing), not the tab inside it.
            XCTAssertEqual((error as? HierarchyError)?.id, "l3")
        }
        let duplicate = TabLayout(id: "x", title: "X") { Tab("Same"); Tab("Same") }
        XCTAssertThrowsError(try TabHierarchy(duplicate)) { error in
            XCTAssertEqual((error as? HierarchyError)?.reason, .duplicateID(firstPath: [0]))
        }
    }
}
