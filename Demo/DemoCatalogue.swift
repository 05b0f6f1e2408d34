import TabNav

/// The built-in demo: a video catalogue modelled on Apple's *Destination Video* sample, written
/// with the public builder API so it doubles as an example for library users.
///
/// `tabnav-tui` shows it when started without `--layout`. Its shape exercises every rule of the
/// model: a fixed tab, a badge, a pinned search tab, an optional tab people can add to the bar, a
/// sidebar-only tab, and two sections whose children start outside the bar, one of them
/// reorderable, each with a section action.
public enum DemoCatalogue {
    /// Identifiers the program reacts to, so callers need not repeat string literals.
    public enum ID {
        /// The section that "New Collection" adds tabs to.
        public static let collections = "collections"
        /// The action that asks for a name and adds a collection.
        public static let newCollection = "new-collection"
        /// The section whose "Refresh" action reports in the footer (through `Delegate`).
        public static let animations = "animations"
        /// The action that refreshes the animations.
        public static let refresh = "refresh"
    }

    /// The demo's hierarchy. Its id, `destination-video`, names the saved customization.
    public static let layout = TabLayout(id: "destination-video", title: "Destination Video") {
        // The one destination the app is built around: always first in the bar, and people can
        // neither move it nor take it out.
        Tab("Watch Now", systemImage: "play", id: "watch-now", content: .page(VideoShelf(DemoVideos.watchNow)))
            .placement(.fixed)
            .customizationBehavior(.disabled, for: .sidebar, .tabBar)

        // Ordinary tabs: in the bar by default, and people may reorder or remove them there.
        Tab("Library", systemImage: "books.vertical", id: "library", content: .page(VideoShelf(DemoVideos.library)))
        Tab("New", systemImage: "sparkles", id: "new", content: .page(VideoShelf(DemoVideos.new)))
            .badge(3)
        Tab("Favorites", systemImage: "heart", id: "favorites", content: .page(VideoShelf(DemoVideos.favorites)))

        // Pinned at the trailing end of the bar, drawn as its magnifying glass alone.
        Tab(role: .search, content: .text(DemoText.searchHint))

        // Not in the bar until someone adds it in edit mode; it can be hidden altogether.
        Tab("Downloads", systemImage: "square.and.arrow.down", id: "downloads",
            content: .page(VideoShelf(DemoVideos.downloads)))
            .placement(.optional)
            .allowsHiding()

        // A section built from data with a `for` loop. Its children stay out of the bar (people
        // can drag them in), can be reordered and hidden, and "New Collection" adds more.
        TabSection("Collections", systemImage: "folder", id: ID.collections) {
            for shelf in DemoShelf.collections {
                // Collections take videos dropped on them.
                Tab(shelf.title, systemImage: shelf.icon, id: shelf.id, content: .page(VideoShelf(shelf.videos, acceptsDrops: true)))
                    .allowsHiding()
            }
        }
        .allowsReordering()
        .defaultVisibility(.hidden, for: .tabBar)
        .sectionActions {
            SectionAction("New Collection", systemImage: "plus", id: ID.newCollection,
                          addsTab: .page(VideoShelf([], acceptsDrops: true)))
        }

        TabSection("Animations", systemImage: "film.stack", id: ID.animations) {
            for shelf in DemoShelf.animations {
                Tab(shelf.title, systemImage: shelf.icon, id: shelf.id, content: .page(VideoShelf(shelf.videos)))
                    .allowsHiding()
            }
        }
        .defaultVisibility(.hidden, for: .tabBar)
        .sectionActions {
            SectionAction("Refresh", systemImage: "arrow.clockwise", id: ID.refresh)
        }

        // Reachable from the sidebar only; it can never be added to the bar.
        Tab("Settings", systemImage: "gearshape", id: "settings", content: .text(DemoText.settings))
            .placement(.sidebarOnly)
    }

    /// What the demo does when its section actions run: "Refresh" answers in the footer (the
    /// catalogue is built in, so it is always up to date). The program adds it to the demo's
    /// session; an example of a delegate answering through the proxy.
    public final class Delegate: TabNavDelegate {
        public init() {}

        public func tabNav(_ app: TabNavProxy, didEmit event: TabNavEvent) {
            guard case .sectionActionInvoked(ID.animations, ID.refresh) = event else { return }
            app.showMessage("Refresh: Animations is up to date")
        }
    }

    /// Every video of the catalogue, each once, in the order the sidebar lists their tabs.
    public static let allVideos: [Video] = collectVideos()

    /// The video with this id, for opening a detail page or resolving a dropped item.
    public static func video(id: String) -> Video? {
        videosByID[id]
    }

    private static let videosByID: [String: Video] = Dictionary(
        allVideos.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }
    )

    private static func collectVideos() -> [Video] {
        var seen = Set<String>()
        let shelves = [DemoVideos.watchNow, DemoVideos.library, DemoVideos.new, DemoVideos.favorites, DemoVideos.downloads]
            + DemoShelf.collections.map(\.videos) + DemoShelf.animations.map(\.videos)
        return shelves.joined().filter { seen.insert($0.id).inserted }
    }
}
