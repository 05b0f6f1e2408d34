import XCTest
import TabNavCore
import TabNavDrawing
import TabNavInteraction
@testable import TabNavDemo

final class DemoCatalogueTests: XCTestCase {
    private var layout: TabLayout { DemoCatalogue.layout }

    private func allItems(_ items: [TabItem]) -> [TabItem] {
        items.flatMap { [$0] + allItems($0.children) }
    }

    /// The page a tab's content carries (the demo's shelves), if any.
    private func page(_ content: TabContent?) -> (any TabPage)? {
        guard case .custom(let box)? = content else { return nil }
        return box.value as? any TabPage
    }

    private let someVideo = ContentEntry(id: "some-video", title: "Some Video", detail: "1:00", icon: "play")

    func testLayoutValidates() throws {
        let hierarchy = try TabHierarchy(layout)
        XCTAssertEqual(hierarchy.id, "destination-video")
        XCTAssertEqual(hierarchy.title, "Destination Video")
        XCTAssertEqual(hierarchy.count, allItems(layout.items).count)
    }

    func testTopLevelIDsAndPlacements() {
        let top = layout.items.map { ($0.id, $0.placement) }
        XCTAssertEqual(top.map(\.0), [
            "watch-now", "library", "new", "favorites", "search", "downloads",
            "collections", "animations", "settings",
        ])
        XCTAssertEqual(top.map(\.1), [
            .fixed, .default, .default, .default, .pinned, .optional, .default, .default, .sidebarOnly,
        ])
    }

    func testSectionChildren() throws {
        let hierarchy = try TabHierarchy(layout)
        XCTAssertEqual(hierarchy.declaredChildren(of: "collections"), [
            "cinematic-shots", "forest-life", "by-the-sea", "cute-critters",
            "overnight-adventures", "stunning-vistas",
        ])
        XCTAssertEqual(hierarchy.declaredChildren(of: "animations"), ["ocean", "forest", "sky"])
    }

    func testWatchNowIsProtected() throws {
        let watchNow = try XCTUnwrap(layout.items.first)
        XCTAssertEqual(watchNow.icon, "play")
        XCTAssertEqual(watchNow.tabBarCustomization, .disabled)
        XCTAssertFalse(watchNow.allowsHiding)
    }

    func testIconsAndBadge() throws {
        let hierarchy = try TabHierarchy(layout)
        let icons = ["library": "books.vertical", "new": "sparkles", "favorites": "heart",
                     "search": "magnifyingglass", "collections": "folder",
                     "downloads": "square.and.arrow.down", "settings": "gearshape"]
        for (id, icon) in icons {
            XCTAssertEqual(hierarchy.item(id)?.icon, icon, id)
        }
        XCTAssertEqual(hierarchy.item("new")?.badge, .count(3))
        XCTAssertEqual(hierarchy.item("search")?.role, .search)
    }

    func testCollectionsSection() throws {
        let collections = try XCTUnwrap(layout.items.first { $0.id == DemoCatalogue.ID.collections })
        XCTAssertEqual(collections.kind, .section)
        XCTAssertTrue(collections.allowsReordering)
        XCTAssertEqual(collections.childrenTabBarVisibility, .hidden)
        XCTAssertEqual(collections.actions.map(\.id), ["new-collection"])
        XCTAssertEqual(collections.actions.first?.title, "New Collection")
        XCTAssertEqual(collections.actions.first?.icon, "plus")
        XCTAssertEqual(collections.actions.first?.addsTab, true)
        // A new collection is an empty shelf that takes drops.
        let newShelf = try XCTUnwrap(page(collections.actions.first?.newTabContent) as? VideoShelf)
        XCTAssertEqual(newShelf.list.entries, [])
        XCTAssertTrue(newShelf.accepts(someVideo))
        XCTAssertFalse(collections.children.isEmpty)
        for child in collections.children {
            XCTAssertTrue(page(child.content)?.accepts(someVideo) == true, "\(child.id) takes drops")
        }
        XCTAssertTrue(collections.children.allSatisfy { $0.allowsHiding && $0.kind == .tab })
    }

    func testAnimationsSection() throws {
        let animations = try XCTUnwrap(layout.items.first { $0.id == DemoCatalogue.ID.animations })
        XCTAssertEqual(animations.actions.map(\.id), [DemoCatalogue.ID.refresh])
        XCTAssertEqual(animations.actions.first?.title, "Refresh")
        XCTAssertEqual(animations.actions.first?.icon, "arrow.clockwise")
        XCTAssertTrue(animations.children.allSatisfy(\.allowsHiding))
        XCTAssertEqual(animations.actions.first?.addsTab, false, "Refresh only reports")
        for child in animations.children {
            XCTAssertTrue(page(child.content)?.accepts(someVideo) == false, "\(child.id) takes no drops")
        }
    }

    func testDownloadsIsOptionalAndHideable() throws {
        let downloads = try XCTUnwrap(TabHierarchy(layout).item("downloads"))
        XCTAssertEqual(downloads.placement, .optional)
        XCTAssertTrue(downloads.allowsHiding)
    }

    func testEveryTabHasContentAndVideoTabsHaveSeveral() {
        for item in allItems(layout.items) where item.kind == .tab {
            switch item.content {
            case .none: XCTFail("\(item.id) has no content")
            case .text(let text): XCTAssertFalse(text.isEmpty, item.id)
            case .custom:
                let shelf = page(item.content) as? VideoShelf
                XCTAssertNotNil(shelf, "\(item.id) shows a shelf of videos")
                XCTAssertTrue((3...8).contains(shelf?.list.entries.count ?? 0), item.id)
            case .list: XCTFail("\(item.id): the demo's lists are its own video shelves")
            case .file, .command, .terminal: XCTFail("\(item.id): the demo needs no files or commands")
            }
        }
    }

    func testSettingsAndSearchShowText() throws {
        let hierarchy = try TabHierarchy(layout)
        guard case .text(let settings)? = hierarchy.item("settings")?.content else {
            return XCTFail("settings should show text")
        }
        XCTAssertTrue(settings.contains("--layout"))
        guard case .text? = hierarchy.item("search")?.content else {
            return XCTFail("search should show a hint")
        }
    }

    func testVideoIDsAreUniqueAndNonEmpty() {
        let ids = DemoCatalogue.allVideos.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "duplicate video ids")
        XCTAssertFalse(ids.contains(""))
        XCTAssertGreaterThanOrEqual(ids.count, 40)
        for video in DemoCatalogue.allVideos {
            XCTAssertFalse(video.title.isEmpty, video.id)
            XCTAssertFalse(video.duration.isEmpty, video.id)
            XCTAssertFalse(video.summary.isEmpty, video.id)
        }
    }

    func testVideoIDsDoNotCollideWithTabIDs() throws {
        let tabIDs = Set(try TabHierarchy(layout).allIDs)
        let clashes = DemoCatalogue.allVideos.map(\.id).filter(tabIDs.contains)
        XCTAssertEqual(clashes, [])
    }

    func testAllVideosCoversEveryVideoTab() {
        var listed: [String] = []
        for item in allItems(layout.items) {
            if let shelf = page(item.content) as? VideoShelf { listed += shelf.list.entries.map(\.id) }
        }
        XCTAssertEqual(DemoCatalogue.allVideos.map(\.id), listed)
    }

    func testVideoLookup() {
        let video = DemoCatalogue.video(id: "forest-rain-at-dawn")
        XCTAssertEqual(video?.title, "Forest Rain at Dawn")
        XCTAssertNil(DemoCatalogue.video(id: "no-such-video"))
        for video in DemoCatalogue.allVideos {
            XCTAssertEqual(DemoCatalogue.video(id: video.id), video)
        }
    }

    func testSeveralForestTitlesForSubsequenceSearch() {
        func isSubsequence(_ needle: String, of haystack: String) -> Bool {
            var rest = Substring(needle.lowercased())
            for c in haystack.lowercased() where c == rest.first { rest.removeFirst() }
            return rest.isEmpty
        }
        let forestVideos = DemoCatalogue.allVideos.filter { isSubsequence("frst", of: $0.title) }
        XCTAssertGreaterThanOrEqual(forestVideos.count, 5)
        let forestTabs = allItems(layout.items).filter { isSubsequence("frst", of: $0.title) }
        XCTAssertEqual(Set(forestTabs.map(\.id)), ["forest-life", "forest"])
    }
}
