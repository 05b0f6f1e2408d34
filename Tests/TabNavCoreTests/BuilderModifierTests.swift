import XCTest
@testable import TabNavCore
import TabNavDrawing
@testable import TabNavInteraction

final class BuilderModifierTests: XCTestCase {
    func testTabStartsWithUIKitDefaults() {
        let item = Tab("Library", systemImage: "books.vertical", id: "library").tabItem
        XCTAssertEqual(item.kind, .tab)
        XCTAssertEqual(item.id, "library")
        XCTAssertEqual(item.title, "Library")
        XCTAssertEqual(item.icon, "books.vertical")
        XCTAssertEqual(item.placement, .default)
        XCTAssertFalse(item.allowsHiding)
        XCTAssertFalse(item.isHiddenByDefault)
        XCTAssertNil(item.badge)
        XCTAssertNil(item.role)
        XCTAssertEqual(item.content, .none)
        XCTAssertEqual(item.sidebarCustomization, .enabled)
        XCTAssertEqual(item.tabBarCustomization, .enabled)
        XCTAssertEqual(item.defaultTabBarVisibility, .automatic)
    }

    func testTabContentParameter() {
        let entries = [ContentEntry(id: "v1", title: "One", detail: "1:00", body: "The first.", icon: "play")]
        XCTAssertEqual(Tab("A", content: .list(entries)).tabItem.content, .list(entries, acceptsDrops: false))
        XCTAssertNotEqual(Tab("A", content: .list(entries)).tabItem.content, .list(entries, acceptsDrops: true))
        XCTAssertEqual(Tab("A").content(.command("uptime")).tabItem.content, .command("uptime"))
    }

    func testIDIsDerivedFromTitleWhenOmitted() {
        XCTAssertEqual(Tab("Watch Now").tabItem.id, "watch-now")
        XCTAssertEqual(Tab("  By the Sea! ").tabItem.id, "by-the-sea")
        XCTAssertEqual(Tab("Top 10 / Week").tabItem.id, "top-10-week")
        XCTAssertEqual(Tab("日本語 Café").tabItem.id, "日本語-café")
        XCTAssertEqual(Tab("***").tabItem.id, "", "no letters: left empty so validation names it")
        XCTAssertEqual(TabSection("Cute Critters") {}.tabItem.id, "cute-critters")
    }

    func testPlacementAndCustomizationIDModifiers() {
        let item = Tab("Home", systemImage: "house", id: "home")
            .placement(.fixed).customizationID("start").tabItem
        XCTAssertEqual(item.placement, .fixed)
        XCTAssertEqual(item.icon, "house")
        XCTAssertEqual(item.id, "start")
        XCTAssertEqual(item.title, "Home")
    }

    func testModifiersReturnCopiesAndLeaveOriginalAlone() {
        let plain = Tab("Home")
        let changed = plain.allowsHiding().badge(2)
        XCTAssertFalse(plain.tabItem.allowsHiding)
        XCTAssertNil(plain.tabItem.badge)
        XCTAssertTrue(changed.tabItem.allowsHiding)
        XCTAssertNotEqual(plain, changed)
    }

    func testAllowsHiding() {
        XCTAssertTrue(Tab("A").allowsHiding().tabItem.allowsHiding)
        XCTAssertTrue(Tab("A").allowsHiding(true).tabItem.allowsHiding)
        XCTAssertFalse(Tab("A").allowsHiding().allowsHiding(false).tabItem.allowsHiding)
    }

    func testBadgeForms() {
        XCTAssertEqual(Tab("A").badge(3).tabItem.badge, .count(3))
        XCTAssertEqual(Tab("A").badge("new").tabItem.badge, .text("new"))
        XCTAssertNil(Tab("A").badge(3).badge(nil).tabItem.badge)
        XCTAssertEqual(Tab("A").badge(.count(0)).tabItem.badge, .count(0))
        XCTAssertEqual(Tab("A").badge(TabBadge.text("!")).tabItem.badge, .text("!"))
    }

    func testZeroCountAndEmptyTextRemoveTheBadge() {
        XCTAssertNil(Tab("A").badge(5).badge(0).tabItem.badge)
        XCTAssertNil(Tab("A").badge("x").badge("").tabItem.badge)
    }

    func testDefaultVisibilityInTabBarOnATabIsItsOwn() {
        let item = Tab("A").defaultVisibility(.hidden, for: .tabBar).tabItem
        XCTAssertEqual(item.defaultTabBarVisibility, .hidden)
        XCTAssertEqual(item.childrenTabBarVisibility, .automatic)
        XCTAssertFalse(item.isHiddenByDefault)
    }

    func testDefaultVisibilityInTabBarOnASectionIsItsChildren() {
        let item = TabSection("S") { Tab("A") }.defaultVisibility(.hidden, for: .tabBar).tabItem
        XCTAssertEqual(item.childrenTabBarVisibility, .hidden)
        XCTAssertEqual(item.defaultTabBarVisibility, .automatic)
        let visible = TabSection("S") { Tab("A") }.defaultVisibility(.visible, for: .tabBar).tabItem
        XCTAssertEqual(visible.childrenTabBarVisibility, .visible)
    }

    func testDefaultVisibilityInSidebarSetsHiddenByDefault() {
        XCTAssertTrue(Tab("A").defaultVisibility(.hidden, for: .sidebar).tabItem.isHiddenByDefault)
        let shownAgain = Tab("A").defaultVisibility(.hidden, for: .sidebar)
            .defaultVisibility(.visible, for: .sidebar).tabItem
        XCTAssertFalse(shownAgain.isHiddenByDefault)
        XCTAssertEqual(shownAgain.defaultTabBarVisibility, .automatic, "sidebar must not touch the bar")
    }

    func testDefaultVisibilityForBothBars() {
        let item = Tab("A").defaultVisibility(.hidden, for: .sidebar, .tabBar).tabItem
        XCTAssertTrue(item.isHiddenByDefault)
        XCTAssertEqual(item.defaultTabBarVisibility, .hidden)
    }

    func testCustomizationBehaviorPerBar() {
        let bar = Tab("A").customizationBehavior(.disabled, for: .tabBar).tabItem
        XCTAssertEqual(bar.tabBarCustomization, .disabled)
        XCTAssertEqual(bar.sidebarCustomization, .enabled)
        XCTAssertFalse(bar.isCustomizable(in: .tabBar))

        let side = Tab("A").customizationBehavior(.disabled, for: .sidebar).tabItem
        XCTAssertEqual(side.sidebarCustomization, .disabled)
        XCTAssertEqual(side.tabBarCustomization, .enabled)

        let both = Tab("A").customizationBehavior(.disabled, for: .sidebar, .tabBar)
            .customizationBehavior(.enabled, for: .sidebar).tabItem
        XCTAssertEqual(both.sidebarCustomization, .enabled)
        XCTAssertEqual(both.tabBarCustomization, .disabled)
    }

    func testSectionDefaultsAndSectionOnlyModifiers() {
        let section = TabSection("Collections", systemImage: "folder", id: "collections") {
            Tab("Forest Life")
        }
        XCTAssertEqual(section.tabItem.kind, .section)
        XCTAssertFalse(section.tabItem.allowsReordering)
        XCTAssertTrue(section.tabItem.actions.isEmpty)

        let item = section.allowsReordering()
            .sectionActions {
                SectionAction(id: "new-collection", title: "New Collection", icon: "plus")
                SectionAction(id: "import", title: "Import")
            }
            .tabItem
        XCTAssertTrue(item.allowsReordering)
        XCTAssertEqual(item.actions.map(\.id), ["new-collection", "import"])
        XCTAssertEqual(item.actions.first?.icon, "plus")
        XCTAssertEqual(item.icon, "folder")
        XCTAssertFalse(section.allowsReordering().allowsReordering(false).tabItem.allowsReordering)
    }

    func testSectionActionsReplaceEarlierOnes() {
        let item = TabSection("S") {}
            .sectionActions { SectionAction(id: "a", title: "A") }
            .sectionActions { SectionAction(id: "b", title: "B") }
            .tabItem
        XCTAssertEqual(item.actions.map(\.id), ["b"])
    }

    func testSectionActionBuilderControlFlow() {
        let extra: SectionAction? = nil
        let flags = [true, false]
        let item = TabSection("S") {}
            .sectionActions {
                for (n, flag) in flags.enumerated() {
                    if flag {
                        SectionAction(id: "on-\(n)", title: "On")
                    } else {
                        SectionAction(id: "off-\(n)", title: "Off")
                    }
                }
                extra
                [SectionAction(id: "x", title: "X"), SectionAction(id: "y", title: "Y")]
            }
            .tabItem
        XCTAssertEqual(item.actions.map(\.id), ["on-0", "off-1", "x", "y"])
    }

    func testSectionChildrenAccessor() {
        var section = TabSection("S") { Tab("A"); Tab("B") }
        XCTAssertEqual(section.children.map(\.id), ["a", "b"])
        section.children.append(Tab("C").tabItem)
        XCTAssertEqual(section.tabItem.children.map(\.id), ["a", "b", "c"])
    }

    func testSearchTabDefaults() {
        let item = Tab(role: .search).tabItem
        XCTAssertEqual(item.id, "search")
        XCTAssertEqual(item.title, "Search")
        XCTAssertEqual(item.icon, "magnifyingglass")
        XCTAssertEqual(item.placement, .pinned)
        XCTAssertEqual(item.role, .search)
        XCTAssertTrue(item.isSearch)
        XCTAssertEqual(item.kind, .tab)
    }

    func testSearchTabCustomTitleKeepsStableID() {
        let item = Tab("Find", role: .search).tabItem
        XCTAssertEqual(item.title, "Find")
        XCTAssertEqual(item.id, "search")
        XCTAssertEqual(item.role, .search)
        XCTAssertEqual(Tab("Suche", id: "suche", role: .search).tabItem.id, "suche")
        XCTAssertEqual(Tab(role: .search).placement(.movable).tabItem.placement, .movable)
    }

    func testTerminalModifierMakesATerminalTabWithItsOptions() throws {
        let shell = Tab("Shell", systemImage: "terminal").terminal().tabItem
        XCTAssertEqual(shell.content, .terminal(nil))
        XCTAssertEqual(shell.contentOptions, ContentOptions(), "nothing but the defaults")
        let top = Tab("Top").badge(2).terminal("htop", cwd: "~/logs", environment: ["NO_COLOR": "1"], scrollback: 0).tabItem
        XCTAssertEqual(top.content, .terminal("htop"))
        XCTAssertEqual(top.contentOptions.cwd, "~/logs")
        XCTAssertEqual(top.contentOptions.environment, ["NO_COLOR": "1"])
        XCTAssertEqual(top.contentOptions.scrollback, 0)
        XCTAssertEqual(top.badge, .count(2), "the other modifiers' work stays")
        XCTAssertEqual(Tab("A").terminal("vi", scrollback: -5).tabItem.contentOptions.scrollback, 0)
        // Held to the layout file's range: a scrollback of Int.max would be a promise of memory.
        XCTAssertEqual(Tab("A").terminal("vi", scrollback: Int.max).tabItem.contentOptions.scrollback, 1_000_000)
        XCTAssertEqual(Tab("A").terminal("vi", scrollback: 1_000_001).tabItem.contentOptions.scrollback, 1_000_000)
        XCTAssertEqual(Tab("A").terminal("vi", scrollback: 1_000_000).tabItem.contentOptions.scrollback, 1_000_000)
        XCTAssertEqual(Tab("A").terminal("vi").content(.text("x")).tabItem.content, .text("x"), "a later content wins")

        // The app runs it with those options, in a pseudo-terminal the size of the content area.
        let layout = TabLayout(id: "t", title: "T") {
            Tab("Home", content: .text("hi"))
            Tab("Top").terminal("htop", cwd: "/tmp", environment: ["A": "b"], scrollback: 50)
        }
        var state = AppState(hierarchy: try TabHierarchy(layout), saved: nil, options: AppOptions(),
                             size: TerminalSize(columns: 100, rows: 30))
        var effects: [AppEffect] = []
        for action in try KeyNames.parseList("l") { effects += state.apply(action) }
        let request = try XCTUnwrap(effects.compactMap { if case .startLoad(let r) = $0 { return r } else { return nil } }.first)
        guard case .terminal(let spec)? = request.work.child else { return XCTFail("not a terminal: \(request.work)") }
        XCTAssertEqual(spec.command, "htop")
        XCTAssertEqual(spec.options.cwd, "/tmp")
        XCTAssertEqual(spec.options.environment, ["A": "b"])
        XCTAssertEqual(spec.options.scrollback, 50)
        XCTAssertEqual(spec.columns, 98)
    }
}
